import { createOpenAI } from '@ai-sdk/openai'
import { APICallError, generateText, stepCountIs, streamText, tool } from 'ai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openaiReply, startOpenAIFake, type OpenAIFake } from './openai.ts'

/** The fake is only useful if the real provider code reads it like the real API: checked here. */
let fake: OpenAIFake
beforeAll(async () => {
  fake = await startOpenAIFake()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const model = () => createOpenAI({ apiKey: fake.apiKey, baseURL: fake.url }).chat(fake.model)

describe('the OpenAI fake, read by @ai-sdk/openai', () => {
  it('streams text in several deltas and records the request', async () => {
    fake.enqueue(openaiReply.text('Ana was born on **12 May**, she said.'))
    const result = streamText({ model: model(), system: 'You are Remi.', prompt: 'When is Ana born?' })
    const deltas: string[] = []
    for await (const delta of result.textStream) deltas.push(delta)
    expect(deltas.join('')).toBe('Ana was born on **12 May**, she said.')
    expect(deltas.length).toBeGreaterThan(2)
    expect(await result.finishReason).toBe('stop')
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]).toMatchObject({ model: 'gpt-test', stream: true, aborted: false })
    expect(fake.systemPrompt()).toBe('You are Remi.')
  })

  it('streams tool calls split across chunks; the tool runs and the next step gets its result', async () => {
    fake.enqueue(
      openaiReply.toolCalls([
        { name: 'search_memories', arguments: { query: 'Ana birthday', tags: ['family'] } },
        { name: 'create_memory', arguments: { text: 'Buy a gift for Ana' } },
      ]),
      openaiReply.text('Done.'),
    )
    const calls: unknown[] = []
    const result = streamText({
      model: model(),
      prompt: 'Find Ana and note the gift',
      stopWhen: stepCountIs(3),
      tools: {
        search_memories: tool({
          description: 'Search memories',
          inputSchema: z.object({ query: z.string(), tags: z.array(z.string()).optional() }),
          execute: async (input) => (calls.push(['search', input]), { found: 1 }),
        }),
        create_memory: tool({
          description: 'Create a memory',
          inputSchema: z.object({ text: z.string() }),
          execute: async (input) => (calls.push(['create', input]), { id: 'm1' }),
        }),
      },
    })
    expect(await result.text).toBe('Done.')
    expect(calls).toEqual([
      ['search', { query: 'Ana birthday', tags: ['family'] }],
      ['create', { text: 'Buy a gift for Ana' }],
    ])
    expect(fake.requests[0]!.tools?.map((t) => t.function.name)).toEqual(['search_memories', 'create_memory'])
    const second = fake.requests[1]!.messages
    expect(second.filter((m) => m.role === 'tool')).toHaveLength(2)
    expect(second.find((m) => m.role === 'assistant')?.tool_calls?.[0]?.function).toEqual({
      name: 'search_memories',
      arguments: JSON.stringify({ query: 'Ana birthday', tags: ['family'] }),
    })
  })

  it('answers plain JSON without stream', async () => {
    fake.enqueue(openaiReply.text('A calm day.'))
    const result = await generateText({ model: model(), prompt: 'Briefing' })
    expect(result.text).toBe('A calm day.')
    expect(fake.requests[0]!.stream).toBe(false)
  })

  it("sends errors in OpenAI's shape: Ollama's tools refusal and a 500", async () => {
    fake.enqueue(openaiReply.toolsRefused('llama2'))
    const refused = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )
    expect(APICallError.isInstance(refused)).toBe(true)
    expect((refused as APICallError).statusCode).toBe(400)
    expect((refused as APICallError).message).toBe('registry.ollama.ai/library/llama2 does not support tools')

    fake.enqueue(openaiReply.serverError())
    const failed = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch((e: unknown) => e)
    expect((failed as APICallError).statusCode).toBe(500)
  })

  it('with nothing scripted, or a wrong key, answers an error instead of text', async () => {
    const unscripted = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )
    expect((unscripted as APICallError).statusCode).toBe(500)
    const wrongKey = createOpenAI({ apiKey: 'sk-wrong', baseURL: fake.url }).chat('gpt-test')
    const refused = await generateText({ model: wrongKey, prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )
    expect((refused as APICallError).statusCode).toBe(401)
  })

  it('an empty answer finishes with no text; a stalled one is aborted by the client and recorded as such', async () => {
    fake.enqueue(openaiReply.empty())
    const empty = streamText({ model: model(), prompt: 'x' })
    expect(await empty.text).toBe('')

    fake.enqueue(openaiReply.stall(['Half ', 'an ']))
    const controller = new AbortController()
    const stalled = streamText({ model: model(), prompt: 'x', abortSignal: controller.signal })
    const seen: string[] = []
    for await (const delta of stalled.textStream) {
      seen.push(delta)
      if (seen.join('') === 'Half an ') controller.abort()
    }
    expect(seen.join('')).toBe('Half an ')
    await expect.poll(() => fake.requests.at(-1)!.aborted).toBe(true)
  })
})
