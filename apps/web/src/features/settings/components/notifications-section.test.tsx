import { screen, waitFor, within } from '@testing-library/react'
import type { NotificationPreferences, PushSubscriptionInfo } from '@remi/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useSettingsForm } from '../lib/settings-form'
import { NotificationsSection } from './notifications-section'

/** The section as the page holds it: its switches and time are fields of the page's one form. */
function Section() {
  const form = useSettingsForm()
  return <NotificationsSection email="ada@example.com" form={form} />
}

const PHONE: PushSubscriptionInfo = {
  id: '9c4f5d2b-3a7e-4f4b-8d8a-6e5c1b0a9f8d',
  label: 'Chrome on Android',
  endpointHost: 'fcm.googleapis.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: '2026-11-25T09:00:00.000Z',
}
// The VAPID public key is 65 bytes (an uncompressed P-256 point), base64url.
const PUBLIC_KEY = 'BA' + 'A'.repeat(85)
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
}

function setup(preferences: Partial<NotificationPreferences> = {}, devices = [PHONE]) {
  let list = devices
  let stored: NotificationPreferences = {
    emailReminders: false,
    briefingTime: null,
    emailAvailable: true,
    email: 'ada@example.com',
    emailVerified: true,
    ...preferences,
  }
  const writes: { method: string; path: string; body?: unknown }[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    http.get('/api/notifications/subscriptions', () => HttpResponse.json({ subscriptions: list })),
    http.get('/api/notifications/vapid-public-key', () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
    http.post('/api/notifications/subscriptions', async ({ request }) => {
      const body = await request.json()
      writes.push({ method: 'POST', path: '/api/notifications/subscriptions', body })
      const laptop = { ...PHONE, id: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a', label: 'Firefox on Linux' }
      list = [...list, laptop]
      return HttpResponse.json(laptop, { status: 201 })
    }),
    http.delete('/api/notifications/subscriptions/:id', ({ params }) => {
      writes.push({ method: 'DELETE', path: `/api/notifications/subscriptions/${params.id}` })
      list = list.filter((d) => d.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.get('/api/auth/user/settings/notifications', () => HttpResponse.json(stored)),
    http.put('/api/auth/user/settings/notifications', async ({ request }) => {
      const body = (await request.json()) as Partial<NotificationPreferences>
      writes.push({ method: 'PUT', path: '/api/auth/user/settings/notifications', body })
      stored = { ...stored, ...body }
      return HttpResponse.json(stored)
    }),
    http.post('/api/auth/user/email-verification', () => {
      writes.push({ method: 'POST', path: '/api/auth/user/email-verification' })
      return HttpResponse.json({ sentTo: 'ada@example.com' }, { status: 202 })
    }),
  )
  return { ...renderWithProviders(<Section />), writes }
}

/** A browser with notifications and a service worker whose push manager subscribes (or fails to). */
function stubBrowser(permission: NotificationPermission, subscribe?: () => Promise<unknown>) {
  const stub = Object.assign(function Notification() {}, {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => (stub.permission = permission)),
  })
  const { requestPermission } = stub
  vi.stubGlobal('Notification', stub)
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(
      subscribe ?? (async () => ({ options: {}, toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn() })),
    ),
  }
  const registration = { pushManager, active: null }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  })
  return { requestPermission, pushManager }
}

describe('Settings → Notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('lists the devices that get notifications, and removes one', async () => {
    const { user, writes } = setup()
    const devices = await screen.findByRole('list', { name: 'Devices that get notifications' })
    expect(devices).toHaveTextContent('Chrome on Android')
    expect(devices).toHaveTextContent('fcm.googleapis.com · Added 11/20/2026 · Last notified 11/25/2026')
    await user.click(within(devices).getByRole('button', { name: 'Remove Chrome on Android' }))
    expect(await screen.findByText('No devices yet.')).toBeInTheDocument()
    expect(writes).toEqual([{ method: 'DELETE', path: `/api/notifications/subscriptions/${PHONE.id}` }])
  })

  it('says so where the browser has no notifications', async () => {
    setup()
    expect(await screen.findByText('This browser cannot show notifications.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Notify me on this device' })).not.toBeInTheDocument()
  })

  it('Notify me on this device: asks permission, subscribes with the VAPID key, sends the subscription as it is', async () => {
    const { pushManager, requestPermission } = stubBrowser('granted')
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'Notify me on this device' }))
    expect(await screen.findByText('Notifications are on for Firefox on Linux')).toBeInTheDocument()
    expect(requestPermission).toHaveBeenCalledOnce()
    const options = (pushManager.subscribe.mock.calls as unknown[][])[0]![0] as PushSubscriptionOptionsInit
    expect(options.userVisibleOnly).toBe(true)
    expect((options.applicationServerKey as Uint8Array).byteLength).toBe(65)
    expect(writes).toEqual([
      { method: 'POST', path: '/api/notifications/subscriptions', body: SUBSCRIPTION_JSON },
    ])
    const devices = await screen.findByRole('list', { name: 'Devices that get notifications' })
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(2))
    expect(within(devices).getAllByRole('listitem')[1]).toHaveTextContent('Firefox on Linux This device')
  })

  it('says notifications are blocked when the permission is refused, and subscribes nothing', async () => {
    const { pushManager } = stubBrowser('denied')
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'Notify me on this device' }))
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument()
    expect(pushManager.subscribe).not.toHaveBeenCalled()
    expect(writes).toEqual([])
  })

  it('says what works when the push service cannot be reached', async () => {
    stubBrowser('granted', async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError')
    })
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'Notify me on this device' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reminders will show as notifications while Remi is open here, but this browser could not sign up for notifications while it is closed (Registration failed - push service error).',
    )
    expect(writes).toEqual([])
  })

  it('shows e-mail reminders on and the briefing time as stored, sending nothing by itself', async () => {
    const { user, writes } = setup({ emailReminders: true, briefingTime: '06:15' })
    const email = await screen.findByRole('checkbox', { name: 'E-mail me my reminders' })
    expect(email).toBeChecked()
    expect(screen.getByText('Each reminder is also sent to ada@example.com.')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Bring me my daily briefing' })).toBeChecked()
    expect(screen.getByLabelText(/^Send my briefing at/)).toHaveValue('06:15')
    await user.click(email)
    expect(email).not.toBeChecked()
    // Saved with the page's "Save Settings" (settings-page.test.tsx); no save button of its own.
    expect(writes).toEqual([])
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument()
  })

  it('says an unverified address gets no e-mail, and sends a verification link', async () => {
    const { user, writes } = setup({ emailVerified: false })
    await screen.findByRole('checkbox', { name: 'E-mail me my reminders' })
    expect(
      screen.getByText(
        'Reminders and briefings are e-mailed to ada@example.com only once you open a link sent there, so that nobody can have e-mails sent to someone else.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Not verified')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send verification link' }))
    expect(
      await screen.findByText(
        'A verification link was sent to ada@example.com. It works once, for 24 hours.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Link sent' })).toBeDisabled()
    expect(writes).toEqual([{ method: 'POST', path: '/api/auth/user/email-verification' }])
  })

  it('disables e-mail reminders when the server cannot send e-mail', async () => {
    setup({ emailAvailable: false })
    expect(await screen.findByRole('checkbox', { name: 'E-mail me my reminders' })).toBeDisabled()
    expect(
      screen.getByText('This server cannot send e-mail yet. Ask whoever runs Remi to set up e-mail.'),
    ).toBeInTheDocument()
  })
})
