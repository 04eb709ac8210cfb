import { describe, expect, it } from 'vitest'
import { configProblems as problems, envWith } from './env.test-support.ts'

const voice = (env: Record<string, string>) => envWith(env).voice
const openai = { AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'sk-1' }

describe('dictation and read aloud (issue 48)', () => {
  it('is off unless a model is named', () => {
    expect(voice({})).toEqual({ transcription: null, speech: null })
    expect(voice(openai)).toEqual({ transcription: null, speech: null })
  })

  it("uses the chat's OpenAI provider, its key and address", () => {
    expect(
      voice({
        ...openai,
        AI_BASE_URL: 'http://x/v1',
        TRANSCRIPTION_MODEL: 'whisper-1',
        SPEECH_MODEL: 'tts-1',
      }),
    ).toEqual({
      transcription: { model: 'whisper-1', baseUrl: 'http://x/v1', apiKey: 'sk-1' },
      speech: { model: 'tts-1', baseUrl: 'http://x/v1', apiKey: 'sk-1' },
    })
    expect(
      voice({
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'm',
        AI_BASE_URL: 'http://llm:8080/v1',
        TRANSCRIPTION_MODEL: 'whisper',
      }).transcription,
    ).toEqual({ model: 'whisper', baseUrl: 'http://llm:8080/v1', apiKey: undefined })
  })

  it('takes a speech server of its own, whatever the chat uses', () => {
    expect(
      voice({
        AI_PROVIDER: 'anthropic',
        AI_MODEL: 'claude',
        AI_API_KEY: 'k',
        TRANSCRIPTION_MODEL: 'Systran/faster-whisper-small',
        TRANSCRIPTION_BASE_URL: 'http://whisper:8000/v1/',
        TRANSCRIPTION_API_KEY: 'w',
      }),
    ).toEqual({
      transcription: {
        model: 'Systran/faster-whisper-small',
        baseUrl: 'http://whisper:8000/v1',
        apiKey: 'w',
      },
      speech: null,
    })
  })

  it('says what is missing', () => {
    expect(problems({ TRANSCRIPTION_MODEL: 'whisper-1' })).toEqual([
      'TRANSCRIPTION_MODEL needs AI_PROVIDER openai or openai-compatible, or TRANSCRIPTION_BASE_URL for a speech server of its own',
    ])
    expect(problems({ AI_PROVIDER: 'ollama', AI_MODEL: 'llama3.2', SPEECH_MODEL: 'tts-1' })).toEqual([
      'SPEECH_MODEL needs AI_PROVIDER openai or openai-compatible, or TRANSCRIPTION_BASE_URL for a speech server of its own',
    ])
    expect(problems({ TRANSCRIPTION_BASE_URL: 'http://whisper:8000/v1' })).toEqual([
      'TRANSCRIPTION_MODEL is required when TRANSCRIPTION_BASE_URL is set',
    ])
    expect(problems({ TRANSCRIPTION_BASE_URL: 'ftp://whisper' })[0]).toMatch(/^TRANSCRIPTION_BASE_URL: /)
  })
})
