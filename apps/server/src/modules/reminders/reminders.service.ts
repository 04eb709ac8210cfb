/**
 * Reminders (issue 31): what a user keeps, and how each due occurrence goes out.
 *
 * Scheduling runs on the durable job queue (jobs/queue.ts, pg-boss, every instance a worker). Each
 * scheduled reminder has a `reminder-due` job {reminderId, at} set to start at its time; a job whose
 * `at` no longer matches the reminder's next_at (edited, snoozed, done) is stale and does nothing.
 *
 * Once per occurrence, in this order:
 *  1. claim: one transaction locks the reminder, inserts the occurrence's delivery row (unique per
 *     reminder and time, so a second instance or a retried job finds it taken), records the in-app
 *     attempt, publishes the in-app event (PostgreSQL: NOTIFY, sent only on commit) and moves the
 *     reminder on (a one-off to sent, a recurring one to its next occurrence, whose job is sent next).
 *  2. the outside channels, each push subscription and the e-mail, one by one; each attempt's outcome
 *     is recorded as soon as it is known, and a target already recorded as sent is skipped.
 *  3. the delivery is marked complete, and the job with it.
 * A kill -9 before 1 commits loses nothing (the job is retried once it expires, or the start-up sweep
 * finds the overdue reminder). A kill -9 during 2 leaves the job unfinished: pg-boss retries it, the
 * claim finds the unfinished delivery and resumes it, skipping targets recorded as sent. So a crash in
 * the instant between a push service (or SMTP server) accepting a message and the row saying so sends
 * that one message again. That way round on purpose: recording before sending would, on the same crash,
 * lose the reminder instead, and a reminder that never comes is the failure this feature exists to
 * prevent. The repeat carries the same notification tag and e-mail Message-ID, so the phone replaces
 * the notification and mail clients see one message.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  REMINDER_LIMITS,
  knownTimeZone,
  type BriefingDelivery,
  type CreatePushSubscriptionBody,
  type CreateReminderBody,
  type ListRemindersQuery,
  type NotificationPreferences,
  type PatchReminderBody,
  type PushPayload,
  type PushSubscriptionInfo,
  type Reminder,
  type ReminderAction,
  type ReminderDelivery,
  type ReminderUpdate,
  type UpdateNotificationPreferences,
  clip,
} from '@remi/shared'
import { sql } from 'drizzle-orm'
import type { Env } from '../../config/env.ts'
import type { Db } from '../../db/client.ts'
import type { JobKind, JobLogger, JobQueue } from '../../jobs/queue.ts'
import { deriveKey } from '../../lib/crypto.ts'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts'
import { ErrorCode } from '@remi/shared'
import type { EmailChannel, PushChannel } from './channels.ts'
import { checkEndpoint, EndpointError } from './channels.ts'
import { NOTIFY_CHANNEL, type EventHub, type HubEvent } from './event-hub.ts'
import {
  checkRecurrence,
  fromWall,
  nextOccurrence,
  RecurrenceError,
  sameWallTime,
  toWall,
} from './recurrence.ts'
import type { DeliveryRow, PushSubscriptionRow, ReminderRow, RemindersRepo } from './reminders.repo.ts'
import { createRemindersRepo } from './reminders.repo.ts'

/** A delivery this long after its time is marked late (it fell due while Remi was down). */
export const LATE_AFTER_MS = 60_000
const ACTION_TOKEN_DAYS = 30
const YEAR_MS = 365.25 * 24 * 3600_000

export interface RemindersDeps {
  repo: RemindersRepo
  env: Env
  jobs: JobQueue
  hub: EventHub
  push: PushChannel
  email: EmailChannel | null
  logger: JobLogger
  /** The daily briefing's text for a user (the dashboard's). */
  briefing?: (userId: string) => Promise<{ date: string; content: string }>
  /** Test hook: the clock. */
  now?: () => Date
  /** How often the due jobs are looked for (seconds; default 1). */
  pollingIntervalSeconds?: number
}

type DueJob = { reminderId: string; at: string }
type BriefingJob = { userId: string; date: string; at?: string }

export function toReminder(row: ReminderRow): Reminder {
  return {
    id: row.id,
    text: row.text,
    dueAt: row.dueAt.toISOString(),
    timezone: row.timezone,
    recurrence: row.recurrence,
    memoryId: row.memoryId,
    status: row.status,
    snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    late: row.late,
    nextAt: row.nextAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const field = (name: string, message: string) => badRequest(`${name}: ${message}`)

export function createRemindersService(deps: RemindersDeps) {
  const { repo, env, hub, push, email } = deps
  const now = deps.now ?? (() => new Date())
  const actionKey = deriveKey(env.sessionSecret, 'reminder-actions')

  // Jobs ---------------------------------------------------------------------------------------

  /** How long a sender holds a delivery: the job's own expiry, after which pg-boss retries it anyway. */
  const SENDING_LEASE_MS = 30_000
  const dueJobs: JobKind<DueJob> = deps.jobs.define<DueJob>('reminder-due', {
    // One at a time (so a kill -9 can repeat at most one message, see the top), but a backlog (many
    // reminders due in the same second) is fetched again at once, not one batch a poll.
    batchSize: 10,
    burstWhenBatchFull: true,
    retryLimit: 20,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 300,
    // A crashed instance's deliveries are retried by another once this passes (SENDING_LEASE_MS).
    expireInSeconds: SENDING_LEASE_MS / 1000,
    pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1,
    async work(jobs) {
      let busy = 0
      for (const job of jobs) {
        const early = Date.parse(job.data.at) - Date.now()
        if (early > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(early, 2000)))
        if (!(await deliverReminder(job.data.reminderId, new Date(job.data.at)))) busy += 1
      }
      // Being sent by another instance: tried again later, when it is complete (nothing to do) or its
      // sender's lease has run out (a crash: this resumes it). The batch's others are done already.
      if (busy) throw new Error(`${busy} reminder deliveries are being sent by another instance`)
    },
  })
  const sweepJobs = deps.jobs.define<{ n?: number }>('reminder-sweep', {
    policy: 'stately',
    retryLimit: 3,
    expireInSeconds: 120,
    async work() {
      await sweep()
      await sweepJobs.send({}, { startAfterSeconds: 60 })
    },
  })
  const briefingJobs: JobKind<BriefingJob> = deps.jobs.define<BriefingJob>('briefing-delivery', {
    // Many people pick the same hour (07:00): a backlog drains batch after batch, not one briefing a poll.
    // Each is claimed once (claimBriefing), so a batch retried after a failure repeats none; five, so
    // a batch of briefings each written by a slow model stays well inside expireInSeconds.
    batchSize: 5,
    burstWhenBatchFull: true,
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 300,
    pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1,
    async work(jobs) {
      for (const job of jobs) await deliverBriefing(job.data.userId, job.data.date, job.data.at)
    },
  })

  async function schedule(row: { id: string; nextAt: Date | null; status: string }): Promise<void> {
    if (row.status !== 'scheduled' || !row.nextAt) return
    // The queue starts jobs to the whole second: the second before, and the job waits out the rest.
    const seconds = Math.max(0, Math.floor((row.nextAt.getTime() - Date.now()) / 1000))
    await dueJobs.send({ reminderId: row.id, at: row.nextAt.toISOString() }, { startAfterSeconds: seconds })
  }

  /** Reminders whose time passed without their job running (lost in a crash, or Remi was down): sent now. */
  async function sweep(): Promise<number> {
    const overdue = await repo.overdue(new Date(now().getTime() - 5_000))
    for (const row of overdue) {
      await dueJobs.send({ reminderId: row.id, at: row.nextAt.toISOString() })
    }
    return overdue.length
  }

  // Validation -----------------------------------------------------------------------------------

  function checkDue(dueAt: Date, name = 'dueAt') {
    const t = now().getTime()
    if (dueAt.getTime() < t - 60_000) throw field(name, 'must be in the future.')
    if (dueAt.getTime() > t + REMINDER_LIMITS.dueWithinYears * YEAR_MS) {
      throw field(name, `must be within ${REMINDER_LIMITS.dueWithinYears} years.`)
    }
  }

  function checkRule(recurrence: string, dueAt: Date, zone: string) {
    try {
      checkRecurrence(recurrence, dueAt, zone)
    } catch (error) {
      if (error instanceof RecurrenceError) throw field('recurrence', error.message)
      throw error
    }
  }

  async function userZone(userId: string): Promise<string> {
    const prefs = await repo.preferences(userId)
    if (!prefs) throw notFound('User')
    return knownTimeZone(prefs.timezone)
  }

  // CRUD ---------------------------------------------------------------------------------------

  /**
   * The reminder, unless it is another's or (`hidePrivate`: an MCP client, an access token) a private
   * memory's, whose text is the memory's: both are "not found".
   */
  async function mustSee(userId: string, id: string, reader: { hidePrivate?: boolean }, r = repo) {
    const row = await r.get(userId, id)
    if (!row) throw notFound('Reminder')
    // The reminder's own flag: a deleted (and restored) memory's link is gone, its text is not.
    if (reader.hidePrivate && row.private) throw notFound('Reminder')
    return row
  }

  /** The account's address is the one the person verified (a link opened, or the provider vouched). */
  const isVerified = (prefs: { email: string; verifiedEmail: string | null }) =>
    prefs.verifiedEmail !== null && prefs.verifiedEmail === prefs.email.trim().toLowerCase()

  async function create(
    userId: string,
    body: CreateReminderBody,
    reader: { hidePrivate?: boolean } = {},
  ): Promise<Reminder> {
    // To the second, as rrule counts.
    const dueAt = new Date(Math.floor(Date.parse(body.dueAt) / 1000) * 1000)
    checkDue(dueAt)
    let zone: string
    if (body.timezone !== undefined) {
      zone = knownTimeZone(body.timezone, '')
      if (!zone) throw field('timezone', `'${body.timezone}' is not a time zone this server knows.`)
    } else zone = await userZone(userId)
    const recurrence = body.recurrence ?? null
    if (recurrence) checkRule(recurrence, dueAt, zone)
    if (body.memoryId && !(await repo.memoryBelongs(userId, body.memoryId))) throw notFound('Memory')
    if (body.memoryId && reader.hidePrivate && (await repo.memoryIsPrivate(userId, body.memoryId)))
      throw notFound('Memory')
    const row = await repo.insertWithin(REMINDER_LIMITS.scheduledPerUser, {
      userId,
      text: body.text,
      dueAt,
      timezone: zone,
      recurrence,
      memoryId: body.memoryId ?? null,
      status: 'scheduled',
      nextAt: dueAt,
    })
    if (!row) {
      throw new AppError(
        400,
        ErrorCode.ValidationFailed,
        `reminders: you already have ${REMINDER_LIMITS.scheduledPerUser} scheduled reminders, the most one person may keep; mark some done or cancel them first.`,
      )
    }
    await schedule(row)
    return toReminder(row)
  }

  /** `hidePrivate`: for a model or an MCP client, without the reminders of private memories. */
  async function list(
    userId: string,
    q: ListRemindersQuery & { limit: number; hidePrivate?: boolean },
  ): Promise<Reminder[]> {
    const rows = await repo.list(userId, {
      hidePrivate: q.hidePrivate,
      status: q.status,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      memoryId: q.memoryId,
      limit: q.limit,
    })
    return rows.map(toReminder)
  }

  /**
   * Done on a repeating reminder finishes one occurrence, never the series (Cancel ends that): the
   * snoozed one (the series goes on after now), the one a delivery sent (`answered`: nothing to move,
   * it moved on when it went out), else the one coming next (skipped: the one after it is next). Null
   * when the rule has no occurrence left: then it is done.
   */
  function afterDone(row: ReminderRow, answered?: Date): Date | null {
    const next = row.nextAt ?? row.dueAt
    if (row.snoozedUntil) return nextOccurrence(row.recurrence!, row.dueAt, row.timezone, now())
    if (answered && next.getTime() > answered.getTime()) return next
    const after = new Date(Math.max(next.getTime(), now().getTime()))
    return nextOccurrence(row.recurrence!, row.dueAt, row.timezone, after)
  }

  /** `answered`: the occurrence a delivery's Done or Snooze answers (the toast, a notification, an e-mail). */
  async function patch(
    userId: string,
    id: string,
    body: PatchReminderBody,
    answered?: Date,
    reader: { hidePrivate?: boolean } = {},
  ): Promise<Reminder> {
    return changed(userId, body, await change(repo, userId, id, body, answered, reader))
  }

  /** A patch's change, stored through `r`: the service's repo, or one in an action token's transaction. */
  async function change(
    r: RemindersRepo,
    userId: string,
    id: string,
    body: PatchReminderBody,
    answered?: Date,
    reader: { hidePrivate?: boolean } = {},
  ): Promise<ReminderRow> {
    const row = await mustSee(userId, id, reader, r)
    const fields: Parameters<RemindersRepo['update']>[2] = {}
    if (body.text !== undefined) fields.text = body.text
    // A new rule without a new time starts at the time the person sees (the next one: the form shows
    // nextAt), not at the series' first time, which may be weeks ago ("Does not repeat" fired at once, late).
    const shown = row.status === 'scheduled' && row.nextAt ? row.nextAt : row.dueAt
    const dueAt =
      body.dueAt !== undefined
        ? new Date(Math.floor(Date.parse(body.dueAt) / 1000) * 1000)
        : body.recurrence !== undefined
          ? shown
          : row.dueAt
    if (body.dueAt !== undefined || (body.recurrence === null && row.recurrence)) checkDue(dueAt)
    const recurrence = body.recurrence !== undefined ? body.recurrence : row.recurrence
    if (body.recurrence !== undefined) fields.recurrence = recurrence
    if (recurrence && (body.recurrence !== undefined || body.dueAt !== undefined)) {
      checkRule(recurrence, dueAt, row.timezone)
    }
    const retimed = body.dueAt !== undefined || body.recurrence !== undefined
    const next =
      body.status === 'done' && row.recurrence && row.status === 'scheduled' && !retimed
        ? afterDone(row, answered)
        : null
    if (next) {
      Object.assign(fields, { status: 'scheduled', snoozedUntil: null, nextAt: next })
    } else if (body.status) {
      fields.status = body.status
      fields.nextAt = null
      fields.snoozedUntil = null
    } else if (body.snooze) {
      const until = new Date(now().getTime() + body.snooze.minutes * 60_000)
      Object.assign(fields, { status: 'scheduled', snoozedUntil: until, nextAt: until })
    } else if (retimed) {
      // A new time: (again) scheduled, at it; a snooze is forgotten.
      let next: Date | null = dueAt
      if (dueAt.getTime() <= now().getTime() && recurrence) {
        next = nextOccurrence(recurrence, dueAt, row.timezone, now())
      }
      Object.assign(fields, {
        dueAt,
        status: 'scheduled',
        snoozedUntil: null,
        nextAt: next ?? dueAt,
      })
    }
    if (fields.status === 'scheduled' && row.status !== 'scheduled') {
      if ((await r.countScheduled(userId)) >= REMINDER_LIMITS.scheduledPerUser) {
        throw field('status', `you already have ${REMINDER_LIMITS.scheduledPerUser} scheduled reminders.`)
      }
    }
    const updated = await r.update(userId, id, fields)
    if (!updated) throw notFound('Reminder')
    return updated
  }

  /** Once a change is stored: its job, and the person's open tabs told (after the commit). */
  async function changed(userId: string, body: PatchReminderBody, updated: ReminderRow): Promise<Reminder> {
    const id = updated.id
    await schedule(updated)
    if (body.status) await publish(userId, { reminderId: id, change: body.status })
    else if (body.snooze) await publish(userId, { reminderId: id, change: 'snoozed' })
    return toReminder(updated)
  }

  async function remove(userId: string, id: string, reader: { hidePrivate?: boolean } = {}): Promise<void> {
    if (reader.hidePrivate) await mustSee(userId, id, reader)
    if (!(await repo.delete(userId, id))) throw notFound('Reminder')
    await publish(userId, { reminderId: id, change: 'deleted' })
  }

  /** Tells the user's open tabs (every instance's) that a reminder was answered: its toast goes. */
  async function publish(userId: string, data: ReminderUpdate): Promise<void> {
    const event: HubEvent = { userId, event: 'reminder-updated', data }
    if (hub.crossInstance) {
      await repo.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(event)})`)
    } else hub.publishLocal(event)
  }

  /** The user moved to another zone: future reminders keep their local time (09:00 stays 09:00). */
  async function timezoneChanged(userId: string, zone: string): Promise<void> {
    const target = knownTimeZone(zone)
    for (const row of await repo.scheduledOf(userId)) {
      if (row.timezone === target) continue
      const dueAt = sameWallTime(row.dueAt, row.timezone, target)
      const next = row.recurrence
        ? nextOccurrence(row.recurrence, dueAt, target, new Date(now().getTime() - 1))
        : dueAt
      const nextAt = row.snoozedUntil ?? next ?? dueAt
      const updated = await repo.update(userId, row.id, { dueAt, timezone: target, nextAt })
      if (updated) await schedule(updated)
    }
    // The briefing keeps its local time too: its job in the old zone is stale now.
    await scheduleBriefing(userId)
  }

  // Delivery -----------------------------------------------------------------------------------

  function actionToken(deliveryId: string): string {
    const expires = Math.floor(now().getTime() / 1000) + ACTION_TOKEN_DAYS * 86_400
    const body = `${deliveryId}.${expires}`
    return `${body}.${createHmac('sha256', actionKey).update(body).digest('base64url')}`
  }

  function readActionToken(token: string): string {
    const bad = field('token', 'this link has expired or was already used.')
    const parts = token.split('.')
    if (parts.length !== 3) throw bad
    const [deliveryId, expires, signature] = parts as [string, string, string]
    const expected = createHmac('sha256', actionKey).update(`${deliveryId}.${expires}`).digest()
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad
    if (Number(expires) * 1000 < now().getTime()) throw bad
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

  /** Delivers the occurrence (or finds it delivered); false when another instance is sending it now. */
  async function deliverReminder(reminderId: string, at: Date): Promise<boolean> {
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
        await repo.recordAttempt(tx, {
          deliveryId: delivery.id,
          channel: 'app',
          target: 'app',
          outcome: 'sent',
        })
        if (hub.crossInstance) {
          const event = deliveryEvent(delivery, reminder)
          await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(event)})`)
        }
      },
    )
    if (!claim) return true
    const { delivery, reminder, fresh } = claim
    if (fresh) {
      if (!hub.crossInstance) hub.publishLocal(deliveryEvent(delivery, reminder))
      await schedule(reminder)
    }
    const token = actionToken(delivery.id)
    const when = formatWhen(delivery.occurrenceAt, reminder.timezone)
    return sendOutside(delivery, {
      payload: {
        type: 'reminder',
        title: delivery.late ? 'Reminder (late)' : 'Reminder',
        body: delivery.body,
        url: '/reminders',
        reminderId: reminder.id,
        actionToken: token,
      },
      subject: `Reminder: ${oneLine(delivery.body, 80)}`,
      text:
        `${delivery.body}\n\nDue ${when}${delivery.late ? ' (sent late: Remi was not running then)' : ''}.\n\n` +
        `Open your reminders: ${env.appUrl}/reminders\n`,
      email: 'reminders',
    })
  }

  /**
   * Push to each of the user's devices, then e-mail; each attempt recorded; the delivery completed.
   * False when another sender holds it (nothing sent here).
   */
  async function sendOutside(
    delivery: DeliveryRow,
    message: { payload: PushPayload; subject: string; text: string; email: 'reminders' | 'briefing' },
  ): Promise<boolean> {
    // One sender at a time: two jobs for one occurrence on two instances (an edit queues a job again)
    // would both send. The other leaves it; if this one dies, the lease runs out and its job's retry resumes.
    if (!(await repo.takeSending(delivery.id, SENDING_LEASE_MS))) return false
    const done = await repo.sentTargets(delivery.id)
    const subscriptions = await repo.subscriptionsOf(delivery.userId)
    // The notification's tag on the device: a repeat after a crash replaces it (see the top).
    const topic = delivery.id.replaceAll('-', '').slice(0, 32)
    for (const subscription of subscriptions) {
      if (done.has(`push:${subscription.id}`)) continue
      const result = await push.send(subscription, message.payload, topic)
      if (result.outcome === 'sent') await repo.subscriptionSucceeded(subscription.id)
      if (result.outcome === 'gone') await repo.dropSubscription(subscription.id)
      await repo.recordAttempt(repo.db, {
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
    const prefs = await repo.preferences(delivery.userId)
    const wantsEmail = message.email === 'briefing' || prefs?.emailReminders
    if (email && prefs && wantsEmail && !done.has(`email:${prefs.email}`)) {
      // Only to an address the person showed they read, and at most EMAILS_PER_HOUR (20) an hour: anyone can
      // make an account with a stranger's address, and 500 reminders every few minutes would go there.
      const perHour = env.smtp?.perHour ?? 20
      const skipped = (detail: string) =>
        repo.recordAttempt(repo.db, {
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

  // The daily briefing ---------------------------------------------------------------------------
  //
  // One job per briefing time: {userId, date, at}. A job whose `at` is no longer the user's briefing
  // time for that day (the time or the zone changed; the briefing was switched off) is stale and does
  // nothing; the change scheduled its own. Each local day's briefing is claimed once (a delivery row
  // unique per user and day), and the run that claims it schedules the next day's: a duplicate job (a
  // restart schedules one for everybody) finds the day taken and ends there.

  /** The instant of the user's briefing time on a local day (a time the zone skips moves forward). */
  function briefingAt(time: string, date: string, zone: string): Date {
    const [h, m] = time.split(':').map(Number) as [number, number]
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
    return fromWall(new Date(Date.UTC(y, mo - 1, d, h, m)), zone)
  }

  /** The first time the user's briefing time comes after `after`, with its local day. */
  function nextBriefing(time: string, zone: string, after: Date): { at: Date; date: string } {
    const wallNow = toWall(after, zone)
    for (let days = 0; days < 3; days++) {
      const date = new Date(
        Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate() + days),
      )
        .toISOString()
        .slice(0, 10)
      const at = briefingAt(time, date, zone)
      if (at.getTime() > after.getTime()) return { at, date }
    }
    throw new Error('unreachable: a briefing time always comes within three days')
  }

  async function scheduleBriefing(userId: string, after = now()): Promise<void> {
    const prefs = await repo.preferences(userId)
    if (!prefs?.briefingTime) return
    const { at, date } = nextBriefing(prefs.briefingTime, knownTimeZone(prefs.timezone), after)
    const seconds = Math.max(0, Math.ceil((at.getTime() - now().getTime()) / 1000))
    await briefingJobs.send({ userId, date, at: at.toISOString() }, { startAfterSeconds: seconds })
  }

  async function deliverBriefing(userId: string, date: string, jobAt?: string): Promise<void> {
    const prefs = await repo.preferences(userId)
    if (!prefs?.briefingTime || !deps.briefing) return
    const at = briefingAt(prefs.briefingTime, date, knownTimeZone(prefs.timezone))
    if (jobAt !== undefined) {
      if (Date.parse(jobAt) !== at.getTime()) return
    } else if (at.getTime() - now().getTime() > 12 * 3600_000) {
      // A job from before jobs carried their time: one for a time since moved well ahead is stale.
      return
    }
    const briefing = await deps.briefing(userId)
    const body = oneLine(briefing.content.replace(/[#*_`>]/g, ''), 300)
    const claim = await repo.claimBriefing(userId, date, {
      occurrenceAt: at,
      late: now().getTime() - at.getTime() > LATE_AFTER_MS,
      title: 'Your briefing',
      body,
    })
    // The day's briefing went out earlier at another time (the time was changed after it): this job
    // still carries the chain on to tomorrow. A duplicate of the same time stops here.
    if (!claim.fresh) {
      if (claim.delivery.occurrenceAt.getTime() !== at.getTime()) await scheduleBriefing(userId, at)
      return
    }
    const delivery = claim.delivery
    await scheduleBriefing(userId, new Date(Math.max(at.getTime(), now().getTime())))
    const data: BriefingDelivery = { date, title: delivery.title, body, url: '/' }
    const event: HubEvent = { userId, id: delivery.createdAt.toISOString(), event: 'briefing', data }
    if (hub.crossInstance)
      await repo.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(event)})`)
    else hub.publishLocal(event)
    await repo.recordAttempt(repo.db, {
      deliveryId: delivery.id,
      channel: 'app',
      target: 'app',
      outcome: 'sent',
    })
    await sendOutside(delivery, {
      payload: { type: 'briefing', title: delivery.title, body, url: '/' },
      subject: `Your briefing for ${date}`,
      text: `${briefing.content}\n\n${env.appUrl}/\n`,
      email: 'briefing',
    })
  }

  // Actions, preferences, subscriptions ------------------------------------------------------------

  async function act(token: string, action: ReminderAction): Promise<Reminder> {
    const deliveryId = readActionToken(token)
    const body: PatchReminderBody =
      action === 'done' ? { status: 'done' } : { snooze: { minutes: REMINDER_LIMITS.actionSnoozeMinutes } }
    // The link is spent in the transaction that makes the change, so only by a change made: one refused
    // (a snooze past the most scheduled reminders) leaves it usable. Its row stays locked until then, so
    // two presses at once make one change.
    const { userId, updated } = await repo.db.transaction(async (tx) => {
      const inTx = createRemindersRepo(tx as unknown as Db)
      const delivery = await inTx.useAction(deliveryId)
      if (!delivery?.reminderId) throw field('token', 'this link has expired or was already used.')
      const updated = await change(
        inTx,
        delivery.userId,
        delivery.reminderId,
        body,
        delivery.occurrenceAt,
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) {
          throw field('token', 'this reminder no longer exists.')
        }
        throw error
      })
      return { userId: delivery.userId, updated }
    })
    return changed(userId, body, updated)
  }

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
    if (body.briefingTime) await scheduleBriefing(userId)
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
    create,
    list,
    get: async (userId: string, id: string, reader: { hidePrivate?: boolean } = {}) =>
      toReminder(await mustSee(userId, id, reader)),
    patch,
    remove,
    act,
    timezoneChanged,
    preferences,
    setPreferences,
    subscribe,
    subscriptions: async (userId: string) => (await repo.subscriptionsOf(userId)).map(toSubscription),
    unsubscribe: async (userId: string, id: string) => {
      if (!(await repo.deleteSubscription(userId, id))) throw notFound('Subscription')
    },
    vapidPublicKey: () => push.publicKey,
    /** Events a reconnecting tab missed (EventSource's Last-Event-ID), oldest first. */
    async missedEvents(userId: string, lastEventId: string | undefined): Promise<HubEvent[]> {
      const since = lastEventId ? new Date(lastEventId) : null
      if (!since || Number.isNaN(since.getTime())) return []
      const floor = new Date(Math.max(since.getTime(), now().getTime() - 24 * 3600_000))
      const events: HubEvent[] = []
      for (const delivery of await repo.deliveriesSince(userId, floor)) {
        if (delivery.kind === 'reminder' && delivery.reminderId) {
          // One answered meanwhile (Done or Snooze anywhere, done, cancelled, deleted) has no toast to bring back.
          if (delivery.actionUsedAt) continue
          const reminder = await repo.getById(delivery.reminderId)
          if (reminder && reminder.status !== 'done' && reminder.status !== 'cancelled')
            events.push(deliveryEvent(delivery, reminder))
        } else if (delivery.kind === 'briefing') {
          const date = delivery.key.replace(/^briefing@/, '')
          events.push({
            userId,
            id: delivery.createdAt.toISOString(),
            event: 'briefing',
            data: { date, title: delivery.title, body: delivery.body, url: '/' },
          })
        }
      }
      return events
    },
    /** Start-up: the overdue reminders go out (late), the sweep is kept running, briefings scheduled. */
    async start(): Promise<void> {
      await hub.start()
      // Reminders made or changed while the queue was starting got no job (sending needs it running).
      for (const row of await repo.changedSince(new Date(Date.now() - 10 * 60_000))) {
        await schedule({ ...row, status: 'scheduled' })
      }
      await sweepJobs.send({})
      for (const user of await repo.usersWithBriefingTime()) await scheduleBriefing(user.id)
    },
    async stop(): Promise<void> {
      await hub.stop()
      push.close()
      email?.close()
    },
    // For tests and the bench.
    deliverReminder,
    deliverBriefing,
    sweep,
  }
}
export type RemindersService = ReturnType<typeof createRemindersService>

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return clip(flat, max)
}

/** "Friday, November 27 at 17:00" in the zone. */
export function formatWhen(instant: Date, zone: string): string {
  const tz = knownTimeZone(zone)
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: tz,
  }).format(instant)
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: tz,
  }).format(instant)
  return `${day} at ${time}`
}

function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null
  return [browser, os].filter(Boolean).join(' on ') || 'This device'
}
