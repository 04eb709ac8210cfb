import { z } from 'zod'

const MB = 1024 * 1024

/** Files on memories (issue 49): one file's size, and each person's default allowance in all. */
export const ATTACHMENT_LIMITS = {
  fileBytes: 20 * MB,
  /** ATTACHMENTS_MAX_MB_PER_USER's default. */
  defaultMbPerUser: 1024,
  /** An image's pixels at most (width × height): a bigger one is refused before it is decoded. */
  imagePixels: 100_000_000,
} as const

/** reading: its words are being read (a job); ready: read (or nothing to read); failed: `reason` says why. */
export const AttachmentStatus = z.enum(['reading', 'ready', 'failed'])
export type AttachmentStatus = z.infer<typeof AttachmentStatus>

export const Attachment = z.object({
  id: z.uuid(),
  /** The file's name as sent: only a label (the type is read from the bytes). */
  name: z.string(),
  /** The type sniffed from the bytes (image/png, application/pdf, …). */
  type: z.string(),
  size: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  pages: z.number().int().optional(),
  status: AttachmentStatus,
  /** Why reading failed, in words. */
  reason: z.string().optional(),
})
export type Attachment = z.infer<typeof Attachment>

export const AttachmentIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })

export const ATTACHMENT_TOO_LARGE = `A file may be at most ${ATTACHMENT_LIMITS.fileBytes / MB} MB; this one is larger.`
export const NO_ATTACHMENT = 'Choose a file to attach (sent as multipart/form-data, field "file").'
export const ATTACHMENT_QUOTA_REACHED = (mb: number) =>
  `This file would take your files past ${mb} MB, the most one person may keep (ATTACHMENTS_MAX_MB_PER_USER). Delete some files first.`
export const ATTACHMENT_TYPE_REFUSED =
  'This kind of file cannot be attached. Attach a photo (JPEG, PNG, WebP, HEIC), a PDF, a text or Markdown file, or a Word document (DOCX).'
export const IMAGE_TOO_MANY_PIXELS = `This image has more than ${ATTACHMENT_LIMITS.imagePixels / 1_000_000} million pixels, too many to show; make it smaller first.`
