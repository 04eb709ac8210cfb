import { open, rm } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ATTACHMENT_LIMITS,
  DeleteAccountBody,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_ZIP_TOO_LARGE,
  ImportAccountBody,
  ImportAccountResult,
  MEMORY_LIMITS,
} from '@remi/shared'
import { z } from 'zod'
import type { HeavyJobs } from '../../lib/heavy-jobs.ts'
import { bodyToFile, tempFilePath, type UploadedFile } from '../../lib/upload-file.ts'
import { requireUser } from '../../plugins/auth.ts'
import type { SessionsApi } from '../auth/index.ts'
import { readAccountFile } from './account-file.ts'
import { isZip, openAccountZip, type AccountZip } from './account-zip.ts'
import type { AccountService } from './account.service.ts'

/** DELETE /api/auth/user, GET /api/auth/user/export, POST /api/auth/user/import. */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { service: AccountService; sessions: SessionsApi; heavyJobs: HeavyJobs },
) {
  const { service, sessions, heavyJobs } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['auth']
  // The whole account: only a person signed in to the app, never a personal access token.
  const config = { credentials: 'session' as const }

  r.delete(
    '',
    { config: { ...config, tokenRefusal: 'delete the account' }, schema: { tags, body: DeleteAccountBody } },
    async (request, reply) => {
      await service.deleteAccount(requireUser(request), request.body.email)
      sessions.clearCookie(reply)
      return reply.status(204).send()
    },
  )

  // The export is a zip of the JSON and the memories' files; `?format=json` gives the JSON alone.
  const ExportQuery = z.object({
    format: z.enum(['zip', 'json'], { error: "format must be 'zip' or 'json'." }).default('zip'),
  })
  r.get(
    '/export',
    { config: { ...config, tokenRefusal: 'export the account' }, schema: { tags, querystring: ExportQuery } },
    async (request, reply) => {
      const userId = requireUser(request)
      const zip = request.query.format === 'zip'
      // Written to a file a slice at a time as one of the heavy jobs, then sent from the file: a slow
      // download holds a file descriptor, not a place among the jobs or the export in memory.
      const path = tempFilePath('export')
      try {
        const { fileStem } = await heavyJobs.run(userId, () => service.exportToFile(userId, path, { zip }))
        const file = await open(path)
        const { size } = await file.stat()
        return reply
          .header('content-disposition', `attachment; filename="${fileStem}.${zip ? 'zip' : 'json'}"`)
          .header('cache-control', 'no-store')
          .header('content-length', size)
          .type(zip ? 'application/zip' : 'application/json; charset=utf-8')
          .send(file.createReadStream())
      } finally {
        // Open files keep their data until they are closed: the name can go at once.
        await rm(path, { force: true })
      }
    },
  )

  // The import file goes to disk as it arrives (upload-file.ts) and is read and checked in a worker
  // thread (account-file.ts); the whole import is one of the server's few heavy jobs (heavy-jobs.ts).
  await r.register(async (scope) => {
    // A zip (the export with its files) may be as large as the JSON and a person's files together.
    const zipLimit = MEMORY_LIMITS.importFileBytes + service.filesMaxBytes() + ATTACHMENT_LIMITS.fileBytes
    bodyToFile(scope, MEMORY_LIMITS.importFileBytes, IMPORT_FILE_TOO_LARGE, {
      types: ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
      limit: zipLimit,
      tooLarge: IMPORT_ZIP_TOO_LARGE(zipLimit),
    })
    // Refused before the body is read: another job of theirs running, or no room for one.
    scope.addHook('preParsing', async (request) => heavyJobs.check(requireUser(request)))
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import',
      {
        config: { ...config, tokenRefusal: 'import into the account' },
        bodyLimit: zipLimit,
        // ImportAccountBody documents the body; readAccountFile checks it, in a worker thread.
        schema: { tags, body: ImportAccountBody, response: { 200: ImportAccountResult } },
        validatorCompiler: () => (value: unknown) => ({ value }),
      },
      async (request) => {
        const userId = requireUser(request)
        const upload = request.body as unknown as UploadedFile | undefined
        let zip: AccountZip | undefined
        try {
          return await heavyJobs.run(userId, async () => {
            // A zip (its first bytes say so) is checked whole before its JSON is read; JSON as before.
            if (upload && (await isZip(upload)))
              zip = await openAccountZip(upload.path, MEMORY_LIMITS.importFileBytes + service.filesMaxBytes())
            return service.importAll(userId, await readAccountFile(zip?.json ?? upload), zip)
          })
        } finally {
          await zip?.close()
          await upload?.remove()
        }
      },
    )
  })
}
