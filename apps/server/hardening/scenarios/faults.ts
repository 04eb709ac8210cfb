/**
 * Faults (issue 13, Deliver 3), against the production server:
 *
 * 1. Outside services misbehaving, switched at run time behind loopback gates (lib/upstream-gate.ts) in
 *    front of the test fakes, on one running server: the language model (AI_PROVIDER=openai, the real
 *    @ai-sdk/openai code), Open-Meteo, Google Calendar and Microsoft Graph (people signed in through fake
 *    OpenID providers, so they hold real calendar grants) and an ICS feed, each down (connection
 *    refused), slow (takes the request, never answers), and answering garbage with a 200: not JSON, JSON
 *    of the wrong shape, a body cut off (for the model: its event stream breaking off). The routes that
 *    use them (chat send and stream, briefing regenerate, data-source test/configure/options, the
 *    assistant's weather and calendar tools, MCP get_today) must give their designed fallback with a clear
 *    message: no 5xx, no answer slower than 45 s, no error line in the log; then, with the services
 *    healthy again, the same requests succeed without a restart. A misbehaving MCP client too: garbage
 *    JSON-RPC, bodies that never finish, a client that hangs up while its call waits on a slow service.
 * 2. PostgreSQL stopped and started again under load, through a TCP proxy (lib/tcp-proxy.ts): /readyz 503
 *    and /healthz 200 meanwhile, requests a quick 503 with a clear message, then /readyz 200 and requests
 *    succeeding without a restart, every acknowledged write in the database. Without --quick also a
 *    database that takes connections and never answers (the pool's connect timeout must end the wait).
 *
 * Outside services on every engine, side by side (the first only with --quick); then the database outage
 * on PostgreSQL.
 *   HARDENING_FAULTS_OUTAGE_S (8; 5 with --quick)   HARDENING_FAULTS_CLIENTS (8)
 */
import { join } from 'node:path'
import { connect, type Socket } from 'node:net'
import { todayIn } from '@remi/shared'
import { POSTGRES_CONNECT_TIMEOUT_MS } from '../../src/db/client.ts'
import { FALLBACK_NOTE } from '../../src/modules/assistant/offline.ts'
import { startGoogleCalendarFake } from '../../src/test/fakes/google-calendar.ts'
import { startIcsFake } from '../../src/test/fakes/ics.ts'
import { startMicrosoftGraphFake } from '../../src/test/fakes/microsoft-graph.ts'
import { startOpenMeteoFake } from '../../src/test/fakes/open-meteo.ts'
import {
  isFactsRequest,
  isTitleRequest,
  openaiReply,
  startOpenAIFake,
  type ChatCompletionRequest,
} from '../../src/test/fakes/openai.ts'
import { parseEventStream } from '../../src/test/sse.ts'
import { readBody, signInMany, type Answer, type User } from '../lib/client.ts'
import { Ledger, writesRow } from '../lib/ledger.ts'
import { memoryText, random } from '../lib/memories.ts'
import { startProviderIssuer } from '../lib/provider-sign-in.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { errorLines, logSize, startServer, type RunningServer } from '../lib/server.ts'
import { ms, numberFrom, percentile, sleep } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'
import { startTcpProxy } from '../lib/tcp-proxy.ts'
import {
  startUpstreamGate,
  type GarbageKind,
  type GateMode,
  type GateRequest,
  type UpstreamGate,
} from '../lib/upstream-gate.ts'

/** Every request is bounded; one not answered by then counts as hung. */
const REQUEST_BOUND_MS = 45_000
/**
 * Each kind costs every person two briefing regenerates (under the fault and after it): five kinds are
 * the ten an hour the app allows one person. Another kind needs other people.
 */
const KINDS: Exclude<GateMode, 'healthy'>[] = ['down', 'slow', 'non-json', 'wrong-shape', 'truncated']
const SERVICES = ['model', 'Open-Meteo', 'Google Calendar', 'Microsoft Graph', 'ICS feed'] as const
type Service = (typeof SERVICES)[number]

/** What the app says when something threw that it did not expect: a fallback, but not a designed one. */
const UNEXPECTED = /something went wrong|could not be read right now/i
/** The name that marks the model's victims: only their model requests meet the model's faults. */
const VICTIM = 'Mona Faultline'
const PLACES = ['Lisbon', 'Paris', 'Porto', 'Honolulu']

export default defineScenario({
  name: 'faults',
  async run(context) {
    const rows: Row[] = []
    const engines = context.quick ? context.engines.slice(0, 1) : context.engines
    // Side by side: each engine has its own server, fakes and store, and most of the time is spent
    // waiting on the timeouts of 'slow' (~31 s an engine).
    for (const engineRows of await Promise.all(engines.map((engine) => outsideServices(context, engine))))
      rows.push(...engineRows)
    if (context.engines.includes('postgres')) rows.push(...(await databaseOutage(context)))
    return rows
  },
})

// ---------------------------------------------------------------------------------------------------
// 1. Outside services

/** What went wrong with one answer, or null when it is the designed one. */
type Verdict = string | null

interface Probe {
  service: Service
  what: string
  /** `faulty`: the service misbehaves now, in this way; null: it is healthy (recovery). */
  run(faulty: Exclude<GateMode, 'healthy'> | null): Promise<Verdict>
}

interface Tally {
  injected: number
  survived: number
  recoveries: number
  recovered: number
  byKind: Map<string, { injected: number; survived: number }>
  problems: string[]
  slowest: number
}

const clear = (message: unknown) =>
  typeof message === 'string' && message.trim().length > 0 && !UNEXPECTED.test(message)
const show = (answer: Answer) =>
  `${answer.status} ${(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)).slice(0, 160)}`

async function outsideServices(context: Context, engine: Engine): Promise<Row[]> {
  const store = await createStore(context, engine, 'faults')
  const logFile = join(context.workDir, `faults-services-${engine}.log`)
  const today = todayIn('UTC')

  const [ai, meteo, ics, google, graph, googleIssuer, microsoftIssuer] = await Promise.all([
    startOpenAIFake(),
    startOpenMeteoFake(),
    startIcsFake(),
    startGoogleCalendarFake(),
    startMicrosoftGraphFake(),
    startProviderIssuer('google'),
    startProviderIssuer('microsoft'),
  ])
  // Two calendars each, one event today in each: Graph pages by two and its next links name the fake's
  // own host, which the app (rightly) refuses behind the gate.
  google.calendars.push(
    { id: 'main-cal', summary: 'Main', primary: true },
    { id: 'work-cal', summary: 'Work' },
  )
  for (const id of ['main-cal', 'work-cal'])
    google.events.set(id, () => [
      {
        id: `${id}-1`,
        summary: 'Planning',
        start: { dateTime: `${today}T09:00:00Z` },
        end: { dateTime: `${today}T10:00:00Z` },
      },
    ])
  graph.calendars.push(
    { id: 'ms-main', name: 'Calendar', isDefaultCalendar: true },
    { id: 'ms-work', name: 'Work' },
  )
  for (const id of ['ms-main', 'ms-work'])
    graph.events.set(id, () => [
      {
        id: `${id}-1`,
        subject: 'Review',
        start: `${today}T09:00:00.0000000`,
        end: `${today}T10:00:00.0000000`,
      },
    ])

  const html = { contentType: 'application/json', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }
  const gates = {
    model: await startUpstreamGate({
      target: new URL(ai.url).origin,
      serial: true,
      applies: (req) => req.body.includes(VICTIM),
      // A conversation's title and a chat's facts to keep are answered by the fake apart from the
      // scripts (none to add: an added one would answer the next turn in place of its own).
      beforeForward: (req) => {
        const { messages } = JSON.parse(req.body) as Partial<ChatCompletionRequest>
        if (!isTitleRequest(messages) && !isFactsRequest(messages)) ai.enqueue(scriptFor(req, today))
      },
      garbage: (kind, req) => modelGarbage(kind, req),
    }),
    'Open-Meteo': await startUpstreamGate({
      target: meteo.url,
      garbage: (kind, req) =>
        kind === 'non-json'
          ? html
          : kind === 'wrong-shape'
            ? {
                contentType: 'application/json',
                body: req.url.pathname.endsWith('/search')
                  ? '{"results":[{"id":1,"name":42,"latitude":"north","longitude":null}]}'
                  : '{"current":"sunny","daily":{"time":"today","weather_code":null}}',
              }
            : {
                contentType: 'application/json',
                body: '{"results":[{"id":2267057,"name":"Lisbon","latitude":38.7',
                cut: true,
              },
    }),
    'Google Calendar': await startUpstreamGate({
      target: new URL(google.url).origin,
      // The fake provider's tokens are the ones this Google accepts.
      beforeForward: (req) => google.validTokens.add(bearer(req)),
      garbage: (kind) =>
        kind === 'non-json'
          ? html
          : kind === 'wrong-shape'
            ? {
                contentType: 'application/json',
                body: '{"kind":"calendar#events","items":{"id":"x"},"nextPageToken":7}',
              }
            : {
                contentType: 'application/json',
                body: '{"kind":"calendar#calendarList","items":[{"id":"main-cal","summ',
                cut: true,
              },
    }),
    'Microsoft Graph': await startUpstreamGate({
      target: new URL(graph.url).origin,
      beforeForward: (req) => graph.validTokens.add(bearer(req)),
      garbage: (kind) =>
        kind === 'non-json'
          ? html
          : kind === 'wrong-shape'
            ? { contentType: 'application/json', body: '{"value":{"id":"x"},"@odata.nextLink":42}' }
            : { contentType: 'application/json', body: '{"value":[{"id":"ms-main","na', cut: true },
    }),
    'ICS feed': await startUpstreamGate({
      target: ics.origin,
      garbage: (kind) =>
        kind === 'non-json'
          ? { contentType: 'text/html', body: '<html><body>Sign in to see this calendar</body></html>' }
          : kind === 'wrong-shape'
            ? {
                contentType: 'text/calendar',
                body: [
                  'BEGIN:VCALENDAR',
                  'BEGIN:VEVENT',
                  'UID:broken@remi.test',
                  'DTSTART:yesterday-ish',
                  'DTEND:never',
                  'RRULE:FREQ=SOMETIMES;COUNT=many',
                  'SUMMARY:Broken',
                  'END:VEVENT',
                  'END:VCALENDAR',
                  '',
                ].join('\r\n'),
              }
            : {
                contentType: 'text/calendar',
                body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:cut@remi.test\r\nDTSTART:2026',
                cut: true,
              },
    }),
  } satisfies Record<Service, UpstreamGate>

  let server: RunningServer | undefined
  const rows: Row[] = []
  try {
    server = await startServer({
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      logFile,
      env: {
        ...ai.env,
        AI_BASE_URL: `${gates.model.origin}/v1`,
        WEATHER_API_URL: gates['Open-Meteo'].origin,
        GEOCODING_API_URL: gates['Open-Meteo'].origin,
        GOOGLE_CALENDAR_API_URL: `${gates['Google Calendar'].origin}/calendar/v3`,
        MICROSOFT_GRAPH_API_URL: `${gates['Microsoft Graph'].origin}/v1.0`,
        ALLOW_PRIVATE_NETWORK_URLS: 'true',
        ...googleIssuer.env,
        ...microsoftIssuer.env,
      },
    })
    const base = server.baseUrl
    const person = (sub: string, name: string) => ({ sub, email: `${sub}@example.test`, name })
    // Each from a loopback address of its own: the per-address limits (30 data-source tests a minute)
    // count them apart, as they would people on their own machines.
    const [wx, icsUser, goo, victim, victim2, mcpUser, ms365] = (
      await Promise.all([
        googleIssuer.signIn(base, person('weather-person', 'Wendy Weather')),
        googleIssuer.signIn(base, person('ics-person', 'Ivan Ics')),
        googleIssuer.signIn(base, person('google-person', 'Gina Google')),
        googleIssuer.signIn(base, person('model-victim', VICTIM)),
        googleIssuer.signIn(base, person('model-victim-2', `${VICTIM} Second`)),
        googleIssuer.signIn(base, person('mcp-person', 'Max Mcp')),
        microsoftIssuer.signIn(base, person('graph-person', 'Mike Graph')),
      ])
    ).map((user, i) => user.from(`127.0.0.${11 + i}`)) as [User, User, User, User, User, User, User]
    const setup = [
      // Ahead of every place's zone, so this person's today is always in the place's forecast: it starts
      // at the place's own today, which late in the evening of a zone behind it is already tomorrow.
      await wx.request('PUT', '/api/auth/user/settings', { timezone: 'Pacific/Kiritimati' }),
      await wx.request('PUT', '/api/datasources/weather', {
        isEnabled: true,
        configuration: { locationName: PLACES[PLACES.length - 1] },
      }),
      await icsUser.request('PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { icsUrl: `${gates['ICS feed'].origin}/calendar.ics` },
      }),
      await goo.request('PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { calendarId: 'work-cal', calendarName: 'Work' },
      }),
      await ms365.request('PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { calendarId: 'ms-work', calendarName: 'Work' },
      }),
    ]
    const failedSetup = setup.find((a) => a.status !== 200)
    if (failedSetup) throw new Error(`configuring the data sources failed: ${show(failedSetup)}`)
    const tokens = await Promise.all([wx, icsUser, goo, ms365, mcpUser].map((u) => createToken(u)))
    const [wxToken, icsToken, gooToken, msToken, mcpToken] = tokens
    context.log(`${engine}: 7 people signed in (Google and Microsoft through fake providers), sources set up`)

    const probes = serviceProbes({
      base,
      wx,
      icsUser,
      goo,
      ms365,
      victim,
      victim2,
      tokens: { wx: wxToken!, ics: icsToken!, goo: gooToken!, ms: msToken! },
    })
    const tallies = new Map<Service, Tally>(
      SERVICES.map((s) => [
        s,
        {
          injected: 0,
          survived: 0,
          recoveries: 0,
          recovered: 0,
          byKind: new Map(),
          problems: [],
          slowest: 0,
        },
      ]),
    )
    const setAll = (mode: GateMode, only?: Service[]) =>
      Promise.all(SERVICES.filter((s) => !only || only.includes(s)).map((s) => gates[s].set(mode)))

    const runProbes = async (list: Probe[], faulty: Exclude<GateMode, 'healthy'> | null) =>
      Promise.all(
        list.map(async (probe) => {
          const started = performance.now()
          let verdict: Verdict
          try {
            verdict = await probe.run(faulty)
          } catch (error) {
            verdict = `threw ${error instanceof Error ? error.message : String(error)}`
          }
          const took = performance.now() - started
          const tally = tallies.get(probe.service)!
          tally.slowest = Math.max(tally.slowest, took)
          if (faulty) {
            const kind = tally.byKind.get(faulty) ?? { injected: 0, survived: 0 }
            tally.byKind.set(faulty, kind)
            kind.injected += 1
            tally.injected += 1
            if (!verdict) {
              kind.survived += 1
              tally.survived += 1
            }
          } else {
            tally.recoveries += 1
            if (!verdict) tally.recovered += 1
          }
          if (verdict && tally.problems.length < 6)
            tally.problems.push(`${faulty ?? 'recovery'}: ${probe.what}: ${verdict}`)
        }),
      )

    // Remi keeps a calendar feed it has read for a few minutes (ICS_CACHE): a feed that fails after a good
    // read is answered from that read. Each round asks for the feed under a new address, so every fault and
    // every recovery meets a fresh read.
    let feedRound = 0
    const freshFeed = async () => {
      feedRound += 1
      await icsUser.request('PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { icsUrl: `${gates['ICS feed'].origin}/calendar.ics?round=${feedRound}` },
      })
    }
    const started = performance.now()
    let hangUpRow: Row | undefined
    for (const kind of KINDS) {
      const from = logSize(logFile)
      const t = performance.now()
      const data = probes.filter((p) => p.service !== 'model')
      const model = probes.filter((p) => p.service === 'model')
      let hangUps: Promise<Verdict[]> | undefined
      await freshFeed()
      if (kind === 'down') {
        // A port that refuses cannot pick whom it refuses: the data sources first, the model after.
        await setAll(
          'down',
          SERVICES.filter((s) => s !== 'model'),
        )
        await runProbes(data, kind)
        await setAll('healthy')
        await gates.model.set('down')
        await runProbes(model, kind)
      } else {
        // The model's faults meet only its victims, so the others' chats and briefings still reach it.
        await setAll(kind)
        // MCP clients that give up on get_today while it waits for the weather, at different moments.
        if (kind === 'slow')
          hangUps = Promise.all(HANG_UP_AFTER_MS.map((after) => mcpHangUp(base, wxToken!, after)))
        await runProbes([...data, ...model], kind)
      }
      await setAll('healthy')
      await freshFeed()
      await runProbes(probes, null)
      const hungUp = (await hangUps) ?? []
      const logErrors = errorLines(logFile, from)
      const logged = logErrors.length
        ? `${logErrors.length} error lines in the log: ${logErrors[0]!.slice(0, 240)}`
        : ''
      if (logged) for (const service of SERVICES) tallies.get(service)!.problems.push(`${kind}: ${logged}`)
      if (hungUp.length) {
        const problems = [...hungUp.filter(Boolean), logged].filter(Boolean)
        const survived = logged ? 0 : hungUp.filter((v) => !v).length
        hangUpRow = {
          check: 'MCP clients hanging up while get_today waits on the weather',
          engine,
          ok: problems.length === 0,
          detail:
            `${hungUp.length} clients gave up after ${HANG_UP_AFTER_MS.map(ms).join(', ')}; the server finished ` +
            `without them, logged no error, and answered the same call again after the recovery` +
            (problems.length ? `; ${problems.join(' | ')}` : ''),
          faults: { injected: hungUp.length, survived },
        }
      }
      context.log(`${engine}: ${kind} ${ms(performance.now() - t)}`)
    }

    for (const service of SERVICES) {
      const tally = tallies.get(service)!
      const kinds = [...tally.byKind].map(([k, v]) => `${k} ${v.survived}/${v.injected}`).join(', ')
      const ok =
        tally.problems.length === 0 &&
        tally.survived === tally.injected &&
        tally.recovered === tally.recoveries
      rows.push({
        check: `${service} down, slow, garbage`,
        engine,
        ok,
        detail:
          `as designed: ${kinds}; recovered without a restart ${tally.recovered}/${tally.recoveries}; ` +
          `slowest answer ${ms(tally.slowest)}` +
          (tally.problems.length ? `; ${tally.problems.join(' | ')}` : ''),
        faults: { injected: tally.injected, survived: tally.survived },
      })
    }
    context.log(`${engine}: outside services done in ${ms(performance.now() - started)}`)
    if (hangUpRow) rows.push(hangUpRow)

    rows.push(...(await misbehavingMcpClient(context, engine, base, mcpToken!, logFile)))
    return rows
  } finally {
    await server?.stop()
    await Promise.all(Object.values(gates).map((g) => g.close()))
    await Promise.all([ai, meteo, ics, google, graph, googleIssuer, microsoftIssuer].map((f) => f.close()))
    await store.drop()
  }
}

const bearer = (req: GateRequest) => String(req.headers.authorization ?? '').replace(/^Bearer /, '')

/** The healthy model's answer to one request: a tool call for weather and calendar questions, else text. */
function scriptFor(req: GateRequest, today: string) {
  const body = JSON.parse(req.body) as {
    tools?: unknown[]
    messages?: Array<{ role: string; content: unknown }>
  }
  const last = body.messages?.at(-1)
  const text = JSON.stringify(last?.content ?? '')
  // The briefing asks without tools; a chat turn whose tool answered gets its closing text.
  if (!body.tools || last?.role === 'tool') return openaiReply.text('Healthy answer from the model.')
  if (/weather/i.test(text)) return openaiReply.toolCall('get_weather', {})
  if (/calendar/i.test(text)) return openaiReply.toolCall('get_calendar_events', { from: today, to: today })
  return openaiReply.text('Healthy answer from the model.')
}

function modelGarbage(kind: GarbageKind, req: GateRequest) {
  const stream = /"stream"\s*:\s*true/.test(req.body)
  const chunk = (delta: object) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-garbage', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`
  if (kind === 'non-json')
    return { contentType: 'application/json', body: '<html><body>upstream error</body></html>' }
  if (kind === 'wrong-shape')
    return stream
      ? { contentType: 'text/event-stream', body: `${chunk({ content: 42 })}data: [DONE]\n\n` }
      : { contentType: 'application/json', body: '{"id":"x","object":"chat.completion","choices":"none"}' }
  // The stream breaks off after its first words; a JSON answer after half its text.
  return stream
    ? {
        contentType: 'text/event-stream',
        body: chunk({ role: 'assistant', content: '' }) + chunk({ content: 'Hel' }),
        cut: true,
      }
    : {
        contentType: 'application/json',
        body: '{"id":"chatcmpl-x","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"Hel',
        cut: true,
      }
}

async function createToken(user: User): Promise<string> {
  const answer = await user.request('POST', '/api/auth/tokens', { name: 'faults', scope: 'read' })
  const token = (answer.body as { token?: string } | null)?.token
  if (answer.status !== 201 || !token) throw new Error(`creating a token failed: ${show(answer)}`)
  return token
}

/** One JSON-RPC message to /api/mcp with a bearer token; the raw body is sent as given. */
async function mcp(
  base: string,
  token: string,
  body: string,
  options: { timeoutMs?: number; accept?: string | null } = {},
): Promise<Answer> {
  const started = performance.now()
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  }
  if (options.accept !== null) headers.accept = options.accept ?? 'application/json, text/event-stream'
  try {
    const res = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_BOUND_MS),
    })
    return { status: res.status, body: await readBody(res), ms: performance.now() - started }
  } catch (error) {
    return { status: 0, body: (error as Error).message, ms: performance.now() - started }
  }
}

const getToday = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_today', arguments: {} },
})

interface ProbePeople {
  base: string
  wx: User
  icsUser: User
  goo: User
  ms365: User
  victim: User
  victim2: User
  tokens: { wx: string; ics: string; goo: string; ms: string }
}

interface Briefing {
  source?: string
  sections?: Record<string, unknown>
}
interface Sent {
  assistantMessage?: { content: string; mode?: string; activity?: Array<{ tool: string; summary: string }> }
}

/** Every route that meets each service, with what it must answer while the service misbehaves and after. */
function serviceProbes(people: ProbePeople): Probe[] {
  const { base, wx, icsUser, goo, ms365, victim, victim2, tokens } = people
  let place = 0
  const bound = (user: User, method: string, path: string, body?: unknown) =>
    user.request(method, path, body, REQUEST_BOUND_MS)

  /** A designed failure says so clearly; 'wrong-shape' ICS may still be a calendar (its bad events left out). */
  const dataSourceTest =
    (user: User, type: string, mayStillWork = false) =>
    async (faulty: string | null) => {
      const a = await bound(user, 'POST', `/api/datasources/${type}/test`)
      const r = a.body as { success?: boolean; message?: string } | null
      if (a.status !== 200 || typeof r?.success !== 'boolean') return show(a)
      if (!faulty) return r.success ? null : `still failing: ${r.message}`
      if (r.success) return mayStillWork ? null : `claimed success: ${r.message}`
      return clear(r.message) ? null : `unclear message: ${r.message}`
    }

  const briefingSection =
    (user: User, section: 'weather' | 'calendar', mayStillWork = false) =>
    async (faulty: string | null) => {
      const a = await bound(user, 'POST', '/api/dashboard/briefing/regenerate')
      const b = a.body as Briefing | null
      if (a.status !== 200 || !b?.sections) return show(a)
      const status = b.sections[section]
      if (b.source !== 'ai') return `written by ${b.source}, not the (healthy) model`
      if (!faulty || (mayStillWork && status === 'ok'))
        return status === 'ok' ? null : `${section}: ${JSON.stringify(status)}`
      const reason = (status as { failed?: string } | null)?.failed
      return clear(reason) ? null : `${section} section: ${JSON.stringify(status)}`
    }

  const toolAnswer =
    (user: User, tool: string, question: string, stream: boolean, mayStillWork = false) =>
    async (faulty: string | null) => {
      const a = await bound(user, 'POST', stream ? '/api/chat/stream' : '/api/chat/send', {
        content: question,
      })
      if (a.status !== 200) return show(a)
      let message: Sent['assistantMessage']
      if (stream) {
        const events = parseEventStream(String(a.body))
        const failed = events.find((e) => e.event === 'error')
        if (failed) return `error event: ${JSON.stringify(failed.data)}`
        message = events.find((e) => e.event === 'done')?.data.message as Sent['assistantMessage']
      } else message = (a.body as Sent).assistantMessage
      const line = message?.activity?.find((x) => x.tool === tool)
      if (!message || !line) return `no ${tool} call in the answer: ${JSON.stringify(message).slice(0, 160)}`
      if (message.mode !== 'tools') return `answered in ${message.mode} mode, not by the (healthy) model`
      const failedLine = /^Could not/.test(line.summary)
      if (!faulty || (mayStillWork && !failedLine)) return failedLine ? `tool: ${line.summary}` : null
      return failedLine && clear(line.summary) ? null : `tool: ${line.summary}`
    }

  const mcpToday =
    (token: string, section: 'weather' | 'calendar', mayStillWork = false) =>
    async (faulty: string | null) => {
      const a = await mcp(base, token, getToday)
      const result = (
        a.body as { result?: { isError?: boolean; structuredContent?: Record<string, unknown> } }
      )?.result
      if (a.status !== 200 || !result || result.isError) return show(a)
      const s = result.structuredContent?.[section] as { status?: string; reason?: string } | undefined
      if (!faulty || (mayStillWork && s?.status === 'ok'))
        return s?.status === 'ok' ? null : `${section}: ${JSON.stringify(s)}`
      return s?.status === 'failed' && clear(s.reason) ? null : `${section}: ${JSON.stringify(s)}`
    }

  /** The calendars a signed-in account offers; while its API misbehaves, an empty list and why. */
  const calendarOptions = (user: User) => async (faulty: string | null) => {
    const a = await bound(user, 'GET', '/api/datasources/calendar')
    const o = (a.body as { availableOptions?: { calendars: unknown[]; error?: string } } | null)
      ?.availableOptions
    if (a.status !== 200 || !o) return show(a)
    if (!faulty) return o.calendars.length === 2 && !o.error ? null : JSON.stringify(o)
    return o.calendars.length === 0 && clear(o.error) ? null : JSON.stringify(o)
  }

  /** Choosing a calendar by id looks its name up; unreachable, it is saved without one. */
  const chooseCalendar =
    (user: User, ids: [string, string], names: [string, string]) => async (faulty: string | null) => {
      const [id, name] = faulty ? [ids[0], names[0]] : [ids[1], names[1]]
      const a = await bound(user, 'PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { calendarId: id },
      })
      const c = (a.body as { configuration?: { calendarId?: string; calendarName?: string | null } } | null)
        ?.configuration
      if (a.status !== 200 || c?.calendarId !== id) return show(a)
      const expected = faulty ? null : name
      return (c.calendarName ?? null) === expected
        ? null
        : `saved with the name ${JSON.stringify(c.calendarName)}`
    }

  return [
    { service: 'Open-Meteo', what: 'weather test', run: dataSourceTest(wx, 'weather') },
    {
      service: 'Open-Meteo',
      what: 'weather location change (geocoding)',
      async run(faulty) {
        const name = PLACES[place++ % PLACES.length]!
        const a = await bound(wx, 'PUT', '/api/datasources/weather', {
          isEnabled: true,
          configuration: { locationName: name },
        })
        const c = (
          a.body as { configuration?: { locationName?: string; location?: { name?: string } | null } } | null
        )?.configuration
        if (a.status === 400 && faulty && clear((a.body as { message?: string }).message)) return null
        if (a.status !== 200 || c?.locationName !== name) return show(a)
        // Unreachable or unreadable, the place is found later; never a garbage place stored now.
        if (faulty) return c.location ? `stored the place ${JSON.stringify(c.location)}` : null
        return c.location?.name === name ? null : `stored ${JSON.stringify(c.location)}`
      },
    },
    {
      service: 'Open-Meteo',
      what: "assistant's weather answer",
      run: toolAnswer(wx, 'get_weather', 'What is the weather like today?', false),
    },
    { service: 'Open-Meteo', what: 'briefing weather', run: briefingSection(wx, 'weather') },
    { service: 'Open-Meteo', what: 'MCP get_today weather', run: mcpToday(tokens.wx, 'weather') },
    {
      service: 'ICS feed',
      what: 'calendar test',
      run: (f) => dataSourceTest(icsUser, 'calendar', f === 'wrong-shape')(f),
    },
    {
      service: 'ICS feed',
      what: "assistant's calendar answer (stream)",
      run: (f) =>
        toolAnswer(
          icsUser,
          'get_calendar_events',
          'What is on my calendar today?',
          true,
          f === 'wrong-shape',
        )(f),
    },
    {
      service: 'ICS feed',
      what: 'briefing calendar',
      run: (f) => briefingSection(icsUser, 'calendar', f === 'wrong-shape')(f),
    },
    {
      service: 'ICS feed',
      what: 'MCP get_today calendar',
      run: (f) => mcpToday(tokens.ics, 'calendar', f === 'wrong-shape')(f),
    },
    ...(
      [
        ['Google Calendar', goo, tokens.goo, ['main-cal', 'work-cal'], ['Main', 'Work']],
        ['Microsoft Graph', ms365, tokens.ms, ['ms-main', 'ms-work'], ['Calendar', 'Work']],
      ] as const
    ).flatMap(([service, user, token, ids, names]): Probe[] => [
      { service, what: 'calendar options', run: calendarOptions(user) },
      { service, what: 'calendar test', run: dataSourceTest(user, 'calendar') },
      { service, what: 'choosing a calendar', run: chooseCalendar(user, [...ids], [...names]) },
      {
        service,
        what: "assistant's calendar answer",
        run: toolAnswer(user, 'get_calendar_events', 'What is on my calendar today?', false),
      },
      { service, what: 'briefing calendar', run: briefingSection(user, 'calendar') },
      { service, what: 'MCP get_today calendar', run: mcpToday(token, 'calendar') },
    ]),
    {
      service: 'model',
      what: 'chat send',
      async run(faulty) {
        const a = await bound(victim, 'POST', '/api/chat/send', { content: 'Tell me something nice' })
        const m = (a.body as Sent | null)?.assistantMessage
        if (a.status !== 200 || !m) return show(a)
        if (!faulty)
          return m.mode === 'tools' && m.content.includes('Healthy answer')
            ? null
            : `${m.mode}: ${m.content.slice(0, 120)}`
        return m.mode === 'offline' && m.content.startsWith(FALLBACK_NOTE)
          ? null
          : `${m.mode}: ${m.content.slice(0, 120)}`
      },
    },
    {
      service: 'model',
      what: 'chat stream',
      async run(faulty) {
        const a = await bound(victim2, 'POST', '/api/chat/stream', { content: 'Tell me something nice' })
        if (a.status !== 200) return show(a)
        const events = parseEventStream(String(a.body))
        const failed = events.find((e) => e.event === 'error')
        if (failed) return `error event: ${JSON.stringify(failed.data)}`
        const done = events.find((e) => e.event === 'done')?.data as
          { message: { content: string; mode?: string } } | undefined
        if (!done) return `no done event (${events.map((e) => e.event).join(',')})`
        const m = done.message
        if (!faulty) return m.mode === 'tools' ? null : `${m.mode}: ${m.content.slice(0, 120)}`
        return m.mode === 'offline' && m.content.startsWith(FALLBACK_NOTE)
          ? null
          : `${m.mode}: ${m.content.slice(0, 120)}`
      },
    },
    {
      service: 'model',
      what: 'briefing regenerate',
      async run(faulty) {
        const a = await bound(victim, 'POST', '/api/dashboard/briefing/regenerate')
        const b = a.body as Briefing | null
        if (a.status !== 200 || !b?.source) return show(a)
        // The template writes it when the model cannot.
        return b.source === (faulty ? 'offline' : 'ai') ? null : `written by ${b.source}`
      },
    },
  ]
}

const HANG_UP_AFTER_MS = [100, 1000, 4000]

/** An MCP client that asks for today's facts while the weather is slow and hangs up after a while. */
async function mcpHangUp(base: string, token: string, afterMs: number): Promise<Verdict> {
  const a = await mcp(base, token, getToday, { timeoutMs: afterMs })
  return a.status === 0
    ? null
    : `the call answered ${a.status} within ${ms(afterMs)} although the weather hangs`
}

// ---------------------------------------------------------------------------------------------------
// The MCP client misbehaving on its own side.

async function misbehavingMcpClient(
  context: Context,
  engine: Engine,
  base: string,
  token: string,
  logFile: string,
): Promise<Row[]> {
  const rows: Row[] = []
  let from = logSize(logFile)
  const bodies: Array<[string, string, { accept?: string | null }?]> = [
    ['not JSON', 'this is not json'],
    ['cut-off JSON', '{"jsonrpc":"2.0","id":1,"method":"tools/ca'],
    ['empty object', '{}'],
    ['null', 'null'],
    ['a string', '"tools/call"'],
    ['an empty batch', '[]'],
    ['a batch of numbers', '[1,2,3]'],
    ['wrong version and method type', '{"jsonrpc":"1.0","id":1,"method":42}'],
    ['an object as id', '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}'],
    ['an unknown method', '{"jsonrpc":"2.0","id":1,"method":"resources/nothing"}'],
    ['an unknown tool', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"no_such_tool"}}'],
    [
      'arguments as a string',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_today","arguments":"x"}}',
    ],
    ['params as an array', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}'],
    ['a response instead of a request', '{"jsonrpc":"2.0","id":1,"result":{}}'],
    ['a notification only', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
    ['no Accept header', getToday, { accept: null }],
    ['Accept text/html', getToday, { accept: 'text/html' }],
  ]
  const problems: string[] = []
  let refused = 0
  for (const [what, body, options] of bodies) {
    const a = await mcp(base, token, body, options)
    if (a.status > 0 && a.status < 500) refused += 1
    else problems.push(`${what}: ${show(a)}`)
  }
  const logged = errorLines(logFile, from)
  if (logged.length) problems.push(`${logged.length} error lines in the log: ${logged[0]!.slice(0, 200)}`)
  const after = await mcp(base, token, getToday)
  if (after.status !== 200) problems.push(`a good call afterwards: ${show(after)}`)
  rows.push({
    check: 'MCP client sending garbage JSON-RPC',
    engine,
    ok: problems.length === 0,
    detail:
      `${refused}/${bodies.length} answered below 500, a good call after them ${after.status}` +
      (problems.length ? `; ${problems.join(' | ')}` : ''),
    faults: { injected: bodies.length, survived: refused },
  })

  // Bodies that never finish: the requests are held, nobody else waits for them.
  from = logSize(logFile)
  const holdMs = context.quick ? 3000 : 8000
  const stalled = await Promise.all(Array.from({ length: 10 }, () => stalledBody(base, token)))
  const others: Answer[] = []
  const holdUntil = performance.now() + holdMs
  for (let i = 0; i < 50 && performance.now() < holdUntil; i++) {
    others.push(await mcp(base, token, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { timeoutMs: 5000 }))
    await sleep(200)
  }
  const closedByServer = stalled.filter((s) => s.closed()).length
  for (const s of stalled) s.socket.destroy()
  await sleep(200)
  const slowOthers = others.filter((a) => a.status !== 200)
  const stallProblems = [
    slowOthers.length
      ? `${slowOthers.length} of ${others.length} other calls failed: ${show(slowOthers[0]!)}`
      : '',
    others.length === 0 ? 'no other call was made' : '',
    errorLines(logFile, from).length
      ? `error lines in the log: ${errorLines(logFile, from)[0]!.slice(0, 200)}`
      : '',
  ].filter(Boolean)
  rows.push({
    check: 'MCP client whose bodies never finish',
    engine,
    ok: stallProblems.length === 0,
    detail:
      `10 requests held open ${ms(holdMs)} with half their body; ${others.length} other calls meanwhile, ` +
      `p99 ${ms(
        percentile(
          others.map((a) => a.ms),
          99,
        ),
      )}; ${closedByServer} of the held ones closed by the server before the client gave up` +
      (stallProblems.length ? `; ${stallProblems.join(' | ')}` : ''),
    faults: { injected: 10, survived: stallProblems.length === 0 ? 10 : 0 },
  })
  return rows
}

/** A request to /api/mcp whose headers promise a body that never comes in full. */
async function stalledBody(base: string, token: string) {
  const url = new URL(base)
  const socket: Socket = connect(Number(url.port), url.hostname)
  let closed = false
  socket.on('error', () => {})
  socket.on('close', () => (closed = true))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const half = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_today",'
  socket.write(
    `POST /api/mcp HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
      `Content-Length: ${half.length * 4}\r\n\r\n${half}`,
  )
  return { socket, closed: () => closed }
}

// ---------------------------------------------------------------------------------------------------
// 2. PostgreSQL stopped and started again under load

interface Sampled {
  start: number
  end: number
  status: number
  code?: string | undefined
  what: string
}

/** How soon a request must be answered while the database refuses connections. */
const OUTAGE_ANSWER_MS = 5000

async function databaseOutage(context: Context): Promise<Row[]> {
  const outageMs = numberFrom('HARDENING_FAULTS_OUTAGE_S', context.quick ? 5 : 8) * 1000
  const clients = numberFrom('HARDENING_FAULTS_CLIENTS', 8)
  const store = await createStore(context, 'postgres', 'faults-db')
  const direct = new URL(store.databaseUrl!)
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
  const proxied = new URL(direct.href)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(proxy.port)
  const logFile = join(context.workDir, 'faults-database.log')
  const rows: Row[] = []
  let server: RunningServer | undefined
  try {
    server = await startServer({ dataDir: store.dataDir, databaseUrl: proxied.href, logFile })
    const base = server.baseUrl
    const users = await signInMany(
      base,
      Array.from({ length: 4 }, (_, i) => `outage${i + 1}@example.test`),
    )
    const ledger = new Ledger()
    const samples: Sampled[] = []
    const t0 = performance.now()
    const now = () => performance.now() - t0
    let stop = false
    const deadline = performance.now() + 120_000

    const record = async (what: string, call: () => Promise<Answer>) => {
      const start = now()
      const a = await call()
      const code = (a.body as { code?: string } | null)?.code
      samples.push({ start, end: now(), status: a.status, code, what })
      return a
    }
    const workers = Array.from({ length: clients }, async (_, c) => {
      const user = users[c % users.length]!
      const next = random(500 + c)
      for (let n = 0; !stop && n < 100_000 && performance.now() < deadline; n++) {
        if (n % 2) {
          const text = memoryText(next, `outage-${c}-${n}`)
          const a = await record('create', () =>
            user.request('POST', '/api/memories', { text, tags: ['outage'] }, 15_000),
          )
          const id = (a.body as { id?: string } | null)?.id
          if (a.status === 201 && id) ledger.memory({ id, email: user.email, text, tags: ['outage'] })
        } else await record('page', () => user.request('GET', '/api/memories?page=1', undefined, 15_000))
        await sleep(25)
      }
    })
    const probe = async (path: '/readyz' | '/healthz') => {
      for (let n = 0; !stop && n < 10_000 && performance.now() < deadline; n++) {
        await record(path, async () => {
          const started = performance.now()
          try {
            const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(15_000) })
            await res.arrayBuffer()
            return { status: res.status, body: null, ms: performance.now() - started }
          } catch {
            return { status: 0, body: null, ms: performance.now() - started }
          }
        })
        await sleep(200)
      }
    }
    const running = [...workers, probe('/readyz'), probe('/healthz')]

    await sleep(3000)
    const cut = now()
    await proxy.stop()
    context.log(
      `postgres: database stopped (connections cut, port refusing) for ${ms(outageMs)} under ${clients} clients`,
    )
    await sleep(outageMs)
    const back = now()
    await proxy.start()
    // Until /readyz says so, bounded; then a few seconds of ordinary work.
    let readyAt = NaN
    for (let i = 0; i < 300 && Number.isNaN(readyAt); i++) {
      await sleep(100)
      readyAt = samples.find((s) => s.what === '/readyz' && s.start >= back && s.status === 200)?.end ?? NaN
    }
    await sleep(4000)

    const recoveredUntil = now()
    let silent: Row | undefined
    if (!context.quick) silent = await silentDatabase(context, proxy, samples, now)
    stop = true
    await Promise.all(running)

    // Begun while the database was away: a quick clear 503, or (ending after it came back) a success.
    const during = (s: Sampled) => s.start >= cut + 500 && s.start < back
    const api = samples.filter((s) => (s.what === 'create' || s.what === 'page') && during(s))
    const clearly = api.filter(
      (s) =>
        s.end - s.start <= OUTAGE_ANSWER_MS &&
        ((s.status === 503 && s.code === 'SERVICE_UNAVAILABLE') || (s.end > back && s.status < 300)),
    )
    const straddling = samples.filter(
      (s) => (s.what === 'create' || s.what === 'page') && s.start < cut + 500 && s.end > cut,
    )
    const badStraddling = straddling.filter((s) => !(s.status < 300 || s.status === 503))
    const ready = samples.filter((s) => s.what === '/readyz' && during(s) && s.end <= back)
    const health = samples.filter((s) => s.what === '/healthz')
    const afterwards = samples.filter(
      (s) =>
        (s.what === 'create' || s.what === 'page') &&
        Number.isFinite(readyAt) &&
        s.start >= readyAt + 1000 &&
        s.end <= recoveredUntil,
    )
    const statusList = (list: Sampled[]) => {
      const counts = new Map<string, number>()
      for (const s of list)
        counts.set(
          `${s.status}${s.code ? ` ${s.code}` : ''}`,
          (counts.get(`${s.status}${s.code ? ` ${s.code}` : ''}`) ?? 0) + 1,
        )
      return [...counts].map(([k, n]) => `${n}×${k}`).join(', ') || 'none'
    }
    const logErrors = errorLines(logFile)
    const outageProblems = [
      api.length === 0 ? 'no request was made during the outage' : '',
      clearly.length < api.length
        ? `during the outage: ${statusList(api)} (want every one a 503 SERVICE_UNAVAILABLE within ${ms(OUTAGE_ANSWER_MS)})`
        : '',
      badStraddling.length ? `requests cut by the outage answered ${statusList(badStraddling)}` : '',
      ready.length === 0 || ready.some((s) => s.status !== 503)
        ? `/readyz during the outage: ${statusList(ready)}`
        : '',
      health.some((s) => s.status !== 200) ? `/healthz: ${statusList(health)}` : '',
      logErrors.length ? `${logErrors.length} error lines in the log: ${logErrors[0]!.slice(0, 200)}` : '',
    ].filter(Boolean)
    rows.push({
      check: 'PostgreSQL stopped under load (connections cut, port refusing)',
      engine: 'postgres',
      ok: outageProblems.length === 0,
      detail:
        `${ms(outageMs)} outage, ${clients} clients: ${api.length} requests meanwhile, ${clearly.length} a clear 503 ` +
        `(p99 ${ms(
          percentile(
            api.map((s) => s.end - s.start),
            99,
          ),
        )}, max ${ms(Math.max(0, ...api.map((s) => s.end - s.start)))}); ` +
        `/readyz ${statusList(ready)}; /healthz ${statusList(health)}` +
        (outageProblems.length ? `; ${outageProblems.join(' | ')}` : ''),
      faults: { injected: api.length, survived: clearly.length },
    })

    const recoveryProblems = [
      Number.isNaN(readyAt) ? '/readyz never answered 200 again within 30 s' : '',
      afterwards.length === 0 ? 'no request after the recovery' : '',
      afterwards.some((s) => s.status >= 300) ? `after the recovery: ${statusList(afterwards)}` : '',
    ].filter(Boolean)
    rows.push({
      check: 'PostgreSQL back: served again without a restart',
      engine: 'postgres',
      ok: recoveryProblems.length === 0,
      detail:
        `/readyz 200 again ${ms(readyAt - back)} after the database; ${afterwards.length} requests from a second later: ${statusList(afterwards)}` +
        (recoveryProblems.length ? `; ${recoveryProblems.join(' | ')}` : ''),
    })
    if (silent) rows.push(silent)

    await server.stop()
    const database = await store.open()
    try {
      const verified = await ledger.verify(database)
      rows.push(writesRow('acknowledged writes through the database outage', 'postgres', verified))
    } finally {
      await database.close()
    }
    return rows
  } finally {
    await server?.stop()
    await proxy.close()
    await store.drop()
  }
}

/**
 * A database that takes connections and never answers (a dead host behind a live port): the pool's
 * connect timeout must end every wait with a 503; nothing may hang.
 */
async function silentDatabase(
  context: Context,
  proxy: Awaited<ReturnType<typeof startTcpProxy>>,
  samples: Sampled[],
  now: () => number,
): Promise<Row> {
  const from = now()
  await proxy.silence()
  context.log(
    `postgres: database silent (takes connections, never answers) for ${ms(POSTGRES_CONNECT_TIMEOUT_MS + 4000)}`,
  )
  await sleep(POSTGRES_CONNECT_TIMEOUT_MS + 4000)
  const back = now()
  await proxy.start()
  await sleep(3000)
  // Begun once it fell silent and with time to meet the pool's connect timeout before it came back:
  // each a 503 (or, caught before the cut, a success) within that timeout and a little.
  const bound = POSTGRES_CONNECT_TIMEOUT_MS + 2000
  const began = (s: Sampled) => s.start >= from && s.start < back - bound
  const api = samples.filter((s) => (s.what === 'create' || s.what === 'page') && began(s))
  const clearly = api.filter(
    (s) =>
      s.end - s.start <= bound && ((s.status === 503 && s.code === 'SERVICE_UNAVAILABLE') || s.status < 300),
  )
  const waited = api.filter((s) => s.status === 503 && s.end - s.start >= POSTGRES_CONNECT_TIMEOUT_MS - 1000)
  const ready = samples.filter((s) => s.what === '/readyz' && began(s))
  const problems = [
    api.length === 0 ? 'no request was made' : '',
    clearly.length < api.length
      ? `${api.length - clearly.length} of ${api.length} not a 503 within ${ms(bound)}: ${api
          .filter((s) => !clearly.includes(s))
          .map((s) => `${s.status} after ${ms(s.end - s.start)}`)
          .slice(0, 3)
          .join(', ')}`
      : '',
    waited.length === 0 ? 'no request waited for the connect timeout (did it meet the silent database?)' : '',
    ready.length === 0 || ready.some((s) => s.status !== 503)
      ? `/readyz: ${ready.map((s) => s.status).join(',') || 'none'}`
      : '',
  ].filter(Boolean)
  return {
    check: 'PostgreSQL silent (takes connections, never answers)',
    engine: 'postgres',
    ok: problems.length === 0,
    detail:
      `${api.length} requests began while it was silent: ${clearly.length} answered within ${ms(bound)}, ` +
      `${waited.length} of them a 503 after the pool's ${ms(POSTGRES_CONNECT_TIMEOUT_MS)} connect timeout ` +
      `(max ${ms(Math.max(0, ...api.map((s) => s.end - s.start)))}); /readyz ${ready.map((s) => s.status).join(',') || 'none'}` +
      (problems.length ? `; ${problems.join(' | ')}` : ''),
    faults: { injected: api.length, survived: clearly.length },
  }
}
