import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ErrorCode,
  SpeechBody,
  TOO_MANY_REQUESTS_MESSAGE,
  Transcription,
  VOICE_LIMITS,
  VoiceCapabilities,
} from '@remi/shared'
import { z } from 'zod'
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { AUDIO_TOO_LARGE, NO_AUDIO, type VoiceService } from './voice.service.ts'

/** The multipart body as OpenAPI shows it (the handler reads the part itself). */
const AudioBody = z.object({
  audio: z.any().describe('The recording: WebM/Opus, Ogg, WAV, MP3 or M4A/MP4, at most 25 MB and 10 minutes'),
})

/** The recording, whole, in memory (never written anywhere): 413 past the limit, 400 without one. */
async function receiveAudio(request: FastifyRequest): Promise<Buffer> {
  if (Number(request.headers['content-length']) > VOICE_LIMITS.audioBytes + 64 * 1024)
    throw payloadTooLarge(AUDIO_TOO_LARGE)
  if (!request.isMultipart()) throw badRequest(NO_AUDIO)
  try {
    const part = await request.file()
    if (!part || part.fieldname !== 'audio') throw badRequest(NO_AUDIO)
    return await part.toBuffer()
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(AUDIO_TOO_LARGE)
    if (error instanceof AppError) throw error
    throw badRequest(NO_AUDIO)
  }
}

export async function voiceRoutes(
  app: FastifyInstance,
  opts: { service: VoiceService; perMinute?: number | undefined },
) {
  const { service } = opts
  const tags = ['voice']
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: VOICE_LIMITS.audioBytes, files: 1, parts: 5, fields: 4, fieldSize: 1024 },
  })
  const r = app.withTypeProvider<ZodTypeProvider>()

  /** A per-person count: signed in first, so a stranger's requests count against nobody. */
  const perUser = (name: string, max: number) => {
    const count = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${name}:${request.userId}`,
    })
    return async (request: FastifyRequest, reply: FastifyReply) => {
      requireUser(request)
      const result = await count(request)
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds))
        throw new AppError(429, ErrorCode.RateLimited, TOO_MANY_REQUESTS_MESSAGE)
      }
    }
  }

  r.get('/voice', { schema: { tags, response: { 200: VoiceCapabilities } } }, async (request) => {
    requireUser(request)
    return service.capabilities()
  })

  r.post(
    '/transcriptions',
    {
      preHandler: perUser('transcriptions', opts.perMinute ?? VOICE_LIMITS.perMinute),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: AudioBody,
        response: { 200: Transcription },
      },
      // The part is read (and checked) by the handler.
      validatorCompiler: () => (value: unknown) => ({ value }),
    },
    async (request) => {
      service.requireTranscription()
      return service.transcribe(await receiveAudio(request))
    },
  )

  r.post(
    '/speech',
    {
      preHandler: perUser('speech', VOICE_LIMITS.speechPerMinute),
      schema: { tags, body: SpeechBody, produces: ['audio/mpeg'] },
    },
    async (request, reply) => {
      const audio = await service.speak(request.body.text)
      return reply.type('audio/mpeg').header('cache-control', 'no-store').send(audio)
    },
  )
}
