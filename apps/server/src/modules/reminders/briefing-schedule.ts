/**
 * The daily briefing sent at the person's time.
 *
 * One job per briefing time: {userId, date, at}. A job whose `at` is no longer the user's briefing
 * time for that day (the time or the zone changed; the briefing was switched off) is stale and does
 * nothing; the change scheduled its own. Each local day's briefing is claimed once (a delivery row
 * unique per user and day), and the run that claims it schedules the next day's: a duplicate job (a
 * restart schedules one for everybody) finds the day taken and ends there.
 */
import { knownTimeZone, type BriefingDelivery } from '@remi/shared'
import type { Env } from '../../config/env.ts'
import type { JobKind, JobQueue } from '../../jobs/queue.ts'
import type { HubEvent } from './event-hub.ts'
import { fromWall, toWall } from './recurrence.ts'
import { LATE_AFTER_MS, type ReminderDeliveryApi } from './reminder-delivery.ts'
import type { RemindersRepo } from './reminders.repo.ts'
import { oneLine } from './reminder-words.ts'

type BriefingJob = { userId: string; date: string; at?: string }

export interface BriefingScheduleDeps {
  repo: RemindersRepo
  env: Env
  jobs: JobQueue
  delivery: ReminderDeliveryApi
  now: () => Date
  /** The daily briefing's text for a user (the dashboard's). */
  briefing?: ((userId: string) => Promise<{ date: string; content: string }>) | undefined
  pollingIntervalSeconds?: number | undefined
}

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

export function createBriefingSchedule(deps: BriefingScheduleDeps) {
  const { repo, env, delivery: out, now } = deps

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
      for (const job of jobs) await deliver(job.data.userId, job.data.date, job.data.at)
    },
  })

  /** The user's next briefing after `after` gets its job (none when the briefing is off). */
  async function schedule(userId: string, after = now()): Promise<void> {
    const prefs = await repo.preferences(userId)
    if (!prefs?.briefingTime) return
    const { at, date } = nextBriefing(prefs.briefingTime, knownTimeZone(prefs.timezone), after)
    const seconds = Math.max(0, Math.ceil((at.getTime() - now().getTime()) / 1000))
    await briefingJobs.send({ userId, date, at: at.toISOString() }, { startAfterSeconds: seconds })
  }

  async function deliver(userId: string, date: string, jobAt?: string): Promise<void> {
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
      if (claim.delivery.occurrenceAt.getTime() !== at.getTime()) await schedule(userId, at)
      return
    }
    const delivery = claim.delivery
    await schedule(userId, new Date(Math.max(at.getTime(), now().getTime())))
    const data: BriefingDelivery = { date, title: delivery.title, body, url: '/' }
    const event: HubEvent = { userId, id: delivery.createdAt.toISOString(), event: 'briefing', data }
    await out.publish(event)
    await repo.recordAttempt({ deliveryId: delivery.id, channel: 'app', target: 'app', outcome: 'sent' })
    await out.sendOutside(delivery, (words) => ({
      payload: { type: 'briefing', title: words.t('briefing.title'), body, url: '/' },
      subject: words.t('briefing.subject', { date }),
      text: `${briefing.content}\n\n${env.appUrl}/\n`,
      email: 'briefing',
    }))
  }

  return { schedule, deliver }
}
