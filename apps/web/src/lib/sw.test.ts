/**
 * The service worker (public/sw.js, served as it is) run against a small fake of its world: `self` with
 * its event listeners, `registration.showNotification`/`getNotifications`, `clients` (open tabs) and
 * `fetch`. The file's own code is what runs, so a change to it is what these tests see.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'

const source = readFileSync(join(import.meta.dirname, '../../public/sw.js'), 'utf8')
const ORIGIN = 'https://remi.example'

interface Shown {
  title: string
  options: { body?: string; tag?: string; actions?: { action: string }[]; data?: Record<string, unknown> }
}

function tab(url: string, controlled = true) {
  const t = {
    url,
    messages: [] as unknown[],
    navigated: [] as string[],
    postMessage: (message: unknown) => t.messages.push(message),
    focus: vi.fn(async () => t),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError('not controlled')
      t.navigated.push(to)
      return t
    }),
  }
  return t
}

/** Loads sw.js into a fake worker scope; `dispatch` fires an event and waits for what it waits on. */
function worker(options: { tabs?: ReturnType<typeof tab>[]; fetch?: typeof fetch } = {}) {
  const listeners = new Map<string, (event: unknown) => void>()
  const shown: Shown[] = []
  const opened: string[] = []
  const tabs = options.tabs ?? []
  const fetchFake = vi.fn<typeof fetch>(options.fetch ?? (async () => new Response('{}', { status: 200 })))
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
    skipWaiting: vi.fn(async () => {}),
    registration: {
      showNotification: vi.fn(async (title: string, options: Shown['options']) => {
        shown.push({ title, options })
      }),
    },
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => tabs),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url)
        return null
      }),
    },
  }
  runInNewContext(source, { self, fetch: fetchFake, URL, console })

  async function dispatch(name: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = []
    listeners.get(name)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    await Promise.all(waits)
    return waits.length
  }
  return { self, shown, opened, fetch: fetchFake, dispatch, listeners }
}

const pushData = (payload: unknown) => ({
  json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
  text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
})

const REMINDER = {
  type: 'reminder',
  title: 'Reminder',
  body: 'Renew the car insurance',
  url: '/reminders',
  reminderId: 'r-1',
  actionToken: 'token-1',
}

describe('the service worker', () => {
  it('shows a pushed reminder with Done and Snooze 10 min, tagged by the reminder', async () => {
    const sw = worker()
    expect(await sw.dispatch('push', { data: pushData(REMINDER) })).toBe(1)
    expect(sw.shown).toEqual([
      {
        title: 'Reminder',
        options: expect.objectContaining({
          body: 'Renew the car insurance',
          tag: 'reminder-r-1',
          actions: [
            { action: 'done', title: 'Done' },
            { action: 'snooze', title: 'Snooze 10 min' },
          ],
          data: { url: '/reminders', type: 'reminder', reminderId: 'r-1', actionToken: 'token-1' },
        }),
      },
    ])
  })

  it('shows a briefing without buttons, and an unreadable push as plain text (a push must show something)', async () => {
    const sw = worker()
    await sw.dispatch('push', {
      data: pushData({ type: 'briefing', title: 'Your briefing', body: 'Good morning', url: '/' }),
    })
    await sw.dispatch('push', { data: pushData('not json') })
    await sw.dispatch('push', { data: null })
    expect(sw.shown.map((s) => [s.title, s.options.body, s.options.tag, s.options.actions])).toEqual([
      ['Your briefing', 'Good morning', 'remi-briefing', []],
      ['Remi', 'not json', 'remi-notice', []],
      ['Remi', '', 'remi-notice', []],
    ])
  })

  it('shows the notification an open tab hands over, and nothing for other messages', async () => {
    const sw = worker()
    await sw.dispatch('message', { data: { kind: 'show-notification', payload: REMINDER } })
    expect(await sw.dispatch('message', { data: { kind: 'something-else' } })).toBe(0)
    expect(sw.shown.map((s) => s.options.tag)).toEqual(['reminder-r-1'])
  })

  it('Done on the notification spends the action token without a session, and tells the open tabs', async () => {
    const open = tab(`${ORIGIN}/dashboard`)
    const sw = worker({ tabs: [open] })
    const notification = { data: { ...REMINDER, url: '/reminders' }, close: vi.fn() }
    await sw.dispatch('notificationclick', { action: 'done', notification })
    expect(notification.close).toHaveBeenCalled()
    expect(sw.fetch).toHaveBeenCalledTimes(1)
    const [url, init] = sw.fetch.mock.calls[0]! as unknown as [string, RequestInit]
    expect(url).toBe('/api/reminders/actions')
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' })
    expect(JSON.parse(String(init.body))).toEqual({ token: 'token-1', action: 'done' })
    expect(open.messages).toEqual([{ kind: 'reminders-changed' }])
    // Nothing was opened or focused: the person answered from the notification.
    expect(open.focus).not.toHaveBeenCalled()
    expect(sw.opened).toEqual([])
  })

  it('says so in a notification when Snooze is refused or Remi cannot be reached', async () => {
    const refused = worker({
      fetch: async () =>
        new Response(JSON.stringify({ message: 'token: this link has expired or was already used.' }), {
          status: 400,
        }),
    })
    await refused.dispatch('notificationclick', {
      action: 'snooze',
      notification: { data: REMINDER, close: () => {} },
    })
    expect(JSON.parse(String((refused.fetch.mock.calls[0]![1] as RequestInit).body))).toEqual({
      token: 'token-1',
      action: 'snooze',
    })
    expect(refused.shown).toEqual([
      {
        title: 'Remi',
        options: expect.objectContaining({
          tag: 'remi-action-failed',
          body: 'The reminder was not updated. token: this link has expired or was already used.',
        }),
      },
    ])
    const offline = worker({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) })
    await offline.dispatch('notificationclick', {
      action: 'done',
      notification: { data: REMINDER, close: () => {} },
    })
    expect(offline.shown[0]!.options.body).toBe('The reminder was not updated. Remi could not be reached.')
  })

  it('a click on the notification opens its page: in an open tab of the app, else a new window', async () => {
    const other = tab('https://elsewhere.example/')
    const open = tab(`${ORIGIN}/dashboard`)
    const sw = worker({ tabs: [other, open] })
    await sw.dispatch('notificationclick', { action: '', notification: { data: REMINDER, close: () => {} } })
    expect(open.focus).toHaveBeenCalled()
    expect(open.navigated).toEqual([`${ORIGIN}/reminders`])
    expect(other.focus).not.toHaveBeenCalled()
    expect(sw.fetch).not.toHaveBeenCalled()

    // A tab the worker does not control is focused as it is.
    const uncontrolled = tab(`${ORIGIN}/memories`, false)
    await worker({ tabs: [uncontrolled] }).dispatch('notificationclick', {
      action: '',
      notification: { data: REMINDER, close: () => {} },
    })
    expect(uncontrolled.focus).toHaveBeenCalled()

    // No tab: a new window; a url off this origin goes home instead.
    const none = worker()
    await none.dispatch('notificationclick', {
      action: '',
      notification: { data: { url: 'https://evil.example/phish' }, close: () => {} },
    })
    await none.dispatch('notificationclick', { action: '', notification: { data: null, close: () => {} } })
    expect(none.opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`])
  })
})
