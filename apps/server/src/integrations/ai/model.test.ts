import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider'
import { generateText } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { logModelWarningsOnce, seesImages } from './model.ts'

const answer = (feature: string): LanguageModelV4GenerateResult => ({
  content: [{ type: 'text', text: 'Noted.' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  },
  warnings: [{ type: 'unsupported', feature }],
})

describe("the AI SDK's warnings", () => {
  const before = globalThis.AI_SDK_LOG_WARNINGS
  afterEach(() => {
    globalThis.AI_SDK_LOG_WARNINGS = before
  })

  it('go to the app log once each, not to the console on every call', async () => {
    const logged: object[] = []
    logModelWarningsOnce({ warn: (details) => void logged.push(details) })
    const model = new MockLanguageModelV4({ doGenerate: async () => answer('responseFormat') })
    for (let i = 0; i < 3; i++) await generateText({ model, prompt: 'Anything to keep?' })
    const other = new MockLanguageModelV4({ doGenerate: async () => answer('temperature') })
    await generateText({ model: other, prompt: 'Anything to keep?' })

    expect(logged).toHaveLength(2)
    expect(logged[0]).toMatchObject({ warning: { type: 'unsupported', feature: 'responseFormat' } })
    expect(logged[1]).toMatchObject({ warning: { feature: 'temperature' } })
  })
})

describe('AI_VISION', () => {
  it('auto: only model ids known to see images; on and off decide for any model', () => {
    const auto = (model: string) => seesImages({ model, vision: 'auto' })
    for (const id of [
      'gpt-4o-mini',
      'gpt-4.1',
      'claude-sonnet-4-5',
      'claude-3-5-haiku-latest',
      'llava:13b',
      'library/gemma3:4b',
    ])
      expect(auto(id), id).toBe(true)
    for (const id of ['gpt-3.5-turbo', 'gpt-test', 'llama3.1:8b', 'mistral', 'qwen2.5:7b', 'o1-mini'])
      expect(auto(id), id).toBe(false)
    expect(seesImages({ model: 'gpt-test', vision: 'on' })).toBe(true)
    expect(seesImages({ model: 'gpt-4o', vision: 'off' })).toBe(false)
  })
})
