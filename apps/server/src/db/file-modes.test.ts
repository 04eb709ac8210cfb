import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeTightened, tightenDataDir } from '../lib/private-files.ts'
import { createUsersRepo } from '../modules/auth/index.ts'
import { killAllServers, startProductionServer } from '../test/production-server.ts'
import { migrateDatabase, openDatabase } from './client.ts'
import { memories } from './schema.ts'

// About on-disk PGlite and DATA_DIR, so the server-pg project leaves this file out (vitest.config.ts).

/** Every directory and file under `dir` (itself included) with its permission bits, e.g. 'global/1261 600'. */
function modes(dir: string): { path: string; kind: 'dir' | 'file' | 'link'; mode: number }[] {
  const out: { path: string; kind: 'dir' | 'file' | 'link'; mode: number }[] = []
  const visit = (path: string) => {
    const stat = lstatSync(path)
    const kind = stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'dir' : 'file'
    out.push({ path: path.slice(dir.length) || '.', kind, mode: stat.mode & 0o777 })
    if (kind === 'dir') for (const name of readdirSync(path)) visit(join(path, name))
  }
  visit(dir)
  return out
}

/** What is not the owner's only: directories other than 0700, files other than 0600. */
const open = (dir: string) =>
  modes(dir)
    .filter((e) => e.kind !== 'link' && e.mode !== (e.kind === 'dir' ? 0o700 : 0o600))
    .map((e) => `${e.path} ${e.mode.toString(8)}`)

const scratch = () => mkdtempSync(join(tmpdir(), 'remi-modes-'))

afterAll(() => killAllServers())

describe('DATA_DIR and database file modes', () => {
  it('makes an on-disk PGlite database its owner’s only, whatever the umask (022 here)', async () => {
    const dataDir = join(scratch(), 'db')
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    const user = await createUsersRepo(database.db).createUserWithIdentity(
      { email: 'modes@example.test', name: 'Modes', picture: null, timezone: 'UTC' },
      { provider: 'local', subject: 'modes' },
    )
    // A write that lands in the WAL: the text a world-readable segment gave away.
    await database.db
      .insert(memories)
      .values({ userId: user.id, text: 'the door code is 4711', sortDate: '2026-11-26' })
    await database.close()

    const entries = modes(dataDir)
    expect(entries.filter((e) => e.kind === 'file').length).toBeGreaterThan(900)
    expect(entries.some((e) => e.path.startsWith('/pg_wal/0'))).toBe(true)
    expect(open(dataDir)).toEqual([])
    // A new database runs initdb: seconds, and more on a machine busy with the rest of the suite.
  }, 120_000)

  it('tightens an existing directory, not following links out of it, and says what it changed', () => {
    const root = scratch()
    const dir = join(root, 'data')
    mkdirSync(join(dir, 'base', '5'), { recursive: true })
    writeFileSync(join(dir, 'PG_VERSION'), '17')
    writeFileSync(join(dir, 'base', '5', '1259'), 'rows')
    writeFileSync(join(dir, 'session-secret'), 'secret')
    writeFileSync(join(root, 'outside'), 'not ours')
    symlinkSync(join(root, 'outside'), join(dir, 'link'))
    for (const path of [dir, join(dir, 'base'), join(dir, 'base', '5')]) chmodSync(path, 0o755)
    for (const path of ['PG_VERSION', 'base/5/1259']) chmodSync(join(dir, path), 0o666)
    chmodSync(join(dir, 'session-secret'), 0o600)
    chmodSync(join(root, 'outside'), 0o644)

    const tightened = tightenDataDir(dir)
    expect(tightened).toEqual({ directories: 3, files: 2, refused: 0 })
    expect(open(dir)).toEqual([])
    expect(lstatSync(join(root, 'outside')).mode & 0o777).toBe(0o644)
    expect(describeTightened(dir, tightened)).toBe(
      `DATA_DIR ${dir} was readable by other users of this machine: tightened 3 directories to 0700 and 2 files to 0600`,
    )
    expect(tightenDataDir(dir)).toEqual({ directories: 0, files: 0, refused: 0 })
    expect(describeTightened(dir, tightenDataDir(dir))).toBeNull()
    expect(tightenDataDir(join(root, 'missing'))).toEqual({ directories: 0, files: 0, refused: 0 })
  })

  it('the production server creates DATA_DIR 0700 with its files 0600, and tightens a loose one at start', async () => {
    const root = scratch()
    const dataDir = join(root, 'data')
    const logFile = join(root, 'server.log')
    // No SESSION_SECRET: the server writes DATA_DIR/session-secret itself.
    const options = {
      dataDir,
      logFile,
      sessionSecret: '',
      env: { SESSION_SECRET: undefined, LOG_LEVEL: 'info' },
    }
    const first = await startProductionServer(options)
    await first.stop()
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
    expect(lstatSync(join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600)
    expect(modes(dataDir).filter((e) => e.kind === 'file').length).toBeGreaterThan(900)
    expect(open(dataDir)).toEqual([])
    expect(readFileSync(logFile, 'utf8')).not.toContain('was readable by other users')

    // As an older version left it: the directories 0755, the database files 0666.
    const loosened = modes(dataDir)
    for (const entry of loosened) chmodSync(join(dataDir, entry.path), entry.kind === 'dir' ? 0o755 : 0o666)
    const dirs = loosened.filter((e) => e.kind === 'dir').length
    const second = await startProductionServer({ ...options, port: first.port })
    // Written to after the start: still the owner's only.
    await second.stop()
    expect(open(dataDir)).toEqual([])
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes('was readable by other users'))
    expect(line).toBeDefined()
    const message = (JSON.parse(line!) as { msg: string }).msg
    expect(message).toBe(
      `DATA_DIR ${dataDir} was readable by other users of this machine: tightened ${dirs} directories to 0700 and ${loosened.length - dirs} files to 0600`,
    )
  }, 120_000)
})
