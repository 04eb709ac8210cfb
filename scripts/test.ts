// `npm test`: every test tier, then one line `N passed, N failed` totalled over them.
//   1. unit + server + web (Vitest projects; server again on PostgreSQL when TEST_DATABASE_URL is set)
//   2. end to end (Playwright driving Debian's Chromium against the production build)
// E2E_REQUIRED=1 (CI) makes a missing browser a failure instead of a tier reported as not run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'remi-test-'))
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const e2eRequired = process.env.E2E_REQUIRED === '1'
let passed = 0
let failed = 0
const notes: string[] = []

function run(command: string, args: string[], env: Record<string, string> = {}) {
  return (
    spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
  )
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null
}

// Tier 1: Vitest projects.
const vitestJson = join(out, 'vitest.json')
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
])
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number }>(vitestJson)
if (!vitest) {
  failed += 1
  notes.push('vitest: no report (it crashed before running tests)')
} else {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) {
    failed += 1
    notes.push(`vitest exited with ${vitestStatus} (a suite failed to load)`)
  }
  notes.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`)
}

// Tier 2: end to end.
if (!existsSync(chromium)) {
  if (e2eRequired) {
    failed += 1
    notes.push(`e2e: FAILED, Chromium not found at ${chromium} and E2E_REQUIRED=1`)
  } else {
    notes.push(`e2e: NOT RUN, Chromium not found at ${chromium} (apt-get install chromium; CI requires it)`)
  }
} else {
  const buildStatus = run('npm', ['run', 'build', '-w', 'apps/web'])
  if (buildStatus !== 0) {
    failed += 1
    notes.push('e2e: the web build failed')
  } else {
    const e2eJson = join(out, 'e2e.json')
    const e2eStatus = run('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'], {
      E2E_SKIP_BUILD: '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    })
    const report = readJson<{
      stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    }>(e2eJson)
    if (!report) {
      failed += 1
      notes.push('e2e: no report (Playwright crashed before running tests)')
    } else {
      const { expected, unexpected, flaky, skipped } = report.stats
      passed += expected
      failed += unexpected + flaky
      if (e2eStatus !== 0 && unexpected + flaky === 0) {
        failed += 1
        notes.push(`e2e: playwright exited with ${e2eStatus}`)
      }
      notes.push(
        `e2e: ${expected} passed, ${unexpected + flaky} failed${skipped ? `, ${skipped} skipped` : ''}`,
      )
    }
  }
}

console.log(`\n${notes.join('\n')}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
