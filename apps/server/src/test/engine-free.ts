import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// What reaches a database, or a process that opens one: a test file that imports none of it, however
// deeply, runs the same on either engine.
const REACHES_A_DATABASE =
  /openDatabase\(|createTestDatabase\(|TEST_DB|TEST_DATABASE_URL|child_process|\bmain\.ts\b|PGlite/
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : testFiles(path)
    return name.endsWith('.test.ts') ? [path] : []
  })
}

function reachesADatabase(file: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  if (REACHES_A_DATABASE.test(text)) return true
  for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
    const target = resolve(dirname(file), specifier!)
    if (existsSync(target) && statSync(target).isFile() && reachesADatabase(target, seen)) return true
  }
  return false
}

/**
 * The server's test files (relative to `root`) that never reach a database: pure logic, the same on
 * PGlite and PostgreSQL, so the server-pg project leaves them out instead of running them twice. A file
 * that imports anything opening a database (the app, a repo, db/client.ts), names the engine or starts a
 * process stays in: when unsure, it runs on both.
 */
export function engineFreeTestFiles(root: string): string[] {
  return testFiles(join(root, 'src'))
    .filter((file) => !reachesADatabase(file, new Set()))
    .map((file) => relative(root, file))
}
