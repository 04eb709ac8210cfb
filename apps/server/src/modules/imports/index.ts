import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { JobLogger, JobQueue } from '../../jobs/queue.ts'
import type { HeavyJobs } from '../../lib/heavy-jobs.ts'
import { createImportsRepo } from './imports.repo.ts'
import { importsRoutes } from './imports.routes.ts'
import { createImportsService, type ImportFiles, type ImportsService } from './imports.service.ts'

export type { ImportFiles, ImportsService }

/** The imports service over its repository; its kind of job is defined on `jobs` (before the queue starts). */
export function createImports(deps: {
  db: Db
  users: { timezoneOf(userId: string): Promise<string> }
  jobs: JobQueue
  logger: JobLogger
  files?: ImportFiles
  onImported?: (userId: string) => void
}): ImportsService {
  const { db, ...rest } = deps
  return createImportsService({ repo: createImportsRepo(db), ...rest })
}

/** Imports of notes from Google Keep, Evernote, Bear and Markdown: registered at /api/imports. */
export async function importsModule(
  app: FastifyInstance,
  opts: { imports: ImportsService; heavyJobs: HeavyJobs },
) {
  // Before the first request: an import a crash cut short is rolled back whole (and run again once the
  // job queue runs: imports.resume()).
  const rolledBack = await opts.imports.rollBackCrashed()
  if (rolledBack)
    app.log.warn({ imports: rolledBack }, 'note imports a crash cut short were rolled back and queued again')
  await app.register(importsRoutes, { service: opts.imports, heavyJobs: opts.heavyJobs })
}
