import type { FastifyError, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CreateMemoryBody,
  ErrorCode,
  ExportMemoriesQuery,
  IMPORT_DUPLICATE_ID,
  ImportedMemory,
  ImportMemoriesBody,
  ImportMemoriesEnvelope,
  ImportMemoriesResult,
  ListMemoriesQuery,
  Memory,
  MemoryIdParams,
  MemoryList,
  MemoryTagList,
  UpdateMemoryBody,
} from '@remi/shared'
import { z } from 'zod'
import { AppError, payloadTooLarge } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { toMarkdown, type MemoriesService } from './memories.service.ts'

/** An export of 100 000 memories of a few hundred characters each fits comfortably. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024

export async function memoriesRoutes(app: FastifyInstance, opts: { service: MemoriesService }) {
  const { service } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['memories']

  r.get(
    '/',
    { schema: { tags, querystring: ListMemoriesQuery, response: { 200: MemoryList } } },
    async (request) => service.list(requireUser(request), request.query),
  )

  r.get('/tags', { schema: { tags, response: { 200: MemoryTagList } } }, async (request) =>
    service.tags(requireUser(request)),
  )

  r.get('/export', { schema: { tags, querystring: ExportMemoriesQuery } }, async (request, reply) => {
    const { data, fileStem } = await service.exportAll(requireUser(request))
    const markdown = request.query.format === 'markdown'
    const file = `${fileStem}.${markdown ? 'md' : 'json'}`
    reply.header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store')
    if (markdown)
      return reply.type('text/markdown; charset=utf-8').send(toMarkdown(data.memories, data.exportedAt))
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2))
  })

  r.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // ImportMemoriesBody documents the body; readImportBody checks it, a slice at a time.
      schema: { tags, body: ImportMemoriesBody, response: { 200: ImportMemoriesResult } },
      validatorCompiler: () => (value: unknown) => ({ value }),
      // The generic 413 text does not say what the limit is; everything else goes to the app's handler.
      errorHandler: (error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw payloadTooLarge(
            `The import file is too large (at most ${IMPORT_BODY_LIMIT / 1024 / 1024} MB).`,
          )
        }
        throw error
      },
    },
    async (request) => service.importAll(requireUser(request), await readImportBody(request.body as unknown)),
  )

  r.get('/:id', { schema: { tags, params: MemoryIdParams, response: { 200: Memory } } }, async (request) =>
    service.get(requireUser(request), request.params.id),
  )

  r.post(
    '/',
    { schema: { tags, body: CreateMemoryBody, response: { 201: Memory } } },
    async (request, reply) => {
      const memory = await service.create(requireUser(request), request.body)
      return reply.status(201).send(memory)
    },
  )

  r.put(
    '/:id',
    { schema: { tags, params: MemoryIdParams, body: UpdateMemoryBody, response: { 200: Memory } } },
    async (request) => service.update(requireUser(request), request.params.id, request.body),
  )

  r.delete('/:id', { schema: { tags, params: MemoryIdParams } }, async (request, reply) => {
    await service.remove(requireUser(request), request.params.id)
    return reply.status(204).send()
  })
}

const IMPORT_SLICE = 2000

/**
 * The import body checked as ImportMemoriesBody would check it, with the same messages, but a slice of
 * memories at a time with a turn for other requests between slices: one pass over 100 000 memories held
 * the event loop for most of a second.
 */
async function readImportBody(body: unknown): Promise<z.output<typeof ImportMemoriesBody>> {
  const envelope = ImportMemoriesEnvelope.safeParse(body)
  if (!envelope.success) throw invalid(envelope.error.issues[0]!)
  const memories: z.output<typeof ImportedMemory>[] = []
  const seen = new Set<string>()
  const items = envelope.data.memories
  for (let start = 0; start < items.length; start += IMPORT_SLICE) {
    const slice = z.array(ImportedMemory).safeParse(items.slice(start, start + IMPORT_SLICE))
    if (!slice.success) {
      const [index, ...rest] = slice.error.issues[0]!.path
      throw invalid({ ...slice.error.issues[0]!, path: ['memories', start + Number(index), ...rest] })
    }
    for (const [i, item] of slice.data.entries()) {
      if (item.id && seen.has(item.id))
        throw invalid({ message: IMPORT_DUPLICATE_ID, path: ['memories', start + i, 'id'] })
      if (item.id) seen.add(item.id)
      memories.push(item)
    }
    if (start + IMPORT_SLICE < items.length) await new Promise((resolve) => setImmediate(resolve))
  }
  return { ...envelope.data, memories }
}

/** The app's answer to a schema error (plugins/error-handler.ts): 'body.memories.3.text: …'. */
function invalid(issue: { message: string; path: PropertyKey[] }) {
  const field = issue.path.map(String).join('.')
  return new AppError(400, ErrorCode.ValidationFailed, `body${field ? `.${field}` : ''}: ${issue.message}`)
}
