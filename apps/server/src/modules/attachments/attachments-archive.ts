import { and, asc, eq, sql } from 'drizzle-orm'
import { inUuids, type Db } from '../../db/client.ts'
import { memories, memoryAttachments as files } from '../../db/schema.ts'
import { sniff } from './sniff.ts'

/** A file as the account export lists it (no bytes: those are read one file at a time). */
export interface ArchivedFile {
  id: string
  memoryId: string
  name: string
  type: string
  size: number
  width: number | null
  height: number | null
  pages: number | null
  status: 'reading' | 'ready' | 'failed'
  reason: string | null
  text: string | null
}

/** A file coming back from an account export, onto a memory of the person's. */
export interface RestoredFile {
  id: string
  memoryId: string
  name: string
  width?: number | undefined
  height?: number | undefined
  pages?: number | undefined
  status: 'reading' | 'ready' | 'failed'
  reason?: string | undefined
  text?: string | null | undefined
  data: Buffer
}

/**
 * The person's files as the account export carries them and its import puts them back: byte for byte,
 * with their words as read (a file still being read is read again). `afterRestore` searches the memories
 * by their files' words again and queues the reading (attachments.service.ts).
 */
export function createAttachmentArchive(deps: {
  db: Db
  maxBytesPerUser: number
  afterRestore: (userId: string, memoryIds: string[], toRead: string[]) => Promise<void>
}) {
  const { db } = deps
  return {
    maxBytesPerUser: deps.maxBytesPerUser,

    /** The files of these memories of the user's, oldest first, without their bytes. */
    async ofMemories(userId: string, memoryIds: string[]): Promise<Map<string, ArchivedFile[]>> {
      const byMemory = new Map<string, ArchivedFile[]>()
      if (memoryIds.length === 0) return byMemory
      const rows = await db
        .select({
          id: files.id,
          memoryId: files.memoryId,
          name: files.name,
          type: files.type,
          size: files.size,
          width: files.width,
          height: files.height,
          pages: files.pages,
          status: files.status,
          reason: files.reason,
          text: files.text,
        })
        .from(files)
        .where(and(eq(files.userId, userId), inUuids(files.memoryId, memoryIds)))
        .orderBy(asc(files.createdAt), asc(files.id))
      for (const row of rows) byMemory.set(row.memoryId, [...(byMemory.get(row.memoryId) ?? []), row])
      return byMemory
    },

    /** One file's bytes (undefined: not the user's, or gone since). */
    async data(userId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ data: files.data })
        .from(files)
        .where(and(eq(files.id, id), eq(files.userId, userId)))
      return row?.data
    },

    /** The ids among `ids` of files the user has. */
    async owned(userId: string, ids: string[]): Promise<Set<string>> {
      const own = new Set<string>()
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await db
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.userId, userId), inUuids(files.id, ids.slice(i, i + 1000))))
        for (const row of rows) own.add(row.id)
      }
      return own
    },

    /** Bytes of files the user keeps, in all (the allowance, ATTACHMENTS_MAX_MB_PER_USER). */
    async usedBytes(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${files.size}), 0)` })
        .from(files)
        .where(eq(files.userId, userId))
      return Number(row?.total ?? 0)
    },

    /** The memory's files still to be read (their reading may have been lost while it was deleted). */
    async unread(userId: string, memoryId: string): Promise<string[]> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.userId, userId), eq(files.memoryId, memoryId), eq(files.status, 'reading')))
      return rows.map((r) => r.id)
    },

    /**
     * Writes one file back with its id, onto the user's memory. The type is sniffed from the bytes again
     * (the zip's word for it is not taken); answers that type, or null when it is not a kind of file
     * kept, the memory is not the user's, or the id is taken.
     */
    async restore(userId: string, file: RestoredFile): Promise<string | null> {
      const sniffed = await sniff(file.data, file.name)
      if (!sniffed) return null
      const [memory] = await db
        .select({ id: memories.id })
        .from(memories)
        .where(and(eq(memories.id, file.memoryId), eq(memories.userId, userId)))
      if (!memory) return null
      const written = await db
        .insert(files)
        .values({
          id: file.id,
          userId,
          memoryId: file.memoryId,
          name: file.name,
          type: sniffed.type,
          size: file.data.length,
          width: file.width ?? null,
          height: file.height ?? null,
          pages: file.pages ?? null,
          status: file.status,
          reason: file.reason ?? null,
          text: file.text ?? null,
          data: file.data,
        })
        .onConflictDoNothing({ target: files.id })
        .returning({ id: files.id })
      return written.length > 0 ? sniffed.type : null
    },

    afterRestore: deps.afterRestore,
  }
}
export type AttachmentArchive = ReturnType<typeof createAttachmentArchive>
