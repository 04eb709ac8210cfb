import { BRAND } from './config/brand.ts'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Env } from './config/env.ts'
import { pingDatabase, type Database } from './db/client.ts'
import { createIntegrations, logModelWarningsOnce, type Integrations } from './integrations/index.ts'
import { deriveKey } from './lib/crypto.ts'
import { accountModule } from './modules/account/index.ts'
import { automationsModule, createAutomations } from './modules/automations/index.ts'
import { attachmentsModule, createAttachments, createImportedFiles } from './modules/attachments/index.ts'
import {
  authModule,
  createEmailVerification,
  createFailureLimiter,
  LOCAL_IDP_PATH,
  localIdpFetch,
  localIdpPlugin,
  type OidcFetch,
} from './modules/auth/index.ts'
import type { AssistantOptions } from './modules/assistant/index.ts'
import { chatModule } from './modules/chat/index.ts'
import { connectedToolsModule } from './modules/connected-tools/index.ts'
import { dashboardModule } from './modules/dashboard/index.ts'
import { dataSourcesModule } from './modules/datasources/index.ts'
import { mcpModule } from './modules/mcp/index.ts'
import { createSearchLanguage, memoriesModule } from './modules/memories/index.ts'
import { proposalsModule } from './modules/proposals/index.ts'
import { createImports, importsModule } from './modules/imports/index.ts'
import { createJobQueue, type JobQueue } from './jobs/queue.ts'
import {
  createEmbeddings,
  embeddingsModule,
  type Embeddings,
  type EmbeddingsOptions,
} from './modules/embeddings/index.ts'
import { settingsModule } from './modules/settings/index.ts'
import {
  createEmailChannel,
  createReminders,
  remindersModule,
  type RemindersService,
} from './modules/reminders/index.ts'
import { tokensModule } from './modules/tokens/index.ts'
import { voiceModule } from './modules/voice/index.ts'
import { authPlugin } from './plugins/auth.ts'
import { errorHandler, frameworkErrors } from './plugins/error-handler.ts'
import { securityPlugin } from './plugins/security.ts'
import { createServices, type Services } from './services.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The services buildApp() built, for tests that call a service directly. Routes get theirs as options. */
    readonly services: Services
    /** The durable job queue and what runs on it; `start()` once the server listens (main.ts). */
    readonly background: { jobs: JobQueue; embeddings: Embeddings; start(): Promise<void> }
    /** Reminders and their delivery (issue 31). */
    readonly reminders: RemindersService
  }
}

export interface AppOptions {
  env: Env
  database: Database
  /** Replacements for outside-world adapters (tests: loopback fakes, a mock language model). */
  integrations?: Partial<Integrations>
  /** Directory of the built SPA (apps/web/dist); omitted in API-only tests. */
  webRoot?: string
  logger?: FastifyServerOptions['logger']
  /** Test hook: the fetch openid-client uses, to route provider hosts to loopback fakes. */
  oidcFetch?: OidcFetch
  /** Test hook: the global ceiling, sign-in's, and chat sends per user per minute (benchmarks ask hundreds). */
  rateLimits?: { global?: number; signIn?: number; chatSends?: number }
  /** Test hook: how long the briefing's model may write before the template does (default 30 s). */
  briefingModelTimeoutMs?: number
  /** Test hook: how long the model may take to pick out a chat's facts to keep (default 8 s). */
  factsTimeoutMs?: number
  /** Test hook: how long a chat answer waits for a sent file's words (default 8 s). */
  chatFileWaitMs?: number
  /** The chat assistant's timeouts, retries and clock (tests shorten them). */
  assistant?: AssistantOptions
  /** The job queue's polling interval (tests shorten it; jobs this instance sends wake it at once). */
  jobs?: { pollingIntervalSeconds?: number }
  /** Reminders' due-job polling interval and clock (tests, the bench). */
  reminders?: { pollingIntervalSeconds?: number; now?: () => Date }
  /** Automations' due-job polling interval and clock (tests). */
  automations?: { pollingIntervalSeconds?: number; now?: () => Date }
  /** Semantic search's batch size, time limits and retry delays (tests shorten them). */
  embeddings?: EmbeddingsOptions
  /** Test hook: how long a request takes before it is logged as slow (default SLOW_REQUEST_MS). */
  slowRequestMs?: number
  /** Test hook: told of every route as it is registered. */
  onRoute?: (route: { method: string | string[]; url: string; config?: unknown }) => void
}

/** Query values that are credentials must never reach the logs. */
const SECRET_QUERY = /([?&](?:token|code|state|id_token|access_token|refresh_token)=)[^&]*/gi
/** A personal access token pasted anywhere in a URL (it belongs in the Authorization header). */
const ACCESS_TOKEN_IN_TEXT = /remi_pat_[A-Za-z0-9_-]*/g
/** An invitation link's token is its path's last part (/oidc/invitation/<token>): whoever reads it may sign up. */
const INVITATION_IN_PATH = /(\/invitation\/)[^/?#]+/gi

/** The URL as logged: credentials in its query or path replaced by [redacted]. */
export const loggableUrl = (url: string) =>
  url
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(ACCESS_TOKEN_IN_TEXT, 'remi_pat_[redacted]')
    .replace(INVITATION_IN_PATH, '$1[redacted]')

export const loggerOptions = (
  level: string,
  { pretty = false }: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] => ({
  level,
  // A terminal gets readable lines (pino-pretty, in a worker); a pipe or a file gets one JSON object a line.
  // Redaction and serializers run before either, so both print the same redacted fields.
  ...(pretty && {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  }),
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
      '*.accessToken',
      '*.refreshToken',
      '*.access_token',
      '*.refresh_token',
      '*.id_token',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: { method: string; url: string; id: string }) => ({
      method: req.method,
      url: loggableUrl(req.url),
      id: req.id,
    }),
  },
})

/** A request answered in this long or longer is logged at warn, whatever the level (not a stream). */
export const SLOW_REQUEST_MS = 1000

/**
 * One line per request, when it is answered, with what was asked, instead of Fastify's two; at debug,
 * so the default level (info) keeps only what is worth reading: errors (5xx) and slow requests. Every
 * request at info was 3 900 lines for one person's 35 minutes, and a tenth of a page's CPU under load.
 */
export class OneLinePerRequest extends LogController {
  private readonly slowMs: number
  constructor(slowMs = SLOW_REQUEST_MS) {
    super()
    this.slowMs = slowMs
  }
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const elapsed = reply.elapsedTime
    // A 5xx without an error is an answer the route chose (a 503 while the database or a queue is away):
    // kept at info as a warning; the error handler has already logged any crash behind a 500 at error.
    const failed = reply.statusCode >= 500
    // An event stream or a chat answer stays open as long as it is read: long is not slow there.
    const slow = elapsed >= this.slowMs && !isStream(reply)
    const log = reply.log
    const fields = { req: request, res: reply, responseTime: elapsed }
    if (error) log.error({ ...fields, err: error }, 'request errored')
    else if (failed) log.warn(fields, 'request answered with a server error')
    else if (slow) log.warn(fields, 'slow request')
    else log.debug(fields, 'request completed')
  }
}

const isStream = (reply: FastifyReply) =>
  String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')

export async function buildApp(options: AppOptions) {
  const { env, database } = options
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy: env.trustProxy,
    requestIdHeader: false,
    // Prototype-poisoning keys are dropped while parsing, like any other key the schemas do not know.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    logController: new OneLinePerRequest(options.slowRequestMs),
    // A request must arrive whole within 2 minutes (a 64 MB import on a slow link included); Fastify's
    // default of none let a body that never finishes hold its connection forever. Answers (the chat's
    // stream) are not limited by it.
    requestTimeout: 120_000,
  })
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(errorHandler)
  await app.register(cookie, { secret: deriveKey(env.sessionSecret, 'cookies').toString('base64url') })
  await app.register(securityPlugin, {
    secureCookies: env.secureCookies,
    appUrl: env.appUrl,
    sessionSecret: env.sessionSecret,
    redisUrl: env.redisUrl,
    globalRateLimit: options.rateLimits?.global ?? env.rateLimitPerMinute,
  })
  await app.register(swagger, {
    openapi: { info: { title: `${BRAND} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await pingDatabase(database.db)
      return { status: 'ready' }
    } catch {
      return reply.status(503).send({ status: 'unavailable' })
    }
  })

  const usesLocalIdp = Object.values(env.providers).some((p) => p.mode === 'local')

  // The composition root: outside-world adapters once, then the services once, handed to the modules.
  const { integrations, close: closeIntegrations } = await createIntegrations(env, options.integrations)
  logModelWarningsOnce(app.log)
  app.addHook('onClose', closeIntegrations)
  // Background work on the durable job queue; it starts (a schema, polling) only when some kind of
  // job is defined, and main.ts starts it after listening so it never delays /readyz.
  const jobs = createJobQueue({
    database,
    logger: app.log,
    pollingIntervalSeconds: options.jobs?.pollingIntervalSeconds,
  })
  const embeddings = createEmbeddings({
    db: database.db,
    model: integrations.embeddingModel,
    jobs,
    logger: app.log,
    options: options.embeddings,
  })
  // Stops taking jobs and lets running ones finish before the database closes (graceful shutdown).
  app.addHook('onClose', () => jobs.stop())
  const services = createServices({
    env,
    db: database.db,
    integrations,
    oidcFetch: options.oidcFetch,
    localIdpFetch: usesLocalIdp ? localIdpFetch(app) : undefined,
    logger: app.log,
    assistant: options.assistant,
    briefingModelTimeoutMs: options.briefingModelTimeoutMs,
    factsTimeoutMs: options.factsTimeoutMs,
    chatFileWaitMs: options.chatFileWaitMs,
    semantic: embeddings.semantic,
  })
  app.decorate('services', services)
  const { reminders, hub } = createReminders({
    env,
    database,
    jobs,
    logger: app.log,
    briefing: async (userId) => services.dashboard.briefing(userId),
    options: options.reminders,
  })
  app.decorate('reminders', reminders)
  services.useReminders(reminders)
  app.addHook('onClose', () => reminders.stop())
  // Scheduled requests (issue 50): answered in their own conversation, sent through the reminders' channels.
  const automations = createAutomations({
    env,
    db: database.db,
    jobs,
    logger: app.log,
    chat: services.chat,
    notices: reminders,
    users: services.users,
    options: options.automations,
  })
  services.useAutomations(automations)
  // Files on memories (issue 49): stored with them, their words read by a job and searched with them.
  const attachments = createAttachments({
    db: database.db,
    memories: services.memories,
    jobs,
    maxBytesPerUser: env.attachmentsMaxBytesPerUser,
    logger: app.log,
    onReindexed: (userId, memoryId) => embeddings.changed(userId, [memoryId]),
  })
  services.memories.useAttachments(attachments)
  // A person's memories are stemmed in their language (issue 51): a change of language re-stems them.
  const searchLanguage = createSearchLanguage({ db: database.db, jobs })
  // Notes imported from other apps (issue 34): parsed when uploaded, written by a job of the queue.
  const imports = createImports({
    db: database.db,
    users: services.users,
    jobs,
    logger: app.log,
    // The notes' images and PDFs become attachments, with the attachments' own checks.
    files: createImportedFiles({
      db: database.db,
      attachments,
      maxBytesPerUser: env.attachmentsMaxBytesPerUser,
    }),
    onImported: (userId) => embeddings.imported(userId),
  })
  services.account.useFiles(attachments.archive)
  services.memories.onWrite((write) =>
    write.kind === 'changed'
      ? embeddings.changed(write.userId, write.ids)
      : embeddings.imported(write.userId),
  )
  let backgroundStarted: Promise<void> | null = null
  app.decorate('background', {
    jobs,
    embeddings,
    start: () =>
      (backgroundStarted ??= (async () => {
        await embeddings.prepare()
        await jobs.start()
        await reminders.start()
        await automations.start()
        await imports.resume()
        await embeddings.startBackfill()
      })()),
  })
  // Links that verify an account's e-mail address, sent as the reminders' e-mails are (SMTP_URL).
  const verificationMailer = env.smtp ? createEmailChannel(env.smtp, env.appUrl) : null
  if (verificationMailer) app.addHook('onClose', () => verificationMailer.close())
  const emailVerification = createEmailVerification(database.db, env, verificationMailer)
  // One count of wrong passwords per account, at the sign-in form and the change-password route alike.
  const passwordFailures = createFailureLimiter(app.rateLimitRedis)
  if (usesLocalIdp) {
    await app.register(localIdpPlugin, {
      prefix: LOCAL_IDP_PATH,
      appUrl: env.appUrl,
      sessionSecret: env.sessionSecret,
      signInRateLimit: options.rateLimits?.signIn ?? 30,
      localSignIn: env.localSignIn,
      localProvider: env.providers.google.mode === 'local' ? 'google' : 'microsoft',
      localAccounts: services.localAccounts,
      failures: passwordFailures,
    })
  }

  await app.register(
    async (api) => {
      await api.register(authPlugin, { sessions: services.sessions, accessTokens: services.accessTokens })
      await api.register(authModule, {
        prefix: '/auth',
        env,
        oidc: services.oidc,
        sessions: services.sessions,
        auth: services.auth,
        users: services.users,
        localAccounts: services.localAccounts,
        failures: passwordFailures,
        accessTokens: services.accessTokens,
        emailVerification,
        signInRateLimit: options.rateLimits?.signIn ?? 30,
      })
      await api.register(settingsModule, {
        prefix: '/auth/user/settings',
        users: services.users,
        chat: services.proposals,
        onTimezoneChange: async (userId: string, zone: string) => {
          await reminders.timezoneChanged(userId, zone)
          await automations.timezoneChanged(userId, zone)
        },
        onLanguageChange: async (userId: string) => {
          await services.dashboard.languageChanged(userId)
          await searchLanguage.languageChanged(userId)
        },
      })
      await api.register(remindersModule, { reminders, hub })
      await api.register(automationsModule, { automations })
      await api.register(accountModule, { prefix: '/auth/user', ...services })
      await api.register(memoriesModule, {
        prefix: '/memories',
        memories: services.memories,
        heavyJobs: services.heavyJobs,
        recall: services.recall,
      })
      await api.register(proposalsModule, { prefix: '/proposals', proposals: services.proposals })
      await api.register(importsModule, { prefix: '/imports', imports, heavyJobs: services.heavyJobs })
      await api.register(dataSourcesModule, { prefix: '/datasources', dataSources: services.dataSources })
      await api.register(dashboardModule, { prefix: '/dashboard', dashboard: services.dashboard })
      await api.register(chatModule, {
        prefix: '/chat',
        chat: services.chat,
        sendsPerMinute: options.rateLimits?.chatSends,
      })
      await api.register(embeddingsModule, { prefix: '/recall', embeddings })
      await api.register(tokensModule, { prefix: '/auth/tokens', accessTokens: services.accessTokens })
      await api.register(mcpModule, { prefix: '/mcp', ...services, reminders })
      await api.register(voiceModule, { models: integrations.voice })
      await api.register(connectedToolsModule, { prefix: '/mcp-servers', ...services })
      await api.register(attachmentsModule, { attachments })
    },
    { prefix: '/api' },
  )

  if (options.webRoot && existsSync(join(options.webRoot, 'index.html'))) {
    await registerSpa(app, options.webRoot)
  }
  return app
}

/** Serves the built SPA; any non-API GET that wants HTML gets index.html (client-side routes). */
async function registerSpa(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build's .br and .gz copies (apps/web/vite.config.ts), as the request's Accept-Encoding allows.
    preCompressed: true,
    // Built assets carry a content hash in their names; everything else must be revalidated.
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.startsWith(join(webRoot, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.get('/*', { config: { rateLimit: false } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path.startsWith('/api/') || path === '/api') return reply.callNotFound()
    // Every built file has its own route (wildcard: false), so a path with an extension here is missing.
    if (/\.[a-z0-9]+$/i.test(path)) return reply.callNotFound()
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
