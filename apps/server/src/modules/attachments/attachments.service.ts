import { ATTACHMENT_QUOTA_REACHED, ATTACHMENT_TYPE_REFUSED, type Attachment } from '@remi/shared'
import { AppError, notFound, payloadTooLarge } from '../../lib/errors.ts'
import { ErrorCode } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import type { JobQueue } from '../../jobs/queue.ts'
import { createAttachmentArchive } from './attachments-archive.ts'
import { createAttachmentsRepo, toAttachment, type AttachmentRow } from './attachments.repo.ts'
import { iconOf, imageSize, shownImage, thumbnailOf } from './images.ts'
import { readAttachment, type ReadResult } from './read-text.ts'
import { INLINE_TYPES, sniff, type FileKind } from './sniff.ts'

/** Who reads: an access token or MCP client never sees a private memory's files. */
export interface Reader {
  hidePrivate: boolean
}

/** The memory a file goes on must be the person's and visible to the reader (memories' service). */
export interface MemoryCheck {
  get(userId: string, id: string, reader: Reader): Promise<unknown>
}

export interface AttachmentsLogger {
  warn(obj: object, msg?: string): void
}

/** A file as it is served: its bytes, type, and whether it may be shown in the page. */
export interface ServedFile {
  data: Buffer
  type: string
  name: string
  inline: boolean
}

const KIND_OF_TYPE = (type: string): FileKind =>
  INLINE_TYPES.has(type)
    ? 'image'
    : type.startsWith('image/hei')
      ? 'heic'
      : type === 'application/pdf'
        ? 'pdf'
        : type.startsWith('text/plain') || type === 'text/markdown'
          ? 'text'
          : type.includes('wordprocessingml')
            ? 'docx'
            : 'download'

const ICON_LABELS: Partial<Record<FileKind, string>> = {
  image: 'IMG',
  pdf: 'PDF',
  docx: 'DOCX',
  text: 'TXT',
  heic: 'HEIC',
}

export function createAttachments(deps: {
  db: Db
  memories: MemoryCheck
  jobs: JobQueue
  maxBytesPerUser: number
  logger: AttachmentsLogger
  /** Told when a memory's searched words changed (its embedding is made again). */
  onReindexed?: (userId: string, memoryId: string) => void
}) {
  const repo = createAttachmentsRepo(deps.db)
  const icons = new Map<string, Promise<Buffer>>()

  // Their words are read by a job (never in the request): PDF and OCR in a worker with limits (read-text.ts).
  const reading = deps.jobs.define<{ id: string }>('attachment-read', {
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 10 * 60,
    async work(jobs) {
      for (const job of jobs) await readOne(job.data.id)
    },
  })

  async function readOne(id: string) {
    const file = await repo.forReading(id)
    if (!file) return
    let result: ReadResult
    try {
      result = await readAttachment(file.data, KIND_OF_TYPE(file.type))
    } catch (error) {
      deps.logger.warn({ err: error, attachment: id }, 'an attachment could not be read')
      result = { status: 'failed', reason: 'Its words could not be read.' }
    }
    await repo.setRead(id, result)
    if (result.thumbnail) await repo.setThumbnail(file.userId, id, Buffer.from(result.thumbnail))
    await repo.reindexMemory(file.userId, file.memoryId)
    // A memory made from files alone says the file's name until its first line is known.
    const firstLine = result.text
      ?.split('\n')
      .map((line) => line.replace(/^#+\s*/, '').trim())
      .find((line) => line.length > 0)
    if (firstLine) await repo.replaceNameText(file.userId, file.memoryId, file.name, firstLine.slice(0, 200))
    deps.onReindexed?.(file.userId, file.memoryId)
  }

  async function mustGet(userId: string, id: string, reader: Reader): Promise<AttachmentRow> {
    const row = await repo.get(userId, id)
    if (!row || (reader.hidePrivate && row.private)) throw notFound('Attachment')
    return row
  }

  const archive = createAttachmentArchive({
    db: deps.db,
    maxBytesPerUser: deps.maxBytesPerUser,
    async afterRestore(userId, memoryIds, toRead) {
      for (const memoryId of memoryIds) {
        await repo.reindexMemory(userId, memoryId)
        deps.onReindexed?.(userId, memoryId)
      }
      for (const id of toRead) await reading.send({ id })
    },
  })

  return {
    /** The person's files as the account export carries them and its import puts them back. */
    archive,

    /** The memory's files came back (Undo of its deletion): any still to be read are read now. */
    async restored(userId: string, memoryId: string): Promise<void> {
      for (const id of await archive.unread(userId, memoryId)) await reading.send({ id })
    },

    /** Stores a file on the person's memory; its words are read afterwards by a job. */
    async add(
      userId: string,
      memoryId: string,
      file: { name: string; data: Buffer },
      reader: Reader,
    ): Promise<Attachment> {
      await deps.memories.get(userId, memoryId, reader)
      const sniffed = await sniff(file.data, file.name)
      if (!sniffed) throw new AppError(415, ErrorCode.ValidationFailed, ATTACHMENT_TYPE_REFUSED)
      const used = await repo.usedBytes(userId)
      if (used + file.data.length > deps.maxBytesPerUser)
        throw payloadTooLarge(ATTACHMENT_QUOTA_REACHED(Math.round(deps.maxBytesPerUser / 1024 / 1024)))
      const size = sniffed.kind === 'image' ? await imageSize(file.data) : null
      const readable = sniffed.kind !== 'download'
      const row = await repo.insert(userId, {
        memoryId,
        name: file.name.trim().slice(0, 255) || 'file',
        type: sniffed.type,
        size: file.data.length,
        width: size?.width,
        height: size?.height,
        status: readable ? 'reading' : 'ready',
        data: file.data,
      })
      await repo.reindexMemory(userId, memoryId)
      if (readable) await reading.send({ id: row.id })
      return toAttachment(row)
    },

    /** The file's bytes as served: an image shown in the page is re-encoded without its metadata. */
    async file(userId: string, id: string, reader: Reader): Promise<ServedFile> {
      const row = await mustGet(userId, id, reader)
      const data = (await repo.data(userId, id))!
      const download = { data, type: row.type, name: row.name, inline: false }
      if (!INLINE_TYPES.has(row.type)) return download
      // A photo that cannot be decoded (cut short, damaged) is still the person's file: a download.
      const shown = await shownImage(data, row.type).catch(() => null)
      return shown ? { data: shown, type: row.type, name: row.name, inline: true } : download
    },

    /** A small WebP: the image itself, or its kind's icon (PDF, DOCX, text). Made once, then kept. */
    async thumbnail(userId: string, id: string, reader: Reader): Promise<Buffer> {
      const row = await mustGet(userId, id, reader)
      const kept = await repo.thumbnail(userId, id)
      if (kept) return kept
      const kind = KIND_OF_TYPE(row.type)
      if (kind === 'image') {
        const made = await thumbnailOf((await repo.data(userId, id))!).catch(() => null)
        if (made) {
          await repo.setThumbnail(userId, id, made)
          return made
        }
      }
      const label = ICON_LABELS[kind] ?? 'FILE'
      let icon = icons.get(label)
      if (!icon) icons.set(label, (icon = iconOf(label, kind)))
      return icon
    },

    async remove(userId: string, id: string, reader: Reader): Promise<void> {
      await mustGet(userId, id, reader)
      const memoryId = await repo.delete(userId, id)
      if (!memoryId) throw notFound('Attachment')
      await repo.reindexMemory(userId, memoryId)
      deps.onReindexed?.(userId, memoryId)
    },

    /** The memories' files as their JSON lists them. */
    async summaries(userId: string, memoryIds: string[]): Promise<Map<string, Attachment[]>> {
      const rows = await repo.ofMemories(userId, memoryIds)
      return new Map([...rows].map(([memoryId, list]) => [memoryId, list.map(toAttachment)]))
    },
  }
}
export type AttachmentsService = ReturnType<typeof createAttachments>
