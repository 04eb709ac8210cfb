import { bearer, listen, sendJson } from './listen.ts'

/** An event as Graph's calendarView returns it with Prefer: outlook.timezone="UTC". */
export interface GraphFakeEvent {
  id: string
  subject: string
  isAllDay?: boolean
  isCancelled?: boolean
  /** 'YYYY-MM-DDTHH:mm:ss.0000000' in UTC (all-day: midnight). */
  start: string
  end: string
  location?: string
}

export interface MicrosoftGraphFake {
  /** For MICROSOFT_GRAPH_API_URL (ends in /v1.0). */
  url: string
  validTokens: Set<string>
  calendars: { id: string; name: string; isDefaultCalendar?: boolean }[]
  events: Map<string, () => GraphFakeEvent[]>
  requests: URL[]
  close(): Promise<void>
}

const PAGE_SIZE = 2

/**
 * Microsoft Graph v1.0: GET me/calendars and me/calendars/{id}/calendarView?startDateTime&endDateTime,
 * paged with absolute @odata.nextLink URLs ($skip), errors in Graph's JSON shape.
 */
export async function startMicrosoftGraphFake(): Promise<MicrosoftGraphFake> {
  const fake: MicrosoftGraphFake = {
    url: '',
    close: async () => {},
    validTokens: new Set<string>(),
    calendars: [],
    events: new Map(),
    requests: [],
  }
  let origin = ''
  const page = <T>(items: T[], url: URL, context: string) => {
    const skip = Number(url.searchParams.get('$skip') ?? 0)
    const next = new URL(url.pathname + url.search, origin)
    next.searchParams.set('$skip', String(skip + PAGE_SIZE))
    return {
      '@odata.context': `${origin}/v1.0/$metadata#${context}`,
      value: items.slice(skip, skip + PAGE_SIZE),
      ...(skip + PAGE_SIZE < items.length ? { '@odata.nextLink': next.href } : {}),
    }
  }
  const running = await listen((request, response, url) => {
    fake.requests.push(url)
    const token = bearer(request)
    if (!token || !fake.validTokens.has(token)) {
      return sendJson(response, 401, {
        error: {
          code: 'InvalidAuthenticationToken',
          message: 'Access token has expired or is not yet valid.',
          innerError: { date: new Date().toISOString() },
        },
      })
    }
    if (url.pathname === '/v1.0/me/calendars') {
      const items = fake.calendars.map((c) => ({
        id: c.id,
        name: c.name,
        isDefaultCalendar: c.isDefaultCalendar ?? false,
        canEdit: true,
        owner: { name: 'Fake User', address: 'fake@example.test' },
      }))
      return sendJson(response, 200, page(items, url, "users('fake')/calendars"))
    }
    const match = url.pathname.match(/^\/v1\.0\/me\/calendars\/([^/]+)\/calendarView$/)
    if (match) {
      const source = fake.events.get(decodeURIComponent(match[1]!))
      if (!source)
        return sendJson(response, 404, {
          error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' },
        })
      const startParam = url.searchParams.get('startDateTime')
      const endParam = url.searchParams.get('endDateTime')
      if (!startParam || !endParam) {
        return sendJson(response, 400, {
          error: {
            code: 'ErrorInvalidParameter',
            message:
              'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
          },
        })
      }
      const utc = request.headers.prefer === 'outlook.timezone="UTC"'
      const from = Date.parse(startParam)
      const to = Date.parse(endParam)
      const instant = (v: string) => Date.parse(`${v.slice(0, 23)}Z`)
      const items = source()
        .filter((e) => instant(e.start) < to && instant(e.end) > from)
        .sort((a, b) => instant(a.start) - instant(b.start))
        .map((e) => ({
          id: e.id,
          subject: e.subject,
          isAllDay: e.isAllDay ?? false,
          isCancelled: e.isCancelled ?? false,
          start: { dateTime: e.start, timeZone: utc ? 'UTC' : 'Pacific Standard Time' },
          end: { dateTime: e.end, timeZone: utc ? 'UTC' : 'Pacific Standard Time' },
          location: { displayName: e.location ?? '' },
        }))
      return sendJson(response, 200, page(items, url, "users('fake')/calendars('x')/calendarView"))
    }
    sendJson(response, 404, { error: { code: 'Request_ResourceNotFound', message: 'Resource not found.' } })
  })
  origin = running.origin
  fake.url = `${origin}/v1.0`
  fake.close = running.close
  return fake
}
