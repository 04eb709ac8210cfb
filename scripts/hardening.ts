// `npm run test:hardening`: the hardening scenarios (apps/server/hardening/scenarios/*.ts, in name order)
// against the production server on loopback, on PGlite and PostgreSQL, ending with one table: load held,
// faults survived, bad inputs tried, writes lost. A scenario is a module whose default export is
// defineScenario({ name, run }) returning rows (apps/server/hardening/lib/scenario.ts); adding one is adding a file.
//
//   HARDENING_ENGINES=pglite,postgres   HARDENING_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
//   --only=load,crash (or HARDENING_ONLY)   --quick (or HARDENING_QUICK=1: CI's shorter settings)
//   HARDENING_TIMEOUT_S (default 900: the quick run takes ~430 s on two quiet cores, 1.5 times that on a slow
//   machine; the whole run stops itself past it)   HARDENING_KEEP=1
//   Scenario options are listed at the top of each scenario.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'
import type { Context, Engine, Row, Scenario } from '../apps/server/hardening/lib/scenario.ts'
import { killAllServers } from '../apps/server/hardening/lib/server.ts'

const scenariosDir = fileURLToPath(new URL('../apps/server/hardening/scenarios/', import.meta.url))
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const only = (arg('only') ?? process.env.HARDENING_ONLY ?? '').split(',').filter(Boolean)
const quick = process.argv.includes('--quick') || process.env.HARDENING_QUICK === '1'
const engines = (process.env.HARDENING_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean) as Engine[]
const postgresUrl =
  process.env.HARDENING_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres'
const timeoutS = Number(process.env.HARDENING_TIMEOUT_S ?? 900)
const workDir = mkdtempSync(join(tmpdir(), 'remi-hardening-'))
const started = performance.now()

interface Result extends Row {
  scenario: string
}
const results: Result[] = []

const context: Context = {
  engines,
  postgresUrl,
  workDir,
  quick,
  log: (message) =>
    console.log(`  [${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`),
}

const watchdog = setTimeout(() => {
  results.push({
    scenario: 'runner',
    check: `the whole run within ${timeoutS} s`,
    engine: '-',
    ok: false,
    detail: 'stopped: over time (the scenarios still running were cut short)',
  })
  void finish(1)
}, timeoutS * 1000)
watchdog.unref()

async function main() {
  if (engines.includes('postgres')) {
    const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 })
    try {
      await client.connect()
      await client.end()
    } catch (error) {
      console.error(`PostgreSQL at ${postgresUrl} is not reachable (${(error as Error).message}).`)
      console.error('Start it, or run PGlite alone with HARDENING_ENGINES=pglite.')
      results.push({
        scenario: 'runner',
        check: 'PostgreSQL reachable',
        engine: 'postgres',
        ok: false,
        detail: String(error),
      })
      return finish(1)
    }
  }
  const files = readdirSync(scenariosDir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
  console.log(`Hardening: ${engines.join(' and ')}${quick ? ' (quick)' : ''}; work directory ${workDir}`)
  for (const file of files) {
    const scenario = (await import(pathToFileURL(join(scenariosDir, file)).href)).default as Scenario
    if (only.length && !only.includes(scenario.name)) continue
    console.log(`\n${scenario.name}`)
    const t = performance.now()
    try {
      const rows = await scenario.run(context)
      for (const row of rows) {
        results.push({ scenario: scenario.name, ...row })
        console.log(`  ${row.ok ? 'held  ' : 'FAILED'} ${row.check} [${row.engine}]: ${row.detail}`)
      }
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
      results.push({
        scenario: scenario.name,
        check: 'ran to the end',
        engine: '-',
        ok: false,
        detail: detail.split('\n')[0]!,
      })
      console.log(`  FAILED ${scenario.name} threw: ${detail}`)
    }
    console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`)
  }
  await finish(0)
}

let finishing = false
async function finish(code: number) {
  if (finishing) return
  finishing = true
  await killAllServers()
  printTable()
  if (!process.env.HARDENING_KEEP) rmSync(workDir, { recursive: true, force: true })
  else console.log(`kept ${workDir}`)
  const failed = results.filter((r) => !r.ok).length
  console.log(`hardening: ${results.length - failed} passed, ${failed} failed`)
  process.exit(failed > 0 || code !== 0 || results.length === 0 ? 1 : 0)
}

function printTable() {
  const n = (v: number) => v.toLocaleString('en')
  const cell = (rows: Result[]) => {
    const load = rows.filter((r) => r.load)
    const faults = rows.filter((r) => r.faults)
    const inputs = rows.filter((r) => r.badInputs)
    const writes = rows.filter((r) => r.writes)
    const sum = <T>(items: T[], f: (t: T) => number) => items.reduce((a, t) => a + f(t), 0)
    return [
      load.length
        ? `${load.filter((r) => r.load!.held).length}/${load.length} (${n(sum(load, (r) => r.load!.requests))} requests)`
        : '-',
      faults.length
        ? `${n(sum(faults, (r) => r.faults!.survived))}/${n(sum(faults, (r) => r.faults!.injected))}`
        : '-',
      inputs.length
        ? `${n(sum(inputs, (r) => r.badInputs!.tried))} (${n(sum(inputs, (r) => r.badInputs!.tried - r.badInputs!.refused))} not refused)`
        : '-',
      writes.length
        ? `${n(sum(writes, (r) => r.writes!.lost))} of ${n(sum(writes, (r) => r.writes!.checked))}`
        : '-',
      `${rows.filter((r) => r.ok).length}/${rows.length}`,
    ]
  }
  const header = ['', 'Load held', 'Faults survived', 'Bad inputs tried', 'Writes lost', 'Checks held']
  const lines = [
    ...engines.map((e) => [e, ...cell(results.filter((r) => r.engine === e))]),
    ...(results.some((r) => r.engine === '-')
      ? [['either', ...cell(results.filter((r) => r.engine === '-'))]]
      : []),
    ['total', ...cell(results)],
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  const failed = results.filter((r) => !r.ok)
  console.log(`\nHardening summary (${((performance.now() - started) / 1000).toFixed(0)} s)`)
  for (const r of failed) console.log(`  FAILED ${r.scenario}: ${r.check} [${r.engine}]: ${r.detail}`)
  console.log(format(header))
  console.log(format(widths.map((w) => '-'.repeat(w))))
  for (const line of lines) console.log(format(line))
}

await main()
