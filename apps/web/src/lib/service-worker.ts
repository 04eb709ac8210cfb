/**
 * The app's service worker (public/sw.js): it shows system notifications, for a reminder that reaches an
 * open tab and for a Web Push that reaches a closed app, and runs their Done / Snooze actions.
 */

/** What a notification carries: the Web Push payload's shape, which sw.js shows as it is. */
export interface NotificationPayload {
  type: string
  title: string
  body: string
  url: string
  reminderId?: string
  actionToken?: string
}

/**
 * Registers /sw.js (again: the browser answers with the registration it has) and resolves when it is
 * active; null where there is none.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return Promise.resolve(null)
  return navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .catch(() => null)
}

/** Drops this browser's push subscription (after the server forgot it). */
export async function unsubscribeThisDevice(): Promise<void> {
  const registration = await registerServiceWorker()
  const subscription = await registration?.pushManager?.getSubscription()
  await subscription?.unsubscribe().catch(() => false)
}

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
}

/** 'granted', 'denied', 'default', or 'unsupported' where the browser has no notifications at all. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/**
 * Shows a system notification where the person allowed them. The service worker shows it (the same code
 * that shows a push), so its Done and Snooze buttons work as a push's do; without one, a plain
 * notification. Never throws: a notification that cannot be shown leaves the toast to do the job.
 */
export async function showSystemNotification(payload: NotificationPayload): Promise<boolean> {
  if (notificationPermission() !== 'granted') return false
  try {
    const worker = (await registerServiceWorker())?.active
    if (worker) {
      worker.postMessage({ kind: 'show-notification', payload })
      return true
    }
    new Notification(payload.title, { body: payload.body, tag: notificationTag(payload) })
    return true
  } catch {
    return false
  }
}

/** Closes the system notifications with this tag (a reminder answered elsewhere). Never throws. */
export async function closeSystemNotification(tag: string): Promise<void> {
  if (!serviceWorkerSupported()) return
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    for (const notification of (await registration?.getNotifications({ tag })) ?? []) notification.close()
  } catch {
    // Nothing shown, or no worker: nothing to close.
  }
}

/** One notification per reminder: every open tab shows the same one, and a push replaces it too. */
export function notificationTag(payload: Pick<NotificationPayload, 'reminderId' | 'type'>): string {
  return payload.reminderId ? `reminder-${payload.reminderId}` : `remi-${payload.type}`
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i)
  return bytes
}
