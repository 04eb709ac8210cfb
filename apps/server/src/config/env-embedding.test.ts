import { describe, expect, it } from 'vitest'
import { configProblems as problems, envWith } from './env.test-support.ts'

const embedding = (env: Record<string, string>) => envWith(env).embedding

describe('the embedding model (semantic search)', () => {
  it('follows the chat provider when it has embeddings, with its usual model, key and address', () => {
    expect(embedding({})).toEqual({
      provider: 'none',
      model: undefined,
      apiKey: undefined,
      baseUrl: undefined,
    })
    expect(
      embedding({
        AI_PROVIDER: 'openai',
        AI_MODEL: 'gpt-4o-mini',
        AI_API_KEY: 'sk-1',
        AI_BASE_URL: 'http://x/v1',
      }),
    ).toEqual({ provider: 'openai', model: 'text-embedding-3-small', apiKey: 'sk-1', baseUrl: 'http://x/v1' })
    expect(embedding({ AI_PROVIDER: 'ollama', AI_MODEL: 'llama3.2' })).toMatchObject({
      provider: 'ollama',
      model: 'nomic-embed-text',
    })
    // Anthropic has no embeddings; an OpenAI-compatible server has no usual model: lexical only.
    expect(embedding({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude', AI_API_KEY: 'k' }).provider).toBe('none')
    expect(
      embedding({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm', AI_BASE_URL: 'http://llm:8080/v1' })
        .provider,
    ).toBe('none')
  })

  it('takes its own provider, model, key and address', () => {
    expect(
      embedding({
        AI_PROVIDER: 'anthropic',
        AI_MODEL: 'claude',
        AI_API_KEY: 'k',
        EMBEDDING_PROVIDER: 'openai-compatible',
        EMBEDDING_MODEL: 'bge-m3',
        EMBEDDING_BASE_URL: 'http://embed:8080/v1/',
      }),
    ).toEqual({
      provider: 'openai-compatible',
      model: 'bge-m3',
      apiKey: undefined,
      baseUrl: 'http://embed:8080/v1',
    })
    expect(
      embedding({ AI_PROVIDER: 'openai', AI_MODEL: 'g', AI_API_KEY: 'k', EMBEDDING_PROVIDER: 'none' })
        .provider,
    ).toBe('none')
    expect(
      embedding({
        AI_PROVIDER: 'openai',
        AI_MODEL: 'g',
        AI_API_KEY: 'k',
        EMBEDDING_MODEL: 'text-embedding-3-large',
      }).model,
    ).toBe('text-embedding-3-large')
  })

  it('names what is missing or wrong', () => {
    expect(problems({ EMBEDDING_PROVIDER: 'openai' })).toEqual([
      'EMBEDDING_API_KEY (or AI_API_KEY) is required when EMBEDDING_PROVIDER is openai',
    ])
    expect(problems({ EMBEDDING_PROVIDER: 'openai-compatible' })).toEqual([
      'EMBEDDING_BASE_URL (or AI_BASE_URL) is required when EMBEDDING_PROVIDER is openai-compatible',
      'EMBEDDING_MODEL is required when EMBEDDING_PROVIDER is openai-compatible',
    ])
    expect(problems({ EMBEDDING_PROVIDER: 'cohere' })).toEqual([
      'EMBEDDING_PROVIDER: must be none, openai, ollama or openai-compatible',
    ])
    expect(problems({ EMBEDDING_PROVIDER: 'ollama', EMBEDDING_BASE_URL: 'ftp://x' })).toEqual([
      'EMBEDDING_BASE_URL: must be an http(s) URL',
    ])
  })
})
