import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { Agent, buildConnector, fetch as undiciFetch, request } from 'undici'
import { BRAND } from '../config/brand.ts'

/**
 * Fetching URLs a user typed (ICS feeds) without letting them reach this server's own network
 * (DESIGN §7): http(s) only; every address a name resolves to is checked inside the connection's own
 * DNS lookup, so the address checked is the address connected to (no DNS-rebinding window); redirects
 * are followed by hand and each hop goes through the same check; size and total time are capped.
 */

export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'private_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'unreachable'

/** Its message is written for the person who gave the URL. */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode
  /** The server's HTTP status, for `http_status`. */
  readonly status: number | undefined
  constructor(code: SafeFetchErrorCode, message: string, status?: number) {
    super(message)
    this.name = 'SafeFetchError'
    this.code = code
    this.status = status
  }
}

/** A request other than a plain GET (a search API's POST, its key in a header). */
export interface SafeFetchRequest {
  accept?: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface SafeFetchOptions {
  allowPrivateNetwork: boolean
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Test hook: the DNS lookup the connection uses. */
  lookup?: typeof dnsLookup
  /** Test hook: which addresses count as public (default: only globally routable unicast). */
  isPublicAddress?: (address: string) => boolean
}

export const SAFE_FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 }

/** The ipaddr.js range of an address, IPv4-mapped IPv6 (::ffff:127.0.0.1) unwrapped first. */
export function addressRange(address: string): string {
  let ip = ipaddr.parse(address.replace(/^\[|\]$/g, ''))
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address()
  }
  return ip.range()
}

/** Only ordinary internet addresses: loopback, private, link-local, unique-local, 0.0.0.0 and the rest are not. */
export function isPublicAddress(address: string): boolean {
  try {
    return addressRange(address) === 'unicast'
  } catch {
    return false
  }
}

const privateAddressError = (address: string) =>
  new SafeFetchError(
    'private_address',
    `The address ${address} is on a private or local network, which ${BRAND} does not fetch from.`,
  )

export function createSafeFetch(options: SafeFetchOptions) {
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects
  const resolveName = options.lookup ?? dnsLookup
  const isAllowed = options.allowPrivateNetwork ? () => true : (options.isPublicAddress ?? isPublicAddress)

  // Called by net.connect for every host name: the answer it checks is the one the socket uses.
  const checkedLookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolveName(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) {
        callback(new SafeFetchError('unreachable', `The host name ${hostname} could not be found.`), '')
        return
      }
      const blocked = addresses.find((a) => !isAllowed(a.address))
      if (blocked) return callback(privateAddressError(blocked.address), '')
      if (lookupOptions.all) return callback(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
  const baseConnect = buildConnector({ lookup: checkedLookup as never })
  const agent = new Agent({
    connect: (connectOptions, callback) => {
      // An IP literal never reaches the lookup, so it is checked here.
      const host = connectOptions.hostname.replace(/^\[|\]$/g, '')
      if (isIP(host) && !isAllowed(host)) return callback(privateAddressError(host), null)
      baseConnect(connectOptions, callback)
    },
  })

  function parseTarget(value: string): URL {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      throw new SafeFetchError('invalid_url', 'The link is not a valid web address.')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new SafeFetchError('invalid_url', 'Only http:// and https:// links can be fetched.')
    }
    if (url.username || url.password) {
      throw new SafeFetchError('invalid_url', 'Links with a user name or password are not supported.')
    }
    return url
  }

  /**
   * GETs a user-given URL (or sends `init`) and returns its body as text and its content type, or
   * throws SafeFetchError.
   */
  async function fetchText(
    target: string,
    init: string | SafeFetchRequest = '*/*',
  ): Promise<{ text: string; url: string; contentType: string | null }> {
    const signal = AbortSignal.timeout(timeoutMs)
    let url = parseTarget(target)
    const { accept = '*/*', headers = {}, ...sent } = typeof init === 'string' ? { accept: init } : init
    let { method = 'GET', body } = sent
    try {
      for (let hop = 0; ; hop++) {
        const response = await request(url, {
          dispatcher: agent,
          method,
          headers: { ...headers, accept, 'user-agent': BRAND },
          ...(body === undefined ? {} : { body }),
          signal,
        })
        if (response.statusCode >= 300 && response.statusCode < 400 && response.statusCode !== 304) {
          discard(response.body)
          const location = [response.headers.location].flat()[0]
          if (!location) {
            throw new SafeFetchError(
              'http_status',
              `The server answered with a redirect (HTTP ${response.statusCode}) but no address.`,
            )
          }
          if (hop >= maxRedirects) {
            throw new SafeFetchError(
              'too_many_redirects',
              `The link redirected more than ${maxRedirects} times.`,
            )
          }
          url = parseTarget(new URL(location, url).href)
          // Only 307 and 308 repeat the request as it was; the others fetch the new address.
          if (response.statusCode !== 307 && response.statusCode !== 308) {
            method = 'GET'
            body = undefined
          }
          continue
        }
        if (response.statusCode < 200 || response.statusCode >= 300) {
          discard(response.body)
          throw new SafeFetchError(
            'http_status',
            `The server answered with HTTP ${response.statusCode}.`,
            response.statusCode,
          )
        }
        const tooLarge = new SafeFetchError(
          'too_large',
          `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, which is the limit.`,
        )
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          discard(response.body)
          throw tooLarge
        }
        const chunks: Buffer[] = []
        let size = 0
        for await (const chunk of response.body) {
          size += (chunk as Buffer).length
          // Leaving the loop by throwing destroys the stream.
          if (size > maxBytes) throw tooLarge
          chunks.push(chunk as Buffer)
        }
        const contentType = [response.headers['content-type']].flat()[0] ?? null
        return { text: Buffer.concat(chunks).toString('utf8'), url: url.href, contentType }
      }
    } catch (error) {
      if (signal.aborted) {
        throw new SafeFetchError('timeout', `The server did not answer within ${formatSeconds(timeoutMs)}.`)
      }
      const known = findSafeFetchError(error)
      if (known) throw known
      throw new SafeFetchError('unreachable', `The server at ${url.host} could not be reached.`)
    }
  }

  return {
    fetchText,
    /**
     * fetch() through the same checked connections (every hop of a redirect too), for a client library
     * that brings its own requests (the MCP SDK's transport); no size cap, the caller's own limits apply.
     */
    fetch: ((input: string | URL, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch,
    close: () => agent.close(),
  }
}
export type SafeFetch = ReturnType<typeof createSafeFetch>

/** Drops a body we will not read; destroying it emits an abort error that nobody needs to hear. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }) {
  body.on('error', () => {})
  body.destroy()
}

export function findSafeFetchError(error: unknown): SafeFetchError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof SafeFetchError) return e
    if (e instanceof AggregateError) {
      const inner = e.errors.find((x) => x instanceof SafeFetchError)
      if (inner) return inner as SafeFetchError
    }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  return seconds === 1 ? '1 second' : `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} seconds`
}
