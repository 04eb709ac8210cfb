import type { LanguageModel } from 'ai'
import type { Env } from '../../config/env.ts'

export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1'

/** The language model the assistant and the briefing use, with the names shown to people and in logs. */
export interface AssistantModel {
  model: LanguageModel
  /** AI_PROVIDER, or 'test' for a test double. */
  provider: string
  /** AI_MODEL: shown in the chat's badge and stored with each answer. */
  modelId: string
  /** It is shown photos sent in the chat as images (AI_VISION). */
  vision?: boolean
}

/**
 * Model ids known to take images, for AI_VISION=auto: conservative (a text-only model sent an image
 * fails the answer), so an unknown id is treated as text-only and AI_VISION=on says otherwise.
 */
const SEEING_MODELS = [
  /^gpt-4o/,
  /^gpt-4\.1/,
  /^gpt-5/,
  /^o[34](-|$)/,
  /^claude-(3|sonnet-4|opus-4|haiku-4|3-5|3-7)/,
  /^(llava|bakllava|llama3\.2-vision|llama4|qwen2\.5vl|qwen2\.5-vl|gemma3|minicpm-v|moondream)/,
]

export function seesImages(ai: Pick<Env['ai'], 'model' | 'vision'>): boolean {
  if (ai.vision !== 'auto') return ai.vision === 'on'
  const id = (ai.model ?? '').toLowerCase().replace(/^.*\//, '')
  return SEEING_MODELS.some((pattern) => pattern.test(id))
}

/**
 * The configured model, or null for the offline assistant (AI_PROVIDER=none). Builds the provider
 * client only: nothing is sent until the first answer, so an unreachable model never stops start-up.
 * Only the configured provider's package is loaded (none for the offline assistant).
 */
export async function createLanguageModel(ai: Env['ai']): Promise<AssistantModel | null> {
  if (ai.provider === 'none' || !ai.model) return null
  const built = await buildModel(ai, ai.model)
  return built && { ...built, vision: seesImages(ai) }
}

async function buildModel(ai: Env['ai'], modelId: string): Promise<AssistantModel | null> {
  const baseURL = ai.baseUrl
  switch (ai.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai')
      // Chat Completions: the API every OpenAI-compatible server also speaks.
      return {
        provider: 'openai',
        modelId,
        model: createOpenAI({ apiKey: ai.apiKey, baseURL }).chat(modelId),
      }
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic')
      return {
        provider: 'anthropic',
        modelId,
        model: createAnthropic({ apiKey: ai.apiKey, baseURL })(modelId),
      }
    }
    case 'ollama': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
      return {
        provider: 'ollama',
        modelId,
        model: createOpenAICompatible({ name: 'ollama', baseURL: baseURL ?? OLLAMA_DEFAULT_BASE_URL })(
          modelId,
        ),
      }
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
      return {
        provider: 'openai-compatible',
        modelId,
        model: createOpenAICompatible({ name: 'openai-compatible', baseURL: baseURL!, apiKey: ai.apiKey })(
          modelId,
        ),
      }
    }
    default:
      return null
  }
}

/**
 * The AI SDK's warnings ("the feature responseFormat is not supported" for each facts call on an
 * OpenAI-compatible server) go to the app's log at warn, each distinct one once, instead of console.warn
 * on every call. The SDK reads this global (AI_SDK_LOG_WARNINGS) for every process-wide call.
 */
export function logModelWarningsOnce(logger: { warn(details: object, message: string): void }) {
  const seen = new Set<string>()
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    for (const warning of warnings) {
      const key = `${provider}:${model}:${JSON.stringify(warning)}`
      if (seen.has(key)) continue
      seen.add(key)
      logger.warn({ provider, model, warning }, 'the AI SDK warned about a model call (logged once)')
    }
  }
}
