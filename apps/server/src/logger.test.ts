import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loggerOptions } from './app.ts'
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
    const logs = captureLogs()
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
    const options = loggerOptions('info', { pretty: true }) as { transport: PrettyTransport }
    // The real transport, pointed at a file instead of the terminal (pino-pretty's destination option).
    options.transport.options = { ...options.transport.options, destination: file, colorize: false }
    const user = await signedInRequestWithSecrets(options)
    const text = await readWhenContains(file, 'request completed')
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed/m)
    expect(text.split('\n').filter((l) => l.startsWith('{'))).toEqual([])
    expect(text).toContain('/api/auth/user?token=[redacted]&code=[redacted]')
    expect(text).not.toContain(user.sessionCookie)
    expect(text).not.toContain(user.jwt)
    expect(text).not.toContain('secret-code')
  })
})
