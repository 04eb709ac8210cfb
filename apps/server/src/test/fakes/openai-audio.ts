import type { IncomingMessage } from 'node:http'
import { bearer, listen, sendJson } from './listen.ts'

/**
 * The OpenAI audio API on loopback, in its wire format (https://platform.openai.com/docs/api-reference/audio,
 * and what @ai-sdk/openai's openaiTranscriptionResponseSchema parses):
 * - POST /v1/audio/transcriptions, multipart/form-data with `file` and `model` (and `response_format`):
 *   `{text}` for json (with `usage: {type: "duration", seconds}` as gpt-4o-transcribe answers), or
 *   `{task, language, duration, text, segments}` for verbose_json (whisper-1's), the language by name.
 * - POST /v1/audio/speech, JSON `{model, input, voice, response_format}` → the audio's bytes (audio/mpeg).
 * Errors are `{error: {message, type, param, code}}`; a wrong key is a 401 as OpenAI answers it.
 *
 * Every request is recorded with the file it carried (its bytes, name and content type), so a test can
 * see the real recording arrived. `transcript` is what it "hears"; `failNext` answers the next one 500.
 */
export interface TranscriptionRequest {
  model: string
  responseFormat: string | undefined
  file: { name: string; type: string; bytes: Buffer } | null
}
export interface SpeechRequest {
  model: string
  input: string
  voice: string
  responseFormat: string
}

export interface OpenAIAudioFake {
  /** The API base (…/v1). */
  url: string
  apiKey: string
  transcriptions: TranscriptionRequest[]
  speeches: SpeechRequest[]
  /** The words every recording is heard as. */
  transcript: string
  /** The next this many requests answer 500. */
  failNext: number
  /** The server's environment for the real @ai-sdk/openai audio code against this fake. */
  env(models?: { transcription?: string; speech?: string }): Record<string, string>
  reset(): void
  close(): Promise<void>
}

/** An MPEG-1 Layer III frame header (128 kb/s, 44.1 kHz) and one frame of silence: what /audio/speech sends. */
export const FAKE_MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])

const error = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, param: null, code },
})

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startOpenAIAudioFake(): Promise<OpenAIAudioFake> {
  const apiKey = 'sk-audio-fake'
  const state = {
    transcriptions: [] as TranscriptionRequest[],
    speeches: [] as SpeechRequest[],
    transcript: 'Remind me to call the garage at nine tomorrow.',
    failNext: 0,
  }
  const running = await listen(async (request, response, url) => {
    if (request.method !== 'POST') return sendJson(response, 404, error('Not found', 'invalid_request_error'))
    if (bearer(request) !== apiKey)
      return sendJson(
        response,
        401,
        error('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      )
    const body = await readAll(request)
    if (state.failNext > 0) {
      state.failNext -= 1
      return sendJson(response, 500, error('The server had an error.', 'server_error'))
    }
    if (url.pathname === '/v1/audio/transcriptions') {
      // The multipart body read as any server reads it (undici's parser, the same as a browser's).
      const form = await new Request(url, {
        method: 'POST',
        headers: { 'content-type': String(request.headers['content-type']) },
        body: new Uint8Array(body),
      }).formData()
      const file = form.get('file')
      const model = String(form.get('model') ?? '')
      const responseFormat = form.get('response_format')?.toString()
      state.transcriptions.push({
        model,
        responseFormat,
        file:
          file instanceof File
            ? { name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) }
            : null,
      })
      if (!(file instanceof File) || file.size === 0)
        return sendJson(response, 400, error("'file' is required", 'invalid_request_error'))
      if (!model) return sendJson(response, 400, error("'model' is required", 'invalid_request_error'))
      if (responseFormat === 'verbose_json')
        return sendJson(response, 200, {
          task: 'transcribe',
          language: 'english',
          duration: 2.5,
          text: state.transcript,
          segments: [],
        })
      return sendJson(response, 200, {
        text: state.transcript,
        usage: { type: 'duration', seconds: 3 },
      })
    }
    if (url.pathname === '/v1/audio/speech') {
      const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>
      state.speeches.push({
        model: String(json.model),
        input: String(json.input),
        voice: String(json.voice),
        responseFormat: String(json.response_format),
      })
      response.writeHead(200, { 'content-type': 'audio/mpeg' })
      return void response.end(FAKE_MP3)
    }
    sendJson(response, 404, error(`Unknown path ${url.pathname}`, 'invalid_request_error'))
  })
  const url = `${running.origin}/v1`
  return {
    url,
    apiKey,
    get transcriptions() {
      return state.transcriptions
    },
    get speeches() {
      return state.speeches
    },
    get transcript() {
      return state.transcript
    },
    set transcript(value: string) {
      state.transcript = value
    },
    get failNext() {
      return state.failNext
    },
    set failNext(value: number) {
      state.failNext = value
    },
    env: (models = {}) => ({
      TRANSCRIPTION_BASE_URL: url,
      TRANSCRIPTION_API_KEY: apiKey,
      TRANSCRIPTION_MODEL: models.transcription ?? 'whisper-1',
      ...(models.speech ? { SPEECH_MODEL: models.speech } : {}),
    }),
    reset() {
      state.transcriptions.length = 0
      state.speeches.length = 0
      state.failNext = 0
    },
    close: running.close,
  }
}
