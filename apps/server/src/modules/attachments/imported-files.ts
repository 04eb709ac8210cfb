import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_QUOTA_REACHED,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPE_REFUSED,
} from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { createAttachmentsRepo } from './attachments.repo.ts'
import type { AttachmentsService } from './attachments.service.ts'
import { IMAGE_UNREADABLE, imageSize } from './images.ts'
import { sniff } from './sniff.ts'

interface File {
  name: string
  data: Buffer
}

/**
 * Files of imported notes (a Keep note's images, Evernote resources, Bear assets) as attachments: the same
 * checks as an uploaded file (at most 20 MB, its type sniffed from the bytes, the person's allowance, an
 * image's pixels from its header), and the same store and reading job (the service's add). Each answers
 * why a file cannot be attached, in words, or null: a file refused is reported, never an error.
 */
export function createImportedFiles(deps: {
  db: Db
  attachments: AttachmentsService
  maxBytesPerUser: number
}) {
  const repo = createAttachmentsRepo(deps.db)
  const quota = ATTACHMENT_QUOTA_REACHED(Math.round(deps.maxBytesPerUser / 1024 / 1024))

  return {
    /** Checked while the upload is read, before the file is kept: `pending` bytes of the import's before it. */
    async refusal(userId: string, file: File, pending: number): Promise<string | null> {
      if (file.data.length > ATTACHMENT_LIMITS.fileBytes) return ATTACHMENT_TOO_LARGE
      const sniffed = await sniff(file.data, file.name)
      if (!sniffed) return ATTACHMENT_TYPE_REFUSED
      if ((await repo.usedBytes(userId)) + pending + file.data.length > deps.maxBytesPerUser) return quota
      if (sniffed.kind === 'image') {
        try {
          await imageSize(file.data)
        } catch (error) {
          return error instanceof AppError ? error.message : IMAGE_UNREADABLE
        }
      }
      return null
    },

    /** Attached to the person's memory (all checks again: the allowance may be reached since) and queued for reading. */
    async attach(userId: string, memoryId: string, file: File): Promise<string | null> {
      if (file.data.length > ATTACHMENT_LIMITS.fileBytes) return ATTACHMENT_TOO_LARGE
      try {
        await deps.attachments.add(userId, memoryId, file, { hidePrivate: false })
        return null
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return error.message
        throw error
      }
    },
  }
}
export type ImportedFiles = ReturnType<typeof createImportedFiles>
