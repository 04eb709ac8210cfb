import { createHash } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  addDays,
  dayBounds,
  localDate,
  MEMORIES_EXPORT_FORMAT,
  todayIn,
  type Attachment,
  type ImportMemoriesResult,
  type Memory,
  type MemoriesExport,
  type MemoryFilters,
  type MemoryChange,
  type MemoryList,
  type MemoryTagCount,
} from '@remi/shared'
import type { z } from 'zod'
import type { ImportMemoriesBody, CreateMemoryBody, UpdateMemoryBody } from '@remi/shared'
import { badRequest, conflict, notFound } from '../../lib/errors.ts'
import type { UsersService } from '../auth/index.ts'
import {
  ImportConflictError,
  ImportRunningError,
  type MemoriesRepo,
  type MemoryQuery,
  type MemoryRecord,
  type NewMemory,
} from './memories.repo.ts'
import { BRAND } from '../../config/brand.ts'
import type { UserLimit } from '../../lib/user-limit.ts'
import { SearchTimeoutError } from '../../db/time-limit.ts'
import {
  BY_USER,
  toChange,
  type ChangeAuthor,
  type MemoryVersionsRepo,
  type VersionRow,
} from './memory-versions.repo.ts'

type Parsed<T> = T extends z.ZodType ? z.output<T> : never
type CreateInput = Parsed<typeof CreateMemoryBody>
type UpdateInput = Parsed<typeof UpdateMemoryBody>
type ImportInput = Parsed<typeof ImportMemoriesBody>

/** A write to a user's memories: these ids created or edited, or an import (ids not listed). */
export type MemoryWrite =
  { kind: 'changed'; userId: string; ids: string[] } | { kind: 'imported'; userId: string }
export type MemoryWriteListener = (event: MemoryWrite) => void

/** A search that ran past its time limit (PostgreSQL): said so, never a 500. */
export const SEARCH_TOO_LONG = 'This search took too long. Try fewer or more specific words.'

/** How far back "recent" reaches, in days (spec §9). */
export const RECENT_DAYS = 30

export function toMemory(row: MemoryRecord): Memory {
  return {
    id: row.id,
    text: row.text,
    tags: row.tags,
    date: row.date,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    private: row.private ?? false,
  }
}

/**
 * A stable stand-in for an imported id that is not the user's own (another user's, or unknown: both
 * alike, so an import tells nothing about which ids exist). The same file imported twice by the same
 * user maps to the same ids, so the import stays idempotent.
 */
export function remappedId(userId: string, id: string): string {
  const h = createHash('sha256').update(`remi-import:${userId}:${id}`).digest('hex')
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export function toMarkdown(items: Memory[], exportedAt: string, brand = BRAND): string {
  const lines = [
    `# ${brand} memories`,
    '',
    `Exported ${exportedAt} · ${items.length} ${items.length === 1 ? 'memory' : 'memories'}`,
  ]
  for (const m of items) {
    lines.push('', '---', '', `## ${m.date ?? 'No date'}`, '', m.text)
    if (m.tags.length)
      lines.push('', `Tags: ${m.tags.map((t) => `\`${t.replaceAll('`', "'")}\``).join(', ')}`)
  }
  return `${lines.join('\n')}\n`
}

/** Inclusive days ('YYYY-MM-DD') in the user's zone on which memories were saved, whatever day they are about. */
export interface SavedDays {
  from?: string | undefined
  to?: string | undefined
}

/** The filters of the assistant's lookups: the list's, with the days the memories were saved. */
export type LookupFilters = Partial<MemoryFilters> & {
  saved?: SavedDays | undefined
  /** The ones saved last first, whatever their day. */
  newestSaved?: boolean | undefined
}

/**
 * Who reads: the person (everything), or a model, an MCP client or an access token (`hidePrivate`):
 * those never get a private memory, its text in a change, nor learn that it exists.
 */
export interface Reader {
  hidePrivate?: boolean | undefined
}
const OWNER: Reader = {}

/** A change as the reader may see it: what a memory was while private is left out for a token. */
function shownChange<T extends MemoryChange>(change: T, reader: Reader): T {
  return reader.hidePrivate && change.before?.private ? { ...change, before: null } : change
}

/** A memory's files as its JSON lists them (modules/attachments). */
export interface AttachmentSummaries {
  summaries(userId: string, memoryIds: string[]): Promise<Map<string, Attachment[]>>
  /** The memory's files came back with it (Undo of its deletion): any still to be read are read. */
  restored?(userId: string, memoryId: string): Promise<void>
}

export function createMemoriesService(
  repo: MemoriesRepo,
  users: Pick<UsersService, 'timezoneOf' | 'languageOf'>,
  /** One user's searches at once (shared with recall): a search waits its turn, or gets a 429. */
  searches?: UserLimit,
  /** Every change's previous version, with who made it (undo); without it changes keep none. */
  versions?: MemoryVersionsRepo,
) {
  const timeZoneOf = (userId: string) => users.timezoneOf(userId)

  /** Undated memories already carry their creation day in the user's zone (sort_date), so days pass as they are. */
  function toQuery(f: Partial<MemoryFilters>): MemoryQuery {
    return {
      searchTerm: f.searchTerm || undefined,
      tags: f.tags?.map((t) => t.toLowerCase()),
      startDate: f.startDate,
      endDate: f.endDate,
    }
  }

  /** A search's words are stemmed in the owner's language, as their memories' are (issue 51): read only for a search. */
  async function languageFor(userId: string, filters: Partial<MemoryFilters>) {
    return filters.searchTerm ? { language: await users.languageOf(userId) } : {}
  }

  /** The filters as a query, with the saved days as instants in the user's zone. */
  async function lookupQuery(userId: string, filters: LookupFilters): Promise<MemoryQuery> {
    const query = {
      ...toQuery(filters),
      newestSaved: filters.newestSaved,
      ...(await languageFor(userId, filters)),
    }
    const { from, to } = filters.saved ?? {}
    if (!from && !to) return query
    const zone = await timeZoneOf(userId)
    return {
      ...query,
      savedFrom: from ? dayBounds(from, zone).start : undefined,
      savedBefore: to ? dayBounds(to, zone).end : undefined,
    }
  }

  /** The memories' files (modules/attachments, given at start-up: it reads memories through this service). */
  let attachments: AttachmentSummaries | undefined

  // Told of every write after it is stored (semantic search queues the memories' embeddings); a
  // listener's failure never fails the write.
  const writeListeners: MemoryWriteListener[] = []
  const wrote = (event: MemoryWrite) => {
    for (const listener of writeListeners) {
      try {
        listener(event)
      } catch {
        // Listeners catch their own errors (they log them); a throw must still not fail a saved write.
      }
    }
  }

  async function mustGet(userId: string, id: string) {
    const row = await repo.get(userId, id)
    if (!row) throw notFound('Memory')
    return row
  }

  /**
   * The memories with their last undoable change (the cards' "Changed by … " and Undo); `known`: the
   * changes a list statement read with its page (repo.list), not asked for again.
   */
  async function withChanges(
    userId: string,
    items: Memory[],
    reader: Reader = OWNER,
    known?: Map<string, VersionRow>,
    /** The memories among them that have files, when the list statement said (the others have none). */
    withFiles?: Set<string>,
  ): Promise<Memory[]> {
    if (items.length === 0) return items
    const ids = items.map((m) => m.id)
    const filed = withFiles ? ids.filter((id) => withFiles.has(id)) : ids
    const [latest, files] = await Promise.all([
      versions ? (known ?? versions.latest(userId, ids)) : undefined,
      filed.length ? attachments?.summaries(userId, filed) : undefined,
    ])
    return items.map((m) => {
      const v = latest?.get(m.id)
      const shown = files?.get(m.id)
      return {
        ...m,
        ...(latest ? { lastChange: v ? shownChange(toChange(v), reader) : null } : {}),
        ...(shown ? { attachments: shown } : {}),
      }
    })
  }

  /** Every change of the last 30 days, with what the memory was before (the exports carry them). */
  async function allChanges(
    userId: string,
    reader: Reader = OWNER,
  ): Promise<NonNullable<MemoriesExport['versions']>> {
    const kept = versions ? await versions.all(userId) : []
    const changes = kept.map((v) => ({ memoryId: v.memoryId, ...shownChange(toChange(v), reader) }))
    if (!reader.hidePrivate || changes.length === 0) return changes
    // A token gets no change of a memory that is private now (texts of private befores are gone above).
    const ids = [...new Set(changes.map((c) => c.memoryId))]
    const hidden = new Set((await repo.byIds(userId, ids)).filter((r) => r.private).map((r) => r.id))
    return changes.filter((c) => !hidden.has(c.memoryId))
  }

  /** The memory, unless it is private and the reader must not see it ("not found", as for another's). */
  async function mustSee(userId: string, id: string, reader: Reader) {
    const row = await mustGet(userId, id)
    if (reader.hidePrivate && row.private) throw notFound('Memory')
    return row
  }

  return {
    /** `hidePrivate`: for an MCP client or an access token, which never get private memories. */
    async list(userId: string, filters: MemoryFilters, options: Reader = OWNER): Promise<MemoryList> {
      const query = {
        ...toQuery(filters),
        withPrivate: !options.hidePrivate,
        ...(await languageFor(userId, filters)),
      }
      const read = () =>
        repo.list(userId, query, filters.page, filters.pageSize).catch((error: unknown) => {
          if (error instanceof SearchTimeoutError) throw badRequest(SEARCH_TOO_LONG)
          throw error
        })
      const { rows, totalCount, totalCountIsEstimate, lastChanges, withFiles } = await (filters.searchTerm &&
      searches
        ? searches.run(userId, read)
        : read())
      return {
        items: await withChanges(userId, rows.map(toMemory), options, lastChanges, withFiles),
        totalCount,
        page: filters.page,
        pageSize: filters.pageSize,
        ...(totalCountIsEstimate ? { totalCountIsEstimate } : {}),
      }
    },

    /** The filters as the repository's query, saved days as instants in the user's zone (recall's filters). */
    query: lookupQuery,

    /** The best matches, uncounted (see repo.best): what the assistant and MCP search look up. */
    async best(
      userId: string,
      filters: LookupFilters & { anyOf?: string[]; names?: string[] },
      limit: number,
    ): Promise<Memory[]> {
      const rows = await repo.best(
        userId,
        {
          ...(await lookupQuery(userId, filters)),
          ...(filters.anyOf?.length && !filters.searchTerm
            ? { language: await users.languageOf(userId) }
            : {}),
          anyOf: filters.anyOf,
          names: filters.names,
        },
        limit,
      )
      return rows.map(toMemory)
    },

    /** The user's memories among `ids` as they are now (a deleted one is left out): chat's citations. */
    async byIds(userId: string, ids: string[], reader: Reader = OWNER): Promise<Memory[]> {
      const rows = await repo.byIds(userId, [...new Set(ids)])
      return rows.filter((row) => !(reader.hidePrivate && row.private)).map(toMemory)
    },

    /** The briefing's memories: dated ones in [from, to] and earlier years' same days (never private). */
    datedBetween: repo.datedBetween,
    onMonthDays: repo.onMonthDays,
    /** Birthday and anniversary notes, whatever their day: the briefing brings them back each year. */
    yearlyNotes: repo.yearlyNotes,
    /** How many memories were saved at or after `since`. */
    createdSince: repo.createdSince,

    /** `hidePrivate`: a private memory is "not found" (a model's or an MCP client's look). */
    async get(userId: string, id: string, options: Reader = OWNER): Promise<Memory> {
      const row = await mustSee(userId, id, options)
      return (await withChanges(userId, [toMemory(row)], options))[0]!
    },

    /** `author`: who saves it (the person by default; the assistant, a token by its name). */
    async create(userId: string, body: CreateInput, author: ChangeAuthor = BY_USER): Promise<Memory> {
      const zone = await timeZoneOf(userId)
      const date = body.date === undefined ? todayIn(zone) : body.date
      const row = await repo.create(
        userId,
        { text: body.text, tags: body.tags, date, ...(body.private ? { private: true } : {}) },
        zone,
      )
      await versions?.record(userId, row.id, 'created', null, author)
      wrote({ kind: 'changed', userId, ids: [row.id] })
      return (await withChanges(userId, [toMemory(row)]))[0]!
    },

    async update(
      userId: string,
      id: string,
      body: UpdateInput,
      author: ChangeAuthor = BY_USER,
      reader: Reader = OWNER,
    ): Promise<Memory> {
      const before = await repo.get(userId, id)
      if (!before || (reader.hidePrivate && before.private)) throw notFound('Memory')
      const row = await repo.update(userId, id, body, await timeZoneOf(userId))
      if (!row) throw notFound('Memory')
      await versions?.record(userId, id, 'updated', before, author)
      wrote({ kind: 'changed', userId, ids: [row.id] })
      return (await withChanges(userId, [toMemory(row)], reader))[0]!
    },

    async remove(
      userId: string,
      id: string,
      author: ChangeAuthor = BY_USER,
      reader: Reader = OWNER,
    ): Promise<void> {
      const before = await repo.get(userId, id)
      if (!before || (reader.hidePrivate && before.private)) throw notFound('Memory')
      // With versions, the deletion is kept with the memory's files, so Undo brings them back too.
      const deleted = versions
        ? await versions.deleteMemory(userId, id, before, author)
        : await repo.delete(userId, id)
      if (!deleted) throw notFound('Memory')
    },

    /** The memory's changes of the last 30 days, newest first. */
    async changes(userId: string, id: string, reader: Reader = OWNER) {
      if (!versions) return []
      const rows = await versions.of(userId, id)
      if (rows.length === 0) await mustSee(userId, id, reader)
      else if (reader.hidePrivate && (await repo.get(userId, id))?.private) throw notFound('Memory')
      return rows.map((row) => shownChange(toChange(row), reader))
    },

    /**
     * Undoes the memory's last change (within 30 days): an edit goes back, a creation is deleted, a
     * deletion comes back. Returns the memory as it is now, or null when it is gone.
     */
    async undo(userId: string, id: string, reader: Reader = OWNER): Promise<Memory | null> {
      const [last] = versions ? await versions.of(userId, id) : []
      // A token may not bring back, or take back, what it could not see.
      if (reader.hidePrivate && (last?.private || (await repo.get(userId, id))?.private))
        throw notFound('Memory')
      if (!last) {
        await mustGet(userId, id)
        throw conflict('There is no change of this memory to undo.')
      }
      const zone = await timeZoneOf(userId)
      await versions!.undo(userId, last, (date, createdAt) => date ?? localDate(createdAt, zone))
      const row = await repo.get(userId, id)
      if (!row) return null
      if (last.action === 'deleted') await attachments?.restored?.(userId, id)
      wrote({ kind: 'changed', userId, ids: [id] })
      return (await withChanges(userId, [toMemory(row)], reader))[0]!
    },

    /** How many memories match the filters (the assistant's "how many memories do I have?"). */
    async count(userId: string, filters: LookupFilters): Promise<number> {
      return repo.count(userId, await lookupQuery(userId, filters))
    },

    /** `hidePrivate`: private memories' tags are not counted (an MCP client's look). */
    async tags(userId: string, options: Reader = OWNER): Promise<MemoryTagCount[]> {
      return repo.tagCounts(userId, { withPrivate: !options.hidePrivate })
    },

    /**
     * Total and recent (date, or createdAt when undated, within the last 30 days in the user's zone).
     * `today` is the user's day as the caller reckons it (the assistant's clock), else the zone's now.
     */
    async summary(
      userId: string,
      today?: string,
      reader: Reader = OWNER,
    ): Promise<{ totalMemories: number; recentMemories: number }> {
      today ??= todayIn(await timeZoneOf(userId))
      const withPrivate = !reader.hidePrivate
      const [totalMemories, recentMemories] = await Promise.all([
        repo.count(userId, { withPrivate }),
        repo.count(userId, {
          withPrivate,
          ...toQuery({ startDate: addDays(today, -RECENT_DAYS), endDate: today }),
        }),
      ])
      return { totalMemories, recentMemories }
    },

    /** Every change of the last 30 days, with what the memory was before (the exports carry them). */
    allChanges,

    async exportAll(userId: string, reader: Reader = OWNER) {
      const items = (await repo.all(userId))
        .filter((row) => !(reader.hidePrivate && row.private))
        .map(toMemory)
      const today = todayIn(await timeZoneOf(userId))
      const data: MemoriesExport = {
        format: MEMORIES_EXPORT_FORMAT,
        version: 1,
        exportedAt: new Date().toISOString(),
        memories: items,
        versions: await allChanges(userId, reader),
      }
      return { data, fileStem: `remi-memories-${today}` }
    },

    async importAll(userId: string, body: ImportInput): Promise<ImportMemoriesResult> {
      const items: NewMemory[] = []
      for (const [i, m] of body.memories.entries()) {
        items.push({
          ...(m.id ? { id: m.id } : {}),
          text: m.text,
          tags: m.tags,
          date: m.date,
          ...(m.createdAt ? { createdAt: new Date(m.createdAt) } : {}),
          ...(m.updatedAt ? { updatedAt: new Date(m.updatedAt) } : {}),
          ...(m.private !== undefined ? { private: m.private } : {}),
        })
        // 100 000 memories are a lot of work for this thread: others' requests get turns in between.
        if (i % 500 === 499) await nextTurn()
      }
      try {
        const zone = await timeZoneOf(userId)
        const remap = (id: string) => remappedId(userId, id)
        const { created, updated } = await repo.importAll(userId, items, remap, zone)
        if (created + updated > 0) wrote({ kind: 'imported', userId })
        return { imported: created + updated, created, updated }
      } catch (error) {
        if (error instanceof ImportConflictError) throw conflict(`${error.message} Nothing was imported.`)
        if (error instanceof ImportRunningError)
          throw conflict(`${error.message} Try again when it has finished.`)
        throw error
      }
    },

    /** Rolls back imports a crash left half written (PGlite writes them in steps). */
    recoverImports: () => repo.recoverImports(),

    /** Calls `listener` after each create, edit and import (deletes need none: rows that hang off a memory go with it). */
    /** Files listed with each memory (app.ts, once the attachments service exists). */
    useAttachments(summaries: AttachmentSummaries) {
      attachments = summaries
    },

    onWrite(listener: MemoryWriteListener) {
      writeListeners.push(listener)
    },
  }
}
export type MemoriesService = ReturnType<typeof createMemoriesService>
