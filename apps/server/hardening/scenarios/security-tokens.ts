/**
 * Tokens past privacy and passwords (issue 43, items 3–9 and 12), against the production server on each
 * engine, one row each:
 *   - A read-only personal access token never reads a private memory over REST (lists, search, tags,
 *     export, one memory, its reminder, the dashboard's counts) and cannot open the event stream.
 *   - Access tokens end with a password change (unless kept) and with "sign out everywhere else".
 *   - Wrong current passwords on the change-password route are counted: the sixth is a 429, the right one too.
 *   - With sign-ups closed, "Create account" answers a known e-mail as an unknown one.
 *   - An invitation link's token never reaches the log (at debug, every request logged).
 *   - Another person's push endpoint is not taken over without its keys.
 *   - No e-mail to an unverified address; the verification link works once.
 *   - A session opens at most 5 event streams: the sixth is a 429 in words.
 */
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { Browser } from '../../src/test/http-client.ts'
import { startProductionServer, type ProductionServer } from '../../src/test/production-server.ts'
import { startFakeSmtp } from '../../src/test/fakes/smtp.ts'
import { localSignInForm, TEST_PASSWORD } from '../../src/test/sign-in.ts'
import { signIn, type User } from '../lib/client.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { createStore } from '../lib/stores.ts'

const SECRET = 'zanzibar'

export default defineScenario({
  name: 'security-tokens',
  async run(context) {
    const rows: Row[] = []
    for (const engine of context.engines) rows.push(...(await runOn(context, engine)))
    return rows
  },
})

async function runOn(context: Context, engine: Engine): Promise<Row[]> {
  const store = await createStore(context, engine, 'security-tokens')
  const smtp = await startFakeSmtp()
  const logFile = join(context.workDir, `security-tokens-${engine}.log`)
  const options = {
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    logFile,
    sessionSecret: 'hardening-security-tokens-secret-0123456789',
    env: { LOG_LEVEL: 'debug', SMTP_URL: smtp.url, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
  }
  const rows: Row[] = []
  const row = (check: string, failures: string[], detail: string, tried: number) =>
    rows.push({
      check,
      engine,
      ok: failures.length === 0,
      detail: [detail, ...failures].join('; ').slice(0, 400),
      badInputs: { tried, refused: tried - Math.min(failures.length, tried) },
    })
  let server: ProductionServer | null = await startProductionServer(options)
  try {
    const base = server.baseUrl
    const owner = await signIn(base, `tokens-owner-${engine}@example.test`)
    const stranger = await signIn(base, `tokens-stranger-${engine}@example.test`)
    row(...(await tokenScope(base, owner)))
    row(...(await tokensEnd(base, owner)))
    row(...(await passwordGuesses(owner)))
    row(...(await invitationLog(owner, logFile)))
    row(...(await pushTakeover(owner, stranger)))
    row(...(await verification(owner, smtp)))
    row(...(await eventStreams(base, owner)))
    await server.stop()
    // Sign-ups closed for the next start: the known-or-unknown e-mail probe.
    server = await startProductionServer({
      ...options,
      port: server.port,
      env: { ...options.env, LOCAL_SIGNUP: 'closed' },
    })
    row(...(await signUpProbe(server.baseUrl, owner.email)))
  } finally {
    await server?.stop()
    await smtp.close()
    await store.drop()
  }
  return rows
}

type Result = [check: string, failures: string[], detail: string, tried: number]

const bearer = (base: string, token: string, path: string) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' })

async function mint(user: User, scope: 'read' | 'write'): Promise<string> {
  const res = await user.request('POST', '/api/auth/tokens', { name: `hardening ${scope}`, scope })
  return (res.body as { token: string }).token
}

async function tokenScope(base: string, owner: User): Promise<Result> {
  const failures: string[] = []
  const memory = await owner.request('POST', '/api/memories', {
    text: 'Zanzibar safe code 7731',
    tags: ['zanzibar-vault'],
    private: true,
  })
  const id = (memory.body as { id: string }).id
  const reminder = await owner.request('POST', '/api/reminders', {
    text: 'Zanzibar safe code 7731',
    dueAt: new Date(Date.now() + 3_600_000).toISOString(),
    memoryId: id,
  })
  const reminderId = (reminder.body as { id: string }).id
  const token = await mint(owner, 'read')
  const paths = [
    '/api/memories',
    '/api/memories?searchTerm=zanzibar',
    '/api/memories?tags=zanzibar-vault',
    '/api/memories/tags',
    '/api/memories/export',
    '/api/memories/export?format=markdown',
    `/api/memories/${id}`,
    `/api/memories/${id}/changes`,
    '/api/reminders',
    `/api/reminders/${reminderId}`,
    '/api/dashboard/stats',
    '/api/chat/history',
  ]
  for (const path of paths) {
    const res = await bearer(base, token, path)
    const text = await res.text()
    if (res.status >= 500) failures.push(`${path}: ${res.status}`)
    if (text.toLowerCase().includes(SECRET)) failures.push(`${path} showed the private memory`)
  }
  const events = await bearer(base, token, '/api/events')
  await events.body?.cancel()
  if (events.status !== 403) failures.push(`/api/events answered a token ${events.status}`)
  return [
    'a read-only token reads no private memory over REST (lists, search, tags, export, reminders, stats)',
    failures,
    `${paths.length + 1} token reads of a private memory, its tags and its reminder`,
    paths.length + 1,
  ]
}

async function tokensEnd(base: string, owner: User): Promise<Result> {
  const failures: string[] = []
  const works = async (token: string) => (await bearer(base, token, '/api/auth/user')).status === 200
  const kept = await mint(owner, 'write')
  const change = (from: string, to: string, keep: boolean) =>
    owner.request('PUT', '/api/auth/password', {
      currentPassword: from,
      newPassword: to,
      keepAccessTokens: keep,
    })
  const a = await change(TEST_PASSWORD, 'hardening-password-one', true)
  if (a.status !== 200 || !(await works(kept))) failures.push(`kept through a change: ${a.status}`)
  const b = await change('hardening-password-one', TEST_PASSWORD, false)
  if (b.status !== 200 || (await works(kept)))
    failures.push(`a change without keeping left the token working (${b.status})`)
  const stolen = await mint(owner, 'write')
  const out = await owner.request('DELETE', '/api/auth/sessions')
  if (out.status !== 200 || (await works(stolen)))
    failures.push('"sign out everywhere else" left a token working')
  return [
    'access tokens end with a password change (unless kept) and sign out everywhere else',
    failures,
    '3 token checks',
    3,
  ]
}

async function passwordGuesses(owner: User): Promise<Result> {
  const failures: string[] = []
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) {
    const res = await owner.request('PUT', '/api/auth/password', {
      currentPassword: `guess-number-${i}`,
      newPassword: 'hardening-password-two',
    })
    statuses.push(res.status)
  }
  const right = await owner.request('PUT', '/api/auth/password', {
    currentPassword: TEST_PASSWORD,
    newPassword: 'hardening-password-two',
  })
  statuses.push(right.status)
  if (statuses.join(',') !== '400,400,400,400,400,429') failures.push(`answers ${statuses.join(',')}`)
  const message = (right.body as { message?: string }).message ?? ''
  if (!/^Too many wrong passwords for this account\./.test(message)) failures.push(`says "${message}"`)
  return [
    'wrong current passwords are counted: the 6th is a 429 in words, the right one too',
    failures,
    statuses.join(','),
    6,
  ]
}

async function invitationLog(owner: User, logFile: string): Promise<Result> {
  const created = await owner.request('POST', '/api/auth/invitations')
  const url = (created.body as { url: string }).url
  const token = url.split('/').pop()!
  await (await fetch(url.replace(/^https?:\/\/[^/]+/, owner.baseUrl), { redirect: 'manual' })).text()
  await new Promise((resolve) => setTimeout(resolve, 300))
  const log = readFileSync(logFile, 'utf8')
  const failures = log.includes(token.slice(0, 20)) ? ['the invitation token is in the log'] : []
  if (!log.includes('/oidc/invitation/[redacted]')) failures.push('the request line is missing')
  return [
    'an invitation link is logged without its token (debug level)',
    failures,
    `log ${log.length} bytes`,
    1,
  ]
}

async function pushTakeover(owner: User, stranger: User): Promise<Result> {
  const failures: string[] = []
  const key = (await owner.request('GET', '/api/notifications/vapid-public-key')).body as {
    publicKey: string
  }
  const endpoint = `https://fcm.googleapis.com/fcm/send/hardening-${Date.now()}`
  const keys = { p256dh: key.publicKey, auth: 'b3duZXJzLWF1dGgtc2VjcmV0' }
  const mine = await owner.request('POST', '/api/notifications/subscriptions', { endpoint, keys })
  const taken = await stranger.request('POST', '/api/notifications/subscriptions', {
    endpoint,
    keys: { ...keys, auth: 'c3RyYW5nZXJzLWd1ZXNzLTE' },
  })
  if (mine.status !== 201) failures.push(`the owner's subscribe answered ${mine.status}`)
  if (taken.status !== 409) failures.push(`the takeover answered ${taken.status}`)
  const list = (await owner.request('GET', '/api/notifications/subscriptions')).body as {
    subscriptions: unknown[]
  }
  if (list.subscriptions.length !== 1) failures.push('the owner lost the device')
  return [
    "another person's push endpoint is not taken over without its keys (409)",
    failures,
    `takeover ${taken.status}`,
    1,
  ]
}

async function verification(owner: User, smtp: Awaited<ReturnType<typeof startFakeSmtp>>): Promise<Result> {
  const failures: string[] = []
  await owner.request('PUT', '/api/auth/user/settings/notifications', { emailReminders: true })
  await owner.request('POST', '/api/reminders', {
    text: 'Unverified',
    dueAt: new Date(Date.now() + 1500).toISOString(),
  })
  await new Promise((resolve) => setTimeout(resolve, 4000))
  const toOwner = () => smtp.mails.filter((m) => m.to.includes(owner.email))
  if (toOwner().length) failures.push('an e-mail went to the unverified address')
  const sent = await owner.request('POST', '/api/auth/user/email-verification')
  if (sent.status !== 202) failures.push(`asking for a link answered ${sent.status}`)
  for (let i = 0; i < 50 && toOwner().length === 0; i++) await new Promise((r) => setTimeout(r, 100))
  const text = (toOwner()[0]?.raw ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=')
  const link = /https?:\/\/\S+\/api\/auth\/email\/verify\?token=[\w-]+/.exec(text)?.[0]
  if (!link) failures.push('no link in the e-mail')
  else {
    const open = async () =>
      (await fetch(link.replace(/^https?:\/\/[^/]+/, owner.baseUrl), { redirect: 'manual' })).headers.get(
        'location',
      ) ?? ''
    if (!(await open()).endsWith('?email=verified')) failures.push('the link did not verify')
    if (!(await open()).endsWith('?email=link-expired')) failures.push('the link worked twice')
  }
  const prefs = (await owner.request('GET', '/api/auth/user/settings/notifications')).body as {
    emailVerified?: boolean
  }
  if (!prefs.emailVerified) failures.push('the address is not verified after the link')
  return [
    'no e-mail to an unverified address; the verification link works once',
    failures,
    `${smtp.mails.length} e-mails`,
    3,
  ]
}

async function eventStreams(base: string, owner: User): Promise<Result> {
  const controllers: AbortController[] = []
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const controller = new AbortController()
    controllers.push(controller)
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: owner.cookie },
      signal: controller.signal,
    })
    statuses.push(res.status)
    if (res.status !== 200) await res.text()
  }
  for (const c of controllers) c.abort()
  const failures = statuses.join(',') === '200,200,200,200,200,429' ? [] : [`answers ${statuses.join(',')}`]
  return ['a session opens at most 5 event streams: the 6th is a 429', failures, statuses.join(','), 1]
}

async function signUpProbe(base: string, known: string): Promise<Result> {
  const answer = async (email: string) => {
    const browser = new Browser()
    const start = await browser.follow(`${base}/api/auth/login/google`)
    await start.res.arrayBuffer()
    const done = await browser.follow(`${start.url}/login`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm({ email, password: 'a-guess-at-the-password' }, 'signup'),
      },
      stopAt: (location) => !location.startsWith(`${base}/oidc`),
    })
    const text = await done.res.text()
    return `${done.res.status} ${/<p class="error" role="alert">([^<]*)<\/p>/.exec(text)?.[1] ?? ''}`
  }
  const a = await answer(known)
  const b = await answer('nobody-here@example.test')
  const failures = a === b ? [] : [`known: ${a}; unknown: ${b}`]
  return [
    'sign-ups closed: "Create account" answers a known e-mail as an unknown one',
    failures,
    a.slice(0, 60),
    2,
  ]
}
