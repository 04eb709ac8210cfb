import type { Transcription, VoiceCapabilities } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiClient, type ApiClient } from '../../test/api.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { FAKE_MP3, startOpenAIAudioFake, type OpenAIAudioFake } from '../../test/fakes/openai-audio.ts'
import { captureLogs } from '../../test/logs.ts'
import {
  AUDIO_TOO_LARGE,
  EMPTY_AUDIO,
  SPEECH_NOT_CONFIGURED,
  TRANSCRIPTION_FAILED,
  TRANSCRIPTION_NOT_CONFIGURED,
  UNSUPPORTED_AUDIO,
} from './voice.service.ts'

/**
 * Dictation and read aloud (issue 48) through the real @ai-sdk/openai audio code against a loopback fake
 * of OpenAI's /audio/transcriptions and /audio/speech.
 */

/** A mono 16-bit 8 kHz WAV of `seconds` of a tone, with a marker in its samples to look for in the logs. */
export function wav(seconds: number, marker = 'SECRET-AUDIO-MARKER'): Buffer {
  const rate = 8000
  const samples = Buffer.alloc(Math.round(seconds * rate) * 2)
  for (let i = 0; i < samples.length / 2; i++)
    samples.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2)
  samples.write(marker, 0, 'latin1')
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
])

/** A multipart body as a browser's FormData sends it. */
async function multipart(bytes: Buffer, name: string, type: string, field = 'audio') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name)
  const request = new Request('http://remi.test/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

async function transcribe(user: TestUser, bytes: Buffer, name = 'note.wav', type = 'audio/wav') {
  return user.api.request<Transcription & { message?: string }>(
    'POST',
    '/api/transcriptions',
    await multipart(bytes, name, type),
  )
}

describe('voice with a speech service', () => {
  let fake: OpenAIAudioFake
  let t: TestApp
  let alice: TestUser
  let bob: TestUser
  /** A session that has ended, used as a bearer (no CSRF): not signed in. */
  let signedOut: ApiClient
  const logs = captureLogs('debug')

  beforeAll(async () => {
    fake = await startOpenAIAudioFake()
    t = await buildTestApp({ env: fake.env({ speech: 'tts-1' }), logger: logs.logger })
    alice = await t.createUser()
    bob = await t.createUser()
    const gone = await t.createUser()
    expect((await gone.api.post('/api/auth/logout')).status).toBeLessThan(300)
    signedOut = apiClient(t.app, { authorization: `Bearer ${gone.jwt}` })
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })
  beforeEach(() => fake.reset())

  it('tells the web what it can do', async () => {
    const res = await alice.api.get<VoiceCapabilities>('/api/voice')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ transcription: true, speech: true })
    expect((await t.anonymous.get('/api/voice')).status).toBe(401)
  })

  it('writes a recording down: the provider receives the real audio as a multipart file', async () => {
    const audio = wav(1.5)
    const res = await transcribe(alice, audio)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ text: fake.transcript, language: 'en', durationSeconds: 2.5 })
    expect(fake.transcriptions).toHaveLength(1)
    const [request] = fake.transcriptions
    expect(request!.model).toBe('whisper-1')
    expect(request!.file!.type).toBe('audio/wav')
    expect(request!.file!.name).toBe('audio.wav')
    expect(request!.file!.bytes.length).toBeGreaterThan(0)
    expect(request!.file!.bytes.equals(audio)).toBe(true)
  })

  it('reads the type from the bytes, not the name or the claimed type', async () => {
    const png = await transcribe(alice, PNG, 'note.wav', 'audio/wav')
    expect(png.status).toBe(415)
    expect(png.body.message).toBe(UNSUPPORTED_AUDIO)
    // A WAV named as a picture is still a WAV.
    expect((await transcribe(alice, wav(0.2), 'photo.png', 'image/png')).status).toBe(200)
    expect(fake.transcriptions).toHaveLength(1)
  })

  it('refuses empty, too large and too long recordings before the provider hears them', async () => {
    const empty = await transcribe(alice, Buffer.alloc(0))
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe(EMPTY_AUDIO)
    const huge = Buffer.concat([wav(0.1), Buffer.alloc(26 * 1024 * 1024)])
    const large = await transcribe(alice, huge)
    expect(large.status).toBe(413)
    expect(large.body.message).toBe(AUDIO_TOO_LARGE)
    // 11 minutes of 8 kHz 16-bit mono: 10.6 MB, under the size limit, over the time limit.
    const long = await transcribe(alice, wav(11 * 60))
    expect(long.status).toBe(413)
    expect(long.body.message).toMatch(/too long/)
    const wrongField = await alice.api.request(
      'POST',
      '/api/transcriptions',
      await multipart(wav(0.1), 'a.wav', 'audio/wav', 'file'),
    )
    expect(wrongField.status).toBe(400)
    expect(fake.transcriptions).toHaveLength(0)
  })

  it('asks who is speaking and refuses writes from other sites', async () => {
    const body = await multipart(wav(0.2), 'a.wav', 'audio/wav')
    expect((await signedOut.request('POST', '/api/transcriptions', body)).status).toBe(401)
    // Without a session a cookie write is refused before anything else (no CSRF token).
    expect((await t.anonymous.request('POST', '/api/transcriptions', body)).status).toBe(400)
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/transcriptions',
      headers: { cookie: alice.headers.cookie, ...body.headers },
      payload: body.payload,
    })
    expect(noCsrf.statusCode).toBe(400)
    expect(noCsrf.json<{ code: string }>().code).toBe('INVALID_CSRF_TOKEN')
    const otherSite = await t.app.inject({
      method: 'POST',
      url: '/api/transcriptions',
      headers: { ...alice.headers, ...body.headers, origin: 'https://elsewhere.example' },
      payload: body.payload,
    })
    expect(otherSite.statusCode).toBe(403)
    expect(fake.transcriptions).toHaveLength(0)
  })

  it('keeps nothing of the audio: no route gives it back, the logs never hold it', async () => {
    const res = await transcribe(alice, wav(0.5, 'ALICE-PRIVATE-WORDS'))
    expect(res.status).toBe(200)
    // Nothing is stored, so there is nothing for another person (or the same one) to read back.
    expect((await bob.api.get('/api/transcriptions')).status).toBe(404)
    expect(logs.text()).toContain('/api/transcriptions')
    expect(logs.text()).not.toContain('ALICE-PRIVATE-WORDS')
    expect(logs.text()).not.toContain(fake.transcript)
    // A failing provider is logged by its status only.
    // Once and once again (the one retry).
    fake.failNext = 2
    const failed = await transcribe(alice, wav(0.5, 'ALICE-PRIVATE-WORDS'))
    expect(failed.status).toBe(502)
    expect(failed.body.message).toBe(TRANSCRIPTION_FAILED)
    expect(logs.text()).toContain('the speech service failed')
    expect(logs.text()).not.toContain('ALICE-PRIVATE-WORDS')
  })

  it("counts 10 a minute per person: one person's use never stops another", async () => {
    const carol = await t.createUser()
    for (let i = 0; i < 10; i++) expect((await transcribe(carol, wav(0.1))).status).toBe(200)
    const refused = await transcribe(carol, wav(0.1))
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await transcribe(bob, wav(0.1))).status).toBe(200)
    expect(fake.transcriptions).toHaveLength(11)
  })

  it('reads an answer aloud as MP3 through the speech model', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/speech',
      headers: alice.headers,
      payload: { text: 'The garage opens at nine.' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.rawPayload.equals(FAKE_MP3)).toBe(true)
    expect(fake.speeches).toEqual([
      { model: 'tts-1', input: 'The garage opens at nine.', voice: 'alloy', responseFormat: 'mp3' },
    ])
    expect((await alice.api.post('/api/speech', { text: '  ' })).status).toBe(400)
    expect((await signedOut.post('/api/speech', { text: 'hi' })).status).toBe(401)
    expect(fake.speeches).toHaveLength(1)
  })
})

describe('voice without a speech service', () => {
  let t: TestApp
  let user: TestUser
  beforeAll(async () => {
    t = await buildTestApp()
    user = await t.createUser()
  })
  afterAll(async () => t?.close())

  it('says so, and what to set (409), and the web hides the microphone', async () => {
    expect((await user.api.get<VoiceCapabilities>('/api/voice')).body).toEqual({
      transcription: false,
      speech: false,
    })
    const res = await transcribe(user, wav(0.2))
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(TRANSCRIPTION_NOT_CONFIGURED)
    expect(res.body.message).toMatch(/TRANSCRIPTION_MODEL/)
    const speech = await user.api.post<{ message: string }>('/api/speech', { text: 'hello' })
    expect(speech.status).toBe(409)
    expect(speech.body.message).toBe(SPEECH_NOT_CONFIGURED)
  })
})
