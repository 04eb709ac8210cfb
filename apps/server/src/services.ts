import type { Env } from './config/env.ts'
import type { Db } from './db/client.ts'
import type { Integrations } from './integrations/index.ts'
import { createHeavyJobs } from './lib/heavy-jobs.ts'
import { createAccountRepo, createAccountService } from './modules/account/index.ts'
import { createChatFiles, createFileExcerpts } from './modules/attachments/index.ts'
import {
  createAuthService,
  createLocalAccounts,
  createOidc,
  createSessions,
  createSessionsRepo,
  createUsersRepo,
  createUsersService,
  type OidcFetch,
} from './modules/auth/index.ts'
import {
  createCalendarService,
  createDataSourcesRepo,
  createDataSourcesService,
  createWeatherService,
} from './modules/datasources/index.ts'
import { createAssistant, type AssistantLogger, type AssistantOptions } from './modules/assistant/index.ts'
import { asToldAfterRemember, isStatement } from './modules/language/index.ts'
import { createChatRepo, createChatService } from './modules/chat/index.ts'
import { createConnectedToolsRepo, createConnectedToolsService } from './modules/connected-tools/index.ts'
import { createBriefingsRepo, createDashboardService } from './modules/dashboard/index.ts'
import {
  createMemoriesRepo,
  createMemoriesService,
  createMemoryVersionsRepo,
} from './modules/memories/index.ts'
import {
  createFactKeeper,
  createProposalsRepo,
  createProposalsService,
  FACTS_TIMEOUT_MS,
} from './modules/proposals/index.ts'
import { createRecallService, type SemanticRecall } from './modules/recall/index.ts'
import type { RemindersService } from './modules/reminders/index.ts'
import type { AutomationsService } from './modules/automations/index.ts'
import { createUserLimit } from './lib/user-limit.ts'
import { createAccessTokensRepo, createAccessTokensService } from './modules/tokens/index.ts'

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
  /** Test hook: how long the model may take to pick out a chat's facts (default 8 s). */
  factsTimeoutMs?: number | undefined
  /** Test hook: how long an answer waits for a sent file's words (default 8 s). */
  chatFileWaitMs?: number | undefined
}) {
  const { env, db, integrations } = deps
  const usersRepo = createUsersRepo(db)
  // Other modules read users through the service; sign-in (auth) writes them through the repo.
  const users = createUsersService(usersRepo)
  const sessions = createSessions(createSessionsRepo(db), env.sessionSecret, env.secureCookies)
  const oidc = createOidc(env, deps.oidcFetch, deps.localIdpFetch)
  const auth = createAuthService(env, usersRepo, oidc)
  const localAccounts = createLocalAccounts(db, env)
  // One user's searches at once, the memories screen's and recall's together (issue 28).
  const searches = createUserLimit()
  const memories = createMemoriesService(
    createMemoriesRepo(db),
    users,
    searches,
    createMemoryVersionsRepo(db),
  )
  const recall = createRecallService({
    db,
    memories,
    users,
    searches,
    semantic: deps.semantic,
    localSemantic: env.recallLocalMeaning,
    // Files' words: what a model or an MCP client reads of a found memory's files.
    files: createFileExcerpts(db),
  })
  const factsTimeoutMs = deps.factsTimeoutMs ?? FACTS_TIMEOUT_MS
  const proposals = createProposalsService({
    repo: createProposalsRepo(db),
    memories,
    // The answer says "more chips may come" at most this long (a process stopped mid-way leaves it marked).
    extractingForMs: factsTimeoutMs + 30_000,
  })
  // After each answer a model wrote: the facts worth keeping, as chips under it (or saved at once).
  const keeper = createFactKeeper({
    model: integrations.languageModel,
    recall,
    proposals,
    // The offline assistant's reading: a told fact gets "Save as memory" with a model too.
    toldFact: (message) => {
      if (!isStatement(message)) return null
      const fact = asToldAfterRemember(message)
      return `${fact[0]!.toUpperCase()}${fact.slice(1)}`
    },
    logger: deps.logger,
    timeoutMs: factsTimeoutMs,
  })
  const dataSourcesRepo = createDataSourcesRepo(db)
  const weather = createWeatherService({ repo: dataSourcesRepo, users, provider: integrations.weather })
  const calendar = createCalendarService({ repo: dataSourcesRepo, users, auth, ...integrations })
  const dataSources = createDataSourcesService({ repo: dataSourcesRepo, weather, calendar })
  const dashboard = createDashboardService({
    // The chat is made after the assistant, which reads the briefing: asked when stats are.
    chats: { activeConversations: (userId, since) => chat.activeConversations(userId, since) },
    briefings: createBriefingsRepo(db),
    users,
    memories,
    weather,
    calendar,
    languageModel: integrations.languageModel,
    modelTimeoutMs: deps.briefingModelTimeoutMs,
  })
  // Reminders are made in app.ts after the services (their briefing reads the dashboard): set there.
  let remindersService: RemindersService | undefined
  const reminders = () => {
    if (!remindersService) throw new Error('Reminders are not set up yet')
    return remindersService
  }
  // The person's own MCP servers (issue 50): their tools, once turned on, offered to the chat's model.
  const connectedTools = createConnectedToolsService({
    repo: createConnectedToolsRepo(db),
    clients: integrations.mcpClients,
    sessionSecret: env.sessionSecret,
    // What a call the person ran (or cancelled) came to is read with its answer from then on.
    onOutcome: (userId, conversationId, line) => chat.noteAfterAnswer(userId, conversationId, line),
  })
  // Automations are made in app.ts after the reminders (they deliver through them): set there.
  let automationsService: AutomationsService | undefined
  const automations = () => {
    if (!automationsService) throw new Error('Automations are not set up yet')
    return automationsService
  }
  const assistant = createAssistant({
    services: {
      memories,
      weather,
      calendar,
      users,
      dashboard,
      recall,
      proposals,
      reminders: {
        create: (...args) => reminders().create(...args),
        list: (...args) => reminders().list(...args),
        patch: (...args) => reminders().patch(...args),
      },
      automations: { create: (...args) => automations().create(...args) },
      web: integrations.webSearch ?? undefined,
      connected: connectedTools,
    },
    languageModel: integrations.languageModel,
    env,
    logger: deps.logger,
    options: deps.assistant,
  })
  const chat = createChatService({
    repo: createChatRepo(db),
    assistant,
    memories,
    titleModel: integrations.languageModel,
    onTitleError: (error) =>
      deps.logger?.warn({ err: error }, 'the model could not name a conversation; its first words stay'),
    keeper,
    proposals,
    // Files sent in the chat (issue 49): the person's, read for the answer; photos shown to a seeing model.
    files: createChatFiles(db, { waitMs: deps.chatFileWaitMs }),
    vision: integrations.languageModel?.vision === true,
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
    proposals,
    recall,
    weather,
    calendar,
    dataSources,
    assistant,
    chat,
    dashboard,
    accessTokens,
    account,
    connectedTools,
    heavyJobs,
    /** The reminders service the assistant uses (app.ts makes it after these services). */
    useReminders: (service: RemindersService) => {
      remindersService = service
    },
    /** The automations service the assistant's create_automation uses (made in app.ts). */
    useAutomations: (service: AutomationsService) => {
      automationsService = service
    },
  }
}
export type Services = ReturnType<typeof createServices>
