import { addDays, todayIn } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIcsFeed } from '../../integrations/calendar/ics-feed.ts'
import { createSafeFetch } from '../../integrations/safe-fetch.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { startGoogleCalendarFake, type GoogleCalendarFake } from '../../test/fakes/google-calendar.ts'
import { startIcsFake, type IcsFake } from '../../test/fakes/ics.ts'
import { startMicrosoftGraphFake, type MicrosoftGraphFake } from '../../test/fakes/microsoft-graph.ts'
import { startFakeIssuer, type FakeIssuer } from '../../test/fakes/oidc-issuer.ts'
import { createProviderUser, storedAccessToken } from '../../test/fakes/provider-user.ts'

const GOOGLE_SCOPES = 'openid email profile https://www.googleapis.com/auth/calendar.readonly'
const MICROSOFT_SCOPES = 'openid email profile offline_access User.Read Calendars.Read'
const HOUR = 60 * 60 * 1000

let googleIssuer: FakeIssuer
let microsoftIssuer: FakeIssuer
let google: GoogleCalendarFake
let graph: MicrosoftGraphFake
let ics: IcsFake
/** ALLOW_PRIVATE_NETWORK_URLS unset, as in production. */
let t: TestApp
/** ALLOW_PRIVATE_NETWORK_URLS=true, so the loopback ICS fake can be read. */
let open: TestApp

beforeAll(async () => {
  ;[googleIssuer, microsoftIssuer, google, graph, ics] = await Promise.all([
    startFakeIssuer({ clientId: 'google-client', clientSecret: 'google-secret' }),
    startFakeIssuer({ clientId: 'microsoft-client', clientSecret: 'microsoft-secret' }),
    startGoogleCalendarFake(),
    startMicrosoftGraphFake(),
    startIcsFake(),
  ])
  const env = {
    GOOGLE_ISSUER: googleIssuer.issuerUrl,
    GOOGLE_CLIENT_ID: googleIssuer.clientId,
    GOOGLE_CLIENT_SECRET: googleIssuer.clientSecret,
    MICROSOFT_ISSUER: microsoftIssuer.issuerUrl,
    MICROSOFT_CLIENT_ID: microsoftIssuer.clientId,
    MICROSOFT_CLIENT_SECRET: microsoftIssuer.clientSecret,
    GOOGLE_CALENDAR_API_URL: google.url,
    MICROSOFT_GRAPH_API_URL: graph.url,
  }
  t = await buildTestApp({ env })
  open = await buildTestApp({ env: { ...env, ALLOW_PRIVATE_NETWORK_URLS: 'true' } })

  const today = () => todayIn('UTC')
  const at = (offset: number, time: string) => `${addDays(today(), offset)}T${time}Z`
  google.calendars.push(
    { id: 'person@example.test', summary: 'Ana Silva', primary: true },
    { id: 'work@group.calendar.google.com', summary: 'Work' },
    { id: 'en.portuguese#holiday@group.v.calendar.google.com', summary: 'Holidays in Portugal' },
  )
  google.events.set('work@group.calendar.google.com', () => [
    {
      id: 'yesterday',
      summary: 'Retro',
      start: { dateTime: at(-1, '10:00:00') },
      end: { dateTime: at(-1, '11:00:00') },
    },
    {
      id: 'planning',
      summary: 'Planning',
      start: { dateTime: at(0, '09:00:00') },
      end: { dateTime: at(0, '10:00:00') },
      location: 'Room 2',
    },
    { id: 'offsite', summary: 'Team offsite', start: { date: today() }, end: { date: addDays(today(), 1) } },
    {
      id: 'lunch',
      summary: 'Lunch with Ana',
      start: { dateTime: at(0, '13:00:00') },
      end: { dateTime: at(0, '14:00:00') },
    },
    {
      id: 'review',
      summary: 'Review',
      start: { dateTime: at(1, '10:00:00') },
      end: { dateTime: at(1, '11:00:00') },
    },
  ])
  graph.calendars.push(
    { id: 'AAMkCal', name: 'Calendar', isDefaultCalendar: true },
    { id: 'AAMkBirthdays', name: 'Birthdays' },
    { id: 'AAMkHolidays', name: 'United States holidays' },
  )
  const graphTime = (offset: number, time: string) => `${addDays(today(), offset)}T${time}.0000000`
  graph.events.set('AAMkCal', () => [
    { id: 'g1', subject: 'Standup', start: graphTime(0, '08:00:00'), end: graphTime(0, '08:15:00') },
    {
      id: 'g2',
      subject: 'Conference',
      isAllDay: true,
      start: graphTime(0, '00:00:00'),
      end: graphTime(1, '00:00:00'),
    },
    {
      id: 'g3',
      subject: 'Cancelled sync',
      isCancelled: true,
      start: graphTime(0, '12:00:00'),
      end: graphTime(0, '12:30:00'),
    },
    {
      id: 'g4',
      subject: '1:1',
      start: graphTime(0, '16:00:00'),
      end: graphTime(0, '16:30:00'),
      location: 'Teams',
    },
    { id: 'g5', subject: 'Tomorrow', start: graphTime(1, '09:00:00'), end: graphTime(1, '10:00:00') },
  ])
})
afterAll(async () => {
  await Promise.all([t?.close(), open?.close()])
  await Promise.all([googleIssuer, microsoftIssuer, google, graph, ics].map((f) => f?.close()))
})

let tokenCounter = 0
/** A Google user whose access token has expired and whose refresh token the issuer honours. */
async function googleUserNeedingRefresh(app: TestApp = t) {
  tokenCounter += 1
  const refreshToken = `google-refresh-${tokenCounter}`
  const fresh = `google-access-${tokenCounter}`
  googleIssuer.grants.set(refreshToken, { accessToken: fresh, scope: GOOGLE_SCOPES })
  google.validTokens.add(fresh)
  const user = await createProviderUser(app, {
    provider: 'google',
    accessToken: `expired-${tokenCounter}`,
    refreshToken,
    expiresAt: new Date(Date.now() - HOUR),
    scopes: GOOGLE_SCOPES,
  })
  return { user, refreshToken, fresh }
}

describe('calendar options from the account the user signed in with', () => {
  it('refreshes an expired Google token, stores it, and lists every page of calendars', async () => {
    const { user, refreshToken, fresh } = await googleUserNeedingRefresh()
    const res = await user.api.dataSources.get('calendar')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      dataSourceType: 'calendar',
      isEnabled: false,
      configuration: {},
      availableOptions: {
        calendars: [
          { id: 'person@example.test', name: 'Ana Silva' },
          { id: 'work@group.calendar.google.com', name: 'Work' },
          { id: 'en.portuguese#holiday@group.v.calendar.google.com', name: 'Holidays in Portugal' },
        ],
      },
    })
    expect(googleIssuer.refreshes.filter((r) => r === refreshToken)).toHaveLength(1)
    expect(await storedAccessToken(t, user.id)).toBe(fresh)
    // The new token is still valid: no second refresh.
    await user.api.dataSources.get('calendar')
    expect(googleIssuer.refreshes.filter((r) => r === refreshToken)).toHaveLength(1)
    const pages = google.requests.filter((u) => u.pathname.endsWith('/users/me/calendarList'))
    expect(pages.some((u) => u.searchParams.get('pageToken') === '2')).toBe(true)
  })

  it('turns a revoked grant into words a person understands, not a 500', async () => {
    const user = await createProviderUser(t, {
      provider: 'google',
      accessToken: 'expired-revoked',
      refreshToken: 'revoked-by-user',
      expiresAt: new Date(Date.now() - HOUR),
      scopes: GOOGLE_SCOPES,
    })
    const res = await user.api.dataSources.get('calendar')
    expect(res.status).toBe(200)
    expect(res.body.availableOptions).toEqual({
      calendars: [],
      error: 'Sign in again with Google to allow calendar access.',
    })
    expect(googleIssuer.refreshes).toContain('revoked-by-user')
  })

  it('explains a grant without the calendar scope', async () => {
    const user = await createProviderUser(t, {
      provider: 'microsoft',
      accessToken: 'valid-but-narrow',
      refreshToken: null,
      expiresAt: new Date(Date.now() + HOUR),
      scopes: 'openid email profile User.Read',
    })
    expect((await user.api.dataSources.get('calendar')).body.availableOptions).toEqual({
      calendars: [],
      error: 'Sign in again with Microsoft to allow calendar access.',
    })
  })

  it('explains a token the calendar API rejects', async () => {
    const user = await createProviderUser(t, {
      provider: 'google',
      accessToken: 'not-accepted-by-google',
      refreshToken: null,
      expiresAt: new Date(Date.now() + HOUR),
      scopes: GOOGLE_SCOPES,
    })
    expect((await user.api.dataSources.get('calendar')).body.availableOptions).toEqual({
      calendars: [],
      error:
        'Google did not allow access to your calendar. Sign in again with Google to allow calendar access.',
    })
  })

  it('tells a local account to use an ICS link', async () => {
    const user = await t.createUser()
    expect((await user.api.dataSources.get('calendar')).body.availableOptions).toEqual({
      calendars: [],
      error: 'You signed in with a local account, which has no calendar. Add an ICS calendar link instead.',
    })
  })

  it('refreshes an expired Microsoft token the same way', async () => {
    microsoftIssuer.grants.set('graph-refresh-expired', {
      accessToken: 'graph-token-refreshed',
      scope: MICROSOFT_SCOPES,
    })
    graph.validTokens.add('graph-token-refreshed')
    const user = await createProviderUser(t, {
      provider: 'microsoft',
      accessToken: 'graph-token-old',
      refreshToken: 'graph-refresh-expired',
      expiresAt: new Date(Date.now() - HOUR),
      scopes: MICROSOFT_SCOPES,
    })
    const options = (await user.api.dataSources.get('calendar')).body.availableOptions
    expect(options?.calendars.map((c) => c.name)).toEqual(['Calendar', 'Birthdays', 'United States holidays'])
    expect(microsoftIssuer.refreshes).toEqual(['graph-refresh-expired'])
    expect(await storedAccessToken(t, user.id)).toBe('graph-token-refreshed')
  })

  it('lists Microsoft calendars across @odata.nextLink pages', async () => {
    graph.validTokens.add('graph-token-1')
    const user = await createProviderUser(t, {
      provider: 'microsoft',
      accessToken: 'graph-token-1',
      refreshToken: 'graph-refresh-1',
      expiresAt: new Date(Date.now() + HOUR),
      scopes: MICROSOFT_SCOPES,
    })
    expect((await user.api.dataSources.get('calendar')).body.availableOptions).toEqual({
      calendars: [
        { id: 'AAMkCal', name: 'Calendar' },
        { id: 'AAMkBirthdays', name: 'Birthdays' },
        { id: 'AAMkHolidays', name: 'United States holidays' },
      ],
    })
    expect(
      graph.requests.some((u) => u.pathname === '/v1.0/me/calendars' && u.searchParams.get('$skip') === '2'),
    ).toBe(true)
  })
})

describe('calendar configuration and test', () => {
  it('stores the chosen calendar, merged, and counts today’s Google events', async () => {
    const { user } = await googleUserNeedingRefresh()
    const saved = await user.api.dataSources.put('calendar', {
      dataSourceType: 'calendar',
      isEnabled: true,
      configuration: { calendarId: 'work@group.calendar.google.com', calendarName: 'Work' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({
      dataSourceType: 'calendar',
      isEnabled: true,
      configuration: { calendarId: 'work@group.calendar.google.com', calendarName: 'Work' },
    })
    const res = await user.api.dataSources.test('calendar')
    expect(res.body).toMatchObject({ success: true, message: '3 events today in Work' })
    expect(res.body.details?.events?.map((e) => e.title)).toEqual([
      'Team offsite',
      'Planning',
      'Lunch with Ana',
    ])
    const eventsCall = google.requests.filter((u) => u.pathname.endsWith('/events')).at(-1)!
    expect(eventsCall.searchParams.get('singleEvents')).toBe('true')
    expect(eventsCall.searchParams.get('orderBy')).toBe('startTime')
  })

  it('leaves out an event whose dates cannot be read instead of failing the whole day', async () => {
    const { user } = await googleUserNeedingRefresh()
    google.events.set('broken@group.calendar.google.com', () => [
      { id: 'bad-day', summary: 'Broken all-day', start: { date: 'soon' }, end: { date: 'later' } },
      { id: 'bad-time', summary: 'Broken time', start: { dateTime: 'nine' }, end: { dateTime: 'ten' } },
      {
        id: 'fine',
        summary: 'Fine',
        start: { dateTime: `${todayIn('UTC')}T09:00:00Z` },
        end: { dateTime: `${todayIn('UTC')}T10:00:00Z` },
      },
    ])
    await user.api.dataSources.put('calendar', {
      isEnabled: true,
      configuration: { calendarId: 'broken@group.calendar.google.com' },
    })
    const res = await user.api.dataSources.test('calendar')
    expect(res.status).toBe(200)
    expect(res.body.details?.events?.map((e) => e.title)).toEqual(['Fine'])
  })

  it('looks the calendar name up when only the id is sent', async () => {
    const { user } = await googleUserNeedingRefresh()
    const res = await user.api.dataSources.put('calendar', {
      configuration: { calendarId: 'person@example.test' },
    })
    expect(res.body.configuration).toEqual({ calendarId: 'person@example.test', calendarName: 'Ana Silva' })
  })

  it('reads every page of a Microsoft calendar view, skipping cancelled events', async () => {
    graph.validTokens.add('graph-token-2')
    const user = await createProviderUser(t, {
      provider: 'microsoft',
      accessToken: 'graph-token-2',
      refreshToken: null,
      expiresAt: new Date(Date.now() + HOUR),
      scopes: MICROSOFT_SCOPES,
    })
    await user.api.dataSources.put('calendar', {
      isEnabled: true,
      configuration: { calendarId: 'AAMkCal', calendarName: 'Calendar' },
    })
    const res = await user.api.dataSources.test('calendar')
    expect(res.body).toMatchObject({ success: true, message: '3 events today in Calendar' })
    const today = todayIn('UTC')
    expect(res.body.details?.events).toEqual([
      {
        id: 'g2',
        title: 'Conference',
        start: today,
        end: addDays(today, 1),
        allDay: true,
        location: null,
        calendar: 'Calendar',
      },
      {
        id: 'g1',
        title: 'Standup',
        start: `${today}T08:00:00.000Z`,
        end: `${today}T08:15:00.000Z`,
        allDay: false,
        location: null,
        calendar: 'Calendar',
      },
      {
        id: 'g4',
        title: '1:1',
        start: `${today}T16:00:00.000Z`,
        end: `${today}T16:30:00.000Z`,
        allDay: false,
        location: 'Teams',
        calendar: 'Calendar',
      },
    ])
    const views = graph.requests.filter((u) => u.pathname.endsWith('/calendarView'))
    expect(views.some((u) => u.searchParams.get('$skip') === '2')).toBe(true)
  })

  it('says when nothing is chosen yet, or the grant is gone', async () => {
    const user = await t.createUser()
    expect((await user.api.dataSources.test('calendar')).body).toEqual({
      success: false,
      message: 'Choose a calendar or add an ICS link first.',
    })
    await user.api.dataSources.put('calendar', {
      configuration: { calendarId: 'primary', calendarName: 'Mine' },
    })
    expect((await user.api.dataSources.test('calendar')).body).toEqual({
      success: false,
      message: 'You signed in with a local account, which has no calendar. Add an ICS calendar link instead.',
    })
  })

  it("never shows another user's calendar configuration", async () => {
    const { user: alice } = await googleUserNeedingRefresh()
    const bob = await t.createUser()
    await alice.api.dataSources.put('calendar', {
      isEnabled: true,
      configuration: {
        calendarId: 'work@group.calendar.google.com',
        calendarName: 'Work',
        icsUrl: ics.calendarUrl,
      },
    })
    expect((await bob.api.dataSources.get('calendar')).body).toMatchObject({
      isEnabled: false,
      configuration: {},
    })
    expect((await bob.api.dataSources.list()).body[0]).toEqual({
      dataSourceType: 'calendar',
      isEnabled: false,
      configuration: {},
    })
    expect((await bob.api.dataSources.test('calendar')).body.success).toBe(false)
  })
})

describe('ICS subscription links', () => {
  it('validates the link as an http(s) address and reads webcal:// as https://', async () => {
    const user = await t.createUser()
    for (const icsUrl of ['ftp://example.com/cal.ics', 'not a url', 'javascript:alert(1)']) {
      const res = await user.api.dataSources.put('calendar', { configuration: { icsUrl } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('ICS URL must be an http:// or https:// address.')
    }
    const res = await user.api.dataSources.put('calendar', {
      configuration: { icsUrl: 'webcal://calendar.example.com/family.ics' },
    })
    expect(res.body.configuration).toEqual({ icsUrl: 'https://calendar.example.com/family.ics' })
    expect(
      (await user.api.dataSources.put('calendar', { configuration: { icsUrl: '' } })).body.configuration,
    ).toEqual({
      icsUrl: null,
    })
  })

  it('reads a feed with a recurring event, its exceptions and an all-day event when private URLs are allowed', async () => {
    const user = await open.createUser()
    await user.api.dataSources.put('calendar', {
      isEnabled: true,
      configuration: { icsUrl: ics.calendarUrl },
    })
    const res = await user.api.dataSources.test('calendar')
    expect(res.body).toMatchObject({ success: true, message: '3 events today in Family' })
    expect(res.body.details?.events?.map((e) => e.title)).toEqual([
      'Company holiday',
      'Team standup',
      'Dentist',
    ])
  })

  it('merges the account calendar and the ICS feed', async () => {
    const { user } = await googleUserNeedingRefresh(open)
    await user.api.dataSources.put('calendar', {
      isEnabled: true,
      configuration: {
        calendarId: 'work@group.calendar.google.com',
        calendarName: 'Work',
        icsUrl: ics.calendarUrl,
      },
    })
    expect((await user.api.dataSources.test('calendar')).body.message).toBe(
      '6 events today in Work and Family',
    )
  })

  it.each([
    ['127.0.0.1', () => ics.calendarUrl, 'The address 127.0.0.1 is on a private or local network'],
    [
      '169.254.169.254',
      () => 'http://169.254.169.254/latest/meta-data/',
      'The address 169.254.169.254 is on a private or local network',
    ],
    [
      '[::1]',
      () => `http://[::1]:${new URL(ics.origin).port}/calendar.ics`,
      'The address ::1 is on a private or local network',
    ],
    [
      'a decimal IP',
      () => `http://2130706433:${new URL(ics.origin).port}/calendar.ics`,
      'The address 127.0.0.1 is on a private or local network',
    ],
    [
      'a redirecting link',
      () => ics.redirectTo('http://169.254.169.254/'),
      'The address 127.0.0.1 is on a private or local network',
    ],
  ])('refuses a feed at %s unless ALLOW_PRIVATE_NETWORK_URLS is set', async (_label, url, message) => {
    const user = await t.createUser()
    const saved = await user.api.dataSources.put('calendar', {
      isEnabled: true,
      configuration: { icsUrl: url() },
    })
    expect(saved.status).toBe(200)
    const before = ics.requests.length
    const res = await user.api.dataSources.test('calendar')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toBe(
      `The ICS calendar could not be loaded: ${message}, which Remi does not fetch from.`,
    )
    expect(ics.requests.length).toBe(before)
  })

  it('refuses a feed over 5 MB with a message', async () => {
    const user = await open.createUser()
    await user.api.dataSources.put('calendar', { isEnabled: true, configuration: { icsUrl: ics.largeUrl } })
    expect((await user.api.dataSources.test('calendar')).body).toEqual({
      success: false,
      message: 'The ICS calendar could not be loaded: The file is larger than 5 MB, which is the limit.',
    })
  })

  it('refuses a feed slower than the time limit with a message', async () => {
    // The app with the ICS fetcher's 10 s limit shortened, so the test does not wait 10 s.
    const impatient = createSafeFetch({ allowPrivateNetwork: true, timeoutMs: 250 })
    const app = await buildTestApp({
      env: { ALLOW_PRIVATE_NETWORK_URLS: 'true' },
      integrations: { ics: createIcsFeed(impatient) },
    })
    try {
      const user = await app.createUser()
      await user.api.dataSources.put('calendar', {
        isEnabled: true,
        configuration: { icsUrl: ics.stalledUrl },
      })
      expect(await app.app.services.dataSources.test(user.id, 'calendar')).toEqual({
        success: false,
        message: 'The ICS calendar could not be loaded: The server did not answer within 0.3 seconds.',
      })
    } finally {
      await impatient.close()
      await app.close()
    }
  })
})

describe('eventsBetween', () => {
  it('expands the ICS feed over a range in the user’s time zone, only when the source is on', async () => {
    const timeZone = 'America/New_York'
    const user = await open.createUser({ timezone: timeZone })
    const services = open.app.services
    {
      await user.api.dataSources.put('calendar', {
        isEnabled: false,
        configuration: { icsUrl: ics.calendarUrl },
      })
      const today = todayIn('UTC')
      const from = new Date(`${addDays(today, -10)}T12:00:00Z`)
      const to = new Date(`${addDays(today, 10)}T12:00:00Z`)
      expect(await services.calendar.eventsBetween(user.id, from, to)).toEqual({
        ok: false,
        reason: 'disabled',
        message: 'The calendar data source is turned off; turn it on under Data Sources.',
      })
      await user.api.dataSources.put('calendar', { isEnabled: true })
      const result = await services.calendar.eventsBetween(user.id, from, to)
      expect(result.ok).toBe(true)
      if (!result.ok) return
      const standups = result.events
        .filter((e) => e.title.startsWith('Team standup'))
        .map((e) => `${e.start} ${e.title}`)
      // Weekly at 09:00 UTC: today-7 is cancelled (EXDATE), today+7 moved to 11:00 (RECURRENCE-ID).
      expect(standups).toEqual([
        `${today}T09:00:00.000Z Team standup`,
        `${addDays(today, 7)}T11:00:00.000Z Team standup (moved)`,
      ])
      const holiday = result.events.find((e) => e.title === 'Company holiday')
      expect(holiday).toMatchObject({ allDay: true, start: today, end: addDays(today, 1) })
      expect(result.calendars).toEqual(['Family'])

      // A range that ends at midnight New York time before the holiday's day leaves it out.
      const before = await services.calendar.eventsBetween(
        user.id,
        new Date(`${addDays(today, -1)}T12:00:00Z`),
        new Date(`${today}T04:00:00Z`),
      )
      expect(before.ok && before.events.map((e) => e.title)).not.toContain('Company holiday')
    }
  })
})

describe('hostile ICS feeds', () => {
  const tooMany =
    'The ICS calendar has more than 5,000 events in the days asked; Remi reads at most 5,000 at a time.'

  it.each(['minutely', 'secondly'] as const)(
    '300 events repeating %s: the test route, the briefing, MCP get_today and the chat answer in words, never a 500',
    async (kind) => {
      const user = await open.createUser()
      await user.api.dataSources.put('calendar', {
        isEnabled: true,
        configuration: { icsUrl: ics.hostileUrl(kind) },
      })
      const tested = await user.api.dataSources.test('calendar')
      expect(tested.status, tested.text).toBe(200)
      expect(tested.body).toEqual({ success: false, message: tooMany })

      const briefing = await user.api.post<{ sections: { calendar: unknown } }>(
        '/api/dashboard/briefing/regenerate',
      )
      expect(briefing.status, briefing.text).toBe(200)
      expect(briefing.body.sections.calendar).toEqual({ failed: tooMany })
      // What MCP's get_today answers.
      const facts = await open.services.dashboard.gatherTodayFacts(user.id)
      expect(facts.calendar).toEqual({ status: 'failed', reason: tooMany })

      const chat = await user.api.post<{ assistantMessage: { content: string } }>('/api/chat/send', {
        content: "What's on my calendar today?",
      })
      expect(chat.status, chat.text).toBe(200)
      expect(chat.body.assistantMessage.content).toContain(tooMany)
    },
  )

  it('reads a feed once for the test route, the briefing, MCP get_today and the chat, and a person’s own', async () => {
    const url = ics.copyUrl('read-once')
    const user = await open.createUser()
    await user.api.dataSources.put('calendar', { isEnabled: true, configuration: { icsUrl: url } })
    expect((await user.api.dataSources.test('calendar')).body.message).toBe('3 events today in Family')
    const briefing = await user.api.post<{ sections: { calendar: unknown } }>(
      '/api/dashboard/briefing/regenerate',
    )
    expect(briefing.body.sections.calendar).toBe('ok')
    const facts = await open.services.dashboard.gatherTodayFacts(user.id)
    expect(facts.calendar).toMatchObject({ status: 'ok', total: 3 })
    const chat = await user.api.post<{ assistantMessage: { content: string } }>('/api/chat/send', {
      content: "What's on my calendar this week?",
    })
    expect(chat.body.assistantMessage.content).toContain('Dentist')
    expect(ics.requestsFor(url)).toBe(1)

    // Another person with the same link has a copy of their own.
    const other = await open.createUser()
    await other.api.dataSources.put('calendar', { isEnabled: true, configuration: { icsUrl: url } })
    expect((await other.api.dataSources.test('calendar')).body.message).toBe('3 events today in Family')
    expect(ics.requestsFor(url)).toBe(2)
  })
})
