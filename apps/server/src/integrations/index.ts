import { CONNECTED_TOOLS_LIMITS } from '@remi/shared'
import type { Env } from '../config/env.ts'
import { createEmbeddingModel, type EmbeddingModelConfig } from './ai/embeddings.ts'
import { createLanguageModel, type AssistantModel } from './ai/model.ts'
import { createVoiceModels, type VoiceModels } from './ai/voice.ts'
import { createGoogleCalendar } from './calendar/google-calendar.ts'
import { createIcsFeed, type IcsFeed } from './calendar/ics-feed.ts'
import { createMicrosoftGraph } from './calendar/microsoft-graph.ts'
import type { AccountCalendarApi } from './calendar/types.ts'
import { createMcpClients, type McpClients } from './mcp-client/index.ts'
import { createSafeFetch } from './safe-fetch.ts'
import { createOpenMeteo, type WeatherProvider } from './weather/open-meteo.ts'
import { createWebSearch, type WebSearch } from './web-search/index.ts'

/** Every adapter to the outside world, built once by buildApp(); tests replace any of them. */
export interface Integrations {
  weather: WeatherProvider
  google: AccountCalendarApi
  microsoft: AccountCalendarApi
  ics: IcsFeed
  /** The assistant's web search and page reader (WEB_SEARCH_PROVIDER); null: no web. */
  webSearch: WebSearch | null
  /** The MCP SDK's client for the person's own MCP servers (issue 50), through the private-address guard. */
  mcpClients: McpClients
  /** The assistant's and the briefing's model; null is the offline assistant. */
  languageModel: AssistantModel | null
  /** Semantic recall's embedding model; null is lexical recall only. */
  embeddingModel: EmbeddingModelConfig | null
  /** Dictation's and read aloud's models (each null when not configured). */
  voice: VoiceModels
}

export async function createIntegrations(env: Env, overrides: Partial<Integrations> = {}) {
  // The ICS fetcher keeps an agent with pooled connections, the reader a worker thread; built only when
  // no test double replaces them.
  const safeFetch = overrides.ics
    ? null
    : createSafeFetch({ allowPrivateNetwork: env.allowPrivateNetworkUrls })
  const ics = overrides.ics ? null : createIcsFeed(safeFetch!)
  const webSearch =
    overrides.webSearch !== undefined || !env.webSearch
      ? null
      : createWebSearch(env.webSearch, { allowPrivateNetwork: env.allowPrivateNetworkUrls })
  const mcpClients = overrides.mcpClients
    ? null
    : createMcpClients({
        allowPrivateNetwork: env.allowPrivateNetworkUrls,
        timeoutMs: CONNECTED_TOOLS_LIMITS.timeoutMs,
      })
  const integrations: Integrations = {
    weather: overrides.weather ?? createOpenMeteo(env),
    google: overrides.google ?? createGoogleCalendar(env.googleCalendarApiUrl),
    microsoft: overrides.microsoft ?? createMicrosoftGraph(env.microsoftGraphApiUrl),
    ics: overrides.ics ?? ics!,
    webSearch: overrides.webSearch !== undefined ? overrides.webSearch : webSearch,
    mcpClients: overrides.mcpClients ?? mcpClients!,
    languageModel:
      overrides.languageModel !== undefined ? overrides.languageModel : await createLanguageModel(env.ai),
    embeddingModel:
      overrides.embeddingModel !== undefined
        ? overrides.embeddingModel
        : await createEmbeddingModel(env.embedding),
    voice: overrides.voice ?? (await createVoiceModels(env.voice)),
  }
  return {
    integrations,
    close: async () => {
      await Promise.all([safeFetch?.close(), ics?.close(), webSearch?.close(), mcpClients?.close()])
    },
  }
}

export { logModelWarningsOnce, type AssistantModel } from './ai/model.ts'
export type { VoiceModels } from './ai/voice.ts'
