import { z } from 'zod'

/** Dictation's and read aloud's limits (issue 48). */
export const VOICE_LIMITS = {
  /** One recording, at most (OpenAI's own limit). */
  audioBytes: 25 * 1024 * 1024,
  /** One recording, at most, where its container tells how long it is. */
  audioSeconds: 10 * 60,
  /** Transcriptions per person a minute. */
  perMinute: 10,
  /** Answers read aloud by the server per person a minute. */
  speechPerMinute: 30,
  /** Text read aloud by the server at once (OpenAI's limit for one request). */
  speechChars: 4096,
} as const

/** POST /api/transcriptions (multipart, field `audio`): the words heard. */
export const Transcription = z.object({
  text: z.string(),
  /** ISO 639-1, when the model says. */
  language: z.string().optional(),
  durationSeconds: z.number().min(0).optional(),
})
export type Transcription = z.infer<typeof Transcription>

/** POST /api/speech → audio/mpeg. */
export const SpeechBody = z.object({ text: z.string().trim().min(1).max(VOICE_LIMITS.speechChars) })
export type SpeechBody = z.infer<typeof SpeechBody>

/** GET /api/voice: what the server can do with speech; the web hides the microphone without transcription. */
export const VoiceCapabilities = z.object({ transcription: z.boolean(), speech: z.boolean() })
export type VoiceCapabilities = z.infer<typeof VoiceCapabilities>
