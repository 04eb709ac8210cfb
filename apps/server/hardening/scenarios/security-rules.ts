/**
 * Reminders' repeat rules and privacy (issue 43, items 1 and 10), on each engine:
 *   - repeat rules rrule would walk to the year 9999 or for seconds ('FREQ=MINUTELY;BYSETPOS=2' never
 *     answered), sent by REST POST, by PATCH of an existing reminder and by MCP create_reminder, while
 *     /healthz is sampled every 20 ms by a process of its own: each is refused in words ("…repeat rule is
 *     too complex…") within REFUSED_MS, the server's main thread holds its loop at most HELD_MS of CPU at
 *     once while it answers them (lib/loop-monitor.ts; holds between them are reported), and /healthz p99
 *     stays under HEALTHZ_P99 (or half that over its p99 at rest, when the machine's other work already
 *     puts it over); a try whose loop figures fail is measured once more and judged by the second (a
 *     hold the rules cause comes back; a collection or the machine's other work seldom lands twice);
 *   - a reminder made from a private memory stays out of MCP's list_reminders after the memory is
 *     deleted and brought back by Undo (the link goes; the privacy must not).
 *
 *   HARDENING_RULES_ROUNDS (3; 10 without --quick): how many times each bad rule is sent by REST (MCP: once)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { signIn, readBody, type Answer, type User } from '../lib/client.ts'
import { sampleInChild, type Sampled } from '../lib/sampler.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { startServer } from '../lib/server.ts'
import { loopHeld, loopMonitorEnv, ms, numberFrom, percentile, sleep } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'

const HEALTHZ_P99 = 100
const HELD_MS = 50
const REFUSED_MS = 2_000
const TOO_COMPLEX = /repeat rule is too complex/i

/** Rules that selected nothing (walked to the year 9999), or whose next time rrule looked for over years. */
const BAD_RULES = [
  'FREQ=MINUTELY;BYSETPOS=2',
  'FREQ=MINUTELY;INTERVAL=5;BYSETPOS=2',
  'FREQ=HOURLY;BYSETPOS=2',
  'FREQ=DAILY;BYSETPOS=2',
  'FREQ=WEEKLY;BYSETPOS=8',
  'FREQ=MONTHLY;BYSETPOS=40',
  'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
  'FREQ=MINUTELY;INTERVAL=5;COUNT=100000',
]

export default defineScenario({
  name: 'security-rules',
  async run(context) {
    const rows: Row[] = []
    for (const engine of context.engines) rows.push(...(await runOn(context, engine)))
    return rows
  },
})

/** One tools/call to /api/mcp with a bearer token. */
async function mcpTool(baseUrl: string, token: string, name: string, args: unknown): Promise<Answer> {
  const started = performance.now()
  try {
    const res = await fetch(`${baseUrl}/api/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
      signal: AbortSignal.timeout(30_000),
    })
    return { status: res.status, body: await readBody(res), ms: performance.now() - started }
  } catch (error) {
    return { status: 0, body: (error as Error).message, ms: performance.now() - started }
  }
}

const text = (answer: Answer) => (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

async function runOn(context: Context, engine: Engine): Promise<Row[]> {
  const rounds = numberFrom('HARDENING_RULES_ROUNDS', context.quick ? 3 : 10)
  const store = await createStore(context, engine, 'security-rules')
  const loopFile = join(context.workDir, `security-rules-${engine}.loop`)
  const server = await startServer({
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    logFile: join(context.workDir, `security-rules-${engine}.log`),
    env: loopMonitorEnv(loopFile),
  })
  const rows: Row[] = []
  try {
    const owner = await signIn(server.baseUrl, 'rules-owner@example.test')
    const minted = await owner.request('POST', '/api/auth/tokens', { name: 'rules', scope: 'write' })
    const token = (minted.body as { token?: string } | null)?.token
    if (minted.status !== 201 || !token) throw new Error(`creating a token answered ${minted.status}`)
    const existing = await owner.request('POST', '/api/reminders', {
      text: 'stretch',
      dueAt: inAnHour(),
      recurrence: 'FREQ=DAILY',
    })
    const reminderId = (existing.body as { id?: string } | null)?.id
    if (existing.status !== 201 || !reminderId) throw new Error(`a reminder answered ${existing.status}`)

    // Each path once with a rule that works and one that does not: their first answers load code.
    for (const rule of ['FREQ=WEEKLY', 'FREQ=DAILY;BYSETPOS=2']) {
      await owner.request('POST', '/api/reminders', { text: 'warm', dueAt: inAnHour(), recurrence: rule })
      await owner.request('PATCH', `/api/reminders/${reminderId}`, { recurrence: 'FREQ=DAILY' })
      await mcpTool(server.baseUrl, token, 'create_reminder', {
        text: 'warm',
        dueAt: inAnHour(),
        recurrence: rule,
      })
    }

    // What this machine gives with nothing else running on the server: the floor under the figure.
    const idle = await sampleInChild(owner, [{ path: '/healthz', everyMs: 20 }])
    await sleep(2000)
    const [idleHealth] = (await idle.stop()) as [Sampled]
    const idleP99 = percentile(idleHealth.times, 99)
    const budget = Math.max(HEALTHZ_P99, idleP99 + HEALTHZ_P99 / 2)

    const paths: Array<[string, (rule: string) => Promise<Answer>, (answer: Answer) => boolean]> = [
      [
        'REST POST',
        (rule) => owner.request('POST', '/api/reminders', { text: 'x', dueAt: inAnHour(), recurrence: rule }),
        (a) => a.status === 400 && TOO_COMPLEX.test(text(a)),
      ],
      [
        'REST PATCH',
        (rule) => owner.request('PATCH', `/api/reminders/${reminderId}`, { recurrence: rule }),
        (a) => a.status === 400 && TOO_COMPLEX.test(text(a)),
      ],
      [
        'MCP create_reminder',
        (rule) =>
          mcpTool(server.baseUrl, token, 'create_reminder', {
            text: 'x',
            dueAt: inAnHour(),
            recurrence: rule,
          }),
        (a) => a.status === 200 && /"isError":\s*true/.test(text(a)) && TOO_COMPLEX.test(text(a)),
      ],
    ]
    type Tally = { n: number; refused: number; slowest: number; wrong: string[] }
    /** The bad rules sent `rounds` times along each path, with /healthz sampled and the loop watched. */
    const measure = async () => {
      const from = Date.now()
      const during = await sampleInChild(owner, [{ path: '/healthz', everyMs: 20 }])
      const sent: Array<{ from: number; to: number; what: string }> = []
      const tried: Record<string, Tally> = {}
      for (let round = 0; round < rounds; round++) {
        for (const rule of BAD_RULES) {
          for (const [name, send, refused] of paths) {
            // MCP's rate limit is a few calls a second: each rule once there.
            if (name.startsWith('MCP') && round > 0) continue
            const sentAt = Date.now()
            const answer = await send(rule)
            sent.push({ from: sentAt, to: Date.now(), what: `${name} ${rule}` })
            const tally = (tried[name] ??= { n: 0, refused: 0, slowest: 0, wrong: [] })
            tally.n += 1
            tally.slowest = Math.max(tally.slowest, answer.ms)
            if (refused(answer) && answer.ms <= REFUSED_MS) tally.refused += 1
            else if (tally.wrong.length < 2)
              tally.wrong.push(`${rule}: ${answer.status} in ${ms(answer.ms)} ${text(answer).slice(0, 120)}`)
          }
        }
      }
      const [health] = (await during.stop()) as [Sampled]
      await sleep(50)
      const held = loopHeld(loopFile, from, Date.now())
      const healthP99 = percentile(health.times, 99)
      // The holds during the bad requests (the monitor writes a hold on its next tick) are the rules'
      // work, judged; others (a collection, the job queue's upkeep) are reported.
      const ticks = readFileSync(loopFile, 'utf8')
        .split('\n')
        .map((line) => line.split(' ').map(Number))
        .filter(([at, cpu]) => at! >= from && Number.isFinite(cpu))
      const inRequests = ticks
        .filter(([at]) => sent.some((r) => r.from <= at! && at! <= r.to + 10))
        .map(([, cpu]) => cpu!)
        .sort((x, y) => y - x)
      const longest = inRequests[0] ?? 0
      const loopProblems = [
        longest > HELD_MS
          ? `the server's loop was held ${ms(longest)} of CPU at once (budget ${HELD_MS})`
          : '',
        healthP99 > budget ? `/healthz p99 ${ms(healthP99)} over ${ms(budget)}` : '',
        [...health.statuses].some(([status]) => status !== 200) ? 'a /healthz probe failed' : '',
      ].filter(Boolean)
      const figures =
        `/healthz p99 ${ms(healthP99)} max ${ms(Math.max(...health.times))} (${health.times.length}; at rest p99 ` +
        `${ms(idleP99)}, budget ${ms(budget)}); main thread's longest holds ` +
        `${inRequests.slice(0, 3).map(ms).join(', ') || 'none over 5 ms'} CPU during the requests, ` +
        `${held.slice(0, 3).map(ms).join(', ') || 'none over 5 ms'} in all`
      return { tried, loopProblems, figures, requests: health.times.length }
    }
    // A hold the rules cause comes back each time; one a collection or the machine's other work makes does
    // not. So a try whose loop figures fail is measured once more, both reported, the second judged (every
    // answer of both must still be a refusal in words).
    const first = await measure()
    const second = first.loopProblems.length ? await measure() : undefined
    const judged = second ?? first
    const { loopProblems } = judged
    const figures = second
      ? `first try: ${first.figures}, ${first.loopProblems.join('; ')}; again: ${second.figures}`
      : first.figures
    const tried: Record<string, Tally> = {}
    for (const one of [first, second]) {
      for (const [name, tally] of Object.entries(one?.tried ?? {})) {
        const sum = (tried[name] ??= { n: 0, refused: 0, slowest: 0, wrong: [] })
        sum.n += tally.n
        sum.refused += tally.refused
        sum.slowest = Math.max(sum.slowest, tally.slowest)
        sum.wrong.push(...tally.wrong)
      }
    }
    for (const [name] of paths) {
      const tally = tried[name]!
      const ok = tally.refused === tally.n && loopProblems.length === 0
      rows.push({
        check: `bad repeat rules by ${name}, refused fast in words`,
        engine,
        ok,
        detail:
          `${tally.refused}/${tally.n} refused (slowest ${ms(tally.slowest)}); ${figures}` +
          (tally.wrong.length ? `; ${tally.wrong.join('; ')}` : '') +
          (loopProblems.length ? `; ${loopProblems.join('; ')}` : ''),
        badInputs: { tried: tally.n, refused: tally.refused },
        load: { requests: judged.requests, held: loopProblems.length === 0 },
      })
    }

    rows.push(await privateAfterUndo(owner, server.baseUrl, token, engine))
  } finally {
    await server.stop()
    await store.drop()
  }
  return rows
}

/** A private memory's reminder, the memory deleted and brought back: MCP's list_reminders must not show it. */
async function privateAfterUndo(owner: User, baseUrl: string, token: string, engine: Engine): Promise<Row> {
  const secret = `clinic results ${Date.now()}`
  const memory = await owner.request('POST', '/api/memories', { text: `Private: ${secret}`, private: true })
  const memoryId = (memory.body as { id?: string } | null)?.id
  const reminder = await owner.request('POST', '/api/reminders', {
    text: `Call about the ${secret}`,
    dueAt: inAnHour(),
    memoryId,
  })
  const deleted = await owner.request('DELETE', `/api/memories/${memoryId}`)
  const undone = await owner.request('POST', `/api/memories/${memoryId}/undo`)
  const listed = await mcpTool(baseUrl, token, 'list_reminders', {})
  const restored = (await owner.request('GET', `/api/reminders/${(reminder.body as { id?: string }).id}`))
    .body as { memoryId?: string | null } | null
  const steps = [memory.status, reminder.status, deleted.status, undone.status, listed.status]
  const leaked = text(listed).includes(secret)
  const ok = steps.join() === '201,201,204,200,200' && !leaked
  return {
    check: "a private memory's reminder after the memory's delete and undo, over MCP",
    engine,
    ok,
    detail:
      `answers ${steps.join(', ')}; the reminder's link after undo: ${restored?.memoryId ?? 'none'}; ` +
      `list_reminders ${leaked ? 'SHOWS the private text' : 'leaves it out'}`,
    badInputs: { tried: 1, refused: leaked ? 0 : 1 },
  }
}
