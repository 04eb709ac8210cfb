import type { FastifyInstance } from 'fastify'
import { attachmentsRoutes } from './attachments.routes.ts'
import type { AttachmentsService } from './attachments.service.ts'

export { createAttachments, type AttachmentsService } from './attachments.service.ts'
export { createFileExcerpts } from './excerpts.ts'
export { createImportedFiles, type ImportedFiles } from './imported-files.ts'
export { createChatFiles, type ChatFile, type ChatFiles } from './chat-files.ts'

/** Files on memories (issue 49): registered at /api. */
export async function attachmentsModule(app: FastifyInstance, opts: { attachments: AttachmentsService }) {
  await app.register(attachmentsRoutes, opts)
}
