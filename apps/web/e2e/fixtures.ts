import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type Page } from '@playwright/test'
import { startDataSourceFakes } from '../../server/src/test/fakes/index.ts'
import { startOpenAIFake, type OpenAIFake } from '../../server/src/test/fakes/openai.ts'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

export interface RemiServer {
  url: string
  dataDir: string
  /** Everything the server printed, for failure messages. */
  output: () => string
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts the real production server (apps/server/src/main.ts serving apps/web/dist) on a free port with
 * a temporary DATA_DIR (PGlite), the local IdP and the offline assistant. `env` adds variables, e.g.
 * WEATHER_API_URL pointing at a loopback fake.
 */
export async function launchServer(
  env: Record<string, string> = {},
  /** A restart: the same port and DATA_DIR as a server stopped before (the caller removes the dir). */
  reuse: { port?: number; dataDir?: string } = {},
): Promise<RemiServer> {
  const port = reuse.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const dataDir = reuse.dataDir ?? mkdtempSync(join(tmpdir(), 'remi-e2e-'))
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test makes its own local account (signIn below); sign-ups would close after the first.
      LOCAL_SIGNUP: 'open',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))

  // Migrations on a busy 2-core machine (several test runs at once) can take minutes.
  const deadline = Date.now() + 300_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Remi exited with ${child.exitCode} while starting:\n${output}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`Remi did not become ready within 300 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      if (!reuse.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let people = 0
/** A fresh e-mail address per call, so tests never share a user. */
export function uniqueEmail(prefix = 'person') {
  people += 1
  return `${prefix}-${process.pid}-${Date.now()}-${people}@example.test`
}

/** The password signIn gives the accounts it makes (not on the server's list of common passwords). */
export const E2E_PASSWORD = 'e2e-password-harbour-lamp'

/**
 * Signs in on the login page with the built-in sign-in, as a person would (the server has no provider
 * credentials, so /login shows the form itself), and waits until the app has taken the browser on.
 * Returns the e-mail used. It uses the sign-up form (the server runs with LOCAL_SIGNUP=open): an e-mail
 * without an account gets one, and one with an account signs in with the same password.
 */
export async function signIn(
  page: Page,
  person: { name?: string; email?: string; password?: string } = {},
): Promise<string> {
  const email = person.email ?? uniqueEmail()
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login')
  // Found by its fields, not its words: /login speaks the browser's language (language.spec.ts).
  const form = page.locator('form[aria-labelledby="local-sign-in"]')
  const name = form.locator('input[name="name"]')
  await expect(form).toBeVisible()
  // The first account's form asks for a name at once; otherwise "Create an account" opens the sign-up form.
  if (!(await name.isVisible())) {
    await form.locator('p button').click()
    await expect(name).toBeVisible()
  }
  await name.fill(person.name ?? 'Test Person')
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="password"]').fill(person.password ?? E2E_PASSWORD)
  await form.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.searchParams.has('token'))
  return email
}

interface WorkerFixtures {
  /** One production server per worker. Override it in a spec (test.extend) to start one with extra env. */
  server: RemiServer
}
interface TestFixtures {
  /** Fails the test on any Content-Security-Policy violation or uncaught page error. */
  pageErrors: string[]
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = await launchServer()
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
          errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
      await use(errors)
      expect(errors, 'CSP violations or uncaught errors on the page').toEqual([])
    },
    { auto: true },
  ],
})

type DataSourceFakes = Awaited<ReturnType<typeof startDataSourceFakes>>

/** The production server pointed at loopback fakes of Open-Meteo, Google, Microsoft and an ICS feed. */
export const testWithFakes = test.extend<object, { fakes: DataSourceFakes; server: RemiServer }>({
  fakes: [
    async ({}, use) => {
      const fakes = await startDataSourceFakes()
      await use(fakes)
      await fakes.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ fakes }, use) => {
      const server = await launchServer(fakes.env)
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 360_000 },
  ],
})

/**
 * A second production server, answering with the real OpenAI adapter against a loopback fake of the
 * OpenAI wire format (`model`: script its answers, read its requests). The offline `server` stays for the
 * file's other tests.
 */
export const testWithModel = test.extend<object, { model: OpenAIFake; modelServer: RemiServer }>({
  model: [
    async ({}, use) => {
      const fake = await startOpenAIFake()
      await use(fake)
      await fake.close()
    },
    { scope: 'worker' },
  ],
  modelServer: [
    async ({ model }, use) => {
      const server = await launchServer(model.env)
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ modelServer }, use) => {
    await use(modelServer.url)
  },
})

export { expect }
