import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp, loggerOptions } from './app.ts'
import { ConfigError, loadEnv } from './config/env.ts'
import { migrateDatabase, openDatabase } from './db/client.ts'
import { releaseMemory, releaseMemoryWhenIdle } from './lib/memory.ts'

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
  releaseMemory()
  releaseMemoryWhenIdle(app.server)
  const where = env.databaseUrl ? 'PostgreSQL' : `PGlite in ${join(env.dataDir, 'db')}`
  app.log.info(`Remi is running at ${env.appUrl} (database: ${where})`)
}

main().catch((error) => {
  console.error('Remi failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
