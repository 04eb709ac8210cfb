/**
 * Hostile calendar feeds (issue 28, item 2), against the production server on each engine: a person's
 * ICS link serves 300 events repeating every minute or every second (60 KB), 300 rules the recurrence
 * engine gives up on, and without --quick 30 000 events, 100 000 nested components, a 4 MB line, 800 000
 * folded ones and a file that takes seconds to parse (src/test/fakes/ics.ts, buildHostileIcs). For each,
 * the Test Connection route, the briefing and the chat answer 200 in words, never a 500 or an error in
 * the log; the floods, the 30 000 events and the slow file are refused (`success: false` with a message,
 * the briefing's calendar section failed with a reason). Meanwhile the server's main thread holds its
 * event loop at most 50 ms at once, in CPU time (lib/loop-monitor.ts), judged always; /healthz, sampled every
 * 20 ms by a process of its own, keeps its p99 within 50 ms, judged except with --quick (unless
 * HARDENING_BUDGETS=1), as import-stall and security-heavy do: on shared cores a wall clock also counts
 * the other processes' turns. An ordinary feed read afterwards still gives today's 3 events.
 */
import { join } from 'node:path'
import { startIcsFake, type HostileKind } from '../../src/test/fakes/ics.ts'
import { signIn, type Answer } from '../lib/client.ts'
import { sampleInChild } from '../lib/sampler.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { errorLines, startServer } from '../lib/server.ts'
import { loopHeld, loopMonitorEnv, ms, percentile, sleep } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'

const HEALTHZ_P99 = 50
/** The longest the server's main thread may hold its event loop at once, CPU ms. */
const LOOP_HOLD = 50
const QUICK_KINDS: HostileKind[] = ['minutely', 'secondly', 'broken-rules']
const MORE_KINDS: HostileKind[] = ['many-events', 'nested', 'huge-line', 'folded', 'slow-parse']
/** The feeds Remi refuses whole; the others are read, what cannot be read of them left out with a note. */
const REFUSED = new Set<HostileKind>(['minutely', 'secondly', 'many-events', 'nested', 'slow-parse'])

export default defineScenario({
  name: 'security-feeds',
  async run(context) {
    const ics = await startIcsFake()
    try {
      const rows: Row[] = []
      for (const engine of context.engines) rows.push(await runOn(context, engine, ics))
      return rows
    } finally {
      await ics.close()
    }
  },
})

const body = (answer: Answer) => (answer.body ?? {}) as Record<string, unknown>
const short = (value: unknown) => JSON.stringify(value)?.slice(0, 160)

async function runOn(
  context: Context,
  engine: Engine,
  ics: Awaited<ReturnType<typeof startIcsFake>>,
): Promise<Row> {
  const kinds = context.quick ? QUICK_KINDS : [...QUICK_KINDS, ...MORE_KINDS]
  const store = await createStore(context, engine, 'security-feeds')
  const logFile = join(context.workDir, `security-feeds-${engine}.log`)
  const loopFile = join(context.workDir, `security-feeds-${engine}.loop`)
  const judged = !context.quick || process.env.HARDENING_BUDGETS === '1'
  const server = await startServer({
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    logFile,
    env: { ALLOW_PRIVATE_NETWORK_URLS: 'true', ...loopMonitorEnv(loopFile) },
  })
  try {
    const user = await signIn(server.baseUrl, `feeds-${engine}@example.test`)
    // The briefing's and the chat's first answers load their code (a stall of their own, not the feed's);
    // the calendar is still off, so the ICS reader stays as cold as a hostile feed would find it.
    await user.request('POST', '/api/dashboard/briefing/regenerate', undefined, 60_000)
    await user.request('POST', '/api/chat/send', { content: "What's on my calendar today?" }, 60_000)
    const idle = await sampleInChild(user, [{ path: '/healthz', everyMs: 20 }])
    await sleep(3000)
    const [idleHealth] = await idle.stop()
    const idleP99 = percentile(idleHealth!.times, 99)

    const problems: string[] = []
    const failedKinds = new Set<HostileKind>()
    const fail = (kind: HostileKind, problem: string) => {
      failedKinds.add(kind)
      problems.push(`${kind}: ${problem}`)
    }
    const figures: string[] = []
    const during = await sampleInChild(user, [{ path: '/healthz', everyMs: 20 }])
    const from = Date.now()
    for (const kind of kinds) {
      const saved = await user.request('PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { icsUrl: ics.hostileUrl(kind) },
      })
      if (saved.status !== 200) fail(kind, `saving the link answered ${saved.status}`)
      const tested = await user.request('POST', '/api/datasources/calendar/test', undefined, 60_000)
      const briefing = await user.request('POST', '/api/dashboard/briefing/regenerate', undefined, 60_000)
      const chat = await user.request(
        'POST',
        '/api/chat/send',
        { content: "What's on my calendar today?" },
        60_000,
      )
      figures.push(`${kind} test ${ms(tested.ms)}, briefing ${ms(briefing.ms)}, chat ${ms(chat.ms)}`)
      context.log(`${engine} ${kind}: test ${tested.status} ${ms(tested.ms)} ${short(tested.body)}`)

      const refused = REFUSED.has(kind)
      const message = body(tested).message
      const success = body(tested).success
      if (tested.status !== 200 || typeof message !== 'string' || !message || (refused && success !== false))
        fail(kind, `the test route answered ${tested.status} ${short(tested.body)}`)
      const calendar = (body(briefing).sections as { calendar?: unknown } | undefined)?.calendar
      const reason = (calendar as { failed?: unknown } | undefined)?.failed
      if (briefing.status !== 200 || (refused ? typeof reason !== 'string' || !reason : calendar !== 'ok'))
        fail(kind, `the briefing answered ${briefing.status}, calendar ${short(calendar)}`)
      const said = (body(chat).assistantMessage as { content?: unknown } | undefined)?.content
      if (chat.status !== 200 || typeof said !== 'string' || !said)
        fail(kind, `the chat answered ${chat.status} ${short(chat.body)}`)
    }
    const [health] = await during.stop()
    const held = loopHeld(loopFile, from, Date.now())

    // The reader recovers: an ordinary feed still reads after the hostile ones.
    await user.request('PUT', '/api/datasources/calendar', { configuration: { icsUrl: ics.calendarUrl } })
    const ordinary = await user.request('POST', '/api/datasources/calendar/test')
    if (body(ordinary).message !== '3 events today in Family')
      problems.push(`the ordinary feed afterwards answered ${ordinary.status} ${short(ordinary.body)}`)

    const p99 = percentile(health!.times, 99)
    if (judged && p99 > HEALTHZ_P99) problems.push(`/healthz p99 over ${HEALTHZ_P99} ms`)
    if ((held[0] ?? 0) > LOOP_HOLD) problems.push(`the main thread held its loop over ${LOOP_HOLD} ms`)
    const failures = [...health!.statuses].filter(([status]) => status !== 200)
    if (failures.length)
      problems.push(`/healthz non-200: ${failures.map(([s, n]) => `${n}×${s}`).join(', ')}`)
    const errors = errorLines(logFile)
    if (errors.length) problems.push(`${errors.length} error lines in the log: ${errors[0]!.slice(0, 200)}`)

    const detail =
      `/healthz p99 ${ms(p99)} max ${ms(Math.max(...health!.times))} (${health!.times.length} samples; ` +
      `at rest p99 ${ms(idleP99)})${judged ? '' : ` (budget ${HEALTHZ_P99} ms reported, not judged)`}; ` +
      `main thread's longest holds ${held.slice(0, 3).map(ms).join(', ') || 'none over 5 ms'} CPU; ` +
      `${figures.join('; ')}` +
      (problems.length ? `; ${problems.join('; ')}` : '')
    return {
      check: `hostile ICS feeds (${kinds.length}) beside /healthz`,
      engine,
      ok: problems.length === 0,
      detail,
      load: {
        requests: health!.times.length + kinds.length * 3,
        held: (!judged || p99 <= HEALTHZ_P99) && (held[0] ?? 0) <= LOOP_HOLD,
      },
      badInputs: { tried: kinds.length, refused: kinds.length - failedKinds.size },
    }
  } finally {
    await server.stop()
    await store.drop()
  }
}
