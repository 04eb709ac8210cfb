/**
 * How one occurrence goes out (see reminders.service.ts for the order and why): the claim, the in-app
 * event, each push subscription and the e-mail, each attempt recorded; and the signed links a
 * notification's Done and Snooze carry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PushPayload, ReminderDelivery, ReminderUpdate } from '@remi/shared'
import type { Env } from '../../config/env.ts'
import { deriveKey } from '../../lib/crypto.ts'
import { badRequest } from '../../lib/errors.ts'
import { wordsFor, type Words } from '../../lib/words/index.ts'
import type { EmailChannel, PushChannel } from './channels.ts'
import type { EventHub, HubEvent } from './event-hub.ts'
import { nextOccurrence } from './recurrence.ts'
import type { DeliveryRow, ReminderRow, RemindersRepo } from './reminders.repo.ts'
import { formatWhen, oneLine } from './reminder-words.ts'

/** A delivery this long after its time is marked late (it fell due while Remi was down). */
export const LATE_AFTER_MS = 60_000
/** How long a sender holds a delivery: the job's own expiry, after which pg-boss retries it anyway. */
export const SENDING_LEASE_MS = 30_000
const ACTION_TOKEN_DAYS = 30

export interface DeliveryDeps {
  repo: RemindersRepo
  env: Env
  hub: EventHub
  push: PushChannel
  email: EmailChannel | null
  now: () => Date
}

/**
 * What goes outside the app: the push payload, and the e-mail's subject, text and kind: a reminder's goes
 * when the person turned reminder e-mails on, the briefing's always, an automation's when it asks
 * ('asked') and never when it does not ('off'). `push: false`: no push either.
 */
export interface OutsideMessage {
  payload: PushPayload
  subject: string
  text: string
  email: 'reminders' | 'briefing' | 'asked' | 'off'
  push?: boolean
}

/** A message, or one written in the words of the person's language once it is known. */
export type Outside = OutsideMessage | ((words: Words) => OutsideMessage)

/** The account's address is the one the person verified (a link opened, or the provider vouched). */
export const isVerified = (prefs: { email: string; verifiedEmail: string | null }) =>
  prefs.verifiedEmail !== null && prefs.verifiedEmail === prefs.email.trim().toLowerCase()

export function createReminderDelivery(deps: DeliveryDeps) {
  const { repo, env, hub, push, email, now } = deps
  const actionKey = deriveKey(env.sessionSecret, 'reminder-actions')
  const expired = () => badRequest('token: this link has expired or was already used.')

  /** Tells the user's open tabs, on every instance. */
  async function publish(event: HubEvent): Promise<void> {
    if (hub.crossInstance) await repo.notify(event)
    else hub.publishLocal(event)
  }

  function actionToken(deliveryId: string): string {
    const expires = Math.floor(now().getTime() / 1000) + ACTION_TOKEN_DAYS * 86_400
    const body = `${deliveryId}.${expires}`
    return `${body}.${createHmac('sha256', actionKey).update(body).digest('base64url')}`
  }

  /** The delivery a Done or Snooze link answers; a 400 for a forged or expired one. */
  function readActionToken(token: string): string {
    const parts = token.split('.')
    if (parts.length !== 3) throw expired()
    const [deliveryId, expires, signature] = parts as [string, string, string]
    const expected = createHmac('sha256', actionKey).update(`${deliveryId}.${expires}`).digest()
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw expired()
    if (Number(expires) * 1000 < now().getTime()) throw expired()
    return deliveryId
  }

  function deliveryEvent(delivery: DeliveryRow, reminder: ReminderRow): HubEvent {
    const data: ReminderDelivery = {
      reminderId: reminder.id,
      text: delivery.body,
      dueAt: reminder.dueAt.toISOString(),
      occurrenceAt: delivery.occurrenceAt.toISOString(),
      late: delivery.late,
      actionToken: actionToken(delivery.id),
    }
    return { userId: delivery.userId, id: delivery.createdAt.toISOString(), event: 'reminder', data }
  }

  /**
   * Delivers the occurrence (or finds it delivered); false when another instance is sending it now.
   * `moved` schedules the reminder's next occurrence once this one is claimed.
   */
  async function deliverReminder(
    reminderId: string,
    at: Date,
    moved: (reminder: ReminderRow) => Promise<void>,
  ): Promise<boolean> {
    const deliveredAt = now()
    const claim = await repo.claim(
      reminderId,
      at,
      (reminder) => {
        const late = deliveredAt.getTime() - at.getTime() > LATE_AFTER_MS
        let next: Date | null = null
        if (reminder.recurrence) {
          // After a snooze or a long outage: the next occurrence after now, the missed ones skipped.
          const after = new Date(Math.max(at.getTime(), deliveredAt.getTime()))
          next = nextOccurrence(reminder.recurrence, reminder.dueAt, reminder.timezone, after)
        }
        return {
          delivery: { occurrenceAt: at, late, title: 'Reminder', body: reminder.text },
          advance: {
            lastSentAt: deliveredAt,
            late,
            snoozedUntil: null,
            // dueAt stays the series' start: each occurrence is counted from it, so a time moved
            // forward by a daylight-saving gap one day is back at its own time the next.
            ...(next ? { nextAt: next } : { status: 'sent' as const, nextAt: null }),
          },
        }
      },
      async (tx, { delivery, reminder }) => {
        await repo.recordAttempt(
          { deliveryId: delivery.id, channel: 'app', target: 'app', outcome: 'sent' },
          tx,
        )
        if (hub.crossInstance) await repo.notify(deliveryEvent(delivery, reminder), tx)
      },
    )
    if (!claim) return true
    const { delivery, reminder, fresh } = claim
    if (fresh) {
      if (!hub.crossInstance) hub.publishLocal(deliveryEvent(delivery, reminder))
      await moved(reminder)
    }
    const token = actionToken(delivery.id)
    return sendOutside(delivery, (words) => {
      const when = formatWhen(delivery.occurrenceAt, reminder.timezone, words)
      return {
        payload: {
          type: 'reminder',
          title: words.t(delivery.late ? 'reminder.titleLate' : 'reminder.title'),
          body: delivery.body,
          url: '/reminders',
          reminderId: reminder.id,
          actionToken: token,
        },
        subject: words.t('reminder.subject', { text: oneLine(delivery.body, 80) }),
        text:
          `${delivery.body}\n\n${words.t(delivery.late ? 'reminder.dueLate' : 'reminder.due', { when })}\n\n` +
          `${words.t('reminder.open', { url: `${env.appUrl}/reminders` })}\n`,
        email: 'reminders',
      }
    })
  }

  /**
   * Push to each of the user's devices, then e-mail; each attempt recorded; the delivery completed.
   * False when another sender holds it (nothing sent here).
   */
  async function sendOutside(delivery: DeliveryRow, outside: Outside): Promise<boolean> {
    // One sender at a time: two jobs for one occurrence on two instances (an edit queues a job again)
    // would both send. The other leaves it; if this one dies, the lease runs out and its job's retry resumes.
    if (!(await repo.takeSending(delivery.id, SENDING_LEASE_MS))) return false
    const done = await repo.sentTargets(delivery.id)
    const subscriptions = await repo.subscriptionsOf(delivery.userId)
    const prefs = await repo.preferences(delivery.userId)
    // In the person's language (Settings → Language) when the message is written for one.
    const message = typeof outside === 'function' ? outside(wordsFor(prefs?.language)) : outside
    // The notification's tag on the device: a repeat after a crash replaces it (see the top).
    const topic = delivery.id.replaceAll('-', '').slice(0, 32)
    for (const subscription of message.push === false ? [] : subscriptions) {
      if (done.has(`push:${subscription.id}`)) continue
      const result = await push.send(subscription, message.payload, topic)
      if (result.outcome === 'sent') await repo.subscriptionSucceeded(subscription.id)
      if (result.outcome === 'gone') await repo.dropSubscription(subscription.id)
      await repo.recordAttempt({
        deliveryId: delivery.id,
        channel: 'push',
        target: subscription.id,
        outcome: result.outcome === 'sent' ? 'sent' : result.outcome === 'gone' ? 'dropped' : 'failed',
        detail:
          result.outcome === 'gone'
            ? `push service answered HTTP ${result.status}; subscription removed`
            : result.outcome === 'failed'
              ? result.detail
              : null,
      })
    }
    const wantsEmail =
      message.email === 'briefing' ||
      message.email === 'asked' ||
      (message.email === 'reminders' && prefs?.emailReminders)
    if (email && prefs && wantsEmail && !done.has(`email:${prefs.email}`)) {
      // Only to an address the person showed they read, and at most EMAILS_PER_HOUR (20) an hour: anyone can
      // make an account with a stranger's address, and 500 reminders every few minutes would go there.
      const perHour = env.smtp?.perHour ?? 20
      const skipped = (detail: string) =>
        repo.recordAttempt({
          deliveryId: delivery.id,
          channel: 'email',
          target: prefs.email,
          outcome: 'skipped',
          detail,
        })
      if (!isVerified(prefs)) await skipped('the address is not verified')
      else {
        const taken = await repo.reserveEmail({
          userId: delivery.userId,
          deliveryId: delivery.id,
          target: prefs.email,
          since: new Date(Date.now() - 3_600_000),
          cap: perHour,
        })
        if (taken === 'over')
          await skipped(
            `${perHour} e-mails were sent in the last hour, the most per person (EMAILS_PER_HOUR)`,
          )
        else if (taken !== 'done') {
          let sent = false
          try {
            await email.send({
              to: prefs.email,
              subject: message.subject,
              text: message.text,
              messageId: `<${delivery.id}@${new URL(env.appUrl).hostname}>`,
            })
            sent = true
          } catch (error) {
            await repo.emailFailed(taken.reserved, (error as Error).message.slice(0, 300))
          }
          if (sent) await repo.emailSent(taken.reserved)
        }
      }
    }
    await repo.complete(delivery.id)
    return true
  }

  /** A reminder answered somewhere (Done, Snooze, deleted): its toast goes from every open tab. */
  const answered = (userId: string, data: ReminderUpdate) =>
    publish({ userId, event: 'reminder-updated', data })

  /**
   * Another feature's notice (an automation's answer), on a delivery it claimed: the in-app event (when
   * given) and its attempt, then the outside channels as for a reminder. False: another sender holds it.
   */
  async function deliverNotice(
    delivery: DeliveryRow,
    notice: { event: HubEvent | null; message: Outside },
  ): Promise<boolean> {
    if (notice.event && !(await repo.sentTargets(delivery.id)).has('app:app')) {
      await publish(notice.event)
      await repo.recordAttempt({ deliveryId: delivery.id, channel: 'app', target: 'app', outcome: 'sent' })
    }
    return sendOutside(delivery, notice.message)
  }

  return {
    publish,
    answered,
    actionToken,
    readActionToken,
    deliveryEvent,
    deliverReminder,
    sendOutside,
    deliverNotice,
  }
}
export type ReminderDeliveryApi = ReturnType<typeof createReminderDelivery>
