import type { Env } from './config/env.ts'
import type { Db } from './db/client.ts'
import type { Integrations } from './integrations/index.ts'
import { createHeavyJobs } from './lib/heavy-jobs.ts'
import { createAccountRepo } from './modules/account/account.repo.ts'
import { createAccountService } from './modules/account/account.service.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
import { createLocalAccounts } from './modules/auth/local-accounts.ts'
import { createOidc, type OidcFetch } from './modules/auth/oidc.ts'
import { createSessionsRepo } from './modules/auth/sessions.repo.ts'
import { createSessions } from './modules/auth/sessions.service.ts'
import { createUsersRepo } from './modules/auth/users.repo.ts'
import { createCalendarService } from './modules/datasources/calendar.service.ts'
import { createDataSourcesRepo } from './modules/datasources/datasources.repo.ts'
import { createDataSourcesService } from './modules/datasources/datasources.service.ts'
import { createWeatherService } from './modules/datasources/weather.service.ts'
import { createAssistant, type AssistantLogger, type AssistantOptions } from './modules/assistant/index.ts'
import { createChatRepo } from './modules/chat/chat.repo.ts'
import { createChatService } from './modules/chat/chat.service.ts'
import { createBriefingsRepo } from './modules/dashboard/briefings.repo.ts'
import { createDashboardRepo } from './modules/dashboard/dashboard.repo.ts'
import { createDashboardService } from './modules/dashboard/dashboard.service.ts'
import { createMemoriesRepo } from './modules/memories/memories.repo.ts'
import { createMemoriesService } from './modules/memories/memories.service.ts'
import { createMemoryVersionsRepo } from './modules/memories/memory-versions.repo.ts'
import { createRecallService } from './modules/recall/recall.service.ts'
import type { SemanticRecall } from './modules/recall/semantic.ts'
import { createUserLimit } from './lib/user-limit.ts'
import { createAccessTokensRepo } from './modules/tokens/tokens.repo.ts'
import { createAccessTokensService } from './modules/tokens/tokens.service.ts'

/**
 * The domain services, each built once over the database and the integrations. buildApp() hands each
 * module the ones it needs; the assistant, the briefing and the MCP server share these same instances.
 */
export function createServices(deps: {
  env: Env
  db: Db
  integrations: Integrations
  oidcFetch?: OidcFetch | undefined
  /** How the server reaches the built-in identity provider (in-process), when it runs one. */
  localIdpFetch?: OidcFetch | undefined
  /** Where the assistant logs (a model moved to context mode, a failed answer); tests tune its timeouts. */
  logger?: AssistantLogger | undefined
  assistant?: AssistantOptions | undefined
  /** Semantic search over embeddings, when configured: recall fuses it with the words' ranking. */
  semantic?: SemanticRecall | undefined
  /** Test hook: how long the briefing's model may write (default 30 s). */
  briefingModelTimeoutMs?: number | undefined
}) {
  const { env, db, integrations } = deps
  const users = createUsersRepo(db)
  const sessions = createSessions(createSessionsRepo(db), env.sessionSecret, env.secureCookies)
  const oidc = createOidc(env, deps.oidcFetch, deps.localIdpFetch)
  const auth = createAuthService(env, users, oidc)
  const localAccounts = createLocalAccounts(db, env)
  // One user's searches at once, the memories screen's and recall's together (issue 28).
  const searches = createUserLimit()
  const memories = createMemoriesService(
    createMemoriesRepo(db),
    users,
    searches,
    createMemoryVersionsRepo(db),
  )
  const recall = createRecallService({ db, memories, users, searches, semantic: deps.semantic })
  const dataSourcesRepo = createDataSourcesRepo(db)
  const weather = createWeatherService({ repo: dataSourcesRepo, users, provider: integrations.weather })
  const calendar = createCalendarService({ repo: dataSourcesRepo, users, auth, ...integrations })
  const dataSources = createDataSourcesService({ repo: dataSourcesRepo, weather, calendar })
  const dashboard = createDashboardService({
    repo: createDashboardRepo(db),
    briefings: createBriefingsRepo(db),
    users,
    memories,
    weather,
    calendar,
    languageModel: integrations.languageModel,
    modelTimeoutMs: deps.briefingModelTimeoutMs,
  })
  const assistant = createAssistant({
    services: { memories, weather, calendar, users, dashboard, recall },
    languageModel: integrations.languageModel,
    env,
    logger: deps.logger,
    options: deps.assistant,
  })
  const chat = createChatService({
    repo: createChatRepo(db),
    assistant,
    titleModel: integrations.languageModel,
    onTitleError: (error) =>
      deps.logger?.warn({ err: error }, 'the model could not name a conversation; its first words stay'),
  })
  const accessTokens = createAccessTokensService(createAccessTokensRepo(db))
  // Imports and exports of whole accounts and memories: one per person, a few at once (heavy-jobs.ts).
  const heavyJobs = createHeavyJobs()
  const account = createAccountService({
    repo: createAccountRepo(db),
    users,
    memories,
    dataSources,
    sessions,
  })
  return {
    users,
    sessions,
    localAccounts,
    oidc,
    auth,
    memories,
    recall,
    weather,
    calendar,
    dataSources,
    assistant,
    chat,
    dashboard,
    accessTokens,
    account,
    heavyJobs,
  }
}
export type Services = ReturnType<typeof createServices>
