import type { FastifyInstance } from 'fastify'
import fastJson from 'fast-json-stringify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateMemoryBody,
  ExportMemoriesQuery,
  IMPORT_FILE_TOO_LARGE,
  ImportMemoriesBody,
  ImportMemoriesResult,
  ListMemoriesQuery,
  Memory,
  MEMORY_LIMITS,
  MemoryChange,
  MemoryIdParams,
  MemoryList,
  MemoryTagList,
  UpdateMemoryBody,
} from '@remi/shared'
import type { HeavyJobs } from '../../lib/heavy-jobs.ts'
import { bodyToFile, type UploadedFile } from '../../lib/upload-file.ts'
import { readerOf, requireUser } from '../../plugins/auth.ts'
import { readImportFile } from './import-file.ts'
import { toMarkdown, type MemoriesService } from './memories.service.ts'

/**
 * The closest memories to words no memory holds all of (modules/recall gives it; memories imports no
 * module that reads it back).
 */
export interface ClosestMemories {
  find(
    userId: string,
    request: {
      query: string
      tags?: string[] | undefined
      from?: string | undefined
      to?: string | undefined
      limit?: number
    },
  ): Promise<Memory[]>
}

/** A JSON schema node: `anyOf: [X, null]` (zod's nullable) as X allowing null, which fast-json-stringify writes directly. */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType)
  if (!node || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsType(value)
  const anyOf = out.anyOf as { type?: unknown }[] | undefined
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null')!
    if (typeof other.type === 'string') {
      delete out.anyOf
      return { ...out, ...other, type: [other.type, 'null'] }
    }
  }
  return out
}

/**
 * The list's answer written by fast-json-stringify from MemoryList's JSON schema, compiled once: the
 * default serializer checked the whole answer against the zod schema and then ran JSON.stringify on
 * every page (issue 47). Only the schema's properties are written, as before.
 */
const serializeMemoryList = fastJson(
  nullableAsType(z.toJSONSchema(MemoryList, { io: 'output', target: 'draft-7' })) as Parameters<
    typeof fastJson
  >[0],
)

export async function memoriesRoutes(
  app: FastifyInstance,
  opts: { service: MemoriesService; heavyJobs: HeavyJobs; recall?: ClosestMemories | undefined },
) {
  const { service, heavyJobs, recall } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['memories']

  r.get(
    '/',
    {
      schema: { tags, querystring: ListMemoriesQuery, response: { 200: MemoryList } },
      serializerCompiler: () => serializeMemoryList,
    },
    async (request) => {
      const userId = requireUser(request)
      const { query } = request
      const list = await service.list(userId, query, readerOf(request))
      if (!recall || !query.searchTerm || list.totalCount > 0 || query.page !== 1) return list
      // No memory holds every word: the closest matches, as the assistant would find them for these words.
      const items = await recall.find(userId, {
        query: query.searchTerm,
        tags: query.tags,
        from: query.startDate,
        to: query.endDate,
        limit: query.pageSize,
      })
      return items.length ? { ...list, items, totalCount: items.length, closest: true } : list
    },
  )

  r.get('/tags', { schema: { tags, response: { 200: MemoryTagList } } }, async (request) =>
    service.tags(requireUser(request), readerOf(request)),
  )

  r.get('/export', { schema: { tags, querystring: ExportMemoriesQuery } }, async (request, reply) => {
    const { data, fileStem } = await service.exportAll(requireUser(request), readerOf(request))
    const markdown = request.query.format === 'markdown'
    const file = `${fileStem}.${markdown ? 'md' : 'json'}`
    reply.header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store')
    if (markdown)
      return reply.type('text/markdown; charset=utf-8').send(toMarkdown(data.memories, data.exportedAt))
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2))
  })

  // The import file goes to disk as it arrives (upload-file.ts) and is read in a worker thread
  // (import-file.ts); the whole import is one of the server's few heavy jobs (heavy-jobs.ts).
  await r.register(async (scope) => {
    bodyToFile(scope, MEMORY_LIMITS.importFileBytes, IMPORT_FILE_TOO_LARGE)
    // Refused before the body is read: another job of theirs running, or no room for one.
    scope.addHook('preParsing', async (request) => heavyJobs.check(requireUser(request)))
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import',
      {
        bodyLimit: MEMORY_LIMITS.importFileBytes,
        // ImportMemoriesBody documents the body; readImportFile checks it (a big one in a worker thread).
        schema: { tags, body: ImportMemoriesBody, response: { 200: ImportMemoriesResult } },
        validatorCompiler: () => (value: unknown) => ({ value }),
      },
      async (request) => {
        const userId = requireUser(request)
        const upload = request.body as unknown as UploadedFile | undefined
        try {
          return await heavyJobs.run(userId, async () =>
            service.importAll(userId, await readImportFile(upload)),
          )
        } finally {
          await upload?.remove()
        }
      },
    )
  })

  r.get('/:id', { schema: { tags, params: MemoryIdParams, response: { 200: Memory } } }, async (request) =>
    service.get(requireUser(request), request.params.id, readerOf(request)),
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
    async (request) =>
      service.update(requireUser(request), request.params.id, request.body, undefined, readerOf(request)),
  )

  r.get(
    '/:id/changes',
    {
      schema: {
        tags,
        params: MemoryIdParams,
        response: { 200: z.object({ changes: z.array(MemoryChange) }) },
      },
    },
    async (request) => ({
      changes: await service.changes(requireUser(request), request.params.id, readerOf(request)),
    }),
  )

  // Undoes the memory's last change of the last 30 days (an edit, its creation, its deletion).
  r.post(
    '/:id/undo',
    { schema: { tags, params: MemoryIdParams, response: { 200: z.object({ memory: Memory.nullable() }) } } },
    async (request) => ({
      memory: await service.undo(requireUser(request), request.params.id, readerOf(request)),
    }),
  )

  r.delete('/:id', { schema: { tags, params: MemoryIdParams } }, async (request, reply) => {
    await service.remove(requireUser(request), request.params.id, undefined, readerOf(request))
    return reply.status(204).send()
  })
}
