import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loggerOptions, OneLinePerRequest } from './app.ts'
import { captureLogs } from './test/logs.ts'
import { buildTestApp } from './test/build-test-app.ts'

type PrettyTransport = { target: string; options: Record<string, unknown> }

/** pino-pretty's worker writes asynchronously: wait until the file holds what the request logged. */
async function readWhenContains(file: string, needle: string): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      // not created yet
    }
    if (text.includes(needle) || Date.now() > deadline) return text
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function signedInRequestWithSecrets(logger: object) {
  const t = await buildTestApp({ logger })
  const user = await t.createUser()
  await t.app.inject({
    url: '/api/auth/user?token=abc.def.ghi&code=secret-code',
    headers: { cookie: user.headers.cookie, authorization: `Bearer ${user.jwt}` },
  })
  await t.close()
  return user
}

describe('logger options (npm start: pretty on a terminal, JSON otherwise)', () => {
  it('writes JSON lines unless asked for pretty output', () => {
    expect(loggerOptions('info')).not.toHaveProperty('transport')
    expect(loggerOptions('info', { pretty: false })).not.toHaveProperty('transport')
    expect(loggerOptions('info', { pretty: true })).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty' },
    })
  })

  it('JSON mode: one parseable object a line, secrets redacted', async () => {
    const logs = captureLogs('debug')
    const user = await signedInRequestWithSecrets(logs.logger)
    const lines = logs.text().trim().split('\n')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
    expect(logs.text()).toContain('/api/auth/user?token=[redacted]&code=[redacted]')
    expect(logs.text()).not.toContain(user.sessionCookie)
    expect(logs.text()).not.toContain('secret-code')
  })

  it('pretty mode: readable lines (not JSON) through pino-pretty, with the same redaction', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'remi-pretty-')), 'out.log')
    const options = loggerOptions('debug', { pretty: true }) as { transport: PrettyTransport }
    // The real transport, pointed at a file instead of the terminal (pino-pretty's destination option).
    options.transport.options = { ...options.transport.options, destination: file, colorize: false }
    const user = await signedInRequestWithSecrets(options)
    const text = await readWhenContains(file, '/api/auth/user?token=[redacted]')
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] DEBUG: request completed/m)
    expect(text.split('\n').filter((l) => l.startsWith('{'))).toEqual([])
    expect(text).toContain('/api/auth/user?token=[redacted]&code=[redacted]')
    expect(text).not.toContain(user.sessionCookie)
    expect(text).not.toContain(user.jwt)
    expect(text).not.toContain('secret-code')
  })
})

describe('request lines (issue 46: every request at info was 3 900 lines for 35 minutes)', () => {
  const lineOf = (text: string, msg: string) =>
    text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string } })
      .find((l) => l.msg === msg && l.req?.url === '/api/memories')

  it('at info an answered request writes no line; at debug it does', async () => {
    for (const level of ['info', 'debug']) {
      const logs = captureLogs(level)
      const t = await buildTestApp({ logger: logs.logger })
      const user = await t.createUser()
      await t.app.inject({ url: '/api/memories', headers: user.headers })
      await t.close()
      const line = lineOf(logs.text(), 'request completed')
      if (level === 'info') expect(line).toBeUndefined()
      else expect(line).toMatchObject({ level: 20, req: { url: '/api/memories' } })
    }
  })

  it('a 503 the route chose is a warning, not an error; a crash behind a 500 is one error line', async () => {
    const logs = captureLogs('info')
    const app = Fastify({ logger: logs.logger, logController: new OneLinePerRequest() })
    app.get('/api/memories', async (_request, reply) => reply.status(503).send({ message: 'away' }))
    app.get('/api/crash', async () => {
      throw new Error('boom')
    })
    await app.inject({ url: '/api/memories' })
    await app.inject({ url: '/api/crash' })
    await app.close()
    const lines = logs
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string } })
    expect(lineOf(logs.text(), 'request answered with a server error')).toMatchObject({ level: 40 })
    expect(lines.filter((l) => l.level >= 50 && l.req?.url === '/api/memories')).toEqual([])
    expect(lines.filter((l) => l.level >= 50).map((l) => l.req?.url)).toEqual(['/api/crash'])
  })

  it('a slow request is kept at info, as a warning', async () => {
    const logs = captureLogs('info')
    // Every request counts as slow here: the threshold is what is being tested, not the clock.
    const t = await buildTestApp({ logger: logs.logger, slowRequestMs: 0 })
    const user = await t.createUser()
    await t.app.inject({ url: '/api/memories', headers: user.headers })
    await t.close()
    expect(lineOf(logs.text(), 'slow request')).toMatchObject({ level: 40, req: { url: '/api/memories' } })
  })
})
