import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { listen, readBody, sendJson } from './listen.ts'

/**
 * The OpenAI embeddings API (POST /v1/embeddings) on loopback, in its wire format
 * (https://platform.openai.com/docs/api-reference/embeddings, and what @ai-sdk/openai's
 * openaiTextEmbeddingResponseSchema parses): `{object: "list", data: [{object: "embedding", index,
 * embedding}], model, usage: {prompt_tokens, total_tokens}}`; errors `{error: {message, type, param, code}}`.
 *
 * Vectors are deterministic and made from the words: each word (lower-cased, a plural's or a verb's
 * ending cut) adds a fixed pseudo-random direction of its own, so texts that share words are near and
 * texts that share none are nearly orthogonal. A model name changes every direction, as a real model
 * change does. A few words share one direction with another word of the same meaning (couch and sofa,
 * physician and doctor), as a real model places them near: what a search by meaning finds and a search
 * by words does not. Tests can take the service down (`down`), make it slow (`latencyMs`), or fail the next
 * requests (`failNext`).
 */
export interface EmbeddingsRequest {
  model: string
  input: string[]
  encodingFormat: string | undefined
}

export interface OpenAIEmbeddingsFake {
  /** The API base (…/v1). */
  url: string
  apiKey: string
  dimensions: number
  /** The server's environment for the real @ai-sdk/openai embedding code path against this fake. */
  env(model?: string): Record<string, string>
  requests: EmbeddingsRequest[]
  /** Every text embedded so far (documents and questions), in order. */
  inputs(): string[]
  /** While true, every request answers 503 (the service is down). */
  down: boolean
  /** Added before each answer, in ms. */
  latencyMs: number
  /** The next `n` requests answer 500. */
  failNext(n: number): void
  /** The vector this fake gives `text` under `model` (to check what was stored). */
  vectorOf(text: string, model: string): number[]
  reset(): void
  close(): Promise<void>
}

/** Words that say little about what a text means: left out, as a model weighs them little. */
const STOP = new Set(
  'a an and are as at be by did do does for from had has have i in is it its me my of on or our so that the their them they this to was we were what when where which who will with you your'.split(
    ' ',
  ),
)

/** Words of one meaning, each mapped to the first: the same direction. */
const SAME_MEANING: Record<string, string> = {
  couch: 'sofa',
  settee: 'sofa',
  physician: 'doctor',
  automobile: 'car',
  vacation: 'holiday',
}

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !STOP.has(w))
    .map((w) => SAME_MEANING[w] ?? (w.replace(/(?:ing|ed|es|s)$/u, '') || w))
}

/** A deterministic embedding: the sum of each word's own direction, normalised to length 1. */
export function fakeEmbedding(text: string, model: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const words = wordsOf(text)
  for (const word of words.length ? words : ['']) {
    const digest = createHash('sha256').update(`${model}\u0000${word}`).digest()
    // 8 of the dimensions per word, each ±1, chosen by the word's hash.
    for (let k = 0; k < 8; k++) {
      const at = digest.readUInt16BE((k * 2) % 30) % dimensions
      vector[at]! += digest[k + 16]! & 1 ? 1 : -1
    }
  }
  const norm = Math.hypot(...vector) || 1
  return vector.map((v) => v / norm)
}

export async function startOpenAIEmbeddingsFake(
  options: { apiKey?: string; dimensions?: number; latencyMs?: number } = {},
): Promise<OpenAIEmbeddingsFake> {
  const apiKey = options.apiKey ?? 'sk-test-embeddings-key'
  const dimensions = options.dimensions ?? 64
  const requests: EmbeddingsRequest[] = []
  let failures = 0

  const fake = {
    down: false,
    latencyMs: options.latencyMs ?? 0,
  }

  const running = await listen(async (request, response, url) => {
    if (request.method !== 'POST' || url.pathname !== '/v1/embeddings') {
      return sendError(
        response,
        404,
        `Unknown request URL: ${request.method} ${url.pathname}.`,
        'unknown_url',
      )
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(response, 401, 'Incorrect API key provided.', 'invalid_api_key')
    }
    const body = JSON.parse(await readBody(request)) as {
      model?: unknown
      input?: unknown
      encoding_format?: string
    }
    const input = typeof body.input === 'string' ? [body.input] : body.input
    if (typeof body.model !== 'string' || !Array.isArray(input) || input.some((i) => typeof i !== 'string')) {
      return sendError(response, 400, "'input' must be a string or an array of strings.", null)
    }
    if (input.length > 2048) return sendError(response, 400, 'Too many inputs (at most 2048).', null)
    const texts = input as string[]
    requests.push({ model: body.model, input: texts, encodingFormat: body.encoding_format })
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs))
    if (fake.down)
      return sendError(response, 503, 'The service is temporarily unavailable.', null, 'server_error')
    if (failures > 0) {
      failures -= 1
      return sendError(
        response,
        500,
        'The server had an error processing your request.',
        null,
        'server_error',
      )
    }
    const model = body.model
    const tokens = texts.reduce((n, t) => n + Math.max(1, t.split(/\s+/).length), 0)
    sendJson(response, 200, {
      object: 'list',
      data: texts.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(text, model, dimensions),
      })),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    })
  })

  const url = `${running.origin}/v1`
  return Object.assign(fake, {
    url,
    apiKey,
    dimensions,
    env: (model = 'text-embedding-3-small') => ({
      EMBEDDING_PROVIDER: 'openai',
      EMBEDDING_MODEL: model,
      EMBEDDING_API_KEY: apiKey,
      EMBEDDING_BASE_URL: url,
    }),
    requests,
    inputs: () => requests.flatMap((r) => r.input),
    failNext(n: number) {
      failures = n
    },
    vectorOf: (text: string, model: string) => fakeEmbedding(text, model, dimensions),
    reset() {
      requests.length = 0
      failures = 0
      fake.down = false
    },
    close: running.close,
  })
}

function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  code: string | null,
  type = 'invalid_request_error',
) {
  sendJson(response, status, { error: { message, type, param: null, code } })
}
