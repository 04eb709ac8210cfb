import { useQuery } from '@tanstack/react-query'
import { ErrorCode, type Transcription, type VoiceCapabilities } from '@remi/shared'
import {
  api,
  apiUrl,
  errorForResponse,
  getCsrfToken,
  isApiError,
  readBody,
  screensLanguage,
} from './api-client'

export const voiceCapabilitiesKey = ['voice'] as const

/** What the server can do with speech: without transcription the microphone is hidden. */
export function useVoiceCapabilities() {
  return useQuery({
    queryKey: voiceCapabilitiesKey,
    queryFn: () => api.get<VoiceCapabilities>('voice'),
    staleTime: Infinity,
  })
}

/**
 * The recording as multipart/form-data, field "audio"; the server reads its type from its bytes. A stale
 * CSRF token (the server restarted) is fetched again and the recording sent once more, as api's writes do.
 */
export async function transcribe(audio: Blob): Promise<Transcription> {
  try {
    return await sendRecording(audio)
  } catch (error) {
    if (isApiError(error) && error.status === 400 && error.code === ErrorCode.InvalidCsrfToken)
      return sendRecording(audio)
    throw error
  }
}

async function sendRecording(audio: Blob): Promise<Transcription> {
  const form = new FormData()
  const extension = audio.type.includes('ogg') ? 'ogg' : audio.type.includes('mp4') ? 'm4a' : 'webm'
  form.append('audio', audio, `dictation.${extension}`)
  const response = await fetch(apiUrl('transcriptions'), {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { 'X-CSRF-Token': await getCsrfToken(), 'Accept-Language': screensLanguage() },
  })
  const payload = await readBody(response)
  if (!response.ok) throw errorForResponse(response.status, payload)
  return payload as Transcription
}

/** The text read aloud by the server's speech model (audio/mpeg). */
export async function fetchSpeech(text: string): Promise<Blob> {
  const response = await fetch(apiUrl('speech'), {
    method: 'POST',
    body: JSON.stringify({ text }),
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRF-Token': await getCsrfToken(),
      'Accept-Language': screensLanguage(),
    },
  })
  if (!response.ok) throw errorForResponse(response.status, await readBody(response))
  return response.blob()
}

/** Dictated words added to what the field holds: after a space, or alone in an empty field. */
export function appendDictation(current: string, words: string): string {
  const text = words.trim()
  if (!text) return current
  if (!current.trim()) return text
  return /\s$/.test(current) ? `${current}${text}` : `${current} ${text}`
}

/** Ctrl+Shift+Space (⌘+Shift+Space on a Mac): dictation on or off in the focused field. */
export function isDictationShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && (event.code === 'Space' || event.key === ' ')
}
