// `npm run bench`: the speed report (apps/server/bench/run.ts): one table of every figure beside its budget,
// written to bench/results.json too. `npm run bench:smoke` (or --smoke): the small version CI runs, 1 000
// memories, nothing judged on time. Options are environment variables, listed at the top of run.ts.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const run = fileURLToPath(new URL('../apps/server/bench/run.ts', import.meta.url))
const status = spawnSync(process.execPath, [run, ...process.argv.slice(2)], { stdio: 'inherit' }).status
process.exit(status ?? 1)
