// `npm run bench:recall`: the recall benchmark (apps/server/bench/recall/run.ts): LoCoMo's development half
// and a personal-notes set through the chat route beside BM25 peers, and recall latency at 100 000
// memories; tables with the budgets, bench/recall-results.json, and the misses in bench/recall-misses-*.txt.
// `npm run bench:recall -- --smoke`: CI's small version (one conversation, the notes, 2 000 memories).
// Options are environment variables, listed at the top of run.ts (RECALL_MODE=direct for a quick look).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const run = fileURLToPath(new URL('../apps/server/bench/recall/run.ts', import.meta.url))
const status = spawnSync(process.execPath, [run, ...process.argv.slice(2)], { stdio: 'inherit' }).status
process.exit(status ?? 1)
