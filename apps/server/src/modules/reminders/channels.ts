/**
 * The outside delivery channels: Web Push (the `web-push` library, VAPID) and e-mail (nodemailer).
 * Push endpoints are URLs a browser gave us, so they get the SSRF guard's rules: https only, and
 * private or loopback addresses only with ALLOW_PRIVATE_NETWORK_URLS; the address checked is the one
 * connected to (the agent's own DNS lookup), as in integrations/safe-fetch.ts. Both libraries (CommonJS)
 * are read only where needed: web-push with the first push, nodemailer when SMTP_URL is set.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import { createRequire } from 'node:module'
import { isIP } from 'node:net'
import { join } from 'node:path'
import type * as Nodemailer from 'nodemailer'
import type * as WebPush from 'web-push'
import type { PushPayload } from '@remi/shared'
import { BRAND } from '../../config/brand.ts'
import type { Env } from '../../config/env.ts'
import { isPublicAddress } from '../../integrations/safe-fetch.ts'

const requireCjs = createRequire(import.meta.url)
/** web-push, read on first use: a data directory's first start, or the first push sent. */
let webPushModule: typeof WebPush | undefined
const webPush = () => (webPushModule ??= requireCjs('web-push') as typeof WebPush)

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else DATA_DIR/vapid-keys.json, made once (like the session secret). */
export function loadVapidKeys(env: Env): VapidKeys {
  const subject = env.vapid.subject ?? `mailto:admin@${new URL(env.appUrl).hostname}`
  if (env.vapid.publicKey && env.vapid.privateKey) {
    return { publicKey: env.vapid.publicKey, privateKey: env.vapid.privateKey, subject }
  }
  const file = join(env.dataDir, 'vapid-keys.json')
  if (!existsSync(file)) {
    mkdirSync(env.dataDir, { recursive: true })
    const keys = webPush().generateVAPIDKeys()
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process sharing DATA_DIR wrote it first: theirs is read below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject }
}

export class EndpointError extends Error {}

/** A push endpoint as given: https, no credentials, and (without ALLOW_PRIVATE_NETWORK_URLS) no private IP literal. */
export function checkEndpoint(endpoint: string, allowPrivate: boolean): URL {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new EndpointError('endpoint must be a URL.')
  }
  if (url.protocol !== 'https:') throw new EndpointError('endpoint must be an https:// URL.')
  if (url.username || url.password)
    throw new EndpointError('endpoint must not carry a user name or password.')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new EndpointError(`endpoint is on this machine (${host}), which ${BRAND} does not send to.`)
  }
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) {
    throw new EndpointError(`endpoint's address ${host} is on a private or local network.`)
  }
  return url
}

export type PushOutcome =
  { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'failed'; detail: string }

export function createPushChannel(options: {
  keys: VapidKeys
  allowPrivate: boolean
  timeoutMs?: number
  /** Test hook: the one certificate authority trusted (a loopback fake push service's own certificate). */
  ca?: string
}) {
  const isAllowed = options.allowPrivate ? () => true : isPublicAddress
  // Every name the agent connects to is checked in its own lookup: the address checked is the one used.
  const lookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '')
      const blocked = addresses.find((a) => !isAllowed(a.address))
      if (blocked) return callback(new Error(`${blocked.address} is on a private or local network`), '')
      if (lookupOptions.all) return callback(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
  const agent = new https.Agent({
    keepAlive: true,
    lookup: lookup as never,
    ...(options.ca && { ca: options.ca }),
  })

  return {
    publicKey: options.keys.publicKey,
    async send(
      subscription: { endpoint: string; p256dh: string; auth: string },
      payload: PushPayload,
      topic?: string,
    ): Promise<PushOutcome> {
      try {
        checkEndpoint(subscription.endpoint, options.allowPrivate)
        await webPush().sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: options.keys,
            TTL: 24 * 60 * 60,
            urgency: 'high',
            agent,
            timeout: options.timeoutMs ?? 10_000,
            ...(topic && { topic }),
          },
        )
        return { outcome: 'sent' }
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) return { outcome: 'gone', status }
        return {
          outcome: 'failed',
          detail: status ? `push service answered HTTP ${status}` : (error as Error).message.slice(0, 300),
        }
      }
    },
    close: () => agent.destroy(),
  }
}
export type PushChannel = ReturnType<typeof createPushChannel>

export function createEmailChannel(smtp: { url: string; from?: string | undefined }, appUrl: string) {
  // Made at start: an address nodemailer cannot read stops start-up, not the first e-mail.
  const nodemailer = requireCjs('nodemailer') as typeof Nodemailer
  const transport = nodemailer.createTransport(smtp.url)
  const from = smtp.from ?? `${BRAND} <remi@${new URL(appUrl).hostname}>`
  return {
    async send(message: { to: string; subject: string; text: string; messageId: string }): Promise<void> {
      await transport.sendMail({ from, ...message })
    },
    close: () => transport.close(),
  }
}
export type EmailChannel = ReturnType<typeof createEmailChannel>
