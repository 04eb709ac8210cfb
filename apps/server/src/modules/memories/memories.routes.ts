import type { FastifyError, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CreateMemoryBody,
  ExportMemoriesQuery,
  ImportMemoriesBody,
  ImportMemoriesResult,
  ListMemoriesQuery,
  Memory,
  MemoryIdParams,
  MemoryList,
  MemoryTagList,
  UpdateMemoryBody,
} from '@remi/shared'
import { payloadTooLarge } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { readImportFile } from './import-file.ts'
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

  // The import file is read in a worker thread (import-file.ts): its route takes the body as bytes.
  await r.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        // ImportMemoriesBody documents the body; readImportFile checks it (a big one in a worker thread).
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
      async (request) =>
        service.importAll(
          requireUser(request),
          await readImportFile(request.body as unknown as Buffer | undefined),
        ),
    )
  })

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
