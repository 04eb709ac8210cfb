import type { SpeechModel, TranscriptionModel } from 'ai'
import type { Env, VoiceEndpoint } from '../../config/env.ts'

/** Dictation's and read aloud's models; null where none is configured. */
export interface VoiceModels {
  transcription: TranscriptionModel | null
  speech: SpeechModel | null
}

/**
 * The OpenAI API's /audio/transcriptions and /audio/speech, at OpenAI or at any server that speaks them
 * (a self-hosted Whisper server): @ai-sdk/openai's clients, built only when a model is named. A server
 * without a key gets none (an empty bearer).
 */
export async function createVoiceModels(config: Env['voice']): Promise<VoiceModels> {
  if (!config.transcription && !config.speech) return { transcription: null, speech: null }
  const { createOpenAI } = await import('@ai-sdk/openai')
  const client = (endpoint: VoiceEndpoint) =>
    createOpenAI({ apiKey: endpoint.apiKey ?? '', baseURL: endpoint.baseUrl })
  return {
    transcription: config.transcription
      ? client(config.transcription).transcription(config.transcription.model)
      : null,
    speech: config.speech ? client(config.speech).speech(config.speech.model) : null,
  }
}
