import type { Attachment } from '@remi/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import { inUuids, type Db } from '../../db/client.ts'
import { memories, memoryAttachments as files } from '../../db/schema.ts'

/** A file's row without its bytes, and its memory's private flag (a token never sees a private memory's). */
export interface AttachmentRow {
  id: string
  userId: string
  memoryId: string
  name: string
  type: string
  size: number
  width: number | null
  height: number | null
  pages: number | null
  status: 'reading' | 'ready' | 'failed'
  reason: string | null
  private: boolean
}

export interface NewAttachment {
  memoryId: string
  name: string
  type: string
  size: number
  width?: number | undefined
  height?: number | undefined
  status: AttachmentRow['status']
  reason?: string | undefined
  data: Buffer
}

const meta = {
  id: files.id,
  userId: files.userId,
  memoryId: files.memoryId,
  name: files.name,
  type: files.type,
  size: files.size,
  width: files.width,
  height: files.height,
  pages: files.pages,
  status: files.status,
  reason: files.reason,
  private: memories.private,
}

/** How a row is shown in a memory's JSON. */
export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...(row.pages !== null ? { pages: row.pages } : {}),
    status: row.status,
    ...(row.reason ? { reason: row.reason } : {}),
  }
}

/**
 * A memory's files' names and words as searched with it (memories.attachment_text): bounded, so the
 * memory's tsvector stays well under PostgreSQL's 1 MB.
 */
export const INDEXED_CHARS = 200_000

export function createAttachmentsRepo(db: Db) {
  const mine = (userId: string, id: string) => and(eq(files.id, id), eq(files.userId, userId))
  return {
    async insert(userId: string, file: NewAttachment): Promise<AttachmentRow> {
      const [row] = await db
        .insert(files)
        .values({ ...file, userId })
        .returning({ id: files.id })
      return (await this.get(userId, row!.id))!
    },

    async get(userId: string, id: string): Promise<AttachmentRow | undefined> {
      const [row] = await db
        .select(meta)
        .from(files)
        .innerJoin(memories, eq(memories.id, files.memoryId))
        .where(mine(userId, id))
      return row
    },

    /** The files of these memories of the user's, oldest first (a memory's JSON). */
    async ofMemories(userId: string, memoryIds: string[]): Promise<Map<string, AttachmentRow[]>> {
      const byMemory = new Map<string, AttachmentRow[]>()
      if (memoryIds.length === 0) return byMemory
      const rows = await db
        .select(meta)
        .from(files)
        .innerJoin(memories, eq(memories.id, files.memoryId))
        .where(and(eq(files.userId, userId), inUuids(files.memoryId, memoryIds)))
        .orderBy(asc(files.createdAt), asc(files.id))
      for (const row of rows) byMemory.set(row.memoryId, [...(byMemory.get(row.memoryId) ?? []), row])
      return byMemory
    },

    async data(userId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db.select({ data: files.data }).from(files).where(mine(userId, id))
      return row?.data
    },

    /** The bytes and what reading needs (the job has no user to scope by: the id is its own). */
    async forReading(id: string) {
      const [row] = await db
        .select({
          userId: files.userId,
          memoryId: files.memoryId,
          name: files.name,
          type: files.type,
          data: files.data,
        })
        .from(files)
        .where(eq(files.id, id))
      return row
    },

    async thumbnail(userId: string, id: string): Promise<Buffer | null | undefined> {
      const [row] = await db.select({ thumbnail: files.thumbnail }).from(files).where(mine(userId, id))
      return row ? row.thumbnail : undefined
    },

    async setThumbnail(userId: string, id: string, thumbnail: Buffer) {
      await db.update(files).set({ thumbnail }).where(mine(userId, id))
    },

    /** Bytes of files the user keeps, in all (the allowance). */
    async usedBytes(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${files.size}), 0)` })
        .from(files)
        .where(eq(files.userId, userId))
      return Number(row?.total ?? 0)
    },

    /** Deletes the file; answers its memory's id (undefined: not the user's). */
    async delete(userId: string, id: string): Promise<string | undefined> {
      const [row] = await db.delete(files).where(mine(userId, id)).returning({ memoryId: files.memoryId })
      return row?.memoryId
    },

    /** What reading found: the words (or why not), and the pages of a PDF. */
    async setRead(
      id: string,
      result: {
        status: 'ready' | 'failed'
        text?: string | null
        reason?: string | null
        pages?: number | null
        width?: number | undefined
        height?: number | undefined
      },
    ) {
      await db
        .update(files)
        .set({
          status: result.status,
          text: result.text ?? null,
          reason: result.reason ?? null,
          ...(result.pages ? { pages: result.pages } : {}),
          ...(result.width && result.height ? { width: result.width, height: result.height } : {}),
        })
        .where(eq(files.id, id))
    },

    /**
     * The memory's searched words of its files again (their names and words, bounded): a statement on
     * memories, so its triggers keep memory_terms and the version the briefing reads right.
     */
    async reindexMemory(userId: string, memoryId: string) {
      await db.execute(sql`
        update ${memories} m set attachment_text = left(coalesce((
          select string_agg(f.name || ' ' || coalesce(f.text, ''), ' ' order by f.created_at, f.id)
          from ${files} f where f.memory_id = m.id and f.user_id = ${userId}), ''), ${INDEXED_CHARS})
        where m.id = ${memoryId} and m.user_id = ${userId}`)
    },

    /** The memory's text, when it is still only this file's name (a memory made from files alone). */
    async replaceNameText(userId: string, memoryId: string, name: string, text: string) {
      await db
        .update(memories)
        .set({ text, updatedAt: new Date() })
        .where(and(eq(memories.id, memoryId), eq(memories.userId, userId), eq(memories.text, name)))
    },

    /** These files of the user's with their words so far (a chat message's files); not theirs: left out. */
    async withText(userId: string, ids: string[]) {
      if (ids.length === 0) return []
      return db
        .select({ ...meta, text: files.text })
        .from(files)
        .innerJoin(memories, eq(memories.id, files.memoryId))
        .where(and(eq(files.userId, userId), inUuids(files.id, ids)))
        .orderBy(asc(files.createdAt), asc(files.id))
    },

    /** Words of the memories' files (a model's context, MCP): names and text, never bytes. */
    async texts(userId: string, memoryIds: string[]) {
      if (memoryIds.length === 0) return []
      return db
        .select({ memoryId: files.memoryId, name: files.name, text: files.text })
        .from(files)
        .where(and(eq(files.userId, userId), inUuids(files.memoryId, memoryIds)))
        .orderBy(asc(files.createdAt), asc(files.id))
    },
  }
}
export type AttachmentsRepo = ReturnType<typeof createAttachmentsRepo>
