/**
 * Load (issue 13, Deliver 1): many clients for a while, mixed reads and writes across 20 people signed in
 * through the built-in identity provider, against the production server on each engine. Holds when every
 * answer is as designed and every acknowledged write is afterwards in the database with its content.
 * Designed refusals (429) are counted apart: chat's 20 sends a minute per person may refuse only what a
 * person sent beyond them (how many more they try depends on how fast everything else answers, so their
 * share says nothing), and one person's searches two at once must stay under half of the searches.
 *
 *   HARDENING_LOAD_CLIENTS (200)  HARDENING_LOAD_SECONDS (60; 20 with --quick)  HARDENING_LOAD_USERS (20)
 */
import { join } from 'node:path'
import { CHAT_LIMITS } from '@remi/shared'
import { signInMany, type Answer, type User } from '../lib/client.ts'
import { Ledger } from '../lib/ledger.ts'
import { memoryText, random } from '../lib/memories.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { errorLines, startServer } from '../lib/server.ts'
import { ms, numberFrom, percentile } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'

const SEARCH_WORDS = ['garden', 'dentist', 'budget', 'flight', 'recipe', 'guitar', 'zzz-nothing']
const TAGS = ['work', 'home', 'health', 'family']

interface Operation {
  name: string
  weight: number
  /** Statuses that are the design's answer; anything else is an error. */
  expected: number[]
  /** Designed refusals: counted, not errors. */
  intended?: number[]
  /** A rate limit's answers a minute per person: its refusals are designed only beyond them. */
  perPersonPerMinute?: number
  run(user: User, n: number, ledger: Ledger, next: () => number): Promise<Answer>
}

const operations: Operation[] = [
  {
    name: 'memories page',
    weight: 20,
    expected: [200],
    run: (user, n) => user.request('GET', `/api/memories?page=${1 + (n % 3)}`),
  },
  {
    name: 'memories search',
    weight: 15,
    expected: [200],
    // One person's searches run two at once and the rest wait up to 3 s for their turn (lib/user-limit.ts):
    // ten clients searching as one person on a saturated machine meet that limit by design.
    intended: [429],
    run: (user, n) =>
      user.request('GET', `/api/memories?searchTerm=${SEARCH_WORDS[n % SEARCH_WORDS.length]}`),
  },
  {
    name: 'memory create',
    weight: 20,
    expected: [201],
    async run(user, n, ledger, next) {
      const text = memoryText(next, `load-${user.email}-${n}`)
      const tags = TAGS.filter(() => next() < 0.3)
      const answer = await user.request('POST', '/api/memories', { text, tags })
      const id = (answer.body as { id?: string } | null)?.id
      if (answer.status === 201 && id) ledger.memory({ id, email: user.email, text, tags })
      return answer
    },
  },
  {
    name: 'chat send (offline)',
    weight: 10,
    expected: [200],
    intended: [429],
    perPersonPerMinute: CHAT_LIMITS.sendsPerMinute,
    async run(user, n, ledger) {
      const content =
        n % 2 ? `What do I have about the garden? (${n})` : `remember load note ${n} for ${user.email} #load`
      const answer = await user.request('POST', '/api/chat/send', { content })
      const body = answer.body as {
        userMessage?: { id: string }
        assistantMessage?: { id: string; content: string }
      } | null
      if (answer.status === 200 && body?.userMessage && body.assistantMessage) {
        ledger.message({ id: body.userMessage.id, email: user.email, content })
        ledger.message({
          id: body.assistantMessage.id,
          email: user.email,
          content: body.assistantMessage.content,
        })
      }
      return answer
    },
  },
  {
    name: 'chat history',
    weight: 5,
    expected: [200],
    run: (user) => user.request('GET', '/api/chat/history'),
  },
  {
    name: 'dashboard stats',
    weight: 15,
    expected: [200],
    run: (user) => user.request('GET', '/api/dashboard/stats'),
  },
  {
    name: 'dashboard briefing',
    weight: 15,
    expected: [200],
    run: (user) => user.request('GET', '/api/dashboard/briefing'),
  },
]

export default defineScenario({
  name: 'load',
  async run(context) {
    const rows: Row[] = []
    for (const engine of context.engines) rows.push(await runOn(context, engine))
    return rows
  },
})

interface Tally {
  count: number
  errors: number
  intended: number
  times: number[]
  statuses: Map<number, number>
  /** Per person: how many they sent, and how many were answered as expected. */
  people: Map<string, { sent: number; answered: number }>
}

async function runOn(context: Context, engine: Engine): Promise<Row> {
  const clients = numberFrom('HARDENING_LOAD_CLIENTS', 200)
  const seconds = numberFrom('HARDENING_LOAD_SECONDS', context.quick ? 20 : 60)
  const people = numberFrom('HARDENING_LOAD_USERS', 20)
  const check = `${clients} clients × ${seconds} s, ${people} people`
  const store = await createStore(context, engine, 'load')
  const logFile = join(context.workDir, `load-${engine}.log`)
  const server = await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl, logFile })
  const ledger = new Ledger()
  const tallies = new Map<string, Tally>(
    operations.map((o) => [
      o.name,
      { count: 0, errors: 0, intended: 0, times: [], statuses: new Map(), people: new Map() },
    ]),
  )
  const errorSamples: string[] = []
  try {
    const users = await signInMany(
      server.baseUrl,
      Array.from({ length: people }, (_, i) => `load${i + 1}@example.test`),
    )
    context.log(`${engine}: ${people} signed in; ${clients} clients for ${seconds} s`)
    const totalWeight = operations.reduce((a, o) => a + o.weight, 0)
    const deadline = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const next = random(1000 + c)
        const user = users[c % users.length]!
        // Bounded by time, and by count in case every answer were instant.
        for (let n = 0; performance.now() < deadline && n < 100_000; n++) {
          let pick = next() * totalWeight
          const op = operations.find((o) => (pick -= o.weight) < 0) ?? operations[0]!
          const answer = await op.run(user, c * 100_000 + n, ledger, next)
          const tally = tallies.get(op.name)!
          tally.count += 1
          tally.times.push(answer.ms)
          tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
          const person = tally.people.get(user.email) ?? { sent: 0, answered: 0 }
          person.sent += 1
          if (op.expected.includes(answer.status)) person.answered += 1
          tally.people.set(user.email, person)
          if (op.intended?.includes(answer.status)) tally.intended += 1
          else if (!op.expected.includes(answer.status)) {
            tally.errors += 1
            if (errorSamples.length < 5)
              errorSamples.push(`${op.name} ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`)
          }
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    await server.stop()

    const database = await store.open()
    let verified: Awaited<ReturnType<Ledger['verify']>>
    try {
      verified = await ledger.verify(database)
    } finally {
      await database.close()
    }

    const all = [...tallies.values()]
    const requests = all.reduce((a, t) => a + t.count, 0)
    const errors = all.reduce((a, t) => a + t.errors, 0)
    const intended = all.reduce((a, t) => a + t.intended, 0)
    const times = all.flatMap((t) => t.times)
    const logErrors = errorLines(logFile)
    for (const [name, t] of tallies)
      context.log(
        `  ${name.padEnd(20)} ${String(t.count).padStart(6)}  p50 ${ms(percentile(t.times, 50)).padStart(7)}  ` +
          `p99 ${ms(percentile(t.times, 99)).padStart(8)}  ${[...t.statuses].map(([s, n]) => `${n}×${s}`).join(' ')}`,
      )
    const problems = [
      errors ? `${errors} errors (${errorSamples.join(' | ')})` : '',
      verified.lost ? `${verified.lost} acknowledged writes lost (${verified.examples.join(' | ')})` : '',
      logErrors.length ? `${logErrors.length} error lines in the log: ${logErrors[0]!.slice(0, 200)}` : '',
      ledger.size === 0 ? 'no write was acknowledged' : '',
      ...operations.map((op) => refusalProblem(op, tallies.get(op.name)!)),
    ].filter(Boolean)
    return {
      check,
      engine,
      ok: problems.length === 0,
      detail:
        `${requests} requests (${(requests / elapsed).toFixed(0)}/s), p50 ${ms(percentile(times, 50))} ` +
        `p99 ${ms(percentile(times, 99))}, ${errors} errors, ${intended} intended 429s, ` +
        `${verified.checked} acknowledged writes checked` +
        (problems.length ? `; ${problems.join('; ')}` : ''),
      load: { requests, held: errors === 0 },
      writes: { checked: verified.checked, lost: verified.lost },
    }
  } finally {
    await server.stop()
    await store.drop()
  }
}

/**
 * What a designed refusal says of an operation, or '' when it held: a rate limit refused a person
 * within their allowance; or an operation without one refused more often than it answered.
 */
function refusalProblem(op: Operation, t: Tally): string {
  if (op.perPersonPerMinute !== undefined) {
    const short = [...t.people].filter(([, p]) => p.answered < Math.min(p.sent, op.perPersonPerMinute!))
    return short.length
      ? `${op.name} refused ${short.length} people within their ${op.perPersonPerMinute} a minute (${short[0]![0]}: ${short[0]![1].answered} answered of ${short[0]![1].sent})`
      : ''
  }
  return t.intended * 2 > t.count ? `${op.name} refused ${t.intended} times of ${t.count}` : ''
}
