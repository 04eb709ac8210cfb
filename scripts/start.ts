// `npm start`: build the web app when its build is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const web = join(root, 'apps/web')
const builtIndex = join(web, 'dist/index.html')

function newestMtime(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0)
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(web, p)).filter(existsSync)
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs
if (stale) {
  console.log('Building the web app (first start or sources changed)...')
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

await import('../apps/server/src/main.ts')
