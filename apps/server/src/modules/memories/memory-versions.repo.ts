import { and, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { MemoryChange, MemoryChangedBy } from '@remi/shared'
import { queryRows, uuidArray, type Db } from '../../db/client.ts'
import { deletedAttachments, memories, memoryAttachments, memoryVersions } from '../../db/schema.ts'
import type { MemoryRecord } from './memory-query.repo.ts'

/** How long a change stays undoable (and its version kept). */
export const VERSION_DAYS = 30

/** Who made a change: the person, the assistant from a chat, or an access token by its name. */
export interface ChangeAuthor {
  by: MemoryChangedBy
  name?: string | undefined
}
export const BY_USER: ChangeAuthor = { by: 'user' }

export type VersionRow = typeof memoryVersions.$inferSelect

/** A version as the driver gives it (timestamps as text, read the way drizzle reads the columns). */
interface LatestRow {
  id: string
  user_id: string
  memory_id: string
  action: VersionRow['action']
  text: string | null
  tags: string[] | null
  date: string | null
  private: boolean | null
  memory_created_at: string | null
  changed_by: VersionRow['changedBy']
  changed_by_name: string | null
  changed_at: string
}
const fromLatestRow = (r: LatestRow): VersionRow => ({
  id: r.id,
  userId: r.user_id,
  memoryId: r.memory_id,
  action: r.action,
  text: r.text,
  tags: r.tags,
  date: r.date,
  private: r.private,
  memoryCreatedAt:
    r.memory_created_at === null
      ? null
      : (memoryVersions.memoryCreatedAt.mapFromDriverValue(r.memory_created_at) as Date),
  changedBy: r.changed_by,
  changedByName: r.changed_by_name,
  changedAt: memoryVersions.changedAt.mapFromDriverValue(r.changed_at) as Date,
})

/** A memory's files' names and words as searched with it, at most this long (attachments' INDEXED_CHARS). */
const INDEXED_FILE_CHARS = 200_000

/** The memory's deletion could not happen: it is not there (any more). */
class MemoryGone extends Error {}

const since = () => new Date(Date.now() - VERSION_DAYS * 24 * 60 * 60 * 1000)
/** The oldest change still undoable, as lastChangeJoin compares it. */
export const changesSince = () => since().toISOString()

/**
 * The last undoable change of the memory `memoryId` names, as columns `v_*` of a list statement's rows
 * (memory-list.repo.ts): a page and its cards' "Changed by …" in one statement, not a second round trip.
 */
export const lastChangeJoin = (
  userId: string | Placeholder,
  memoryId: SQL,
  /** A placeholder in a statement built once (changesSince() is its value). */
  changedSince: string | Placeholder = changesSince(),
) => sql`left join lateral (
    select id, action, text, tags, date, private, memory_created_at, changed_by, changed_by_name, changed_at
    from ${memoryVersions} where user_id = ${userId} and memory_id = ${memoryId}
      and changed_at >= ${changedSince}
    order by changed_at desc, id desc limit 1) v on true`
export const lastChangeColumns = sql.raw(
  [
    'id',
    'action',
    'text',
    'tags',
    'date',
    'private',
    'memory_created_at',
    'changed_by',
    'changed_by_name',
    'changed_at',
  ]
    .map((c) => `v.${c} as v_${c}`)
    .join(', '),
)
/** A row's `v_*` columns (lastChangeJoin), null when the memory has no undoable change. */
export type LastChangeColumns = {
  [K in keyof Omit<LatestRow, 'user_id' | 'memory_id'> as `v_${K}`]: LatestRow[K] | null
}
export function lastChangeOf(userId: string, memoryId: string, r: LastChangeColumns): VersionRow | null {
  if (r.v_id === null) return null
  return fromLatestRow({
    id: r.v_id,
    user_id: userId,
    memory_id: memoryId,
    action: r.v_action!,
    text: r.v_text,
    tags: r.v_tags,
    date: r.v_date,
    private: r.v_private,
    memory_created_at: r.v_memory_created_at,
    changed_by: r.v_changed_by!,
    changed_by_name: r.v_changed_by_name,
    changed_at: r.v_changed_at!,
  })
}

export function toChange(row: VersionRow): MemoryChange {
  return {
    id: row.id,
    action: row.action,
    by: row.changedBy,
    name: row.changedByName,
    at: row.changedAt.toISOString(),
    before:
      row.action === 'created'
        ? null
        : { text: row.text ?? '', tags: row.tags ?? [], date: row.date, private: Boolean(row.private) },
  }
}

/** A version's row: what the memory was before the change (null: just created) and who changed it. */
function versionOf(
  userId: string,
  memoryId: string,
  action: 'created' | 'updated' | 'deleted',
  before: MemoryRecord | null,
  author: ChangeAuthor,
) {
  return {
    userId,
    memoryId,
    action,
    text: before?.text ?? null,
    tags: before?.tags ?? null,
    date: before?.date ?? null,
    private: before ? (before.private ?? false) : null,
    memoryCreatedAt: before?.createdAt ?? null,
    changedBy: author.by,
    changedByName: author.name ?? null,
  }
}

export function createMemoryVersionsRepo(db: Db) {
  /** Pruned on write: a user's old versions (and the files kept with them) go when they next change something. */
  const prune = (userId: string) =>
    db
      .delete(memoryVersions)
      .where(and(eq(memoryVersions.userId, userId), lt(memoryVersions.changedAt, since())))

  return {
    /** Keeps what `before` was (null: the memory was just created), and drops the user's versions past 30 days. */
    async record(
      userId: string,
      memoryId: string,
      action: 'created' | 'updated' | 'deleted',
      before: MemoryRecord | null,
      author: ChangeAuthor,
    ) {
      await db.insert(memoryVersions).values(versionOf(userId, memoryId, action, before, author))
      await prune(userId)
    },

    /**
     * Deletes the memory and keeps its deletion as a version, its files kept with it (deleted_attachments,
     * copied in the database: no bytes come here) so Undo brings them back byte for byte. All or nothing;
     * false when the memory is not there.
     */
    async deleteMemory(
      userId: string,
      memoryId: string,
      before: MemoryRecord,
      author: ChangeAuthor,
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          const [version] = await tx
            .insert(memoryVersions)
            .values(versionOf(userId, memoryId, 'deleted', before, author))
            .returning({ id: memoryVersions.id })
          await tx.execute(sql`
            insert into ${deletedAttachments} (id, version_id, user_id, memory_id, name, type, size,
              width, height, pages, status, reason, text, data, thumbnail, created_at)
            select id, ${version!.id}, user_id, memory_id, name, type, size, width, height, pages,
              status, reason, text, data, thumbnail, created_at
            from ${memoryAttachments} where memory_id = ${memoryId} and user_id = ${userId}`)
          const gone = await tx
            .delete(memories)
            .where(and(eq(memories.id, memoryId), eq(memories.userId, userId)))
            .returning({ id: memories.id })
          if (gone.length === 0) throw new MemoryGone()
        })
      } catch (error) {
        if (error instanceof MemoryGone) return false
        throw error
      }
      await prune(userId)
      return true
    },

    /**
     * The last undoable change of each of these memories (a page of the list asks on every request): a
     * named statement on PostgreSQL, prepared once, with the ids as one array parameter (drizzle's
     * builder and its parameter per id, planned again each time, were a share of a page's CPU).
     */
    async latest(userId: string, memoryIds: string[]): Promise<Map<string, VersionRow>> {
      if (memoryIds.length === 0) return new Map()
      const rows = await queryRows<LatestRow>(
        db,
        sql`select distinct on (memory_id) id, memory_id, action, text, tags, date, private,
            memory_created_at, changed_by, changed_by_name, changed_at, user_id
          from ${memoryVersions}
          where user_id = ${userId} and memory_id = any(${uuidArray(memoryIds)})
            and changed_at >= ${since().toISOString()}
          order by memory_id, changed_at desc, id desc`,
      )
      return new Map(rows.map((r) => [r.memory_id, fromLatestRow(r)]))
    },

    /** One memory's changes of the last 30 days, newest first. */
    async of(userId: string, memoryId: string): Promise<VersionRow[]> {
      return db
        .select()
        .from(memoryVersions)
        .where(
          and(
            eq(memoryVersions.userId, userId),
            eq(memoryVersions.memoryId, memoryId),
            gte(memoryVersions.changedAt, since()),
          ),
        )
        .orderBy(desc(memoryVersions.changedAt), desc(memoryVersions.id))
    },

    /** Every change of the last 30 days (the account export). */
    async all(userId: string): Promise<VersionRow[]> {
      return db
        .select()
        .from(memoryVersions)
        .where(and(eq(memoryVersions.userId, userId), gte(memoryVersions.changedAt, since())))
        .orderBy(desc(memoryVersions.changedAt))
    },

    /**
     * Undoes one change in a transaction: a creation deletes the memory, an edit puts the text, tags,
     * date and privacy back, a deletion brings the memory back with its id. The version goes with it.
     */
    async undo(
      userId: string,
      version: VersionRow,
      sortDateOf: (date: string | null, createdAt: Date) => string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const mine = and(eq(memories.id, version.memoryId), eq(memories.userId, userId))
        if (version.action === 'created') {
          await tx.delete(memories).where(mine)
        } else if (version.action === 'updated') {
          const [row] = await tx.select({ createdAt: memories.createdAt }).from(memories).where(mine)
          if (row) {
            await tx
              .update(memories)
              .set({
                text: version.text ?? '',
                tags: version.tags ?? [],
                date: version.date,
                private: Boolean(version.private),
                sortDate: sortDateOf(version.date, row.createdAt),
                updatedAt: sql`now()`,
              })
              .where(mine)
          }
        } else {
          const createdAt = version.memoryCreatedAt ?? new Date()
          await tx
            .insert(memories)
            .values({
              id: version.memoryId,
              userId,
              text: version.text ?? '',
              tags: version.tags ?? [],
              date: version.date,
              private: Boolean(version.private),
              sortDate: sortDateOf(version.date, createdAt),
              createdAt,
            })
            .onConflictDoNothing()
          // Its files as they were (kept with the deletion), and their words searched with it again.
          await tx.execute(sql`
            insert into ${memoryAttachments} (id, user_id, memory_id, name, type, size, width, height,
              pages, status, reason, text, data, thumbnail, created_at)
            select d.id, d.user_id, d.memory_id, d.name, d.type, d.size, d.width, d.height, d.pages,
              d.status, d.reason, d.text, d.data, d.thumbnail, d.created_at
            from ${deletedAttachments} d
            where d.version_id = ${version.id} and d.user_id = ${userId}
              and exists (select 1 from ${memories} m where m.id = d.memory_id and m.user_id = ${userId})
            on conflict (id) do nothing`)
          await tx.execute(sql`
            update ${memories} m set attachment_text = left(coalesce((
              select string_agg(f.name || ' ' || coalesce(f.text, ''), ' ' order by f.created_at, f.id)
              from ${memoryAttachments} f where f.memory_id = m.id and f.user_id = ${userId}), ''),
              ${INDEXED_FILE_CHARS})
            where m.id = ${version.memoryId} and m.user_id = ${userId}`)
        }
        await tx.delete(memoryVersions).where(eq(memoryVersions.id, version.id))
      })
    },
  }
}
export type MemoryVersionsRepo = ReturnType<typeof createMemoryVersionsRepo>
