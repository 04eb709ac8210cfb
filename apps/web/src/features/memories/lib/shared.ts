/** Where the service worker (public/sw.js) keeps what another app shared with Remi ("Share → Remi"). */
export const SHARE_CACHE = 'remi-share'
const SHARED = '/shared'

export interface Shared {
  text: string
  files: File[]
}

/** The shared title, text and link as a memory's text: each once, one per line. */
export function sharedText(title: string, text: string, url: string): string {
  const parts: string[] = []
  for (const part of [title, text, url].map((p) => p.trim()))
    if (part && !parts.some((p) => p.includes(part))) parts.push(part)
  return parts.join('\n')
}

/** What was shared, taken once (the cache entry is dropped); null when there is nothing. */
export async function takeShared(): Promise<Shared | null> {
  if (typeof caches === 'undefined') return null
  const cache = await caches.open(SHARE_CACHE)
  const response = await cache.match(SHARED)
  if (!response) return null
  await cache.delete(SHARED)
  const form = await response.formData()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const files = form.getAll('file').filter((f): f is File => typeof f !== 'string' && f.size > 0)
  return { text: sharedText(field('title'), field('text'), field('url')), files }
}
