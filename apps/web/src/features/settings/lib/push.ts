/** This browser's side of Web Push: the permission, the service worker's push subscription. */
import type { PushSubscriptionInfo, VapidPublicKey } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { i18n } from '../../../lib/i18n'
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

/** The reasons, in the screens' language (asked for when they are shown or thrown). */
export const pushMessages = {
  unsupported: () => i18n.t('settings.notifications.unsupported'),
  blocked: () => i18n.t('settings.notifications.blocked'),
  noPush: (reason: string) => i18n.t('settings.notifications.noPush', { reason }),
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

/**
 * Asks for permission (a click must start it), subscribes the service worker's push manager with the
 * server's VAPID key and registers the subscription as the browser gives it. Throws PushSetupError.
 */
export async function subscribeThisDevice(): Promise<PushSubscriptionInfo> {
  if (notificationPermission() === 'unsupported') throw new PushSetupError(pushMessages.unsupported())
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new PushSetupError(pushMessages.blocked())
  const registration = await registerServiceWorker()
  if (!registration?.pushManager) {
    throw new PushSetupError(pushMessages.noPush(i18n.t('settings.notifications.noPushService')), true)
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
    const reason =
      typeof message === 'string' && message ? message : i18n.t('settings.notifications.unknownError')
    throw new PushSetupError(pushMessages.noPush(reason), true)
  }
  const info = await api.post<PushSubscriptionInfo>('notifications/subscriptions', subscription.toJSON())
  writeStored('pushSubscriptionId', info.id)
  return info
}
