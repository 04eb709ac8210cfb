import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  NOTE_IMPORT_LIMITS,
  NoteImport,
  NoteImportCreated,
  NoteImportIdParams,
  NoteImportList,
  NoteImportUndoResult,
} from '@remi/shared'
import { z } from 'zod'
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors.ts'
import type { HeavyJobs } from '../../lib/heavy-jobs.ts'
import { tempFilePath } from '../../lib/upload-file.ts'
import { requireUser } from '../../plugins/auth.ts'
import type { ImportsService } from './imports.service.ts'
import type { Upload } from './parsers/index.ts'

export const UPLOAD_TOO_LARGE = `The upload is too large (at most ${NOTE_IMPORT_LIMITS.uploadBytes / 1024 / 1024} MB for one import).`
export const TOO_MANY_FILES = `Too many files in one upload (at most ${NOTE_IMPORT_LIMITS.files}).`
export const NO_FILE = 'Choose a file to import (sent as multipart/form-data, field "file").'

/**
 * The request's files, each streamed to a temporary file of its own (0600) as it arrives, never held in
 * memory; all of them together at most 200 MB (413 naming the limit, from Content-Length before anything
 * is read, else as the bytes arrive). Also the SHA-256 of all of them (the upload's fingerprint).
 */
async function receiveFiles(request: FastifyRequest): Promise<{ uploads: Upload[]; fingerprint: string }> {
  const declared = Number(request.headers['content-length'])
  if (declared > NOTE_IMPORT_LIMITS.uploadBytes + 64 * 1024) throw payloadTooLarge(UPLOAD_TOO_LARGE)
  if (!request.isMultipart()) throw badRequest(NO_FILE)
  const uploads: Upload[] = []
  const hash = createHash('sha256')
  let total = 0
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      const path = tempFilePath('import')
      const upload: Upload = { name: part.filename || 'upload', path, size: 0 }
      uploads.push(upload)
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          total += chunk.length
          upload.size += chunk.length
          if (total > NOTE_IMPORT_LIMITS.uploadBytes) return next(payloadTooLarge(UPLOAD_TOO_LARGE))
          hash.update(chunk)
          next(null, chunk)
        },
      })
      await pipeline(part.file, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }))
    }
  } catch (error) {
    await removeAll(uploads)
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(UPLOAD_TOO_LARGE)
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw payloadTooLarge(TOO_MANY_FILES)
    if (error instanceof AppError) throw error
    throw badRequest(`The upload could not be read (${(error as Error).message}).`)
  }
  if (!uploads.length) throw badRequest(NO_FILE)
  return { uploads, fingerprint: hash.digest('hex') }
}

const removeAll = (uploads: Upload[]) => Promise.all(uploads.map((u) => rm(u.path, { force: true })))

/** The multipart body as OpenAPI shows it (the handler reads the parts itself, as they stream). */
const UploadBody = z.object({
  file: z.any().describe('One or more files: .zip, .json, .enex, .bear2bk or .md'),
})

export async function importsRoutes(
  app: FastifyInstance,
  opts: { service: ImportsService; heavyJobs: HeavyJobs },
) {
  const { service, heavyJobs } = opts
  const tags = ['imports']
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: NOTE_IMPORT_LIMITS.uploadBytes,
      files: NOTE_IMPORT_LIMITS.files,
      parts: NOTE_IMPORT_LIMITS.files + 10,
      fields: 10,
      fieldSize: 1024,
    },
  })
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: { 201: NoteImportCreated },
      },
      // The parts are read (and checked) by the handler as they stream in.
      validatorCompiler: () => (value: unknown) => ({ value }),
    },
    async (request, reply) => {
      const userId = requireUser(request)
      heavyJobs.check(userId)
      // Answered once the person's place is free again (a next upload right after is not turned away).
      const preview = await heavyJobs.run(userId, async () => {
        const { uploads, fingerprint } = await receiveFiles(request)
        try {
          return await service.create(userId, uploads, fingerprint)
        } finally {
          await removeAll(uploads)
        }
      })
      return reply.status(201).send({ id: preview.id, format: preview.format, preview })
    },
  )

  r.get('/', { schema: { tags, response: { 200: NoteImportList } } }, async (request) => ({
    items: await service.list(requireUser(request)),
  }))

  r.get(
    '/:id',
    { schema: { tags, params: NoteImportIdParams, response: { 200: NoteImport } } },
    async (request) => service.get(requireUser(request), request.params.id),
  )

  r.post(
    '/:id/start',
    { schema: { tags, params: NoteImportIdParams, response: { 202: NoteImport } } },
    async (request, reply) =>
      reply.status(202).send(await service.start(requireUser(request), request.params.id)),
  )

  r.delete(
    '/:id/memories',
    { schema: { tags, params: NoteImportIdParams, response: { 200: NoteImportUndoResult } } },
    async (request) => service.undo(requireUser(request), request.params.id),
  )
}
