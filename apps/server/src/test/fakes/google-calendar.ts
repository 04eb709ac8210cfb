import { bearer, listen, sendJson } from './listen.ts'

/** An event as Google Calendar v3 returns it (events#event), already expanded (singleEvents=true). */
export interface GoogleFakeEvent {
  id: string
  summary: string
  start: { dateTime: string; timeZone?: string } | { date: string }
  end: { dateTime: string; timeZone?: string } | { date: string }
  location?: string
  status?: 'confirmed' | 'tentative' | 'cancelled'
}

export interface GoogleCalendarFake {
  /** For GOOGLE_CALENDAR_API_URL (ends in /calendar/v3). */
  url: string
  /** Access tokens the API accepts; anything else gets Google's 401. */
  validTokens: Set<string>
  calendars: { id: string; summary: string; primary?: boolean }[]
  /** calendarId → its events; a function so tests can place events relative to "now". */
  events: Map<string, () => GoogleFakeEvent[]>
  requests: URL[]
  close(): Promise<void>
}

const PAGE_SIZE = 2

/**
 * Google Calendar API v3: GET users/me/calendarList and calendars/{id}/events, both paged through
 * nextPageToken with a deliberately small page so paging is exercised; errors in Google's JSON shape.
 */
export async function startGoogleCalendarFake(): Promise<GoogleCalendarFake> {
  const fake: GoogleCalendarFake = {
    url: '',
    close: async () => {},
    validTokens: new Set<string>(),
    calendars: [],
    events: new Map(),
    requests: [],
  }
  const unauthorized = {
    error: {
      code: 401,
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      errors: [
        {
          message: 'Invalid Credentials',
          domain: 'global',
          reason: 'authError',
          location: 'Authorization',
          locationType: 'header',
        },
      ],
      status: 'UNAUTHENTICATED',
    },
  }
  const page = <T>(items: T[], url: URL) => {
    const start = Number(url.searchParams.get('pageToken') ?? 0)
    const size = Math.min(PAGE_SIZE, Number(url.searchParams.get('maxResults') ?? 250))
    const next = start + size < items.length ? String(start + size) : undefined
    return { items: items.slice(start, start + size), ...(next ? { nextPageToken: next } : {}) }
  }
  const running = await listen((request, response, url) => {
    fake.requests.push(url)
    const token = bearer(request)
    if (!token || !fake.validTokens.has(token)) return sendJson(response, 401, unauthorized)
    if (url.pathname === '/calendar/v3/users/me/calendarList') {
      const entries = fake.calendars.map((c) => ({
        kind: 'calendar#calendarListEntry',
        etag: `"${c.id}"`,
        id: c.id,
        summary: c.summary,
        timeZone: 'UTC',
        accessRole: 'owner',
        ...(c.primary ? { primary: true } : {}),
      }))
      return sendJson(response, 200, { kind: 'calendar#calendarList', etag: '"list"', ...page(entries, url) })
    }
    const match = url.pathname.match(/^\/calendar\/v3\/calendars\/([^/]+)\/events$/)
    if (match) {
      const calendarId = decodeURIComponent(match[1]!)
      const source = fake.events.get(calendarId)
      if (!source) {
        return sendJson(response, 404, {
          error: {
            code: 404,
            message: 'Not Found',
            errors: [{ domain: 'global', reason: 'notFound', message: 'Not Found' }],
          },
        })
      }
      if (
        url.searchParams.get('singleEvents') !== 'true' ||
        url.searchParams.get('orderBy') !== 'startTime'
      ) {
        return sendJson(response, 400, {
          error: { code: 400, message: 'The requested ordering is not available for the particular query.' },
        })
      }
      const timeMin = Date.parse(url.searchParams.get('timeMin') ?? '')
      const timeMax = Date.parse(url.searchParams.get('timeMax') ?? '')
      const instant = (t: GoogleFakeEvent['start']) =>
        Date.parse('dateTime' in t ? t.dateTime : `${t.date}T00:00:00Z`)
      const items = source()
        .filter((e) => instant(e.start) < timeMax && instant(e.end) > timeMin)
        .sort((a, b) => instant(a.start) - instant(b.start))
        .map((e) => ({
          kind: 'calendar#event',
          etag: `"${e.id}"`,
          status: 'confirmed',
          htmlLink: `https://calendar.google.com/event?eid=${e.id}`,
          ...e,
        }))
      return sendJson(response, 200, {
        kind: 'calendar#events',
        summary: calendarId,
        timeZone: 'UTC',
        ...page(items, url),
      })
    }
    sendJson(response, 404, { error: { code: 404, message: 'Not Found' } })
  })
  fake.url = `${running.origin}/calendar/v3`
  fake.close = running.close
  return fake
}
