import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  Attachment,
  ATTACHMENT_LIMITS,
  ATTACHMENT_TOO_LARGE,
  AttachmentIdParams,
  MemoryIdParams,
  NO_ATTACHMENT,
} from '@remi/shared'
import { z } from 'zod'
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors.ts'
import { readerOf, requireUser } from '../../plugins/auth.ts'
import type { AttachmentsService } from './attachments.service.ts'

/** The multipart body as OpenAPI shows it (the handler reads the part itself). */
const FileBody = z.object({
  file: z
    .any()
    .describe('A photo (JPEG, PNG, WebP, HEIC), a PDF, a text or Markdown file or a DOCX; at most 20 MB'),
})

/** The file, whole, in memory: 413 past 20 MB, 400 without one. */
async function receiveFile(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (Number(request.headers['content-length']) > ATTACHMENT_LIMITS.fileBytes + 64 * 1024)
    throw payloadTooLarge(ATTACHMENT_TOO_LARGE)
  if (!request.isMultipart()) throw badRequest(NO_ATTACHMENT)
  try {
    const part = await request.file()
    if (!part || part.fieldname !== 'file') throw badRequest(NO_ATTACHMENT)
    const data = await part.toBuffer()
    if (data.length === 0) throw badRequest('The file is empty.')
    return { name: part.filename || 'file', data }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(ATTACHMENT_TOO_LARGE)
    if (error instanceof AppError) throw error
    throw badRequest(NO_ATTACHMENT)
  }
}

/** A file name as a Content-Disposition parameter: ASCII fallback and the UTF-8 name (RFC 6266). */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

export async function attachmentsRoutes(app: FastifyInstance, opts: { attachments: AttachmentsService }) {
  const { attachments } = opts
  const tags = ['attachments']
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: ATTACHMENT_LIMITS.fileBytes, files: 1, parts: 3, fields: 2, fieldSize: 1024 },
  })
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/memories/:id/attachments',
    {
      schema: {
        tags,
        params: MemoryIdParams,
        consumes: ['multipart/form-data'],
        body: FileBody,
        response: { 201: Attachment },
      },
      // The part is read (and checked) by the handler; the id too, since this skips validation.
      validatorCompiler: () => (value: unknown) => ({ value }),
    },
    async (request, reply) => {
      const userId = requireUser(request)
      const params = MemoryIdParams.safeParse(request.params)
      if (!params.success) throw badRequest('id must be a UUID.')
      const file = await receiveFile(request)
      const added = await attachments.add(userId, params.data.id, file, readerOf(request))
      return reply.status(201).send(added)
    },
  )

  // Served with the page's defences: never sniffed as another type, sandboxed if opened as a page,
  // and only photos shown in place (re-encoded without metadata); SVG, HTML and the rest are downloads.
  r.get('/attachments/:id', { schema: { tags, params: AttachmentIdParams } }, async (request, reply) => {
    const file = await attachments.file(requireUser(request), request.params.id, readerOf(request))
    return reply
      .type(
        file.inline
          ? file.type
          : file.type === 'text/html' || file.type === 'image/svg+xml'
            ? 'application/octet-stream'
            : file.type,
      )
      .header('content-disposition', disposition(file.inline ? 'inline' : 'attachment', file.name))
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      )
      .header('cache-control', 'private, no-cache')
      .send(file.data)
  })

  r.get(
    '/attachments/:id/thumbnail',
    { schema: { tags, params: AttachmentIdParams } },
    async (request, reply) => {
      const thumbnail = await attachments.thumbnail(
        requireUser(request),
        request.params.id,
        readerOf(request),
      )
      return reply
        .type('image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-cache')
        .send(thumbnail)
    },
  )

  r.delete('/attachments/:id', { schema: { tags, params: AttachmentIdParams } }, async (request, reply) => {
    await attachments.remove(requireUser(request), request.params.id, readerOf(request))
    return reply.status(204).send()
  })
}
