import fs from 'node:fs'
import { join } from 'node:path'

/** The bits other users read, write or enter by: none are left on anything in DATA_DIR. */
export const NOT_OWNER = 0o077

export interface Tightened {
  /** Directories and files that had group or other bits, now the owner's only. */
  directories: number
  files: number
  /** Entries chmod refused (owned by another user): left as they were. */
  refused: number
}

/**
 * Makes DATA_DIR and everything under it the owner's only (directories 0700, files 0600 or 0700 when
 * executable): an existing one may come from a version that left the database world-readable. Symbolic
 * links are not followed, so nothing outside the directory is changed. A missing directory is left alone.
 */
export function tightenDataDir(dir: string): Tightened {
  const result: Tightened = { directories: 0, files: 0, refused: 0 }
  const visit = (path: string) => {
    let stat: fs.Stats
    try {
      stat = fs.lstatSync(path)
    } catch {
      return // gone meanwhile, or the directory does not exist yet
    }
    if (stat.isSymbolicLink()) return
    if (stat.mode & NOT_OWNER) {
      try {
        fs.chmodSync(path, stat.mode & 0o7777 & ~NOT_OWNER)
        if (stat.isDirectory()) result.directories++
        else result.files++
      } catch {
        result.refused++
      }
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(path)) visit(join(path, name))
  }
  visit(dir)
  return result
}

/** The start-up log line for what tightenDataDir changed, or null when it changed nothing. */
export function describeTightened(dir: string, t: Tightened): string | null {
  if (t.directories + t.files + t.refused === 0) return null
  const parts = [
    `${t.directories} ${t.directories === 1 ? 'directory' : 'directories'} to 0700`,
    `${t.files} ${t.files === 1 ? 'file' : 'files'} to 0600`,
  ]
  const refused = t.refused
    ? `; ${t.refused} could not be changed (owned by another user): run Remi as their owner or chown -R ${dir}`
    : ''
  return `DATA_DIR ${dir} was readable by other users of this machine: tightened ${parts.join(' and ')}${refused}`
}

/**
 * Makes chmod and mkdir in this thread keep group and other bits off, whatever the process's umask.
 * For PGlite's worker: Emscripten chmods every file it creates to the mode the WASM asked for, past the
 * umask, and initdb asks 0666 (968 files of a new database, the WAL among them, were world-readable);
 * it makes directories 0777 less the umask. A worker cannot set the umask, and has its own copy of
 * Node's built-in modules, so only that thread's `fs` is changed.
 */
export function keepFilesPrivate(): void {
  const { chmodSync, fchmodSync, mkdirSync } = fs
  fs.chmodSync = (path, mode) => chmodSync(path, privateMode(mode))
  fs.fchmodSync = (fd, mode) => fchmodSync(fd, privateMode(mode))
  fs.mkdirSync = ((path: fs.PathLike, options?: fs.Mode | fs.MakeDirectoryOptions | null) => {
    const asked = typeof options === 'object' && options !== null ? options : { mode: options ?? 0o777 }
    return mkdirSync(path, { ...asked, mode: privateMode(asked.mode ?? 0o777) })
  }) as typeof fs.mkdirSync
}

const privateMode = (mode: fs.Mode) =>
  (typeof mode === 'number' ? mode : Number.parseInt(mode, 8)) & ~NOT_OWNER
