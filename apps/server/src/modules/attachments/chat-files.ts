import type { Db } from '../../db/client.ts'
import { notFound } from '../../lib/errors.ts'
import { createAttachmentsRepo, type AttachmentRow } from './attachments.repo.ts'
import type { Reader } from './attachments.service.ts'
import { modelImage } from './images.ts'
import { INLINE_TYPES } from './sniff.ts'

/** Characters of a sent file's words the answer is given at most (the whole of a receipt or a letter). */
export const CHAT_FILE_CHARS = 4000
/** How long an answer waits for a sent file's words to be read (a text file or a PDF: well under it). */
export const CHAT_FILE_WAIT_MS = 8000
const POLL_MS = 200

/** A file sent with a chat message, as its answer is given it. */
export interface ChatFile {
  id: string
  name: string
  type: string
  memoryId: string
  /** Its words as read so far (null: still reading, failed, or none). */
  text: string | null
  status: AttachmentRow['status']
  /** A photo for a vision model: at most 1568 px a side, a JPEG without metadata. */
  image?: { data: Uint8Array; mediaType: string }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The files a chat message is sent with (issue 49): checked to be the person's when the message comes
 * in, then read for its answer once their words are (or a few seconds have gone by).
 */
export function createChatFiles(db: Db, options: { waitMs?: number | undefined } = {}) {
  const repo = createAttachmentsRepo(db)
  const waitMs = options.waitMs ?? CHAT_FILE_WAIT_MS

  async function rows(userId: string, ids: string[], reader: Reader) {
    const unique = [...new Set(ids)]
    const found = await repo.withText(userId, unique)
    // Another person's file, a deleted one, or (a model reads it) a private memory's: not found.
    if (found.length !== unique.length || (reader.hidePrivate && found.some((f) => f.private)))
      throw notFound('Attachment')
    const byId = new Map(found.map((row) => [row.id, row]))
    return unique.map((id) => byId.get(id)!)
  }

  return {
    /** The person's files by id, in the order sent; any other id is 404 (and a private memory's for a model). */
    async check(userId: string, ids: string[], reader: Reader) {
      return (await rows(userId, ids, reader)).map(({ id, name, type, memoryId }) => ({
        id,
        name,
        type,
        memoryId,
      }))
    },

    /**
     * The files with their words, waiting up to a few seconds while they are being read (a photo a
     * vision model sees is not waited for); with `vision`, photos as images to show the model.
     */
    async read(
      userId: string,
      ids: string[],
      opts: { reader: Reader; vision: boolean; signal?: AbortSignal | undefined },
    ): Promise<ChatFile[]> {
      const seen = (row: { type: string }) => opts.vision && INLINE_TYPES.has(row.type)
      const deadline = Date.now() + waitMs
      let found = await rows(userId, ids, opts.reader)
      while (
        found.some((row) => row.status === 'reading' && !seen(row)) &&
        Date.now() < deadline &&
        !opts.signal?.aborted
      ) {
        await sleep(POLL_MS)
        found = await rows(userId, ids, opts.reader)
      }
      return Promise.all(
        found.map(async (row): Promise<ChatFile> => {
          const file: ChatFile = {
            id: row.id,
            name: row.name,
            type: row.type,
            memoryId: row.memoryId,
            text: row.text ? row.text.slice(0, CHAT_FILE_CHARS) : null,
            status: row.status,
          }
          if (!seen(row) || row.private) return file
          const data = await repo.data(userId, row.id)
          // A photo that cannot be decoded is still named (and its words given, if any).
          const image = data ? await modelImage(data).catch(() => null) : null
          return image ? { ...file, image: { data: new Uint8Array(image), mediaType: 'image/jpeg' } } : file
        }),
      )
    },
  }
}
export type ChatFiles = ReturnType<typeof createChatFiles>
