import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { Browser } from './test/http-client.ts'
import { killAllServers, startProductionServer } from './test/production-server.ts'
import { localSignIn } from './test/sign-in.ts'

// One production server on on-disk PGlite: which packages a process loads does not depend on the engine,
// so the server-pg project leaves this file out (vitest.config.ts).

/** Records every package the process resolves, one name a line, in REMI_LOADED. */
const HOOK = `
import { registerHooks } from 'node:module'
import { appendFileSync } from 'node:fs'
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context)
    const name = resolved.url.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1]
    if (name) appendFileSync(process.env.REMI_LOADED, name + '\\n')
    return resolved
  },
})
`

afterAll(() => killAllServers())

describe('what a server without a model loads', () => {
  it('leaves the AI SDK, the MCP client, nodemailer and web-push unloaded through a day of offline use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'remi-modules-'))
    const hook = join(dir, 'hook.mjs')
    const loadedFile = join(dir, 'loaded.txt')
    writeFileSync(hook, HOOK)
    writeFileSync(loadedFile, '')
    const server = await startProductionServer({
      dataDir: join(dir, 'data'),
      sessionSecret: 'modules-at-start-secret-that-is-long-enough-0123456789',
      logFile: join(dir, 'server.log'),
      env: {
        NODE_OPTIONS: `--import ${pathToFileURL(hook).href}`,
        REMI_LOADED: loadedFile,
        // Keys of its own, as a server started before has: the first start of a data directory makes them.
        VAPID_PUBLIC_KEY:
          'BKxFhbH5_yRnNJ1qN-NH0erH_gjPZaAkCFyzg47iPWwRA1TGNKz_aD2dW4dIu5AhLJwaH0LKs2VcTWHXHpyv0m0',
        VAPID_PRIVATE_KEY: 'ZXGu4y_G0vb5L4-Fa6dtY9vidWy-DTk8qYfacaiLZA8',
      },
    })
    const browser = new Browser()
    await localSignIn(browser, server.baseUrl, { email: 'modules@example.test', name: 'Modules' })
    const { csrfToken } = (await (await browser.request(`${server.baseUrl}/api/auth/csrf-token`)).json()) as {
      csrfToken: string
    }
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await browser.request(`${server.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      await res.arrayBuffer()
      return res.status
    }
    expect(
      await send('POST', '/api/memories', { text: 'The garden gate code is 4711', tags: ['home'] }),
    ).toBe(201)
    expect(await send('GET', '/api/memories?searchTerm=garden')).toBe(200)
    expect(await send('GET', '/api/dashboard/briefing')).toBe(200)
    expect(await send('POST', '/api/chat/send', { content: 'What is the garden gate code?' })).toBe(200)
    expect(
      await send('POST', '/api/reminders', { text: 'water the plants', dueAt: '2030-01-01T09:00:00Z' }),
    ).toBe(201)

    const loaded = new Set(readFileSync(loadedFile, 'utf8').split('\n').filter(Boolean))
    // The hook saw the server's own packages: the list is the process's.
    expect([...loaded]).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', '@electric-sql/pglite']))
    // Each is read on its first use (a model, a person's MCP server, an e-mail, a push) and not before.
    expect(
      [...loaded].filter((name) =>
        /^(ai|@ai-sdk\/(?!provider$).*|@modelcontextprotocol\/sdk|nodemailer|web-push)$/.test(name),
      ),
    ).toEqual([])
    await server.stop()
  }, 120_000)
})
