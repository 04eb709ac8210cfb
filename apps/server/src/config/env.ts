import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
const url = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((v) => v.replace(/\/+$/, ''))
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optional(url),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_ISSUER: url.default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: optional(z.string()),
  MICROSOFT_CLIENT_SECRET: optional(z.string()),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[\w.-]+$/, 'must be a tenant id or name')
    .default('common'),
  MICROSOFT_ISSUER: optional(url),
  LOCAL_SIGNIN: z.enum(['auto', 'on', 'off'], { message: 'must be auto, on or off' }).default('auto'),
  LOCAL_SIGNUP: z.enum(['closed', 'open'], { message: 'must be closed or open' }).default('closed'),
  AI_PROVIDER: z
    .enum(['none', 'openai', 'anthropic', 'ollama', 'openai-compatible'], {
      message: 'must be none, openai, anthropic, ollama or openai-compatible',
    })
    .default('none'),
  AI_MODEL: optional(z.string()),
  AI_API_KEY: optional(z.string()),
  AI_BASE_URL: optional(url),
  AI_TOOLS: z.enum(['auto', 'on', 'off'], { message: 'must be auto, on or off' }).default('auto'),
  AI_VISION: z.enum(['auto', 'on', 'off'], { message: 'must be auto, on or off' }).default('auto'),
  EMBEDDING_PROVIDER: optional(
    z.enum(['none', 'openai', 'ollama', 'openai-compatible'], {
      message: 'must be none, openai, ollama or openai-compatible',
    }),
  ),
  EMBEDDING_MODEL: optional(z.string().trim().min(1).max(200)),
  EMBEDDING_API_KEY: optional(z.string()),
  EMBEDDING_BASE_URL: optional(url),
  /** Dictation (issue 48): a speech-to-text model on the OpenAI API or a server speaking it. */
  TRANSCRIPTION_MODEL: optional(z.string().trim().min(1).max(200)),
  TRANSCRIPTION_BASE_URL: optional(url),
  TRANSCRIPTION_API_KEY: optional(z.string()),
  /** Read aloud on the server (audio/mpeg); unset: the browser's own speech synthesis. */
  SPEECH_MODEL: optional(z.string().trim().min(1).max(200)),
  WEATHER_API_URL: url.default('https://api.open-meteo.com'),
  GEOCODING_API_URL: url.default('https://geocoding-api.open-meteo.com'),
  GOOGLE_CALENDAR_API_URL: url.default('https://www.googleapis.com/calendar/v3'),
  MICROSOFT_GRAPH_API_URL: url.default('https://graph.microsoft.com/v1.0'),
  ALLOW_PRIVATE_NETWORK_URLS: bool.default(false),
  /** The assistant's web search (issue 50): a SearXNG instance, Brave Search or Tavily; none: no web. */
  WEB_SEARCH_PROVIDER: z
    .enum(['none', 'searxng', 'brave', 'tavily'], { message: 'must be none, searxng, brave or tavily' })
    .default('none'),
  WEB_SEARCH_URL: optional(url),
  BRAVE_SEARCH_API_KEY: optional(z.string().trim().min(1)),
  TAVILY_API_KEY: optional(z.string().trim().min(1)),
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .regex(
        /^(true|\d{1,2}|[\w.:/,\s-]+)$/,
        'must be true, a number of proxy hops, or a comma-separated list of addresses/CIDRs (or loopback, linklocal, uniquelocal)',
      ),
  ),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number (0 turns the limit off)' })
    .int('must be a whole number (0 turns the limit off)')
    .min(0)
    .default(1200),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  /**
   * Reminder e-mails (nodemailer): smtp://user:pass@host:587 or smtps://...; unset: no e-mail. Read as a URL
   * here, so start-up names the usual mistake in words where nodemailer would throw "Invalid URL".
   */
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://', abort: true })
      .refine(
        (url) => URL.canParse(url),
        'is not a valid address (a password with @, : or / is written %40, %3A, %2F)',
      ),
  ),
  SMTP_FROM: optional(z.string().trim().min(3).max(200)),
  /** E-mails (reminders and briefings) to one person in any hour, at most; the rest go by app and push only. */
  EMAILS_PER_HOUR: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(20),
  /** Megabytes of files (memories' attachments) one person may keep, in all. */
  ATTACHMENTS_MAX_MB_PER_USER: z.coerce
    .number()
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .max(1_048_576, 'must be at most 1048576 (1 TB)')
    .default(1024),
  /** Web Push's VAPID keys (base64url); unset: generated once into DATA_DIR/vapid-keys.json. */
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key'),
  ),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Recall's local signal of meaning (no model, no key: recall/local-semantic.ts), used when no embedding
   * model answers. Off by default: on the recall benchmark it gains on a person's notes and loses more on
   * LoCoMo (README, "Recall").
   */
  RECALL_LOCAL_MEANING: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
})

export type OAuthProviderName = 'google' | 'microsoft'

export interface ProviderConfig {
  name: OAuthProviderName
  /** 'external' talks to Google/Microsoft (or a fake issuer); 'local' to the built-in IdP. */
  mode: 'external' | 'local' | 'disabled'
  issuer: string
  clientId: string
  clientSecret: string
  scopes: string[]
}

export type Env = ReturnType<typeof loadEnv>

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Remi cannot start, the configuration has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'))
}

const GOOGLE_SCOPES = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/calendar.readonly']
const MICROSOFT_SCOPES = ['openid', 'email', 'profile', 'offline_access', 'User.Read', 'Calendars.Read']

/**
 * Parses the environment once. Throws ConfigError listing every problem; main.ts prints it and exits.
 * Reads or creates DATA_DIR/session-secret when SESSION_SECRET is unset.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const e = parsed.data
  const problems: string[] = []
  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`
  const loopback = isLoopbackHost(e.HOST)
  const appUrlLoopback = isLoopbackHost(new URL(appUrl).hostname)
  // auto: only when nobody but this machine can reach the sign-in page, by the socket or by the URL
  // a proxy publishes (a proxy on 127.0.0.1 in front of HOST=127.0.0.1 serves it to the internet).
  const localAllowed = e.LOCAL_SIGNIN === 'on' || (e.LOCAL_SIGNIN === 'auto' && loopback && appUrlLoopback)

  const provider = (
    name: OAuthProviderName,
    clientId: string | undefined,
    clientSecret: string | undefined,
    issuer: string,
    scopes: string[],
  ): ProviderConfig => {
    if (clientId && clientSecret) return { name, mode: 'external', issuer, clientId, clientSecret, scopes }
    if (clientId || clientSecret) {
      problems.push(
        `${name.toUpperCase()}_CLIENT_ID and ${name.toUpperCase()}_CLIENT_SECRET must be set together`,
      )
    }
    return {
      name,
      mode: localAllowed ? 'local' : 'disabled',
      issuer: '',
      clientId: '',
      clientSecret: '',
      scopes: [],
    }
  }
  const google = provider(
    'google',
    e.GOOGLE_CLIENT_ID,
    e.GOOGLE_CLIENT_SECRET,
    e.GOOGLE_ISSUER,
    GOOGLE_SCOPES,
  )
  const microsoft = provider(
    'microsoft',
    e.MICROSOFT_CLIENT_ID,
    e.MICROSOFT_CLIENT_SECRET,
    e.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
    MICROSOFT_SCOPES,
  )
  if (google.mode === 'disabled' && microsoft.mode === 'disabled') {
    problems.push(
      e.LOCAL_SIGNIN === 'off'
        ? 'LOCAL_SIGNIN is off and no Google or Microsoft credentials are set: nobody could sign in'
        : `${loopback ? `APP_URL ${appUrl}` : `HOST ${e.HOST}`} is not a loopback address and no Google or ` +
            'Microsoft credentials are set; set GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET or ' +
            'MICROSOFT_CLIENT_ID/MICROSOFT_CLIENT_SECRET, or LOCAL_SIGNIN=on to let anyone who reaches this ' +
            'server sign in with a local account and password (see README, "Local accounts")',
    )
  }
  if (e.AI_PROVIDER !== 'none' && !e.AI_MODEL)
    problems.push(`AI_MODEL is required when AI_PROVIDER is ${e.AI_PROVIDER}`)
  if ((e.AI_PROVIDER === 'openai' || e.AI_PROVIDER === 'anthropic') && !e.AI_API_KEY) {
    problems.push(`AI_API_KEY is required when AI_PROVIDER is ${e.AI_PROVIDER}`)
  }
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL) {
    problems.push('AI_BASE_URL is required when AI_PROVIDER is openai-compatible')
  }
  const embedding = embeddingConfig(e)
  const webSearch = webSearchConfig(e, problems)
  // Following the chat's provider, a missing key or address is already the chat's problem above.
  const embeddingChosen = e.EMBEDDING_PROVIDER !== undefined
  if (embeddingChosen && embedding.provider === 'openai' && !embedding.apiKey)
    problems.push('EMBEDDING_API_KEY (or AI_API_KEY) is required when EMBEDDING_PROVIDER is openai')
  if (embeddingChosen && embedding.provider === 'openai-compatible' && !embedding.baseUrl)
    problems.push(
      'EMBEDDING_BASE_URL (or AI_BASE_URL) is required when EMBEDDING_PROVIDER is openai-compatible',
    )
  if (e.EMBEDDING_PROVIDER === 'openai-compatible' && !e.EMBEDDING_MODEL)
    problems.push('EMBEDDING_MODEL is required when EMBEDDING_PROVIDER is openai-compatible')
  const voice = voiceConfig(e, problems)
  if (problems.length) throw new ConfigError(problems)

  const dataDir = resolve(e.DATA_DIR)
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    providers: { google, microsoft } as Record<OAuthProviderName, ProviderConfig>,
    localSignIn: {
      mode: e.LOCAL_SIGNIN,
      /** Some provider uses the built-in identity provider. */
      enabled: google.mode === 'local' || microsoft.mode === 'local',
      signup: e.LOCAL_SIGNUP,
      hostLoopback: loopback,
      appUrlLoopback,
    },
    ai: {
      provider: e.AI_PROVIDER,
      model: e.AI_MODEL,
      apiKey: e.AI_API_KEY,
      baseUrl: e.AI_BASE_URL,
      /** auto: tools until the model refuses them, then context mode; on/off force tools or context mode. */
      tools: e.AI_TOOLS,
      /** Photos sent in the chat shown to the model as images: auto trusts only models known to see. */
      vision: e.AI_VISION,
    },
    embedding,
    voice,
    weatherApiUrl: e.WEATHER_API_URL,
    geocodingApiUrl: e.GEOCODING_API_URL,
    googleCalendarApiUrl: e.GOOGLE_CALENDAR_API_URL,
    microsoftGraphApiUrl: e.MICROSOFT_GRAPH_API_URL,
    allowPrivateNetworkUrls: e.ALLOW_PRIVATE_NETWORK_URLS,
    webSearch,
    redisUrl: e.REDIS_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM, perHour: e.EMAILS_PER_HOUR } : null,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    recallLocalMeaning: e.RECALL_LOCAL_MEANING === 'on',
    attachmentsMaxBytesPerUser: e.ATTACHMENTS_MAX_MB_PER_USER * 1024 * 1024,
  })
}

/** The embedding models' defaults: each provider's small general-purpose model. */
export const EMBEDDING_DEFAULT_MODELS = {
  openai: 'text-embedding-3-small',
  ollama: 'nomic-embed-text',
} as const

/**
 * Semantic recall's embedding model. Unset, it follows the chat provider when that one has embeddings
 * (Anthropic has none), with the provider's usual model; an OpenAI-compatible server has no usual model,
 * so it needs EMBEDDING_MODEL (without it, lexical recall only). Key and address default to the chat's.
 */
function embeddingConfig(e: z.output<typeof EnvSchema>): {
  provider: 'none' | 'openai' | 'ollama' | 'openai-compatible'
  model: string | undefined
  apiKey: string | undefined
  baseUrl: string | undefined
} {
  const followsChat = e.EMBEDDING_PROVIDER === undefined
  const provider =
    e.EMBEDDING_PROVIDER ??
    (e.AI_PROVIDER === 'none' || e.AI_PROVIDER === 'anthropic' ? 'none' : e.AI_PROVIDER)
  const sameAsChat = provider === e.AI_PROVIDER
  const model =
    e.EMBEDDING_MODEL ??
    (provider === 'openai' || provider === 'ollama' ? EMBEDDING_DEFAULT_MODELS[provider] : undefined)
  if (provider === 'none' || (followsChat && !model)) {
    return { provider: 'none', model: undefined, apiKey: undefined, baseUrl: undefined }
  }
  return {
    provider,
    model,
    apiKey: e.EMBEDDING_API_KEY ?? (sameAsChat ? e.AI_API_KEY : undefined),
    baseUrl: e.EMBEDDING_BASE_URL ?? (sameAsChat ? e.AI_BASE_URL : undefined),
  }
}

/** Where speech goes to be written down or spoken: an OpenAI API (OpenAI's or a server that speaks it). */
export interface VoiceEndpoint {
  model: string
  baseUrl: string | undefined
  apiKey: string | undefined
}

/**
 * Dictation's and read aloud's models. TRANSCRIPTION_BASE_URL (+ TRANSCRIPTION_API_KEY) names a speech
 * server of its own (a self-hosted Whisper server); without it the chat's provider is used when it is
 * openai or openai-compatible. SPEECH_MODEL goes to the same place. Unset: null (the web hides the
 * microphone; read aloud stays in the browser).
 */
function voiceConfig(
  e: z.output<typeof EnvSchema>,
  problems: string[],
): { transcription: VoiceEndpoint | null; speech: VoiceEndpoint | null } {
  const ownServer = e.TRANSCRIPTION_BASE_URL !== undefined
  const chatSpeaksOpenAI = e.AI_PROVIDER === 'openai' || e.AI_PROVIDER === 'openai-compatible'
  const place = ownServer
    ? { baseUrl: e.TRANSCRIPTION_BASE_URL, apiKey: e.TRANSCRIPTION_API_KEY }
    : chatSpeaksOpenAI
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY }
      : null
  if (ownServer && !e.TRANSCRIPTION_MODEL && !e.SPEECH_MODEL)
    problems.push('TRANSCRIPTION_MODEL is required when TRANSCRIPTION_BASE_URL is set')
  for (const [name, model] of [
    ['TRANSCRIPTION_MODEL', e.TRANSCRIPTION_MODEL],
    ['SPEECH_MODEL', e.SPEECH_MODEL],
  ] as const) {
    if (model && !place)
      problems.push(
        `${name} needs AI_PROVIDER openai or openai-compatible, or TRANSCRIPTION_BASE_URL for a speech server of its own`,
      )
  }
  const endpoint = (model: string | undefined) => (model && place ? { model, ...place } : null)
  return { transcription: endpoint(e.TRANSCRIPTION_MODEL), speech: endpoint(e.SPEECH_MODEL) }
}

/**
 * Which peers may set X-Forwarded-For/-Proto/-Host. Unset: none, so no client can choose the address
 * its rate limits are counted under. Fastify's trustProxy takes the same forms.
 */
function parseTrustProxy(
  value: string | undefined,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (!value) return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) {
    // A number of hops: the nearest n proxies are believed, whatever their addresses.
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
}

/** The web search service the assistant's web_search tool asks; null: no web search. */
export type WebSearchConfig =
  | { provider: 'searxng'; url: string }
  | { provider: 'brave'; apiKey: string }
  | { provider: 'tavily'; apiKey: string }

/** Each provider needs its own setting, and a setting of another provider is a mistake worth saying. */
function webSearchConfig(e: z.output<typeof EnvSchema>, problems: string[]): WebSearchConfig | null {
  const settings = [
    ['WEB_SEARCH_URL', 'searxng', e.WEB_SEARCH_URL],
    ['BRAVE_SEARCH_API_KEY', 'brave', e.BRAVE_SEARCH_API_KEY],
    ['TAVILY_API_KEY', 'tavily', e.TAVILY_API_KEY],
  ] as const
  const chosen = e.WEB_SEARCH_PROVIDER
  for (const [name, provider, value] of settings) {
    if (value === undefined || provider === chosen) continue
    problems.push(
      chosen === 'none'
        ? `${name} is set but WEB_SEARCH_PROVIDER is not; set WEB_SEARCH_PROVIDER=${provider} to search the web with it`
        : `${name} is for WEB_SEARCH_PROVIDER=${provider}, not ${chosen}`,
    )
  }
  if (chosen === 'none') return null
  const [name, , value] = settings.find(([, provider]) => provider === chosen)!
  if (value === undefined) {
    problems.push(`${name} is required when WEB_SEARCH_PROVIDER is ${chosen}`)
    return null
  }
  return chosen === 'searxng' ? { provider: chosen, url: value } : { provider: chosen, apiKey: value }
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return secret
}
