/**
 * "Share → Remi" (issue 49): the manifest's share_target, and the service worker (public/sw.js, run as
 * it is in a small fake of its world) keeping a shared file for the memories page and sending it there.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'

const read = (file: string) => readFileSync(join(import.meta.dirname, '../../public', file), 'utf8')
const ORIGIN = 'https://remi.example'

describe('share target', () => {
  it('the manifest sends shared text, links and files to /share as multipart "file"', () => {
    const manifest = JSON.parse(read('manifest.webmanifest')) as { share_target: Record<string, unknown> }
    expect(manifest.share_target).toMatchObject({
      action: '/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'file' }] },
    })
  })

  it('the service worker keeps what was shared and opens the memories page with it', async () => {
    const listeners = new Map<string, (event: unknown) => void>()
    const stored = new Map<string, FakeResponse>()
    const opened: string[] = []
    // The worker's Response, as a record of what it was made of (jsdom's FormData is not undici's).
    class FakeResponse {
      readonly body: unknown
      constructor(body: unknown) {
        this.body = body
      }
      static redirect = (url: string, status: number) => ({ url, status })
    }
    runInNewContext(read('sw.js'), {
      self: {
        location: new URL(`${ORIGIN}/sw.js`),
        addEventListener: (n: string, l: never) => listeners.set(n, l),
      },
      caches: {
        open: async (name: string) => {
          opened.push(name)
          return { put: async (key: string, response: FakeResponse) => void stored.set(key, response) }
        },
      },
      Response: FakeResponse,
      URL,
    })
    const form = new FormData()
    form.append('title', 'Receipt')
    form.append('file', new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }))
    let answer: Promise<unknown> | undefined
    listeners.get('fetch')!({
      request: { url: `${ORIGIN}/share`, method: 'POST', formData: async () => form },
      respondWith: (p: Promise<unknown>) => (answer = p),
    })
    expect(await answer).toEqual({ url: '/memories?shared=1', status: 303 })
    expect(opened).toEqual(['remi-share'])
    expect(stored.get('/shared')!.body).toBe(form)

    // Any other request is left to the network (no caching of the app).
    let answered = false
    for (const request of [
      { url: `${ORIGIN}/api/memories`, method: 'POST' },
      { url: `${ORIGIN}/share`, method: 'GET' },
    ])
      listeners.get('fetch')!({ request, respondWith: () => (answered = true) })
    expect(answered).toBe(false)
  })
})
