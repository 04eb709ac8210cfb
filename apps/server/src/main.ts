import module from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The app's few thousand modules, compiled once and cached on disk (in the OS temp directory): a
// restart skips compiling them again (start-up CPU 3.2 s -> 2.4 s, apps/server/bench). It must be on
// before they load, hence the dynamic imports.
module.enableCompileCache?.()
const { buildApp, loggerOptions } = await import('./app.ts')
const { ConfigError, loadEnv } = await import('./config/env.ts')
const { migrateDatabase, openDatabase } = await import('./db/client.ts')
const { releaseMemory, releaseMemoryWhenIdle } = await import('./lib/memory.ts')

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

  const database = await openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir },
  )
  await migrateDatabase(database)
  const logger = loggerOptions(env.logLevel, { pretty: process.stdout.isTTY === true })
  const app = await buildApp({ env, database, webRoot, logger })

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
  // A moment after listening, so /readyz does not wait for the collection (a few hundred ms of CPU).
  setTimeout(releaseMemory, 1000).unref()
  releaseMemoryWhenIdle(app.server)
  const where = env.databaseUrl ? 'PostgreSQL' : `PGlite in ${join(env.dataDir, 'db')}`
  app.log.info(`Remi is running at ${env.appUrl} (database: ${where})`)
}

main().catch((error) => {
  console.error('Remi failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
