/**
 * Crash (issue 13, Deliver 2): kill -9 of the production server during acknowledged writes (memories and
 * chat), during an import and during a briefing generation, then a restart on the same DATA_DIR (or the
 * same PostgreSQL database): start-up is clean, sessions still work, every acknowledged write is there
 * and the import is all or nothing.
 *
 *   HARDENING_CRASH_IMPORT (20 000 memories; 5 000 with --quick)
 */
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { startOpenAIFake } from '../../src/test/fakes/openai.ts'
import { signInMany, type User } from '../lib/client.ts'
import { Ledger, writesRow } from '../lib/ledger.ts'
import { exportFile, memoryText, random } from '../lib/memories.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { errorLines, logSize, startServer, type RunningServer, type ServerOptions } from '../lib/server.ts'
import { ms, numberFrom, sleep } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'

export default defineScenario({
  name: 'crash',
  async run(context) {
    const rows: Row[] = []
    for (const engine of context.engines) rows.push(...(await runOn(context, engine)))
    return rows
  },
})

/** What a restart after kill -9 must show: ready, a clean log, every session still signed in. */
async function restart(options: ServerOptions, users: User[]) {
  const from = logSize(options.logFile)
  const server = await startServer(options)
  const problems: string[] = []
  const logErrors = errorLines(options.logFile, from)
  if (logErrors.length)
    problems.push(`start-up logged ${logErrors.length} errors: ${logErrors[0]!.slice(0, 200)}`)
  for (const user of users) {
    const me = await user.at(server.baseUrl).request('GET', '/api/auth/user')
    if (me.status !== 200) problems.push(`${user.email}'s session answered ${me.status} after the restart`)
  }
  return { server, problems, readyMs: server.readyMs }
}

async function runOn(context: Context, engine: Engine): Promise<Row[]> {
  const importSize = numberFrom('HARDENING_CRASH_IMPORT', context.quick ? 5_000 : 20_000)
  const store = await createStore(context, engine, 'crash')
  const logFile = join(context.workDir, `crash-${engine}.log`)
  const base: ServerOptions = { dataDir: store.dataDir, databaseUrl: store.databaseUrl, logFile }
  const ai = await startOpenAIFake()
  const ledger = new Ledger()
  const rows: Row[] = []
  let server: RunningServer = await startServer(base)
  const options = { ...base, port: server.port }
  try {
    const users = await signInMany(
      server.baseUrl,
      Array.from({ length: 4 }, (_, i) => `crash${i + 1}@example.test`),
    )

    // 1. Writes in flight: 16 writers until kill -9 at a moment none of them chose.
    {
      let stop = false
      let acknowledged = 0
      const writers = Array.from({ length: 16 }, async (_, w) => {
        const user = users[w % users.length]!.at(server.baseUrl)
        const next = random(77 + w)
        for (let n = 0; !stop && n < 10_000; n++) {
          if (n % 4 === 3) {
            const content = `remember crash note ${w}-${n} #crash`
            const answer = await user.request('POST', '/api/chat/send', { content }, 10_000)
            const body = answer.body as {
              userMessage?: { id: string }
              assistantMessage?: { id: string; content: string }
            }
            if (answer.status === 200 && body.userMessage && body.assistantMessage) {
              ledger.message({ id: body.userMessage.id, email: user.email, content })
              ledger.message({
                id: body.assistantMessage.id,
                email: user.email,
                content: body.assistantMessage.content,
              })
              acknowledged += 2
            }
          } else {
            const text = memoryText(next, `crash-${w}-${n}`)
            const answer = await user.request('POST', '/api/memories', { text, tags: ['crash'] }, 10_000)
            const id = (answer.body as { id?: string } | null)?.id
            if (answer.status === 201 && id) {
              ledger.memory({ id, email: user.email, text, tags: ['crash'] })
              acknowledged += 1
            }
          }
        }
      })
      await sleep(1500 + Math.floor(Math.random() * 1500))
      await server.kill()
      stop = true
      await Promise.all(writers)
      const again = await restart(options, users)
      server = again.server
      rows.push({
        check: 'kill -9 during writes',
        engine,
        ok: again.problems.length === 0 && acknowledged > 0,
        detail:
          `${acknowledged} writes acknowledged before the kill; restart ready in ${ms(again.readyMs)}` +
          (again.problems.length ? `; ${again.problems.join('; ')}` : ''),
        faults: { injected: 1, survived: again.problems.length === 0 ? 1 : 0 },
      })
    }

    // 2. An import: one acknowledged whole, then one killed half way through its measured time; both are
    // counted in the database at the end.
    const importer = users[0]!
    const first = JSON.stringify(exportFile(importSize, 11, 'doneimport'))
    const t = performance.now()
    const done = await importer.at(server.baseUrl).request('POST', '/api/memories/import', first, 300_000)
    const took = performance.now() - t
    const second = JSON.stringify(exportFile(importSize, 12, 'cutimport'))
    const countNow = async () =>
      (
        (await importer.at(server.baseUrl).request('GET', '/api/memories?pageSize=1')).body as {
          totalCount?: number
        }
      ).totalCount ?? 0
    const before = await countNow()
    const sent = performance.now()
    const pending = importer.at(server.baseUrl).request('POST', '/api/memories/import', second, 300_000)
    let finished = false
    void pending.then(() => (finished = true))
    // Half its measured time, or sooner once its first steps show (PGlite writes it in steps): either way
    // the kill lands while it runs.
    let writtenAtKill = 0
    while (!finished && performance.now() - sent < took / 2) {
      writtenAtKill = (await countNow()) - before
      if (writtenAtKill > 0) break
      await sleep(25)
    }
    const killAt = performance.now() - sent
    await server.kill()
    const cut = await pending
    const afterImport = await restart(options, users)
    server = afterImport.server

    // 3. A briefing generation: the model takes the request and never answers; kill -9 meanwhile.
    {
      await server.stop()
      for (let i = 0; i < users.length * 3; i++) ai.enqueue({ kind: 'hang' })
      const withModel = { ...options, env: { ...ai.env, ALLOW_PRIVATE_NETWORK_URLS: 'true' } }
      server = await startServer(withModel)
      const generating = users.map((u) =>
        u.at(server.baseUrl).request('GET', '/api/dashboard/briefing', undefined, 60_000),
      )
      const deadline = performance.now() + 10_000
      while (ai.requests.length < users.length && performance.now() < deadline) await sleep(20)
      const inFlight = ai.requests.length
      await server.kill()
      await Promise.all(generating)
      const again = await restart(options, users)
      server = again.server
      const problems = [...again.problems]
      if (inFlight === 0) problems.push('no generation had reached the model before the kill')
      // Each person's generation waits on the model alone: one must never hold back another's.
      else if (inFlight < users.length)
        problems.push(
          `only ${inFlight} of ${users.length} people's generations reached the model: they waited for each other`,
        )
      for (const user of users) {
        const answer = await user
          .at(server.baseUrl)
          .request('GET', '/api/dashboard/briefing', undefined, 60_000)
        const content = (answer.body as { content?: string } | null)?.content
        if (answer.status !== 200 || !content)
          problems.push(
            `${user.email}'s briefing after the restart answered ${answer.status} (${JSON.stringify(answer.body).slice(0, 100)})`,
          )
      }
      rows.push({
        check: 'kill -9 during a briefing generation',
        engine,
        ok: problems.length === 0,
        detail:
          `${inFlight} generations waiting on the model at the kill; restart ready in ${ms(again.readyMs)}, ` +
          `every briefing answered after it` +
          (problems.length ? `; ${problems.join('; ')}` : ''),
        faults: { injected: 1, survived: problems.length === 0 ? 1 : 0 },
      })
    }

    await server.stop()
    const database = await store.open()
    try {
      const [doneCount, cutCount] = await Promise.all(
        ['doneimport', 'cutimport'].map(async (marker) => {
          const result = await database.db.execute(
            sql`select count(*)::int as n from memories where text like ${`%${marker}-%`}`,
          )
          return (result as unknown as { rows: { n: number }[] }).rows[0]!.n
        }),
      )
      const problems = [...afterImport.problems]
      if (done.status !== 200) problems.push(`the first import answered ${done.status}`)
      else if (doneCount !== importSize)
        problems.push(`the acknowledged import has ${doneCount} of ${importSize}`)
      if (cutCount !== 0 && cutCount !== importSize)
        problems.push(`the killed import left ${cutCount} of ${importSize}: not all or nothing`)
      if (cut.status === 200 && cutCount !== importSize)
        problems.push('the killed import was acknowledged but is not whole')
      rows.push({
        check: 'kill -9 during an import',
        engine,
        ok: problems.length === 0,
        detail:
          `an import of ${importSize} took ${ms(took)}; the next, killed at ${ms(killAt)}` +
          `${writtenAtKill > 0 ? ` with ${writtenAtKill} of its rows already written` : ''}, left ` +
          `${cutCount === 0 ? 'nothing' : cutCount === importSize ? 'everything' : cutCount}` +
          `${cut.status === 200 ? ' (it had finished)' : ''}; restart ready in ${ms(afterImport.readyMs)}` +
          (problems.length ? `; ${problems.join('; ')}` : ''),
        faults: { injected: 1, survived: problems.length === 0 ? 1 : 0 },
        ...(done.status === 200
          ? { writes: { checked: importSize, lost: Math.max(0, importSize - doneCount!) } }
          : {}),
      })
      const verified = await ledger.verify(database)
      rows.push(writesRow('acknowledged writes after three kills', engine, verified))
    } finally {
      await database.close()
    }
    return rows
  } finally {
    await server.stop()
    await ai.close()
    await store.drop()
  }
}
