import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ApiErrorBody } from '@remi/shared'
import { Redis } from 'ioredis'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema.ts'
import { captureLogs } from '../test/logs.ts'
import { apiClient } from '../test/api.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { freePort } from '../test/http-client.ts'

describe('rate limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { global: 5, signIn: 2 } })
  })
  afterAll(() => t.close())

  it('limits sign-in attempts and answers 429 with the spec text', async () => {
    const attempt = () => t.anonymous.request('GET', '/api/auth/login/google', { remoteAddress: '10.0.0.1' })
    expect((await attempt()).status).toBe(302)
    expect((await attempt()).status).toBe(302)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    })
  })

  it('limits the local sign-in form like the other sign-in routes', async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/interaction/some-uid/login',
        remoteAddress: '10.0.0.9',
        payload: 'email=a%40example.test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    expect((await post()).statusCode).toBe(400) // no such sign-in in progress
    expect((await post()).statusCode).toBe(400)
    expect((await post()).statusCode).toBe(429)
  })

  it('puts a global ceiling on every client', async () => {
    const statuses: number[] = []
    const csrfToken = (remoteAddress: string) =>
      t.anonymous.request('GET', '/api/auth/csrf-token', { remoteAddress })
    for (let i = 0; i < 7; i++) statuses.push((await csrfToken('10.0.0.2')).status)
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
    // Another client is not affected.
    expect((await csrfToken('10.0.0.3')).status).toBe(200)
  })
})

describe('rate limits shared through Redis (several instances)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  let a: TestApp
  let b: TestApp
  const client = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl }
    a = await buildTestApp({ env, rateLimits: { global: 4, signIn: 100 } })
    b = await buildTestApp({ env, rateLimits: { global: 4, signIn: 100 } })
  })
  afterAll(async () => {
    await a.close()
    await b.close()
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`remi-rl-*${client}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('counts one client across instances', async () => {
    const hit = (app: TestApp) =>
      app.anonymous.request('GET', '/api/auth/csrf-token', { remoteAddress: client })
    const statuses = [await hit(a), await hit(b), await hit(a), await hit(b), await hit(a)].map(
      (r) => r.status,
    )
    expect(statuses).toEqual([200, 200, 200, 200, 429])
  })
})

describe('errors and logs', () => {
  it('hides internals of a 5xx and carries a request id', async () => {
    const t = await buildTestApp()
    const user = await t.createUser()
    await t.database.close() // the database goes away under a running server
    const res = await user.api.get<ApiErrorBody>('/api/auth/user/settings')
    expect(res.status).toBe(500)
    const body = res.body
    expect(body).toMatchObject({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again later.',
      code: 'INTERNAL',
    })
    expect(body.requestId).toEqual(expect.any(String))
    expect(JSON.stringify(body)).not.toMatch(/pglite|postgres|select|stack|at /i)
    await t.app.close()
  })

  it('redacts cookies, Authorization and tokens in URLs from the logs', async () => {
    // Requests are logged at debug (failed and slow ones at info and above): the level that shows them.
    const logs = captureLogs('debug')
    const t = await buildTestApp({ logger: logs.logger })
    const user = await t.createUser()
    await apiClient(t.app, { cookie: user.headers.cookie, authorization: `Bearer ${user.jwt}` }).get(
      '/api/auth/user?token=abc.def.ghi&code=secret-code',
    )
    await t.close()
    const log = logs.text()
    expect(log).toContain('/api/auth/user?token=[redacted]&code=[redacted]')
    expect(log).not.toContain(user.sessionCookie)
    expect(log).not.toContain(user.jwt)
    expect(log).not.toContain('abc.def.ghi')
    expect(log).not.toContain('secret-code')
  })
})

describe('process', () => {
  it('closes the server (Fastify drains in-flight requests) and exits 0 on SIGTERM', async () => {
    const port = await freePort()
    const main = fileURLToPath(new URL('../main.ts', import.meta.url))
    const child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'remi-sigterm-')),
        LOG_LEVEL: 'info',
      },
    })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('shutting down: draining requests')
  }, 90_000)
})

describe('client address', () => {
  it('ignores X-Forwarded-For from a public peer, so the limits cannot be dodged', async () => {
    const t = await buildTestApp({ rateLimits: { global: 2, signIn: 100 } })
    const hit = (forwardedFor: string) =>
      t.anonymous.request('GET', '/api/auth/csrf-token', {
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': forwardedFor },
      })
    const statuses = [
      (await hit('1.1.1.1')).status,
      (await hit('2.2.2.2')).status,
      (await hit('3.3.3.3')).status,
    ]
    expect(statuses).toEqual([200, 200, 429])
    await t.close()
  })
})

describe('trusted proxies (TRUST_PROXY)', () => {
  const hits = async (t: TestApp, remoteAddress: string, forwardedFor: string[]) => {
    const statuses: number[] = []
    for (const address of forwardedFor) {
      const res = await t.anonymous.request('GET', '/api/auth/csrf-token', {
        remoteAddress,
        headers: { 'x-forwarded-for': address },
      })
      statuses.push(res.status)
    }
    return statuses
  }

  it('believes nobody by default, not even a peer on the LAN', async () => {
    const t = await buildTestApp({ rateLimits: { global: 2, signIn: 100 } })
    expect(await hits(t, '192.168.1.20', ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([200, 200, 429])
    await t.close()
  })

  it('counts each forwarded client apart when the peer is a proxy TRUST_PROXY names', async () => {
    const t = await buildTestApp({
      env: { TRUST_PROXY: '10.0.0.0/8' },
      rateLimits: { global: 2, signIn: 100 },
    })
    expect(await hits(t, '10.1.2.3', ['1.1.1.1', '1.1.1.1', '2.2.2.2', '1.1.1.1'])).toEqual([
      200, 200, 200, 429,
    ])
    // A peer outside the named range still cannot pick its address.
    expect(await hits(t, '192.168.1.20', ['5.5.5.5', '6.6.6.6', '7.7.7.7'])).toEqual([200, 200, 429])
    await t.close()
  })

  it('takes a number of proxy hops: the nearest one is believed, whatever its address', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '1' }, rateLimits: { global: 2, signIn: 100 } })
    expect(await hits(t, '203.0.113.9', ['1.1.1.1', '2.2.2.2', '1.1.1.1', '1.1.1.1'])).toEqual([
      200, 200, 200, 429,
    ])
    await t.close()
  })
})

describe('the global request limit (RATE_LIMIT_PER_MINUTE)', () => {
  it('is a setting; 0 turns the ceiling off (the sign-in limit still holds)', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' }, rateLimits: { signIn: 2 } })
    for (let i = 0; i < 30; i++) {
      const res = await t.anonymous.request('GET', '/api/auth/csrf-token', { remoteAddress: '10.0.0.4' })
      expect(res.status).toBe(200)
    }
    const signIn = () => t.anonymous.request('GET', '/api/auth/login/google', { remoteAddress: '10.0.0.4' })
    expect([(await signIn()).status, (await signIn()).status, (await signIn()).status]).toEqual([
      302, 302, 429,
    ])
    await t.close()
  })

  it('never counts the app’s own files: after a burst of API calls the page and its scripts still load', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'remi-web-'))
    mkdirSync(join(webRoot, 'assets'))
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Remi</title>')
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)')
    const t = await buildTestApp({ webRoot, rateLimits: { global: 3, signIn: 100 } })
    const get = (url: string) => t.anonymous.request('GET', url, { remoteAddress: '10.0.0.5' })
    const api = () => get('/api/auth/csrf-token')
    const statuses = [(await api()).status, (await api()).status, (await api()).status]
    expect([...statuses, (await api()).status]).toEqual([200, 200, 200, 429])
    for (const url of ['/', '/memories', '/assets/app-1234.js', '/assets/app-1234.js']) {
      expect((await get(url)).status, url).toBe(200)
    }
    await t.close()
  })
})

describe("the app's own files", () => {
  it('go out as the Brotli or gzip copy the build made, as the browser accepts, and plain otherwise', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'remi-web-'))
    mkdirSync(join(webRoot, 'assets'))
    const files = {
      'index.html': `<!doctype html><title>Remi</title>${'<!-- page -->'.repeat(200)}`,
      'assets/app-1234.js': `console.log(${JSON.stringify('x'.repeat(4000))})`,
    }
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(webRoot, name), text)
      writeFileSync(join(webRoot, `${name}.br`), brotliCompressSync(text))
      writeFileSync(join(webRoot, `${name}.gz`), gzipSync(text))
    }
    const t = await buildTestApp({ webRoot })
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} })
    for (const [url, text] of [
      ['/assets/app-1234.js', files['assets/app-1234.js']],
      ['/', files['index.html']],
      // A client-side route gets the page the same way.
      ['/memories', files['index.html']],
    ] as const) {
      const br = await get(url, 'gzip, deflate, br')
      expect(br.statusCode, url).toBe(200)
      expect(br.headers['content-encoding'], url).toBe('br')
      expect(br.headers.vary, url).toMatch(/accept-encoding/i)
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(text)
      const gz = await get(url, 'gzip')
      expect(gz.headers['content-encoding'], url).toBe('gzip')
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(text)
      const plain = await get(url)
      expect(plain.headers['content-encoding'], url).toBeUndefined()
      expect(plain.body, url).toBe(text)
    }
    await t.close()
  })
})

describe('a write that refers to a row that is gone', () => {
  it('is a 409 saying so, not a 500: an account deleted elsewhere while this instance still knows the session', async () => {
    const t = await buildTestApp()
    const user = await t.createUser()
    // Seen once, so this instance has the session in its short cache.
    expect((await user.api.get('/api/auth/user')).status).toBe(200)
    // Another instance deletes the account (straight in the database, so this one's cache does not hear of it).
    await t.db.delete(users).where(eq(users.id, user.id))
    const res = await user.api.post('/api/memories', { text: 'Written after the account was deleted' })
    expect(res.status, res.text).toBe(409)
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Something this refers to no longer exists. Reload and try again.',
    })
    await t.close()
  })
})
