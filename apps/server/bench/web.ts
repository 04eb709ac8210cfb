/// <reference lib="dom" />
/**
 * Web: what each route loads first (JavaScript and CSS as Chromium fetched them, each gzipped), Lighthouse
 * (the npm package driving Debian's Chromium, desktop preset) and the memories page with 10 000 loaded.
 */
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import type { SignedIn } from './lib/server.ts'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) })
}

async function signedInContext(browser: Browser, baseUrl: string, user: SignedIn | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  if (user) await context.addCookies([{ name: 'remi_session', value: user.session, url: baseUrl }])
  return context
}

export interface FirstLoad {
  route: string
  jsGzip: number
  cssGzip: number
  files: number
}

/** A cold load of each route in a fresh context; every script and stylesheet fetched until the network is idle. */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  user: SignedIn,
  routes: string[],
): Promise<FirstLoad[]> {
  const out: FirstLoad[] = []
  for (const route of routes) {
    const context = await signedInContext(browser, baseUrl, route === '/login' ? null : user)
    const page = await context.newPage()
    const bodies: Promise<{ type: string; size: number }>[] = []
    page.on('response', (res) => {
      const type = res.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      // A redirect or a request cut short has no body: it counts nothing (and must not reject later).
      bodies.push(
        res
          .body()
          .then((b) => ({ type, size: gzipSync(b, { level: 9 }).length }))
          .catch(() => ({ type, size: 0 })),
      )
    })
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' })
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended at ${page.url()}`)
    const files = await Promise.all(bodies)
    page.removeAllListeners('response')
    out.push({
      route,
      jsGzip: files.filter((f) => f.type === 'script').reduce((n, f) => n + f.size, 0),
      cssGzip: files.filter((f) => f.type === 'stylesheet').reduce((n, f) => n + f.size, 0),
      files: files.length,
    })
    await context.close()
  }
  return out
}

export interface MemoriesPageResult {
  loaded: number
  total: number
  loadMoreClicks: number
  /** Click to the new count shown, for the last Load More (the deepest page). */
  lastLoadMoreMs: number
  cardsAtTop: number
  cardsScrolled: number
  /** Client-side navigation back to Memories with every memory cached: click to the first card in the DOM. */
  firstRenderMs: number
  /** The same, to the first frame after it (the cards painted). */
  firstPaintMs: number
}

/**
 * Loads `target` memories through 'Load More Memories' (the list's requests asked for pages of 100, the
 * API's largest, so it takes target/100 clicks, not target/12), then counts the cards in the DOM and times
 * the page's first render with all of them loaded.
 */
export async function measureMemoriesPage(
  browser: Browser,
  baseUrl: string,
  user: SignedIn,
  target: number,
): Promise<MemoriesPageResult> {
  const context: BrowserContext = await signedInContext(browser, baseUrl, user)
  try {
    await context.route(
      (url) => url.pathname === '/api/memories',
      async (route) => {
        const url = new URL(route.request().url())
        url.searchParams.set('pageSize', '100')
        await route.continue({ url: url.href })
      },
    )
    const page = await context.newPage()
    await page.goto(`${baseUrl}/memories`)
    const counter = page.getByText(/^Showing \d+ of \d+ memories$/)
    await counter.waitFor()
    const shown = async () => {
      const [, n, total] = /Showing (\d+) of (\d+)/.exec((await counter.textContent()) ?? '') ?? []
      return { n: Number(n), total: Number(total) }
    }
    let { n, total } = await shown()
    const goal = Math.min(target, total)
    let clicks = 0
    let lastLoadMoreMs = NaN
    const button = page.getByRole('button', { name: 'Load More Memories' })
    while (n < goal) {
      const before = n
      const start = Date.now()
      await button.click()
      await page.waitForFunction(
        (prev) => {
          const m = /Showing (\d+) of/.exec(document.body.innerText)
          return m !== null && Number(m[1]) > prev
        },
        before,
        { polling: 'raf', timeout: 30_000 },
      )
      lastLoadMoreMs = Date.now() - start
      clicks += 1
      ;({ n, total } = await shown())
    }
    const cards = () => page.locator('[data-testid="memory-card"]').count()
    const cardsAtTop = await cards()
    await page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('[data-testid="memory-grid-virtual"]')
      if (grid) grid.scrollTop = grid.scrollHeight / 2
    })
    await page.waitForTimeout(300)
    const cardsScrolled = await cards()

    // Away and back by the navbar: the list comes from the query cache, so this is the page's own render.
    await page.locator('a[href="/dashboard"]').first().click()
    await page.waitForURL('**/dashboard')
    await page.locator('[data-testid="memory-card"]').first().waitFor({ state: 'detached' })
    const timing = await page.evaluate(
      () =>
        new Promise<{ render: number; paint: number }>((resolve, reject) => {
          const link = document.querySelector<HTMLAnchorElement>('a[href="/memories"]')
          if (!link) return reject(new Error('no Memories link'))
          const start = performance.now()
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-testid="memory-card"]')) return
            const render = performance.now() - start
            observer.disconnect()
            requestAnimationFrame(() => resolve({ render, paint: performance.now() - start }))
          })
          observer.observe(document.body, { childList: true, subtree: true })
          link.click()
        }),
    )
    return {
      loaded: n,
      total,
      loadMoreClicks: clicks,
      lastLoadMoreMs,
      cardsAtTop,
      cardsScrolled,
      firstRenderMs: timing.render,
      firstPaintMs: timing.paint,
    }
  } finally {
    await context.close()
  }
}

export interface LighthouseResult {
  route: string
  performance: number
  accessibility: number
  /** Failed accessibility audits, to act on. */
  failedAudits: string[]
  /** First and largest contentful paint, total blocking time (ms), cumulative layout shift. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number }
  /** Why Lighthouse could not measure the page, when it could not. */
  error?: string
}

/** Lighthouse's desktop preset, signed in by the session cookie on every request it makes. */
export async function measureLighthouse(
  baseUrl: string,
  user: SignedIn,
  routes: string[],
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS })
  const runLighthouse = (route: string) =>
    lighthouse(
      `${baseUrl}${route}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(route === '/login' ? {} : { extraHeaders: { Cookie: `remi_session=${user.session}` } }),
      },
      desktopConfig,
    )
  try {
    const out: LighthouseResult[] = []
    for (const route of routes) {
      // Lighthouse asks to be run again when its trace misses the navigation (NO_NAVSTART): once more.
      let result = await runLighthouse(route)
      if (result?.lhr.runtimeError) result = await runLighthouse(route)
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`)
      // A page Lighthouse could not measure (no paint within its limits, say) has no score to report.
      if (lhr.runtimeError) {
        out.push({
          route,
          performance: NaN,
          accessibility: NaN,
          failedAudits: [],
          metrics: { fcp: NaN, lcp: NaN, tbt: NaN, cls: NaN },
          error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
        })
        continue
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== route)
        throw new Error(`Lighthouse on ${route} ended at ${lhr.finalDisplayedUrl}`)
      const a11yRefs = lhr.categories.accessibility?.auditRefs ?? []
      out.push({
        route,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        failedAudits: a11yRefs
          .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
          .map((r) => r.id),
        metrics: {
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        },
      })
    }
    return out
  } finally {
    chrome.kill()
  }
}
