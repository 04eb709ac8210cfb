/** This browser's side of Web Push: the permission, the service worker's push subscription. */
import type { PushSubscriptionInfo, VapidPublicKey } from '@remi/shared'
import { api } from '../../../lib/api-client'
import {
  applicationServerKey,
  notificationPermission,
  registerServiceWorker,
} from '../../../lib/service-worker'
import { writeStored } from '../../../lib/storage'

/** Why "Notify me on this device" could not finish; `partly` when notifications in open tabs still work. */
export class PushSetupError extends Error {
  readonly partly: boolean
  constructor(message: string, partly = false) {
    super(message)
    this.name = 'PushSetupError'
    this.partly = partly
  }
}

export const pushMessages = {
  unsupported: 'This browser cannot show notifications.',
  blocked:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  noPush: (reason: string) =>
    `Reminders will show as notifications while Remi is open here, but this browser could not sign up for notifications while it is closed (${reason}).`,
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

/**
 * Asks for permission (a click must start it), subscribes the service worker's push manager with the
 * server's VAPID key and registers the subscription as the browser gives it. Throws PushSetupError.
 */
export async function subscribeThisDevice(): Promise<PushSubscriptionInfo> {
  if (notificationPermission() === 'unsupported') throw new PushSetupError(pushMessages.unsupported)
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new PushSetupError(pushMessages.blocked)
  const registration = await registerServiceWorker()
  if (!registration?.pushManager) {
    throw new PushSetupError(pushMessages.noPush('it has no push service'), true)
  }
  const { publicKey } = await api.get<VapidPublicKey>('notifications/vapid-public-key')
  const key = applicationServerKey(publicKey)
  let subscription: PushSubscription
  try {
    const existing = await registration.pushManager.getSubscription()
    // A subscription made with another key (the server's keys changed) cannot be reused.
    if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe()
    subscription =
      existing && sameKey(existing.options.applicationServerKey, key)
        ? existing
        : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  } catch (error) {
    // A DOMException (AbortError, NotAllowedError) is not an Error everywhere: read its message as such.
    const message = (error as { message?: unknown } | null)?.message
    const reason = typeof message === 'string' && message ? message : 'unknown error'
    throw new PushSetupError(pushMessages.noPush(reason), true)
  }
  const info = await api.post<PushSubscriptionInfo>('notifications/subscriptions', subscription.toJSON())
  writeStored('pushSubscriptionId', info.id)
  return info
}
