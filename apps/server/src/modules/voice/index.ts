import type { FastifyInstance } from 'fastify'
import type { VoiceModels } from '../../integrations/index.ts'
import { voiceRoutes } from './voice.routes.ts'
import { createVoiceService } from './voice.service.ts'

export type { VoiceService } from './voice.service.ts'

/**
 * Dictation and read aloud (issue 48): POST /api/transcriptions, POST /api/speech and GET /api/voice
 * (what the server can do, for the web to show or hide the microphone).
 */
export async function voiceModule(
  app: FastifyInstance,
  opts: { models: VoiceModels; transcriptionsPerMinute?: number | undefined },
) {
  const service = createVoiceService({ models: opts.models, logger: app.log })
  await app.register(voiceRoutes, { service, perMinute: opts.transcriptionsPerMinute })
}
