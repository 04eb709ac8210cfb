import { CreateMemoryBody } from '@remi/shared'
import { describeRange, excerpt, savedSpan } from '../../language/index.ts'
import type { ToolRecord } from './record.ts'
import {
  firstIssue,
  SEARCH_LIMIT,
  toolInputSchemas,
  type CreateMemoryInput,
  type SearchMemoriesInput,
} from './schemas.ts'
import { toToolMemory, type CreateMemoryOutput, type SearchMemoriesOutput, type ToolMemory } from './types.ts'

export interface SearchOptions {
  /** The names among the query's words, when the query is not the user's own sentence. */
  names?: string[]
  /** The ones saved last first ("what's new?"), not the list's order by day. */
  newestSaved?: boolean
  /** More than a model is given, for an offline answer that sorts them itself (every birthday). */
  limit?: number
}

/** search_memories' activity line: what it looked for, and on which days. */
async function searchSummary(
  record: ToolRecord,
  query: string,
  input: Partial<Pick<SearchMemoriesInput, 'tags' | 'from' | 'to' | 'savedFrom' | 'savedTo'>>,
  newestSaved: boolean | undefined,
): Promise<string> {
  const { tags, from, to, savedFrom, savedTo } = input
  const tagged = tags?.length ? tags.map((t) => `#${t}`).join(' ') : ''
  let summary = query
    ? `Searched memories for '${excerpt(query, 60)}'${tagged ? ` tagged ${tagged}` : ''}`
    : tagged
      ? `Looked for memories tagged ${tagged}`
      : newestSaved
        ? 'Looked through the memories saved most recently'
        : 'Looked through recent memories'
  if (!query && from && to && from <= to) {
    summary = `Looked for memories dated ${describeRange(from, to, await record.today())}`
  }
  if ((savedFrom || savedTo) && !(savedFrom && savedTo && savedFrom > savedTo)) {
    const saved = `saved ${savedSpan(savedFrom, savedTo, await record.today())}`
    summary =
      summary === 'Looked through recent memories' ? `Looked for memories ${saved}` : `${summary}, ${saved}`
  }
  return summary
}

/** search_memories and create_memory. */
export function memoryTools(record: ToolRecord) {
  const { services, userId, run, cite } = record

  async function searchMemories(
    input: SearchMemoriesInput,
    { names, newestSaved, limit = SEARCH_LIMIT }: SearchOptions = {},
  ): Promise<SearchMemoriesOutput> {
    const parsed = toolInputSchemas.search_memories.safeParse(input)
    const query = typeof input?.query === 'string' ? input.query.trim() : ''
    const { tags, from, to, savedFrom, savedTo } = parsed.success ? parsed.data : {}
    const summary = await searchSummary(record, query, { tags, from, to, savedFrom, savedTo }, newestSaved)
    return run<{ query: string; memories: ToolMemory[] }>('search_memories', input, { summary }, async () => {
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      if (from && to && from > to) return { error: 'from must not be after to.' }
      if (savedFrom && savedTo && savedFrom > savedTo)
        return { error: 'savedFrom must not be after savedTo.' }
      const found = await services.recall.find(userId, {
        query,
        now: record.now(),
        // Read once per answer (the prompt's context has it already).
        timeZone: await record.timeZone(),
        tags,
        from,
        to,
        saved: { from: savedFrom, to: savedTo },
        names,
        newestSaved,
        limit,
      })
      cite(found)
      return { query, memories: found.map(toToolMemory) }
    })
  }

  async function createMemory(input: CreateMemoryInput): Promise<CreateMemoryOutput> {
    const report = {
      summary: 'Saved a memory',
      done: (result: { saved: ToolMemory }) => ({ memoryId: result.saved.id }),
      failed: 'Could not save the memory',
    }
    return run<{ saved: ToolMemory }>('create_memory', input, report, async () => {
      const parsed = CreateMemoryBody.safeParse({
        text: input?.text,
        tags: input?.tags ?? [],
        ...(input?.date !== undefined ? { date: input.date } : {}),
      })
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const memory = await services.memories.create(userId, parsed.data)
      record.created.push(memory)
      cite([memory])
      return { saved: toToolMemory(memory) }
    })
  }

  return { searchMemories, createMemory }
}
