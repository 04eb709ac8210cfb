import { createServer } from 'node:net'

/** A free loopback port (the app must know its own URL before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * A tiny browser stand-in for sign-in round trips: a cookie jar and manual redirects over real HTTP.
 * `rewrite` maps public provider origins to their loopback fakes.
 */
export class Browser {
  readonly cookies = new Map<string, string>()
  private readonly rewrite: (url: string) => string
  /** Sent on every request, as a browser sends its Accept-Language. */
  private readonly defaults: Record<string, string>

  constructor(rewrite: (url: string) => string = (u) => u, defaults: Record<string, string> = {}) {
    this.rewrite = rewrite
    this.defaults = defaults
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...this.defaults, ...Object.fromEntries(new Headers(init.headers)) })
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await fetch(this.rewrite(url), { ...init, headers, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const index = pair!.indexOf('=')
      const name = pair!.slice(0, index).trim()
      const value = pair!.slice(index + 1).trim()
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  /** Follows redirects until a response that is not one, or until `stopAt` matches the next location. */
  async follow(url: string, options: { stopAt?: (location: string) => boolean; init?: RequestInit } = {}) {
    let current = url
    let init = options.init
    for (let hops = 0; hops < 20; hops++) {
      const res = await this.request(current, init)
      const location = res.headers.get('location')
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current }
      const next = new URL(location, current).href
      if (options.stopAt?.(next)) return { res, url: next }
      current = next
      init = undefined
    }
    throw new Error(`too many redirects from ${url}`)
  }
}
