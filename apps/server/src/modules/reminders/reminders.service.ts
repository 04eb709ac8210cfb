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
import {
  REMINDER_LIMITS,
  knownTimeZone,
  type CreateReminderBody,
  type ListRemindersQuery,
  type PatchReminderBody,
  type Reminder,
  type ReminderAction,
} from '@remi/shared'
import type { Env } from '../../config/env.ts'
import type { JobKind, JobLogger, JobQueue } from '../../jobs/queue.ts'
import { AppError, badRequest, notFound } from '../../lib/errors.ts'
import { ErrorCode } from '@remi/shared'
import { createBriefingSchedule } from './briefing-schedule.ts'
import { createNotificationSettings } from './notification-settings.ts'
import type { EmailChannel, PushChannel } from './channels.ts'
import type { EventHub, HubEvent } from './event-hub.ts'
import { checkRecurrence, nextOccurrence, RecurrenceError, sameWallTime } from './recurrence.ts'
import { createReminderDelivery, SENDING_LEASE_MS } from './reminder-delivery.ts'
import {
  createRemindersRepo,
  type DeliveryRow,
  type ReminderRow,
  type RemindersRepo,
} from './reminders.repo.ts'

export { LATE_AFTER_MS } from './reminder-delivery.ts'
export { formatWhen } from './reminder-words.ts'
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
  const out = createReminderDelivery({ repo, env, hub, push, email, now })
  const briefings = createBriefingSchedule({
    repo,
    env,
    jobs: deps.jobs,
    delivery: out,
    now,
    briefing: deps.briefing,
    pollingIntervalSeconds: deps.pollingIntervalSeconds,
  })
  const settings = createNotificationSettings({ repo, env, push, email, briefings })
  const deliverReminder = (reminderId: string, at: Date) => out.deliverReminder(reminderId, at, schedule)

  // Jobs ---------------------------------------------------------------------------------------

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
    if (body.status) await out.answered(userId, { reminderId: id, change: body.status })
    else if (body.snooze) await out.answered(userId, { reminderId: id, change: 'snoozed' })
    return toReminder(updated)
  }

  async function remove(userId: string, id: string, reader: { hidePrivate?: boolean } = {}): Promise<void> {
    if (reader.hidePrivate) await mustSee(userId, id, reader)
    if (!(await repo.delete(userId, id))) throw notFound('Reminder')
    await out.answered(userId, { reminderId: id, change: 'deleted' })
  }

  /** Notices of other kinds a reconnecting tab gets again (replayMissed). */
  const replays = new Map<string, (delivery: DeliveryRow) => Promise<HubEvent | null>>()

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
    await briefings.schedule(userId)
  }

  // Actions, preferences, subscriptions ------------------------------------------------------------

  async function act(token: string, action: ReminderAction): Promise<Reminder> {
    const deliveryId = out.readActionToken(token)
    const body: PatchReminderBody =
      action === 'done' ? { status: 'done' } : { snooze: { minutes: REMINDER_LIMITS.actionSnoozeMinutes } }
    // The link is spent in the transaction that makes the change, so only by a change made: one refused
    // (a snooze past the most scheduled reminders) leaves it usable. Its row stays locked until then, so
    // two presses at once make one change.
    const { userId, updated } = await repo.transaction(async (tx) => {
      const inTx = createRemindersRepo(tx)
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

  return {
    create,
    list,
    get: async (userId: string, id: string, reader: { hidePrivate?: boolean } = {}) =>
      toReminder(await mustSee(userId, id, reader)),
    patch,
    remove,
    act,
    timezoneChanged,
    ...settings,
    /** Another module's notices (automations) say what a reconnecting tab missed of them. */
    replayMissed(kind: string, replay: (delivery: DeliveryRow) => Promise<HubEvent | null>): void {
      replays.set(kind, replay)
    },
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
            events.push(out.deliveryEvent(delivery, reminder))
        } else if (replays.has(delivery.kind)) {
          const event = await replays.get(delivery.kind)!(delivery)
          if (event) events.push(event)
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
      for (const user of await repo.usersWithBriefingTime()) await briefings.schedule(user.id)
    },
    async stop(): Promise<void> {
      await hub.stop()
      push.close()
      email?.close()
    },
    /** Another feature's notice on a delivery it claimed (automations): in app, push, e-mail. */
    deliverNotice: out.deliverNotice,
    // For tests and the bench.
    deliverReminder,
    deliverBriefing: briefings.deliver,
    sweep,
  }
}
export type RemindersService = ReturnType<typeof createRemindersService>
