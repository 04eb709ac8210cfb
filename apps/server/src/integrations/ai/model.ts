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
}

/**
 * The configured model, or null for the offline assistant (AI_PROVIDER=none). Builds the provider
 * client only: nothing is sent until the first answer, so an unreachable model never stops start-up.
 * Only the configured provider's package is loaded (none for the offline assistant).
 */
export async function createLanguageModel(ai: Env['ai']): Promise<AssistantModel | null> {
  if (ai.provider === 'none' || !ai.model) return null
  const modelId = ai.model
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
