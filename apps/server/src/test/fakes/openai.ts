import type { ServerResponse } from 'node:http'
import { TITLE_INSTRUCTIONS } from '../../modules/chat/index.ts'
import { FACTS_INSTRUCTIONS } from '../../modules/proposals/index.ts'
import { listen, readBody, sendJson } from './listen.ts'

/**
 * The OpenAI Chat Completions API (POST /v1/chat/completions) on loopback, in its wire format
 * (https://platform.openai.com/docs/api-reference/chat, and what @ai-sdk/openai's
 * openaiChatResponseSchema / openaiChatChunkSchema parse): a JSON `chat.completion`, or with
 * `stream: true` server-sent `chat.completion.chunk`s ending in `data: [DONE]`, tool calls streamed as
 * `delta.tool_calls` pieces. Errors are `{"error": {message, type, param, code}}`.
 *
 * Each test scripts the answers in order (`fake.enqueue(...)`); a request with nothing scripted gets a
 * 500, so an unexpected model call shows up in the test instead of passing by chance.
 *
 * The chat's request for a conversation's title (after its first exchange, in the background) is told
 * apart by its instructions and kept out of that order: it is answered from `enqueueTitle(...)`, or
 * with 'About' and the question's first words, and recorded in `titleRequests`. Likewise the request
 * that picks out the facts to keep after each answer (a structured output: `response_format` with a JSON
 * schema, answered with the JSON as the message's content): answered from `enqueueFacts(...)` (see
 * `openaiReply.facts`), or with no facts, and recorded in `factRequests`.
 */

/** One scripted answer to one request. */
export type ScriptedResponse =
  /** Text, streamed in these pieces (one string: a few pieces split on spaces); `delayMs` before it starts. */
  | { kind: 'text'; text: string | string[]; delayMs?: number }
  /** One or more tool calls (finish_reason "tool_calls"); `arguments` an object or raw JSON text. */
  | { kind: 'tool-calls'; calls: Array<{ name: string; arguments: unknown; id?: string }> }
  /** An error answer in OpenAI's shape (Ollama sends the same shape). */
  | { kind: 'error'; status: number; message: string; type?: string; code?: string | null }
  /** Headers never come: the request stays open until the client gives up. */
  | { kind: 'hang' }
  /** Streams these text pieces, then stays open without finishing (a model that stalls mid-answer). */
  | { kind: 'stall'; text: string[] }
  /** A finished answer with no text at all. */
  | { kind: 'empty' }

/** Shorthands for the scripts tests use most. */
export const openaiReply = {
  text: (text: string | string[]): ScriptedResponse => ({ kind: 'text', text }),
  toolCall: (name: string, args: unknown, id?: string): ScriptedResponse => ({
    kind: 'tool-calls',
    calls: [{ name, arguments: args, ...(id ? { id } : {}) }],
  }),
  toolCalls: (calls: Array<{ name: string; arguments: unknown; id?: string }>): ScriptedResponse => ({
    kind: 'tool-calls',
    calls,
  }),
  /** What Ollama answers when the model was not trained for tools. */
  toolsRefused: (model = 'x'): ScriptedResponse => ({
    kind: 'error',
    status: 400,
    message: `registry.ollama.ai/library/${model} does not support tools`,
    type: 'api_error',
  }),
  serverError: (message = 'The server had an error while processing your request.'): ScriptedResponse => ({
    kind: 'error',
    status: 500,
    message,
    type: 'server_error',
  }),
  hang: (): ScriptedResponse => ({ kind: 'hang' }),
  stall: (text: string[]): ScriptedResponse => ({ kind: 'stall', text }),
  empty: (): ScriptedResponse => ({ kind: 'empty' }),
  /**
   * A structured output as OpenAI sends it for `response_format: {type: 'json_schema'}`: the JSON text as
   * the message's content (streamed in one piece).
   */
  json: (value: unknown): ScriptedResponse => ({ kind: 'text', text: [JSON.stringify(value)] }),
  /** The fact keeper's structured output: these facts picked out of the message. */
  facts: (...facts: string[]): ScriptedResponse =>
    openaiReply.json({ facts: facts.map((text) => ({ text })) }),
}

/** The parts of a request body tests look at; `raw` is everything that was sent. */
export interface ChatCompletionRequest {
  model: string
  stream: boolean
  messages: Array<{
    role: 'system' | 'developer' | 'user' | 'assistant' | 'tool'
    content: string | null | Array<{ type: string; text?: string }>
    tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>
    tool_call_id?: string
  }>
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters: unknown } }>
  raw: Record<string, unknown>
  /** The client hung up before the answer finished (Stop, a timeout). */
  aborted: boolean
}

export interface OpenAIFake {
  /** The API base (…/v1), for AI_BASE_URL. */
  url: string
  apiKey: string
  model: string
  /**
   * The server's environment for the real @ai-sdk/openai code path against this fake. Chat only: this
   * fake has no embeddings API, so semantic search stays off (openai-embeddings.ts is that fake).
   */
  env: {
    AI_PROVIDER: 'openai'
    AI_MODEL: string
    AI_API_KEY: string
    AI_BASE_URL: string
    EMBEDDING_PROVIDER: 'none'
  }
  /** Every request, oldest first (not the title requests). */
  requests: ChatCompletionRequest[]
  enqueue(...responses: ScriptedResponse[]): void
  /** The requests for a conversation's title, oldest first. */
  titleRequests: ChatCompletionRequest[]
  /** Answers to the next title requests. */
  enqueueTitle(...responses: ScriptedResponse[]): void
  /** The requests that picked out facts to keep after an answer, oldest first. */
  factRequests: ChatCompletionRequest[]
  /** Answers to the next fact requests (by default: no facts). */
  enqueueFacts(...responses: ScriptedResponse[]): void
  /** Scripted answers not used yet. */
  pending(): number
  /** The system prompt of a request (the last one by default). */
  systemPrompt(request?: ChatCompletionRequest): string
  /** Forgets requests and scripts between tests. */
  reset(): void
  close(): Promise<void>
}

const contentText = (content: ChatCompletionRequest['messages'][number]['content']) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part) => part.text ?? '').join('')
      : ''

/** A few pieces, split after spaces, so a reply really arrives in several deltas. */
function pieces(text: string | string[]): string[] {
  if (Array.isArray(text)) return text
  const words = text.split(/(?<= )/)
  const size = Math.max(1, Math.ceil(words.length / 4))
  const out: string[] = []
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''))
  return out.length ? out : ['']
}

/** Tool arguments as the wire carries them: JSON text, sent in a few slices. */
function argumentSlices(args: unknown): string[] {
  const json = typeof args === 'string' ? args : JSON.stringify(args)
  const third = Math.max(1, Math.ceil(json.length / 3))
  return [json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)].filter(Boolean)
}

export async function startOpenAIFake(
  options: {
    apiKey?: string
    model?: string
    /** The answer to a request with nothing scripted (the benchmarks' fake in its own thread), not a 500. */
    otherwise?: ScriptedResponse
  } = {},
): Promise<OpenAIFake> {
  const apiKey = options.apiKey ?? 'sk-test-fake-key'
  const model = options.model ?? 'gpt-test'
  const state = {
    requests: [] as ChatCompletionRequest[],
    queue: [] as ScriptedResponse[],
    titleRequests: [] as ChatCompletionRequest[],
    titleQueue: [] as ScriptedResponse[],
    factRequests: [] as ChatCompletionRequest[],
    factQueue: [] as ScriptedResponse[],
    counter: 0,
  }

  const running = await listen(async (request, response, url) => {
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return sendError(response, 404, `Unknown request URL: ${request.method} ${url.pathname}.`, {
        type: 'invalid_request_error',
        code: 'unknown_url',
      })
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(response, 401, 'Incorrect API key provided.', {
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      })
    }
    let raw: Record<string, unknown>
    try {
      raw = JSON.parse(await readBody(request)) as Record<string, unknown>
    } catch {
      return sendError(response, 400, 'We could not parse the JSON body of your request.', {
        type: 'invalid_request_error',
      })
    }
    const recorded: ChatCompletionRequest = {
      model: String(raw.model),
      stream: raw.stream === true,
      messages: (raw.messages ?? []) as ChatCompletionRequest['messages'],
      ...(raw.tools ? { tools: raw.tools as ChatCompletionRequest['tools'] } : {}),
      raw,
      aborted: false,
    }
    const asksTitle = isTitleRequest(recorded.messages)
    const asksFacts = !asksTitle && isFactsRequest(recorded.messages)
    ;(asksTitle ? state.titleRequests : asksFacts ? state.factRequests : state.requests).push(recorded)
    response.on('close', () => {
      if (!response.writableFinished) recorded.aborted = true
    })

    const script: ScriptedResponse = asksTitle
      ? (state.titleQueue.shift() ?? { kind: 'text', text: defaultTitle(recorded) })
      : asksFacts
        ? (state.factQueue.shift() ?? openaiReply.facts())
        : (state.queue.shift() ??
          options.otherwise ?? {
            kind: 'error',
            status: 500,
            message: 'The OpenAI fake has no scripted response for this request.',
            type: 'server_error',
          })
    state.counter += 1
    const id = `chatcmpl-fake${state.counter}`
    const created = Math.floor(Date.now() / 1000)
    const includeUsage = (raw.stream_options as { include_usage?: boolean } | undefined)?.include_usage

    switch (script.kind) {
      case 'error':
        return sendError(response, script.status, script.message, {
          type: script.type ?? 'invalid_request_error',
          code: script.code ?? null,
        })
      case 'hang':
        // Nothing is sent; the socket closes when the client aborts or the fake closes.
        return
      case 'text':
      case 'empty':
      case 'stall': {
        // A model that takes a moment (overlapping requests in the hardening scenarios).
        if (script.kind === 'text' && script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs))
        const text = script.kind === 'empty' ? [] : pieces(script.text)
        if (!recorded.stream) {
          return sendJson(response, 200, completion(id, created, model, { content: text.join('') }, 'stop'))
        }
        const sse = openStream(response)
        sse.chunk(chunk(id, created, model, { role: 'assistant', content: '', refusal: null }))
        for (const piece of text) sse.chunk(chunk(id, created, model, { content: piece }))
        if (script.kind === 'stall') return
        sse.chunk(chunk(id, created, model, {}, 'stop'))
        if (includeUsage) sse.chunk(usageChunk(id, created, model))
        return sse.done()
      }
      case 'tool-calls': {
        const calls = script.calls.map((call, index) => ({
          id: call.id ?? `call_fake${state.counter}_${index}`,
          name: call.name,
          slices: argumentSlices(call.arguments),
        }))
        if (!recorded.stream) {
          return sendJson(
            response,
            200,
            completion(
              id,
              created,
              model,
              {
                content: null,
                tool_calls: calls.map((c) => ({
                  id: c.id,
                  type: 'function',
                  function: { name: c.name, arguments: c.slices.join('') },
                })),
              },
              'tool_calls',
            ),
          )
        }
        const sse = openStream(response)
        sse.chunk(chunk(id, created, model, { role: 'assistant', content: null, refusal: null }))
        calls.forEach((call, index) => {
          sse.chunk(
            chunk(id, created, model, {
              tool_calls: [
                { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
              ],
            }),
          )
          for (const slice of call.slices) {
            sse.chunk(chunk(id, created, model, { tool_calls: [{ index, function: { arguments: slice } }] }))
          }
        })
        sse.chunk(chunk(id, created, model, {}, 'tool_calls'))
        if (includeUsage) sse.chunk(usageChunk(id, created, model))
        return sse.done()
      }
    }
  })

  const url = `${running.origin}/v1`
  return {
    url,
    apiKey,
    model,
    env: {
      AI_PROVIDER: 'openai',
      AI_MODEL: model,
      AI_API_KEY: apiKey,
      AI_BASE_URL: url,
      EMBEDDING_PROVIDER: 'none',
    },
    requests: state.requests,
    enqueue: (...responses) => void state.queue.push(...responses),
    titleRequests: state.titleRequests,
    enqueueTitle: (...responses) => void state.titleQueue.push(...responses),
    factRequests: state.factRequests,
    enqueueFacts: (...responses) => void state.factQueue.push(...responses),
    pending: () => state.queue.length,
    systemPrompt(request = state.requests.at(-1)) {
      const system = request?.messages.filter((m) => m.role === 'system' || m.role === 'developer') ?? []
      return system.map((m) => contentText(m.content)).join('\n')
    },
    reset() {
      state.requests.length = 0
      state.queue.length = 0
      state.titleRequests.length = 0
      state.titleQueue.length = 0
      state.factRequests.length = 0
      state.factQueue.length = 0
    },
    close: running.close,
  }
}

/** Whether a request is the chat's request for a conversation's title (told apart by its instructions). */
export function isTitleRequest(messages: ChatCompletionRequest['messages'] | undefined): boolean {
  return (messages ?? []).some(
    (m) =>
      (m.role === 'system' || m.role === 'developer') &&
      contentText(m.content).startsWith(TITLE_INSTRUCTIONS),
  )
}

/** Whether a request is the fact keeper's (told apart by its instructions). */
export function isFactsRequest(messages: ChatCompletionRequest['messages'] | undefined): boolean {
  return (messages ?? []).some(
    (m) =>
      (m.role === 'system' || m.role === 'developer') &&
      contentText(m.content).startsWith(FACTS_INSTRUCTIONS),
  )
}

/** 'About' and the first four words of the question the title request quotes ('User: …'). */
function defaultTitle(request: ChatCompletionRequest): string {
  const user = request.messages.filter((m) => m.role === 'user').map((m) => contentText(m.content))
  const question = (user.join(' ').match(/User: (.*)/)?.[1] ?? '').split(/\s+/).filter(Boolean)
  return `About ${question.slice(0, 4).join(' ')}`.trim()
}

function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  extra: { type: string; code?: string | null },
) {
  sendJson(response, status, { error: { message, type: extra.type, param: null, code: extra.code ?? null } })
}

function openStream(response: ServerResponse) {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  return {
    chunk: (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`),
    done: () => void response.end('data: [DONE]\n\n'),
  }
}

function chunk(
  id: string,
  created: number,
  model: string,
  delta: object,
  finishReason: string | null = null,
) {
  return {
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  }
}

/** With stream_options.include_usage the last chunk has no choices, only usage. */
function usageChunk(id: string, created: number, model: string) {
  return {
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_fake',
    choices: [],
    usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
  }
}

function completion(id: string, created: number, model: string, message: object, finishReason: string) {
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: 'fp_fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', refusal: null, annotations: [], ...message },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
  }
}
