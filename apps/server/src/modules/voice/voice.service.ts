import { VOICE_LIMITS, ErrorCode, type Transcription, type VoiceCapabilities } from '@remi/shared'
import { APICallError } from '@ai-sdk/provider'
import { AppError, badRequest, conflict, payloadTooLarge, upstreamFailed } from '../../lib/errors.ts'
import { aiSdk } from '../../integrations/ai/sdk.ts'
import type { VoiceModels } from '../../integrations/index.ts'
import { readAudioFormat } from './audio-format.ts'

export const TRANSCRIPTION_NOT_CONFIGURED =
  'Dictation is not set up on this server: set TRANSCRIPTION_MODEL (e.g. whisper-1) with AI_PROVIDER ' +
  'openai or openai-compatible, or TRANSCRIPTION_BASE_URL for a speech server of its own (README, "Voice").'
export const SPEECH_NOT_CONFIGURED =
  'Reading aloud on the server is not set up: set SPEECH_MODEL (e.g. tts-1) with AI_PROVIDER openai or ' +
  "openai-compatible, or TRANSCRIPTION_BASE_URL. The browser's own voice reads answers meanwhile."
export const NO_AUDIO = 'Send the recording as multipart/form-data, field "audio".'
export const EMPTY_AUDIO = 'The recording is empty.'
export const AUDIO_TOO_LARGE = `The recording is too large (at most ${VOICE_LIMITS.audioBytes / 1024 / 1024} MB).`
export const AUDIO_TOO_LONG = `The recording is too long (at most ${VOICE_LIMITS.audioSeconds / 60} minutes).`
export const UNSUPPORTED_AUDIO =
  'This is not a recording Remi can read: send WebM/Opus, Ogg, WAV, MP3 or M4A/MP4 audio.'
export const TRANSCRIPTION_FAILED = 'The speech service could not write this down just now; please try again.'
export const SPEECH_FAILED = 'The speech service could not read this aloud just now; please try again.'

/** How long the speech service may take for one recording or one answer read aloud. */
const UPSTREAM_TIMEOUT_MS = 120_000

export interface VoiceLogger {
  warn(details: object, message: string): void
}

export type VoiceService = ReturnType<typeof createVoiceService>

/**
 * Dictation and read aloud through the configured speech models. The audio is held in memory for the one
 * call and never stored; what is logged of a failure is its status, never the request (it holds the audio).
 */
export function createVoiceService(deps: { models: VoiceModels; logger: VoiceLogger }) {
  const { models, logger } = deps

  const failed = (what: string, error: unknown, message: string) => {
    if (error instanceof AppError) return error
    const status = APICallError.isInstance(error) ? error.statusCode : undefined
    logger.warn({ status, kind: (error as Error)?.name }, `the speech service failed (${what})`)
    return upstreamFailed(message)
  }

  return {
    capabilities(): VoiceCapabilities {
      return { transcription: models.transcription !== null, speech: models.speech !== null }
    },

    /** 409 (with what to set) when no transcription model is configured. */
    requireTranscription() {
      if (!models.transcription) throw conflict(TRANSCRIPTION_NOT_CONFIGURED)
      return models.transcription
    },

    async transcribe(audio: Buffer): Promise<Transcription> {
      const model = this.requireTranscription()
      if (audio.length === 0) throw badRequest(EMPTY_AUDIO)
      if (audio.length > VOICE_LIMITS.audioBytes) throw payloadTooLarge(AUDIO_TOO_LARGE)
      const format = readAudioFormat(audio)
      if (!format) throw new AppError(415, ErrorCode.UnsupportedMediaType, UNSUPPORTED_AUDIO)
      if (format.durationSeconds !== undefined && format.durationSeconds > VOICE_LIMITS.audioSeconds)
        throw payloadTooLarge(AUDIO_TOO_LONG)
      const { experimental_transcribe } = await aiSdk()
      try {
        const result = await experimental_transcribe({
          model,
          audio: new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength),
          maxRetries: 1,
          abortSignal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        })
        const durationSeconds = result.durationInSeconds ?? format.durationSeconds
        return {
          text: result.text.trim(),
          ...(result.language ? { language: result.language } : {}),
          ...(durationSeconds !== undefined ? { durationSeconds } : {}),
        }
      } catch (error) {
        throw failed('transcription', error, TRANSCRIPTION_FAILED)
      }
    },

    /** The text read aloud as MP3; 409 when no speech model is configured. */
    async speak(text: string): Promise<Buffer> {
      if (!models.speech) throw conflict(SPEECH_NOT_CONFIGURED)
      const { experimental_generateSpeech } = await aiSdk()
      try {
        const { audio } = await experimental_generateSpeech({
          model: models.speech,
          text,
          voice: 'alloy',
          outputFormat: 'mp3',
          maxRetries: 1,
          abortSignal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        })
        return Buffer.from(audio.uint8Array)
      } catch (error) {
        throw failed('speech', error, SPEECH_FAILED)
      }
    },
  }
}
