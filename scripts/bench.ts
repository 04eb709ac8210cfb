// `npm run bench`: runs every benchmark under apps/server/bench in turn (they print their own figures).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('../apps/server/bench', import.meta.url))
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.ts')) : []
if (!files.length) {
  console.error('No benchmarks found in apps/server/bench')
  process.exit(1)
}
for (const file of files.sort()) {
  console.log(`\n== ${file}`)
  const status = spawnSync(process.execPath, [`${dir}/${file}`], { stdio: 'inherit' }).status
  if (status !== 0) process.exit(status ?? 1)
}
