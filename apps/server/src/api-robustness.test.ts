import fc from 'fast-check'
import { STATUS_CODES } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { ApiErrorBody, MemoriesExport, Memory } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureLogs } from './test/logs.ts'
import { apiClient } from './test/api.ts'
import { buildTestApp, type TestApp, type TestUser } from './test/build-test-app.ts'
import { startOpenMeteoFake, type OpenMeteoFake } from './test/fakes/open-meteo.ts'
import { remappedId } from './modules/memories/index.ts'

/**
 * Every route the app registered under /api, attacked the way a hostile or clumsy client would:
 * odd JSON types, broken encodings, NUL bytes and unpaired surrogates, huge values, repeated query
 * parameters, bad path parameters and other users' ids. Nothing may answer 5xx, and every error
 * answer has the DESIGN §5 body.
 */

let t: TestApp
let meteo: OpenMeteoFake
let owner: TestUser
let other: TestUser
let ownMemory: Memory
let otherMemory: Memory
beforeAll(async () => {
  meteo = await startOpenMeteoFake()
  t = await buildTestApp({
    env: {
      WEATHER_API_URL: meteo.url,
      GEOCODING_API_URL: meteo.url,
      // Nothing in this file may reach the Internet: unused upstreams point at a closed port.
      GOOGLE_CALENDAR_API_URL: 'http://127.0.0.1:1',
      MICROSOFT_GRAPH_API_URL: 'http://127.0.0.1:1',
    },
  })
  owner = await t.createUser({ timezone: 'Europe/Lisbon' })
  other = await t.createUser({ timezone: 'Pacific/Kiritimati' })
  ownMemory = await owner.api.memories.create({ text: 'My own memory', tags: ['mine'], date: '2026-01-05' })
  otherMemory = await other.api.memories.create({
    text: 'Someone else’s secret',
    tags: ['private'],
    date: '2026-01-05',
  })
  const configured = await other.api.dataSources.put('weather', {
    isEnabled: true,
    configuration: { locationName: 'Paris' },
  })
  expect(configured.status, configured.text).toBe(200)
})
afterAll(async () => {
  await t.close()
  await meteo.close()
})

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

function apiRoutes(): Array<{ method: Method; url: string }> {
  const seen = new Set<string>()
  return t.routes
    .filter((r) => r.url.startsWith('/api') && r.method !== 'OPTIONS')
    .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`))
    .map((r) => ({ method: r.method as Method, url: r.url }))
}

/** Percent-encodes every UTF-8 byte, so any string (unpaired surrogates too) can go into a URL. */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('')

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '💥🎉',
  '\u202e',
  'x'.repeat(10_001),
  "'; drop table memories; --",
  "' & | ! :* ( ) \\ %",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2026-02-30',
  '1899-12-31',
  '0000-01-01',
  '2026-01-05',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-23:59',
  '2026-01-05T10:00:00.000Z',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'Europe/Lisbon',
  'Mars/Olympus_Mons',
  'Lisbon',
  'Paris',
  'webcal://127.0.0.1:1/cal.ics',
  'http://169.254.169.254/latest/meta-data',
  'weather',
  'calendar',
  'remi-memories',
  '00000000-0000-0000-0000-000000000000',
)
const text = fc.oneof(
  { weight: 3, arbitrary: nasty },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom('a', ' ', ',', '%', "'", 'é', '💥', '\u0000', '\ud800', '\udc00'),
      maxLength: 12,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
)
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0, -1, 1),
  fc.boolean(),
  fc.constant(null),
)
const fieldName = fc.oneof(
  fc.constantFrom(
    'text',
    'tags',
    'date',
    'format',
    'version',
    'memories',
    'timezone',
    'configuration',
    'isEnabled',
    'dataSourceType',
    'locationName',
    'vacationMode',
    'calendarId',
    'icsUrl',
    'id',
    'createdAt',
    'content',
    'conversationId',
  ),
  fc.string({ maxLength: 10 }),
)
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }),
  ),
}))
/** Read when a value is drawn: the memories exist only once beforeAll has run. */
const ownId = fc.constant(undefined).map(() => ownMemory.id)
const otherId = fc.constant(undefined).map(() => otherMemory.id)
const id = () => fc.oneof(ownId, otherId, fc.uuid(), text)

/** Mostly a valid value for the field, sometimes odd text, sometimes any JSON at all. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: text }, { weight: 1, arbitrary: value })
const sometimes = { requiredKeys: [] as never[], noNullPrototype: true }
const day = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
/** Instants from year 0 to year 10000: the edges of what JavaScript and PostgreSQL can hold. */
const instant = fc
  .date({
    min: new Date('0000-01-01T00:00:00Z'),
    max: new Date('+010000-01-02T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString())
const plainText = fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), text)
const tagList = fc.oneof(fc.array(plainText, { maxLength: 22 }), plainText)

const memoryBody = fc.record(
  { text: field(plainText), tags: field(tagList), date: field(fc.oneof(day, fc.constant(null))) },
  { requiredKeys: ['text'] },
)
const importBody = fc.record({
  format: field(fc.constant('remi-memories')),
  version: field(fc.constant(1)),
  memories: fc.array(
    fc.record(
      {
        id: field(id()),
        text: field(plainText),
        tags: field(tagList),
        date: field(fc.oneof(day, fc.constant(null))),
        createdAt: field(instant),
        updatedAt: field(instant),
      },
      { requiredKeys: ['text'] },
    ),
    { maxLength: 3 },
  ),
})
const settingsBody = fc.record({
  timezone: field(
    fc.constantFrom('Europe/Lisbon', 'UTC', 'US/Pacific', 'Etc/GMT+14', 'Asia/Kathmandu', 'Mars/Olympus'),
  ),
})
const vacationBody = fc.record(
  {
    isEnabled: field(fc.boolean()),
    locationName: field(fc.constantFrom('Paris', 'Lisbon', 'Atlantis')),
    startDate: field(fc.oneof(day, instant)),
    endDate: field(fc.oneof(day, instant)),
  },
  sometimes,
)
const dataSourceBody = fc.record(
  {
    dataSourceType: fc.oneof(fc.constantFrom('weather', 'calendar'), text),
    isEnabled: field(fc.boolean()),
    configuration: field(
      fc.record(
        {
          locationName: field(fc.constantFrom('Lisbon', 'Paris', 'Atlantis', '')),
          vacationMode: field(fc.oneof(vacationBody, fc.constant(null))),
          calendarId: field(plainText),
          calendarName: field(plainText),
          icsUrl: field(fc.constantFrom('webcal://127.0.0.1:1/cal.ics', 'http://169.254.169.254/x', '')),
        },
        sometimes,
      ),
    ),
  },
  { requiredKeys: ['configuration'] },
)

const chatBody = fc.record(
  { content: field(plainText), conversationId: field(fc.oneof(fc.uuid(), text)) },
  { requiredKeys: ['content'] },
)

/** Bodies close enough to valid for the route to get past the schema and into the services. */
function nearValidBody(url: string): fc.Arbitrary<unknown> {
  if (url.startsWith('/api/chat')) return chatBody
  if (url.startsWith('/api/memories/import')) return importBody
  if (url.startsWith('/api/memories')) return memoryBody
  if (url.startsWith('/api/auth/user/settings')) return settingsBody
  if (url.startsWith('/api/datasources')) return dataSourceBody
  return fc.oneof(memoryBody, importBody, settingsBody, dataSourceBody)
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
]
const rawBody = fc.record({
  contentType: fc.constantFrom(...CONTENT_TYPES),
  payload: fc.oneof(
    fc.constantFrom('', '{', 'null', '[]', '"x"', '{"text":1}', '{"__proto__":{"a":1}}', '\u0000'),
    fc.string(),
  ),
})
const body = (url: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: nearValidBody(url).map((v) => ({
        contentType: 'application/json',
        payload: JSON.stringify(v),
      })),
    },
    {
      weight: 2,
      arbitrary: value.map((v) => ({
        contentType: 'application/json',
        payload: JSON.stringify(v) ?? 'null',
      })),
    },
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )

const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'pageSize',
    'searchTerm',
    'tags',
    'startDate',
    'endDate',
    'format',
    'timezone',
    'returnTo',
    'code',
    'state',
    'error',
  ),
  fc.string({ maxLength: 8 }),
)
const queryValue = fc.oneof(
  fc
    .oneof(
      text,
      fc.integer().map(String),
      fc.constantFrom('1', '100', '101', '1000000', '1000001', 'markdown', 'json'),
    )
    .map(encode),
  fc.constantFrom('%ZZ', '%ED%A0%80', '%00', '%', '%C0%AF'),
)
/** Pairs, so the same key can come several times (?page=1&page=2). */
const query = fc.array(fc.tuple(queryKey.map(encode), queryValue), { maxLength: 6 })

const oddParam = fc.oneof(
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'a'.repeat(199),
    'a'.repeat(260),
    '%00',
    '%ZZ',
    '%2F',
    '..',
    '%ED%A0%80',
  ),
  fc.uuid(),
  text.filter((s) => s.length > 0).map(encode),
)
/** Mostly values the route knows (so the request reaches the service), sometimes anything. */
function pathParam(name: string): fc.Arbitrary<string> {
  const known =
    name === 'type'
      ? fc.constantFrom('weather', 'calendar')
      : name === 'provider'
        ? fc.constantFrom('google', 'microsoft')
        : name === 'id'
          ? fc.oneof(ownId, otherId)
          : oddParam
  return fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: oddParam })
}

/** The route's URL with each :param (and a trailing *) filled in. */
function pathFor(url: string): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*')
  return fc.tuple(...names.map(pathParam)).map((values) => {
    let i = 0
    return url.replace(/:\w+|\*/g, () => values[i++]!)
  })
}

async function send(
  user: TestUser,
  method: Method,
  url: string,
  input: { contentType: string; payload: string } | undefined,
) {
  const withBody = input && method !== 'GET' && method !== 'HEAD'
  return t.app.inject({
    method,
    url,
    headers: { ...user.headers, ...(withBody ? { 'content-type': input.contentType } : {}) },
    ...(withBody ? { payload: input.payload } : {}),
  })
}

function expectErrorBody(res: { statusCode: number; body: string }, what: string) {
  const parsed = JSON.parse(res.body) as Record<string, unknown>
  expect(parsed.statusCode, what).toBe(res.statusCode)
  expect(parsed.error, what).toBe(STATUS_CODES[res.statusCode])
  expect(parsed.message, what).toEqual(expect.any(String))
  expect(String(parsed.message).length, what).toBeGreaterThan(0)
}

// These two run before the property test, which spends the connection-test route's rate limit.
describe('without a session', () => {
  const isPublic = (url: string) =>
    url.startsWith('/api/docs') ||
    [
      '/api/auth/csrf-token',
      '/api/auth/login/:provider',
      '/api/auth/callback/:provider',
      '/api/auth/logout',
      // A notification's Done/Snooze: its signed one-use token is the credential (reminders.test.ts).
      '/api/reminders/actions',
      // An e-mail address's verification link: its signed one-use token is the credential, opened from
      // the mail (perhaps in another browser); it answers with a redirect to the app, never with data.
      '/api/auth/email/verify',
      // What the sign-in page offers (which providers are set up), read before anyone signs in.
      '/api/auth/sign-in-options',
    ].includes(url)
  const sample = (url: string) =>
    url.replace(/:(\w+)/g, (_m, name: string) => (name === 'type' ? 'weather' : otherMemory.id))

  it('every other route answers 401, before looking at the input, and does nothing', async () => {
    const csrf = await t.anonymous.get<{ csrfToken: string }>('/api/auth/csrf-token')
    const csrfCookie = csrf.cookies.find((c) => c.name === 'remi_csrf')!
    const withoutSession = apiClient(t.app, {
      cookie: `remi_csrf=${csrfCookie.value}`,
      'x-csrf-token': csrf.body.csrfToken,
    })
    const routes = apiRoutes().filter((r) => !isPublic(r.url))
    expect(routes.length).toBeGreaterThan(10)
    for (const route of routes) {
      const write = !['GET', 'HEAD'].includes(route.method)
      // A well-formed request, and one that is wrong everywhere: both are "sign in first".
      for (const [url, payload] of [
        [
          sample(route.url),
          { text: 'x', timezone: 'UTC', format: 'remi-memories', version: 1, memories: [] },
        ],
        [`${route.url.replace(/:\w+/g, 'not-a-uuid')}?page=-1&format=pdf`, { text: 42, tags: {} }],
      ] as const) {
        const res = await withoutSession.request<ApiErrorBody>(route.method, url, {
          payload: write ? payload : undefined,
        })
        const what = `${route.method} ${url} -> ${res.status} ${res.text.slice(0, 200)}`
        expect(res.status, what).toBe(401)
        if (route.method !== 'HEAD') expect(res.body.code, what).toBe('UNAUTHORIZED')
      }
    }
    expect((await other.api.get(`/api/memories/${otherMemory.id}`)).body).toEqual(otherMemory)
  })
})

describe('unknown data-source types', () => {
  it('are a 404 on every data-source route, whatever their length', async () => {
    for (const type of ['sms', 'x'.repeat(51), 'x'.repeat(200)]) {
      for (const [method, url] of [
        ['GET', `/api/datasources/${type}`],
        ['PUT', `/api/datasources/${type}`],
        ['POST', `/api/datasources/${type}/test`],
      ] as const) {
        const res = await owner.api.request<ApiErrorBody>(method, url, { payload: {} })
        expect(res.status, `${method} ${url.slice(0, 40)}`).toBe(404)
        expect(res.body.message).toBe(`Data source '${type.slice(0, 50)}' not found.`)
      }
    }
  })
})

describe('every /api route, with any input', () => {
  it('lists the routes it attacks', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`)
    for (const expected of [
      'GET /api/auth/user',
      'PUT /api/auth/user/settings',
      'POST /api/memories',
      'PUT /api/memories/:id',
      'POST /api/memories/import',
      'PUT /api/datasources/:type',
      'POST /api/datasources/:type/test',
    ])
      expect(urls).toContain(expected)
  })

  it('never answers 5xx, and every error has the {statusCode, error, message} body', async () => {
    // The event stream never ends by design (reminders.test.ts reads it); the rest answer and end.
    for (const route of apiRoutes().filter((r) => r.url !== '/api/events')) {
      await fc.assert(
        fc.asyncProperty(pathFor(route.url), query, body(route.url), async (path, pairs, input) => {
          const qs = pairs.map(([k, v]) => `${k}=${v}`).join('&')
          const url = qs ? `${path}?${qs}` : path
          // Logging out would end the shared session; it gets a session of its own each time.
          const user = route.url === '/api/auth/logout' ? await t.createUser() : owner
          const res = await send(user, route.method, url, input)
          const what = `${route.method} ${url} ${input?.contentType ?? ''} ${input?.payload.slice(0, 300) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`
          expect(res.statusCode, what).toBeLessThan(500)
          if (res.statusCode >= 400 && route.method !== 'HEAD') expectErrorBody(res, what)
        }),
        // Writes reach the most code (services, the database, upstream fakes), so they get the most runs.
        { numRuns: route.method === 'GET' || route.method === 'HEAD' ? 25 : 150 },
      )
    }
    // All that traffic with the other user's ids changed nothing of theirs.
    expect((await other.api.get(`/api/memories/${otherMemory.id}`)).body).toEqual(otherMemory)
    const weather = await other.api.dataSources.get('weather')
    expect(weather.body).toMatchObject({ isEnabled: true, configuration: { locationName: 'Paris' } })
    // Every route's runs, more with each route added: a loaded machine took over 60 s. The time limit
    // here only stops a hang; it judges no speed.
  }, 180_000)
})

describe('inputs the property test found answering 500', () => {
  it('data-source text with NUL or an unpaired surrogate (jsonb refuses both) is a 400 naming the field', async () => {
    const user = await t.createUser()
    const cases: Array<[string, unknown, RegExp]> = [
      ['calendar', { calendarName: 'Work\u0000' }, /^Calendar name must not contain NUL/],
      ['calendar', { calendarId: 'x\ud800' }, /^Calendar id must not contain NUL/],
      ['calendar', { icsUrl: 'https://calendar.test/a\u0000.ics' }, /^ICS URL must not contain NUL/],
      [
        'weather',
        { vacationMode: { isEnabled: false, locationName: 'Par\udc00is' } },
        /^Vacation location must not contain NUL/,
      ],
      ['weather', { locationName: 'Lis\u0000bon' }, /^Location must not contain NUL/],
    ]
    // With the geocoder down a location is saved unresolved: the NUL must not reach the database either.
    meteo.down = true
    try {
      for (const [type, configuration, message] of cases) {
        const res = await user.api.dataSources.put(type, { configuration })
        expect(res.status, res.text).toBe(400)
        expect(res.body.message).toMatch(message)
      }
    } finally {
      meteo.down = false
    }
    const saved = await user.api.dataSources.put('calendar', { configuration: { calendarName: 'Work 💼' } })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.configuration.calendarName).toBe('Work 💼')
  })

  it('memory text or tags with an unpaired surrogate are a 400 naming the field', async () => {
    const user = await t.createUser()
    const post = (payload: object) => user.api.post<ApiErrorBody>('/api/memories', payload)
    const text = await post({ text: 'é\udc00' })
    expect(text.status, text.text).toBe(400)
    expect(text.body.message).toMatch(/^Text must not contain NUL or broken characters/)
    const tags = await post({ text: 'ok', tags: ['é\udc00'] })
    expect(tags.status, tags.text).toBe(400)
    expect(tags.body.message).toMatch(/^Item 1: Tags must not contain NUL or broken characters/)
    const imported = await user.api.memories.import([{ text: 'x', tags: ['\ud800'] }])
    expect(imported.status, imported.text).toBe(400)
    // A real emoji (a surrogate pair) is fine.
    expect((await post({ text: 'party 🎉', tags: ['🎉'] })).status).toBe(201)
  })

  it('an import date-time outside the years 1900–2100 is a 400; the edges themselves round-trip', async () => {
    const user = await t.createUser()
    for (const createdAt of [
      '0000-12-31T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '2100-12-31T23:59:59-01:00',
      '9999-12-31T23:59:59-23:59',
    ]) {
      const res = await user.api.memories.import<ApiErrorBody>([{ text: 'x', createdAt }])
      expect(res.status, res.text).toBe(400)
      expect(res.body.message).toMatch(/^Item 1: Created at must be between the years 1900 and 2100/)
    }
    const updated = await user.api.memories.import<ApiErrorBody>([
      { text: 'x', updatedAt: '0000-06-01T00:00:00.000Z' },
    ])
    expect(updated.body.message).toMatch(/^Item 1: Updated at /)
    const edges = await user.api.memories.import([
      { text: 'first', date: null, createdAt: '1900-01-01T00:00:00.000Z' },
      { text: 'last', date: null, createdAt: '2100-12-31T23:59:59.999Z' },
    ])
    expect(edges.status, edges.text).toBe(200)
    const exported = await user.api.get<MemoriesExport>('/api/memories/export')
    expect(exported.body.memories.map((m) => m.createdAt).sort()).toEqual([
      '1900-01-01T00:00:00.000Z',
      '2100-12-31T23:59:59.999Z',
    ])
  })

  it('an import naming one id in upper and lower case is a 400, not two writes of one row', async () => {
    const user = await t.createUser()
    const res = await user.api.memories.import<ApiErrorBody>([
      { id: 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA', text: 'x' },
      { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', text: 'y' },
    ])
    expect(res.status, res.text).toBe(400)
    expect(res.body.message).toBe('Item 2: This id appears twice in the file.')
    const once = await user.api.memories.import([{ id: 'BBBBBBBB-BBBB-4BBB-8BBB-BBBBBBBBBBBB', text: 'z' }])
    expect(once.body).toEqual({ imported: 1, created: 1, updated: 0 })
    // Read as one id (lower case), stored under the stand-in of an id the user did not own.
    const got = await user.api.get(
      `/api/memories/${remappedId(user.id, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb')}`,
    )
    expect(got.status).toBe(200)
  })
})

describe('requests the router refuses before any route runs', () => {
  it('a broken %-escape, an over-long id and a non-JSON media type get the usual error body, saying what is wrong', async () => {
    const badEscape = await t.app.inject({ url: '/api/memories/%ZZ', headers: owner.headers })
    expect(badEscape.statusCode).toBe(400)
    expect(badEscape.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The address is not valid: it has a broken %-escape.',
      code: 'BAD_REQUEST',
    })
    const long = await t.app.inject({ url: `/api/memories/${'a'.repeat(300)}`, headers: owner.headers })
    expect(long.statusCode).toBe(414)
    expect(long.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'A part of the address is too long.',
      code: 'BAD_REQUEST',
    })
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { ...owner.headers, 'content-type': 'application/xml' },
      payload: '<memory/>',
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json()).toMatchObject({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: "Content-Type 'application/xml' is not supported; send the body as application/json.",
    })
  })
})

describe('CSRF cannot be skipped by spelling the address differently', () => {
  /** One raw HTTP/1.1 exchange, so the request target is sent exactly as written. */
  function rawRequest(port: number, target: string, cookie: string, payload: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
        ),
      )
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk))
      socket.on('end', () => resolve(answer))
      socket.on('error', reject)
    })
  }

  it('an absolute-form target or a %-encoded /api still needs the token', async () => {
    const user = await t.createUser()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const session = user.headers.cookie.split(';')[0]!
    for (const target of [`http://127.0.0.1:${port}/api/memories`, '/%61pi/memories', '/api/%6demories']) {
      const answer = await rawRequest(port, target, session, JSON.stringify({ text: 'forged' }))
      expect(answer.split('\r\n')[0], target).toBe('HTTP/1.1 400 Bad Request')
      expect(answer, target).toContain('"code":"INVALID_CSRF_TOKEN"')
    }
    expect((await user.api.memories.list()).totalCount).toBe(0)
  })
})

describe('the log of a query that failed', () => {
  it('names the query and the reason, never its parameters (an ICS link carries a secret)', async () => {
    const logs = captureLogs()
    const logged = await buildTestApp({ logger: logs.logger })
    try {
      const user = await logged.createUser()
      // Reads still work; every new or changed data-source row is refused by the database.
      await logged.db.execute(
        sql.raw('alter table data_sources add constraint refuse_writes check (false) not valid'),
      )
      const secretUrl = 'https://calendar.example/private-5f3c9a7e1d/basic.ics'
      const res = await user.api.dataSources.put('calendar', { configuration: { icsUrl: secretUrl } })
      expect(res.status).toBe(500)
      const log = logs.text()
      expect(log).toContain('request failed')
      expect(log).toContain('insert into \\"data_sources\\"')
      expect(log).toContain('refuse_writes')
      expect(log).not.toContain('private-5f3c9a7e1d')
      expect(log).not.toContain(user.id)
    } finally {
      await logged.close()
    }
  })
})
