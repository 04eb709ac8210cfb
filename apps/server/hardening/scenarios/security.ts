/**
 * Security sweep (issue 13, Deliver 5), against the production server on each engine:
 *   - CSRF: every state-changing route under /api, read from the app's route table (so a new route is
 *     covered), with another person's session cookie and no token, a wrong token, a token of another
 *     session → 400; with a valid token from a foreign Origin → 403. Nothing of theirs changes.
 *   - Ownership: every route that names a row (a path :id, a conversationId) with another person's id →
 *     404, and no answer of any GET route carries anything of theirs.
 *   - Fuzzing (fast-check): every route of the table, /oidc/* and /api/mcp included, with odd bodies,
 *     query strings, ids and headers → never a 5xx, never a hung request, no error in the log.
 *   - Stored XSS: payloads in memories, tags, chat, the briefing, token names and the display name stay
 *     text in Chromium (a dialog listener, a script flag, CSP reports and javascript: links prove it).
 *   - Open redirects (returnTo, the OIDC redirect_uri, the SPA's ?returnTo) and SSRF (calendar feed URLs
 *     spelling loopback, link-local and other schemes; a canary listener counts connections) refused.
 *
 *   HARDENING_SECURITY_FUZZ_RUNS (per route; 12, 5 with --quick)   CHROMIUM_PATH (/usr/bin/chromium)
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { chromium } from '@playwright/test'
import { isSafeRedirectPath } from '@remi/shared'
import { buildApp } from '../../src/app.ts'
import { loadEnv } from '../../src/config/env.ts'
import { migrateDatabase, openDatabase } from '../../src/db/client.ts'
import { Browser } from '../../src/test/http-client.ts'
import { localSignInForm } from '../../src/test/sign-in.ts'
import { startOpenMeteoFake } from '../../src/test/fakes/open-meteo.ts'
import { signIn, type User } from '../lib/client.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { errorLines, logSize, startServer, type RunningServer } from '../lib/server.ts'
import { numberFrom } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const webDir = fileURLToPath(new URL('../../../web/', import.meta.url))
const REQUEST_TIMEOUT_MS = 15_000
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

interface Route {
  method: string
  url: string
  /** A route whose credential is a signed token in its body (a reminder's Done/Snooze), not a session. */
  csrfExempt: boolean
}

/** The app's own route table (buildApp's onRoute hook), built in-process without a database. */
async function routeTable(workDir: string): Promise<Route[]> {
  const routes: Route[] = []
  const env = loadEnv({
    SESSION_SECRET: 'route-table-only-route-table-only-route-table-only',
    DATA_DIR: join(workDir, 'route-table'),
    LOG_LEVEL: 'silent',
  })
  // A throwaway in-memory database: modules may read at start-up; nothing here answers a request.
  const database = await openDatabase({ inMemory: true })
  await migrateDatabase(database)
  const app = await buildApp({
    env,
    database,
    onRoute: (route) => {
      const csrfExempt = Boolean((route.config as { csrfExempt?: boolean } | undefined)?.csrfExempt)
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, csrfExempt })
    },
  })
  await app.ready()
  await app.close()
  await database.close()
  const seen = new Set<string>()
  return routes.filter((r) => {
    const key = `${r.method} ${r.url}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

interface Answer {
  status: number
  text: string
  location: string | null
}

/** One request, bounded in time; a network failure or a time-out answers status 0. */
async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: options.headers ?? {},
      ...(options.body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body: options.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    // An event stream never ends by design: its status and headers are the answer.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel()
      return { status: res.status, text: '', location: null }
    }
    return { status: res.status, text: await res.text(), location: res.headers.get('location') }
  } catch (error) {
    return { status: 0, text: error instanceof Error ? error.message : String(error), location: null }
  }
}

/** A request of the signed-in page: its cookie, its CSRF token, its own Origin. */
async function call(user: User, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {
    cookie: user.cookie,
    origin: user.baseUrl,
    'x-csrf-token': user.csrfToken,
  }
  if (body !== undefined) headers['content-type'] = 'application/json'
  return send(user.baseUrl, method, path, {
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
}

/** encodeURIComponent, except that a lone surrogate becomes the broken UTF-8 it would be on the wire. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value)
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80'
  }
}

/** What a person has, to check that nothing of it changed: their export (less its time) and token list. */
async function snapshot(user: User): Promise<string> {
  const exported = JSON.parse((await call(user, 'GET', '/api/auth/user/export?format=json')).text) as Record<
    string,
    unknown
  >
  delete exported.exportedAt
  const tokens = JSON.parse((await call(user, 'GET', '/api/auth/tokens')).text) as Array<
    Record<string, unknown>
  >
  return JSON.stringify({ exported, tokens: tokens.map(({ id, name, scope }) => ({ id, name, scope })) })
}

interface Victim {
  user: User
  memoryId: string
  conversationId: string
  tokenId: string
  /** The victim's own sign-in session (Settings → Sessions). */
  sessionId: string
  reminderId: string
  subscriptionId: string
  /** A proposal to forget the memory, from the offline assistant. */
  proposalId: string
  importId: string
  automationId: string
  /** A file on the victim's memory. */
  attachmentId: string
  /** An MCP server the victim added (unreachable: it is kept with its status). */
  mcpServerId: string
  /** Strings that only the victim's data contains. */
  markers: string[]
}

async function seedVictim(baseUrl: string, tag: string): Promise<Victim> {
  const user = await signIn(baseUrl, `victim-${tag}@example.test`)
  const marker = `victim-secret-${tag}-${Math.random().toString(36).slice(2, 10)}`
  const memory = JSON.parse(
    (await call(user, 'POST', '/api/memories', { text: `${marker} memory`, tags: [marker.slice(0, 40)] }))
      .text,
  ) as { id: string }
  const sent = JSON.parse(
    (await call(user, 'POST', '/api/chat/send', { content: `${marker} chat` })).text,
  ) as {
    conversationId: string
  }
  const token = JSON.parse(
    (await call(user, 'POST', '/api/auth/tokens', { name: `${marker} token`, scope: 'write' })).text,
  ) as { id: string }
  const weather = await call(user, 'PUT', '/api/datasources/weather', {
    isEnabled: true,
    configuration: { locationName: 'Paris' },
  })
  const sessions = JSON.parse((await call(user, 'GET', '/api/auth/sessions')).text) as Array<{
    id: string
    current: boolean
  }>
  const sessionId = sessions.find((s) => s.current)?.id ?? ''
  const reminder = JSON.parse(
    (
      await call(user, 'POST', '/api/reminders', {
        text: `${marker} reminder`,
        dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).text,
  ) as { id?: string }
  const vapid = JSON.parse((await call(user, 'GET', '/api/notifications/vapid-public-key')).text) as {
    publicKey: string
  }
  const subscription = JSON.parse(
    (
      await call(user, 'POST', '/api/notifications/subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${marker}`,
        keys: { p256dh: vapid.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      })
    ).text,
  ) as { id?: string }
  // The offline assistant proposes forgetting the memory; the proposal waits under its answer.
  await call(user, 'POST', '/api/chat/send', {
    content: `Forget the ${marker} memory`,
    conversationId: sent.conversationId,
  })
  const proposals = JSON.parse(
    (await call(user, 'GET', `/api/proposals?conversationId=${sent.conversationId}`)).text,
  ) as { proposals?: Array<{ id: string }> }
  const form = new FormData()
  form.append('files', new Blob([`# ${marker} note\n\nImported.\n`], { type: 'text/markdown' }), 'note.md')
  const uploaded = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { cookie: user.cookie, origin: baseUrl, 'x-csrf-token': user.csrfToken },
    body: form,
  })
  const imported = (await uploaded.json()) as { id?: string }
  const automation = JSON.parse(
    (
      await call(user, 'POST', '/api/automations', {
        prompt: `${marker} automation`,
        schedule: 'FREQ=DAILY;BYHOUR=7',
        timezone: 'UTC',
        channels: ['app'],
      })
    ).text,
  ) as { id?: string }
  const file = new FormData()
  file.append('file', new Blob([`${marker} file`], { type: 'text/plain' }), 'note.txt')
  const attached = await fetch(`${baseUrl}/api/memories/${memory.id}/attachments`, {
    method: 'POST',
    headers: { cookie: user.cookie, origin: baseUrl, 'x-csrf-token': user.csrfToken },
    body: file,
  })
  const attachment = (await attached.json()) as { id?: string }
  const mcpServer = JSON.parse(
    (
      await call(user, 'POST', '/api/mcp-servers', {
        name: `${marker} tools`,
        url: 'https://mcp.victim.invalid/mcp',
      })
    ).text,
  ) as { id?: string }
  const seeded = {
    reminderId: reminder.id ?? '',
    subscriptionId: subscription.id ?? '',
    proposalId: proposals.proposals?.[0]?.id ?? '',
    importId: imported.id ?? '',
    automationId: automation.id ?? '',
    attachmentId: attachment.id ?? '',
    mcpServerId: mcpServer.id ?? '',
  }
  const missing = Object.entries(seeded).filter(([, id]) => !id)
  if (
    !memory.id ||
    !sent.conversationId ||
    !token.id ||
    !sessionId ||
    weather.status !== 200 ||
    missing.length
  ) {
    throw new Error(
      `seeding the victim failed (weather ${weather.status}: ${weather.text.slice(0, 200)}; missing ${missing.map(([k]) => k).join(', ')})`,
    )
  }
  return {
    user,
    memoryId: memory.id,
    conversationId: sent.conversationId,
    tokenId: token.id,
    sessionId,
    ...seeded,
    markers: [
      marker,
      user.email,
      memory.id,
      sent.conversationId,
      token.id,
      sessionId,
      ...Object.values(seeded),
    ],
  }
}

const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? 'x').replace(/\*$/, 'x')

/** 1. CSRF on every state-changing route of the table. */
async function csrfSweep(
  routes: Route[],
  victim: Victim,
  attacker: User,
): Promise<{ tried: number; refused: number; failures: string[] }> {
  const writes = routes.filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith('/api/'))
  if (writes.length < 10) throw new Error(`only ${writes.length} state-changing routes in the table`)
  const values = { id: victim.memoryId, type: 'weather', provider: 'google' }
  const body = JSON.stringify({ text: 'csrf', content: 'csrf', timezone: 'UTC', email: victim.user.email })
  const cookie = victim.user.cookie
  const attempts: Array<[string, Record<string, string>, number, string]> = [
    ['no token', { cookie }, 400, 'INVALID_CSRF_TOKEN'],
    ['a wrong token', { cookie, 'x-csrf-token': 'forged-token' }, 400, 'INVALID_CSRF_TOKEN'],
    ["another session's token", { cookie, 'x-csrf-token': attacker.csrfToken }, 400, 'INVALID_CSRF_TOKEN'],
    [
      'a valid token from another site',
      { cookie, 'x-csrf-token': victim.user.csrfToken, origin: 'https://evil.example' },
      403,
      'FORBIDDEN',
    ],
  ]
  let tried = 0
  let refused = 0
  const failures: string[] = []
  for (const route of writes) {
    // A token-only route (the MCP server) never reads the cookie: with one alone, whatever its CSRF
    // token, it answers 401 asking for an access token (issue 28, item 9), and nothing is done.
    const tokenOnly = route.url === '/api/mcp' || route.url.startsWith('/api/mcp/')
    for (const [what, headers, cookieStatus, cookieCode] of attempts) {
      // A route whose credential is a signed one-use token in its body (a reminder's Done) reads no
      // cookie either: a forged token is refused as such (400), and nothing is done.
      const [status, code] = tokenOnly
        ? [401, 'UNAUTHORIZED']
        : route.csrfExempt
          ? [400, 'VALIDATION_FAILED']
          : [cookieStatus, cookieCode]
      tried += 1
      const path = fill(route.url, values)
      const res = await send(victim.user.baseUrl, route.method, path, {
        headers: { ...headers, 'content-type': 'application/json' },
        body: route.csrfExempt ? JSON.stringify({ token: 'forged-action-token', action: 'done' }) : body,
      })
      const answerCode = (() => {
        try {
          return (JSON.parse(res.text) as { code?: string }).code
        } catch {
          return undefined
        }
      })()
      if (res.status === status && answerCode === code) refused += 1
      else if (failures.length < 5)
        failures.push(`${route.method} ${path} with ${what}: ${res.status} ${res.text.slice(0, 120)}`)
    }
  }
  return { tried, refused, failures }
}

const NO_SUCH_ROW = '00000000-0000-4000-8000-000000000000'
/** A valid body where the common one is not (the ownership check must be what answers). */
const BODY_OF: Record<string, unknown> = {
  '/api/automations/:id': { paused: true },
  '/api/mcp-servers/:id/tools/:name': { enabled: true },
}

/** 2. Another person's ids on every route that names a row: 404; no GET answer carries their data. */
async function ownershipSweep(
  routes: Route[],
  victim: Victim,
  attacker: User,
  attackerToken: string,
): Promise<{ tried: number; refused: number; failures: string[] }> {
  const failures: string[] = []
  let tried = 0
  let refused = 0
  const expect404 = async (label: string, res: Answer) => {
    tried += 1
    if (res.status === 404 && !victim.markers.slice(0, 1).some((m) => res.text.includes(m))) refused += 1
    else if (failures.length < 5) failures.push(`${label}: ${res.status} ${res.text.slice(0, 120)}`)
  }
  // Every route with an :id in its path, from the table: the id is the victim's row of that kind.
  const idOf: Record<string, string> = {
    '/api/memories/:id': victim.memoryId,
    '/api/auth/tokens/:id': victim.tokenId,
    '/api/auth/sessions/:id': victim.sessionId,
    '/api/chat/conversations/:id': victim.conversationId,
    '/api/memories/:id/changes': victim.memoryId,
    '/api/memories/:id/undo': victim.memoryId,
    '/api/reminders/:id': victim.reminderId,
    '/api/notifications/subscriptions/:id': victim.subscriptionId,
    '/api/proposals/:id/apply': victim.proposalId,
    '/api/proposals/:id/keep': victim.proposalId,
    '/api/proposals/:id/undo': victim.proposalId,
    '/api/imports/:id': victim.importId,
    '/api/imports/:id/start': victim.importId,
    '/api/imports/:id/memories': victim.importId,
    '/api/automations/:id': victim.automationId,
    '/api/automations/:id/run': victim.automationId,
    '/api/memories/:id/attachments': victim.memoryId,
    '/api/attachments/:id': victim.attachmentId,
    '/api/attachments/:id/thumbnail': victim.attachmentId,
    '/api/mcp-servers/:id': victim.mcpServerId,
    '/api/mcp-servers/:id/refresh': victim.mcpServerId,
    '/api/mcp-servers/:id/tools/:name': victim.mcpServerId,
    // A waiting call needs a model's tool call, which this sweep has no model for: an id that names no
    // call (connected-tools.test.ts runs and cancels another person's real one).
    '/api/mcp-servers/calls/:id/run': NO_SUCH_ROW,
    '/api/mcp-servers/calls/:id/cancel': NO_SUCH_ROW,
  }
  for (const route of routes.filter(
    (r) => r.url.startsWith('/api/') && r.url.includes(':id') && r.method !== 'HEAD',
  )) {
    const id = idOf[route.url]
    if (!id) {
      failures.push(`${route.method} ${route.url}: a route naming a row that this sweep has no victim id for`)
      tried += 1
      continue
    }
    const path = route.url.replace(':id', id).replace(':name', 'write_note')
    if (route.url === '/api/memories/:id/attachments') {
      // A file upload (multipart), as the app sends it.
      const form = new FormData()
      form.append('file', new Blob(['taken over'], { type: 'text/plain' }), 'x.txt')
      const res = await fetch(`${attacker.baseUrl}${path}`, {
        method: 'POST',
        headers: { cookie: attacker.cookie, origin: attacker.baseUrl, 'x-csrf-token': attacker.csrfToken },
        body: form,
      })
      await expect404(`${route.method} ${path}`, {
        status: res.status,
        text: await res.text(),
        location: null,
      })
      continue
    }
    await expect404(
      `${route.method} ${path}`,
      await call(
        attacker,
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : (BODY_OF[route.url] ?? { text: 'taken over', tags: [], title: 'taken over' }),
      ),
    )
  }
  // Routes that name a conversation in the body or query.
  const conversationId = victim.conversationId
  const named: Array<[string, string, unknown]> = [
    ['POST', '/api/chat/send', { content: 'hello', conversationId }],
    ['POST', '/api/chat/stream', { content: 'hello', conversationId }],
    ['POST', '/api/chat/regenerate', { conversationId }],
    ['GET', `/api/chat/history?conversationId=${conversationId}`, undefined],
  ]
  for (const [method, path, body] of named) {
    if (!routes.some((r) => r.method === method && r.url === path.split('?')[0])) {
      failures.push(`${method} ${path}: no longer in the route table (update the sweep)`)
      continue
    }
    await expect404(`${method} ${path}`, await call(attacker, method, path, body))
  }
  // Proposals are listed by conversation: another person's conversation lists none of them.
  {
    tried += 1
    const path = `/api/proposals?conversationId=${conversationId}`
    const res = await call(attacker, 'GET', path)
    if (res.status < 500 && !victim.markers.some((m) => res.text.includes(m)) && !/"id"/.test(res.text))
      refused += 1
    else if (failures.length < 5) failures.push(`GET ${path}: ${res.status} ${res.text.slice(0, 120)}`)
  }
  // The MCP tools with the victim's memory id, through the attacker's own write token: not found, untouched.
  for (const name of ['update_memory', 'delete_memory']) {
    tried += 1
    const res = await send(attacker.baseUrl, 'POST', '/api/mcp', {
      headers: {
        authorization: `Bearer ${attackerToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: { id: victim.memoryId, text: 'taken over' } },
      }),
    })
    const isError = /"isError":\s*true/.test(res.text) && /not found/i.test(res.text)
    if (res.status === 200 && isError && !res.text.includes(victim.markers[0]!)) refused += 1
    else if (failures.length < 5) failures.push(`MCP ${name}: ${res.status} ${res.text.slice(0, 160)}`)
  }
  // Every GET route of the table, as the attacker: nothing of the victim's in any answer.
  const values = { id: victim.memoryId, type: 'weather', provider: 'google', uid: 'x' }
  for (const route of routes.filter(
    (r) =>
      r.method === 'GET' &&
      r.url.startsWith('/api/') &&
      !r.url.includes('/auth/login') &&
      !r.url.includes('/auth/callback'),
  )) {
    tried += 1
    const path = fill(route.url, values)
    const res = await call(attacker, 'GET', path)
    const leak = victim.markers.find((m) => res.text.includes(m))
    if (!leak && res.status < 500) refused += 1
    else if (failures.length < 5)
      failures.push(`GET ${path} as another person: ${res.status}${leak ? ` shows ${leak}` : ''}`)
  }
  return { tried, refused, failures }
}

/** 3. fast-check over every route of the table. */
async function fuzz(
  context: Context,
  routes: Route[],
  attacker: User,
  attackerToken: string,
  victim: Victim,
  runsPerRoute: number,
): Promise<{ tried: number; refused: number; failures: string[]; seed: number }> {
  const odd = fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'x\ud800',
    '2026-02-30',
    '9'.repeat(400),
    '%ZZ',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '${jndi:ldap://127.0.0.1:1/x}',
    'null',
    'NaN',
    '-1',
    '1e309',
    '{}',
    '[]',
    'http://127.0.0.1:1/',
    'javascript:alert(1)',
    '00000000-0000-4000-8000-000000000000',
    victim.memoryId,
    victim.conversationId,
  )
  const fields = fc.constantFrom(
    'text',
    'tags',
    'date',
    'content',
    'conversationId',
    'timezone',
    'name',
    'scope',
    'expiresAt',
    'format',
    'version',
    'memories',
    'conversations',
    'isEnabled',
    'configuration',
    'locationName',
    'icsUrl',
    'calendarId',
    'vacationMode',
    'startDate',
    'endDate',
    'id',
    'page',
    'pageSize',
    'searchTerm',
    'jsonrpc',
    'method',
    'params',
    'client_id',
    'redirect_uri',
    'response_type',
    'state',
    'code',
    'grant_type',
    'code_verifier',
    'returnTo',
    '__proto__',
    'constructor',
  )
  const value: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: odd },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(odd, fc.string({ maxLength: 10 })), { maxLength: 25 }),
    fc.dictionary(fields, odd, { maxKeys: 4 }),
  )
  const objectBody = fc.dictionary(fc.oneof(fields, fc.string({ maxLength: 8 })), value, { maxKeys: 6 })
  const body = fc.oneof(
    { weight: 5, arbitrary: objectBody.map((o) => ({ type: 'application/json', text: JSON.stringify(o) })) },
    { weight: 1, arbitrary: fc.json().map((text) => ({ type: 'application/json', text })) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ type: 'application/json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-16le',
            '',
          ),
          fc.string({ maxLength: 200 }),
        )
        .map(([type, text]) => ({ type, text })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        type: 'application/json',
        text: JSON.stringify({ text: 'x'.repeat(300_000) }),
      }),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
  const query = fc.array(
    fc.tuple(fc.oneof(fields, fc.string({ maxLength: 6 })), fc.oneof(odd, fc.string({ maxLength: 20 }))),
    {
      maxLength: 5,
    },
  )
  const pathValue = fc.oneof(
    fc.uuid().map(encode),
    odd.map(encode),
    fc.string({ maxLength: 40 }).map(encode),
    fc.constantFrom('%ZZ', '%00', '..', '.', 'a'.repeat(250), '%2e%2e%2f'),
  )
  const credentials = fc.constantFrom('session', 'session', 'session', 'anonymous', 'token', 'garbage')
  const extraHeaders = fc.record(
    {
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/event-stream', 'image/png'),
      'accept-language': fc.string({ maxLength: 20 }),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '127.0.0.1, 10.0.0.1'),
      'x-csrf-token': fc.string({ maxLength: 40 }),
    },
    { requiredKeys: [] },
  )
  const request = fc.record({
    body,
    query,
    params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
    credentials,
    extraHeaders,
  })

  const seed = Number(process.env.HARDENING_SECURITY_SEED ?? Date.now() % 1_000_000)
  const targets = routes.filter((r) => !['TRACE', 'CONNECT'].includes(r.method))
  const failures: string[] = []
  let tried = 0
  let refused = 0
  const deadline = performance.now() + (context.quick ? 60_000 : 120_000)
  const jobs: Array<() => Promise<void>> = []
  targets.forEach((route, index) => {
    const samples = fc.sample(request, { numRuns: runsPerRoute, seed: seed + index })
    for (const sample of samples) {
      jobs.push(async () => {
        if (performance.now() > deadline) return
        let i = 0
        const path = route.url.replace(/:(\w+)|\*$/g, () => sample.params[i++ % 3]!)
        const search = new URLSearchParams(sample.query.map(([k, v]) => [k, v])).toString()
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(sample.extraHeaders)) if (v !== undefined) headers[k] = v
        // Signing out would end the session every other request uses: that route is fuzzed without it.
        const mode =
          route.url === '/api/auth/logout' && sample.credentials === 'session'
            ? 'anonymous'
            : sample.credentials
        if (mode === 'session')
          Object.assign(headers, {
            cookie: attacker.cookie,
            origin: attacker.baseUrl,
            'x-csrf-token': attacker.csrfToken,
          })
        if (mode === 'token') headers.authorization = `Bearer ${attackerToken}`
        if (mode === 'garbage') headers.cookie = 'remi_session=%%%garbage; remi_csrf=..'
        if (sample.body) headers['content-type'] = sample.body.type
        const res = await send(attacker.baseUrl, route.method, `${path}${search ? `?${search}` : ''}`, {
          headers,
          ...(sample.body ? { body: sample.body.text } : {}),
        })
        tried += 1
        if (res.status >= 100 && res.status < 500) refused += 1
        else if (failures.length < 8)
          failures.push(
            `${route.method} ${path.slice(0, 80)} [${mode}] -> ${res.status || 'no answer'} ${res.text.slice(0, 120)}`,
          )
      })
    }
  })
  // A few at a time, so the server is busy but the run stays bounded.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job()
    }),
  )
  return { tried, refused, failures, seed }
}

const XSS = [
  `xss-img <img src=x onerror="window.__xss=1;alert('xss-img')">`,
  `xss-script <script>window.__xss=1;alert('xss-script')</script>`,
  `xss-svg <svg/onload="window.__xss=1;alert('xss-svg')">`,
  `xss-link [open me](javascript:window.__xss=1;alert('xss-link'))`,
  `xss-iframe "><iframe srcdoc="<script>parent.__xss=1;parent.alert('xss-iframe')</script>"></iframe>`,
  `xss-anchor <a href="javascript:window.__xss=1;alert('xss-anchor')">anchor</a>`,
  `xss-details <details open ontoggle="window.__xss=1;alert('xss-details')">x</details>`,
  `xss-template {{constructor.constructor('window.__xss=1;alert(1)')()}}`,
]

/** 4. Stored XSS in every place a person's text is shown, in Chromium. */
async function storedXss(
  server: RunningServer,
): Promise<{ tried: number; refused: number; failures: string[]; note: string }> {
  if (!existsSync(CHROMIUM))
    return { tried: 0, refused: 0, failures: [`Chromium not found at ${CHROMIUM}`], note: '' }
  // The display name is a stored input too: the local sign-up page takes it as typed (it names a new
  // account; signing in again never renames one), so the account is made with it before signIn.
  const named = new Browser()
  const start = await named.follow(`${server.baseUrl}/api/auth/login/google`)
  await start.res.arrayBuffer()
  await named.follow(`${start.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: localSignInForm({ name: `<img src=x onerror=alert('xss-name')>`, email: 'xss@example.test' }),
    },
    stopAt: (location) => location.startsWith(`${server.baseUrl}/login`),
  })
  const user = await signIn(server.baseUrl, 'xss@example.test')
  const today = new Date().toISOString().slice(0, 10)
  const stored: string[] = []
  for (const [i, payload] of XSS.entries()) {
    const memory = await call(user, 'POST', '/api/memories', {
      text: payload,
      tags: [`<b>t${i}</b>`, `<img src=x onerror=alert(${i})>`],
      date: today,
    })
    const chat = await call(user, 'POST', '/api/chat/send', {
      content: i % 2 ? payload : `remember ${payload}`,
    })
    const token = await call(user, 'POST', '/api/auth/tokens', { name: payload.slice(0, 100), scope: 'read' })
    for (const [what, res] of [
      ['memory', memory],
      ['chat', chat],
      ['token', token],
    ] as const)
      if (res.status >= 300) stored.push(`${what} ${i}: ${res.status}`)
  }
  const briefing = await call(user, 'GET', '/api/dashboard/briefing')
  const briefingHasPayload = briefing.text.includes('xss-img')

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
  const failures: string[] = stored.length ? [`not stored: ${stored.join(', ')}`] : []
  let tried = 0
  let refused = 0
  try {
    const browserContext = await browser.newContext()
    await browserContext.addCookies(
      user.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl }
      }),
    )
    const page = await browserContext.newPage()
    const dialogs: string[] = []
    const cspReports: string[] = []
    const offSite: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspReports.push(message.text().slice(0, 160))
    })
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:'))
        offSite.push(request.url())
    })
    const pages: Array<[string, string]> = [
      ['/memories', 'xss-img'],
      ['/chat', 'xss-script'],
      ['/dashboard', briefingHasPayload ? 'xss-img' : 'Daily Briefing'],
      ['/settings', 'xss-svg'],
    ]
    for (const [path, expected] of pages) {
      tried += XSS.length
      await page.goto(`${server.baseUrl}${path}`)
      try {
        await page.getByText(expected).first().waitFor({ timeout: 15_000 })
      } catch {
        failures.push(`${path}: '${expected}' never showed`)
      }
      await page.waitForTimeout(500)
      const state = await page.evaluate(() => ({
        flag: (window as unknown as { __xss?: unknown }).__xss,
        scripted: document.querySelectorAll(
          'a[href^="javascript:" i], iframe[srcdoc], [onerror], [onload], [ontoggle]',
        ).length,
        text: document.body.innerText,
      }))
      // Click every link the stored texts made: none may run anything either.
      for (const link of await page.locator('main a:not([href^="/"]):not([href^="http"])').all())
        await link.click({ timeout: 2000 }).catch(() => {})
      const flagAfter = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)
      const before = failures.length
      if (state.flag !== undefined || flagAfter !== undefined)
        failures.push(`${path}: a payload ran (window.__xss set)`)
      if (state.scripted > 0)
        failures.push(`${path}: ${state.scripted} elements with script attributes or javascript: links`)
      if (path === '/memories' && !state.text.includes(`<img src=x onerror=`))
        failures.push(`${path}: the payload is not shown as text`)
      if (failures.length === before) refused += XSS.length
    }
    if (dialogs.length) failures.push(`${dialogs.length} dialogs opened: ${dialogs.slice(0, 3).join(' | ')}`)
    if (cspReports.length)
      failures.push(`CSP blocked injected content ${cspReports.length}×: ${cspReports[0]}`)
    // The SPA's own redirect after sign-in: ?returnTo never leaves the site.
    for (const returnTo of [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      tried += 1
      await page.goto(`${server.baseUrl}/login?returnTo=${encodeURIComponent(returnTo)}`)
      await page.waitForTimeout(1500)
      if (new URL(page.url()).origin === server.baseUrl && dialogs.length === 0) refused += 1
      else failures.push(`/login?returnTo=${returnTo} went to ${page.url()}`)
    }
    if (offSite.length) failures.push(`requests off the site: ${offSite.slice(0, 3).join(' ')}`)
    await browserContext.close()
  } finally {
    await browser.close()
  }
  return {
    tried,
    refused,
    failures,
    note: `${XSS.length} payloads in memories, tags, chat, ${briefingHasPayload ? 'the briefing, ' : ''}token names and the display name; 4 pages`,
  }
}

/** 5. Open redirects: the sign-in's returnTo, the callback's errors, the identity provider's redirect_uri. */
async function openRedirects(
  baseUrl: string,
): Promise<{ tried: number; refused: number; failures: string[] }> {
  const attempts = [
    'https://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https:evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'http://127.0.0.1:1/',
  ]
  const failures: string[] = []
  let tried = 0
  let refused = 0
  const offSite = (location: string | null) =>
    location !== null && new URL(location, baseUrl).origin !== baseUrl
  for (const attempt of attempts) {
    tried += 1
    const browser = new Browser()
    const start = await browser.follow(
      `${baseUrl}/api/auth/login/google?returnTo=${encodeURIComponent(attempt)}`,
    )
    await start.res.arrayBuffer()
    const done = await browser.follow(`${start.url}/login`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm({ name: 'Redirect', email: 'redirect@example.test' }),
      },
      stopAt: (location) => !location.startsWith(`${baseUrl}/oidc`) && !location.includes('/api/auth/'),
    })
    await done.res.arrayBuffer()
    const landing = new URL(done.url)
    const returnTo = landing.searchParams.get('returnTo')
    if (
      landing.origin === baseUrl &&
      landing.pathname === '/login' &&
      (returnTo === null || isSafeRedirectPath(returnTo))
    )
      refused += 1
    else failures.push(`returnTo=${attempt} landed at ${done.url}`)
  }
  const direct: Array<[string, (res: Answer) => boolean]> = [
    [
      '/api/auth/callback/google?error=access_denied',
      (r) => r.location?.startsWith(`${baseUrl}/login?error=`) === true,
    ],
    [
      '/api/auth/callback/google?code=x&state=y',
      (r) => r.location?.startsWith(`${baseUrl}/login?error=`) === true,
    ],
    [
      `/oidc/auth?client_id=remi-local&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      (r) => r.status === 400 && r.location === null,
    ],
    ['//evil.example/', (r) => !offSite(r.location) && r.status < 500],
    ['/%2F%2Fevil.example', (r) => !offSite(r.location) && r.status < 500],
  ]
  for (const [path, held] of direct) {
    tried += 1
    const res = await send(baseUrl, 'GET', path)
    if (held(res) && !offSite(res.location)) refused += 1
    else failures.push(`${path}: ${res.status} ${res.location ?? ''}`)
  }
  return { tried, refused, failures }
}

/** 6. SSRF: calendar feed URLs that spell loopback, link-local or another scheme; a canary counts connections. */
async function ssrf(user: User): Promise<{ tried: number; refused: number; failures: string[] }> {
  const connections: string[] = []
  const canary: Server = createServer((socket: Socket) => {
    connections.push(socket.remoteAddress ?? '?')
    socket.destroy()
  })
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve))
  const port = (canary.address() as { port: number }).port
  const urls = [
    `http://127.0.0.1:${port}/feed.ics`,
    `http://localhost:${port}/feed.ics`,
    `http://[::1]:${port}/feed.ics`,
    `http://[::ffff:127.0.0.1]:${port}/feed.ics`,
    `http://2130706433:${port}/feed.ics`,
    `http://0x7f000001:${port}/feed.ics`,
    `http://127.1:${port}/feed.ics`,
    `http://0177.0.0.1:${port}/feed.ics`,
    `http://0.0.0.0:${port}/feed.ics`,
    `http://user:pass@127.0.0.1:${port}/feed.ics`,
    `webcal://127.0.0.1:${port}/feed.ics`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/feed.ics',
    'http://10.0.0.1/feed.ics',
    'file:///etc/passwd',
    `ftp://127.0.0.1:${port}/feed.ics`,
    `gopher://127.0.0.1:${port}/_x`,
  ]
  const failures: string[] = []
  let refused = 0
  try {
    for (const icsUrl of urls) {
      const put = await call(user, 'PUT', '/api/datasources/calendar', {
        isEnabled: true,
        configuration: { icsUrl },
      })
      if (put.status >= 400 && put.status < 500) {
        refused += 1
        continue
      }
      const test = await call(user, 'POST', '/api/datasources/calendar/test')
      const result = (() => {
        try {
          return JSON.parse(test.text) as { success?: boolean }
        } catch {
          return {}
        }
      })()
      if (put.status === 200 && test.status === 200 && result.success === false) refused += 1
      else failures.push(`${icsUrl}: PUT ${put.status}, test ${test.status} ${test.text.slice(0, 120)}`)
    }
    // The dashboard reads the calendar too.
    await call(user, 'GET', '/api/dashboard/briefing')
  } finally {
    await new Promise<void>((resolve) => canary.close(() => resolve()))
  }
  if (connections.length)
    failures.unshift(`the canary on 127.0.0.1:${port} was reached ${connections.length}×`)
  return { tried: urls.length, refused: connections.length ? 0 : refused, failures }
}

export default defineScenario({
  name: 'security',
  async run(context) {
    const routes = await routeTable(context.workDir)
    context.log(`route table: ${routes.length} method/URL pairs`)
    // Before any server starts: a server serves the SPA only if apps/web/dist was there at its start.
    if (!existsSync(join(webDir, 'dist', 'index.html'))) {
      context.log('building the web app for the stored-XSS check')
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' })
    }
    const rows: Row[] = []
    for (const engine of context.engines) rows.push(...(await runOn(context, engine, routes)))
    return rows
  },
})

async function runOn(context: Context, engine: Engine, routes: Route[]): Promise<Row[]> {
  const runsPerRoute = numberFrom('HARDENING_SECURITY_FUZZ_RUNS', context.quick ? 5 : 12)
  const store = await createStore(context, engine, 'security')
  const meteo = await startOpenMeteoFake()
  const logFile = join(context.workDir, `security-${engine}.log`)
  const server = await startServer({
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    logFile,
    env: {
      // Loopback only: the weather is a fake; the calendar APIs a closed port.
      WEATHER_API_URL: meteo.url,
      GEOCODING_API_URL: meteo.url,
      GOOGLE_CALENDAR_API_URL: 'http://127.0.0.1:1',
      MICROSOFT_GRAPH_API_URL: 'http://127.0.0.1:1',
    },
  })
  const rows: Row[] = []
  const row = (check: string, result: { tried: number; refused: number; failures: string[] }, extra = '') => {
    const ok = result.failures.length === 0 && result.refused === result.tried && result.tried > 0
    rows.push({
      check,
      engine,
      ok,
      detail: `${result.refused}/${result.tried} refused as designed${extra ? `; ${extra}` : ''}${result.failures.length ? `; ${result.failures.join(' | ')}` : ''}`,
      badInputs: { tried: result.tried, refused: result.refused },
    })
  }
  try {
    const victim = await seedVictim(server.baseUrl, engine)
    const attacker = await signIn(server.baseUrl, `attacker-${engine}@example.test`)
    const attackerToken = (
      JSON.parse(
        (await call(attacker, 'POST', '/api/auth/tokens', { name: 'fuzz', scope: 'write' })).text,
      ) as { token: string }
    ).token
    const before = await snapshot(victim.user)
    context.log(`${engine}: victim and attacker signed in`)

    const csrf = await csrfSweep(routes, victim, attacker)
    const ownership = await ownershipSweep(routes, victim, attacker, attackerToken)
    const unchanged = (await snapshot(victim.user)) === before
    if (!unchanged) csrf.failures.push("the victim's data changed during the CSRF and ownership sweeps")
    row(
      'CSRF: every state-changing route without, with a wrong or another session’s token (400), from another site (403)',
      csrf,
    )
    row("ownership: another person's ids → 404, nothing of theirs in any answer", ownership)
    context.log(
      `${engine}: CSRF ${csrf.refused}/${csrf.tried}, ownership ${ownership.refused}/${ownership.tried}`,
    )

    const logFrom = logSize(logFile)
    const started = performance.now()
    const fuzzed = await fuzz(context, routes, attacker, attackerToken, victim, runsPerRoute)
    const logged = errorLines(logFile, logFrom)
    if (logged.length)
      fuzzed.failures.push(`${logged.length} error lines in the log: ${logged[0]!.slice(0, 200)}`)
    if ((await snapshot(victim.user)) !== before)
      fuzzed.failures.push("the victim's data changed during fuzzing")
    row(
      `fuzzing (fast-check): every route of the table, /oidc/* and /api/mcp, odd bodies, queries, ids, headers → never 5xx`,
      fuzzed,
      `${routes.length} routes × ${runsPerRoute}, seed ${fuzzed.seed}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )
    context.log(`${engine}: fuzzing ${fuzzed.refused}/${fuzzed.tried} answered below 500`)

    const xss = await storedXss(server)
    row('stored XSS stays text in Chromium (dialog listener, script flag, CSP reports)', xss, xss.note)
    row(
      'open redirects refused (returnTo, callback errors, redirect_uri, the SPA)',
      await openRedirects(server.baseUrl),
    )
    row(
      'SSRF refused (calendar feed URLs to loopback, link-local, other schemes; canary)',
      await ssrf(attacker),
    )
  } catch (error) {
    rows.push({
      check: 'security sweep ran to the end',
      engine,
      ok: false,
      detail: error instanceof Error ? error.message.split('\n')[0]! : String(error),
    })
  } finally {
    await server.stop()
    await meteo.close()
    await store.drop()
  }
  return rows
}
