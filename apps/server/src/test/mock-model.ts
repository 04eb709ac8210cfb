import { MockLanguageModelV4 } from 'ai/test'
import type { AssistantModel } from '../integrations/ai/model.ts'

/** What the AI SDK passes a model for one call (the prompt, the tools, the abort signal). */
export type ModelCall = MockLanguageModelV4['doStreamCalls'][number]
type StreamResult = Awaited<ReturnType<MockLanguageModelV4['doStream']>>
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never

/**
 * One model call's behaviour: the parts to stream (each may be a delay in ms, to pace them), a
 * function of the call, or an error to throw as the provider would (an APICallError).
 */
export type ScriptStep =
  | Array<StreamPart | number>
  | ((call: ModelCall) => Array<StreamPart | number> | Promise<Array<StreamPart | number>>)
  | Error

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
}

export const finish = (reason: 'stop' | 'tool-calls' = 'stop'): StreamPart => ({
  type: 'finish',
  usage,
  finishReason: { unified: reason, raw: reason },
})

/** A text answer streamed in the given pieces. */
export function textParts(...pieces: string[]): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...pieces.map((delta): StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    finish('stop'),
  ]
}

let callCounter = 0
/** A step that calls one tool with the given input. */
export function toolCallParts(toolName: string, input: unknown): StreamPart[] {
  callCounter += 1
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-call', toolCallId: `call_${callCounter}`, toolName, input: JSON.stringify(input) },
    finish('tool-calls'),
  ]
}

/** The system prompt text of a call. */
export const systemPromptOf = (call: ModelCall) =>
  call.prompt
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n')

/** The text of the call's messages of one role. */
export const messagesOf = (call: ModelCall, role: 'user' | 'assistant') =>
  call.prompt
    .filter((m) => m.role === role)
    .map((m) =>
      (m.content as Array<{ type: string; text?: string }>)
        .filter((p) => p.type === 'text')
        .map((p) => p.text)
        .join(''),
    )

/**
 * A stream that emits its parts (pausing where a number says) and then, when `hang` is set, stays
 * open until the call is aborted, as an HTTP response would. Aborting errors it like fetch does.
 */
function streamOf(parts: Array<StreamPart | number>, signal: AbortSignal | undefined, hang: boolean) {
  return new ReadableStream<StreamPart>({
    async start(controller) {
      const aborted = () => controller.error(new DOMException('This operation was aborted', 'AbortError'))
      if (signal?.aborted) return aborted()
      signal?.addEventListener('abort', aborted, { once: true })
      for (const part of parts) {
        if (signal?.aborted) return
        if (typeof part === 'number') await new Promise((r) => setTimeout(r, part))
        else controller.enqueue(part)
      }
      if (!hang && !signal?.aborted) {
        signal?.removeEventListener('abort', aborted)
        controller.close()
      }
    },
  })
}

/**
 * A language model that plays a script, one step per model call (the last step repeats), through
 * the AI SDK's MockLanguageModelV4. `hang` leaves a stream open after its parts (a model that stalls).
 */
export function scriptedModel(
  steps: ScriptStep[],
  options: { modelId?: string; provider?: string; hangAfter?: (callIndex: number) => boolean } = {},
) {
  const modelId = options.modelId ?? 'mock-model'
  let calls = 0
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    provider: options.provider ?? 'test',
    modelId,
    doStream: async (call: ModelCall): Promise<StreamResult> => {
      const index = calls++
      const step = steps[Math.min(index, steps.length - 1)]!
      if (step instanceof Error) throw step
      const parts = typeof step === 'function' ? await step(call) : step
      return { stream: streamOf(parts, call.abortSignal, options.hangAfter?.(index) ?? false) }
    },
  })
  const languageModel: AssistantModel = { model, provider: options.provider ?? 'test', modelId }
  return { languageModel, model, calls: model.doStreamCalls }
}
