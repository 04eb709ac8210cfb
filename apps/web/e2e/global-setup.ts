import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CHROMIUM } from './playwright.config.ts'

const webDir = fileURLToPath(new URL('..', import.meta.url))

/** The browser must be there, and the tests run against a fresh production build of the SPA. */
export default function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install chromium)`)
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' })
  }
}
