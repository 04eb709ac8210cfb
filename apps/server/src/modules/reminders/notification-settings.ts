/** Settings → Notifications: e-mail and briefing preferences, and the devices that get push notifications. */
import {
  REMINDER_LIMITS,
  type CreatePushSubscriptionBody,
  type NotificationPreferences,
  type PushSubscriptionInfo,
  type UpdateNotificationPreferences,
} from '@remi/shared'
import type { Env } from '../../config/env.ts'
import { badRequest, conflict, notFound } from '../../lib/errors.ts'
import { checkEndpoint, EndpointError, type EmailChannel, type PushChannel } from './channels.ts'
import { isVerified } from './reminder-delivery.ts'
import type { PushSubscriptionRow, RemindersRepo } from './reminders.repo.ts'
import { deviceLabel } from './reminder-words.ts'

const field = (name: string, message: string) => badRequest(`${name}: ${message}`)

export function createNotificationSettings(deps: {
  repo: RemindersRepo
  env: Env
  push: PushChannel
  email: EmailChannel | null
  /** A new briefing time gets its job. */
  briefings: { schedule(userId: string): Promise<void> }
}) {
  const { repo, env, push, email, briefings } = deps

  async function preferences(userId: string): Promise<NotificationPreferences> {
    const prefs = await repo.preferences(userId)
    if (!prefs) throw notFound('User')
    return {
      emailReminders: prefs.emailReminders,
      briefingTime: prefs.briefingTime,
      emailAvailable: email !== null,
      email: prefs.email,
      emailVerified: isVerified(prefs),
    }
  }

  async function setPreferences(
    userId: string,
    body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    if (!(await repo.setPreferences(userId, body))) throw notFound('User')
    if (body.briefingTime) await briefings.schedule(userId)
    return preferences(userId)
  }

  const toSubscription = (row: PushSubscriptionRow): PushSubscriptionInfo => ({
    id: row.id,
    label: row.label,
    endpointHost: new URL(row.endpoint).host,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  })

  async function subscribe(
    userId: string,
    body: CreatePushSubscriptionBody,
    userAgent: string | undefined,
  ): Promise<{ subscription: PushSubscriptionInfo; created: boolean }> {
    try {
      checkEndpoint(body.endpoint, env.allowPrivateNetworkUrls)
    } catch (error) {
      if (error instanceof EndpointError) throw field('endpoint', error.message.replace(/^endpoint /, ''))
      throw error
    }
    if ((await repo.countSubscriptions(userId)) >= REMINDER_LIMITS.pushSubscriptionsPerUser) {
      const mine = (await repo.subscriptionsOf(userId)).some((s) => s.endpoint === body.endpoint)
      if (!mine) {
        throw field(
          'endpoint',
          `at most ${REMINDER_LIMITS.pushSubscriptionsPerUser} devices; remove one first.`,
        )
      }
    }
    const saved = await repo.upsertSubscription({
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label: body.label || deviceLabel(userAgent),
    })
    if (!saved) {
      throw conflict(
        'This device already gets the notifications of another account. Sign in to that account and remove it under Settings → Notifications first.',
      )
    }
    return { subscription: toSubscription(saved.row), created: saved.created }
  }

  return {
    preferences,
    setPreferences,
    subscribe,
    subscriptions: async (userId: string) => (await repo.subscriptionsOf(userId)).map(toSubscription),
    unsubscribe: async (userId: string, id: string) => {
      if (!(await repo.deleteSubscription(userId, id))) throw notFound('Subscription')
    },
    vapidPublicKey: () => push.publicKey,
  }
}
