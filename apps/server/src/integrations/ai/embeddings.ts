import type { EmbeddingModel } from 'ai'
import type { Env } from '../../config/env.ts'
import { OLLAMA_DEFAULT_BASE_URL } from './model.ts'

/** The embedding model semantic recall uses, with the name its vectors are stored under. */
export interface EmbeddingModelConfig {
  model: EmbeddingModel
  /** EMBEDDING_PROVIDER, or 'test' for a test double. */
  provider: string
  /** EMBEDDING_MODEL: vectors of another model are never compared with this one's. */
  modelId: string
}

/**
 * The configured embedding model, or null (EMBEDDING_PROVIDER none): builds the client only, so an
 * unreachable service never stops start-up. Only the configured provider's package is loaded.
 */
export async function createEmbeddingModel(config: Env['embedding']): Promise<EmbeddingModelConfig | null> {
  if (config.provider === 'none' || !config.model) return null
  const modelId = config.model
  switch (config.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai')
      return {
        provider: 'openai',
        modelId,
        model: createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl }).embedding(modelId),
      }
    }
    case 'ollama':
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
      const baseURL = config.baseUrl ?? OLLAMA_DEFAULT_BASE_URL
      return {
        provider: config.provider,
        modelId,
        model: createOpenAICompatible({
          name: config.provider,
          baseURL,
          apiKey: config.apiKey,
        }).embeddingModel(modelId),
      }
    }
  }
}
