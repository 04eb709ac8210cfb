import module from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { registerFastResolve } from './lib/fast-resolve.ts'

// Everything the server writes (DATA_DIR, the session secret, the database) is its owner's only; set
// before anything is written, and kept across the execve below.
process.umask(0o077)

// Two settings that only act from a process's start, so the server starts itself again with them (execve:
// the same process, no second one). glibc's malloc hands blocks of 128 KB and more straight back to the
// system (by default that limit rises as such blocks are freed, and memory V8's compilers borrowed stays
// resident: PGlite's worker borrows 600 MB for a moment to optimise its SQL parser; 60-130 MB stayed). And
// the compile cache covers this file too, so Node never loads its TypeScript stripper (13 MB).
const startEnv: NodeJS.ProcessEnv = {}
if (!process.env.GLIBC_TUNABLES?.includes('glibc.malloc.mmap_threshold')) {
  startEnv.GLIBC_TUNABLES = [process.env.GLIBC_TUNABLES, 'glibc.malloc.mmap_threshold=131072']
    .filter(Boolean)
    .join(':')
}
if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  startEnv.NODE_COMPILE_CACHE = join(tmpdir(), 'node-compile-cache')
}
if (Object.keys(startEnv).length > 0 && process.platform !== 'win32' && process.execve) {
  try {
    const args = [process.execPath, ...process.execArgv, ...process.argv.slice(1)]
    process.execve(process.execPath, args, { ...process.env, ...startEnv })
  } catch {
    // Not allowed here (a sandbox): the server runs as it is, only with more memory.
  }
}

// The app's few thousand modules, compiled once and cached on disk (in the OS temp directory): a
// restart skips compiling them again (start-up CPU 3.2 s -> 2.4 s, apps/server/bench). It must be on
// before they load, hence the dynamic imports; so must the resolve hook (start-up CPU -0.4 s).
module.enableCompileCache?.()
registerFastResolve()
const { ConfigError, loadEnv } = await import('./config/env.ts')
const { migrateDatabase, openDatabase } = await import('./db/client.ts')
const { releaseMemory, releaseMemoryWhenIdle } = await import('./lib/memory.ts')
const { describeTightened, tightenDataDir } = await import('./lib/private-files.ts')

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url))

async function main() {
  let env: ReturnType<typeof loadEnv>
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  // A DATA_DIR left readable by an older version (or made by hand) is closed before the database opens.
  const tightened = describeTightened(env.dataDir, tightenDataDir(env.dataDir))
  // PGlite starts in its worker thread while this one loads the app.
  const [database, { buildApp, loggerOptions }] = await Promise.all([
    openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir }),
    import('./app.ts'),
  ])
  await migrateDatabase(database)
  const logger = loggerOptions(env.logLevel, { pretty: process.stdout.isTTY === true })
  const app = await buildApp({ env, database, webRoot, logger })
  if (tightened) app.log.warn(tightened)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: draining requests')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: env.port, host: env.host })
  // The job queue and what runs on it (embeddings), after listening: its first start makes a schema, which
  // /readyz need not wait for. A failure is logged and leaves the rest of the app working.
  app.background
    .start()
    .catch((error: unknown) => app.log.error({ err: error }, 'background work failed to start'))
  // A moment after listening, so /readyz does not wait for the collection (a few hundred ms of CPU).
  setTimeout(releaseMemory, 1000).unref()
  // Idle counts from a request's end too, so a long one (a chat answer streaming) is not paused by it.
  const activity = releaseMemoryWhenIdle()
  app.server.on('request', (_request, response) => {
    activity()
    response.once('close', activity)
  })
  const where = env.databaseUrl ? 'PostgreSQL' : `PGlite in ${env.dataDir}`
  app.log.info(`Remi is running at ${env.appUrl} (database: ${where})`)
}

main().catch((error) => {
  console.error('Remi failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
