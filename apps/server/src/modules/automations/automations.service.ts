/**
 * Scheduled requests (issue 50, "automations"): a prompt the assistant answers at the times of an RRULE,
 * each answer appended to the automation's own conversation and delivered through the reminders'
 * channels (the in-app toast, Web Push, e-mail) with a link to it.
 *
 * Each automation not paused has an `automation-due` job {automationId, at} on the durable queue, set to
 * start at its next run; a job whose `at` is no longer the automation's next run (edited, paused,
 * deleted) is stale and does nothing. A run happens once across instances: it is claimed in one
 * transaction that locks the automation, inserts the run's delivery row (unique per automation and
 * time: a second instance or a duplicate job finds it taken) and moves the automation on, whose next job
 * is then sent. The answer is written under a lease on that row (a second answerer waits; a crashed
 * one's lease runs out and its job's retry writes it), then the reminders' delivery code sends it.
 */
import type { PatchAutomationBody } from '@remi/shared'
import {
  AUTOMATION_LIMITS,
  CreateAutomationBody,
  ErrorCode,
  type Automation,
  type AutomationChannel,
} from '@remi/shared'
import type { z } from 'zod'
import type { Env } from '../../config/env.ts'
import type { JobKind, JobLogger, JobQueue } from '../../jobs/queue.ts'
import { AppError, badRequest, notFound } from '../../lib/errors.ts'
import type { AutomationFields, AutomationRow, AutomationsRepo } from './automations.repo.ts'
import { createAutomationRun, type AutomationChat, type AutomationNotices } from './automation-run.ts'
import { anchorFor, checkSchedule, checkZone, nextRun, scheduleInWords } from './schedule.ts'

export type { AutomationChat, AutomationNotices } from './automation-run.ts'

export interface AutomationsDeps {
  repo: AutomationsRepo
  env: Env
  jobs: JobQueue
  logger: JobLogger
  chat: AutomationChat
  notices: AutomationNotices
  users: { timezoneOf(userId: string): Promise<string> }
  /** Test hook: the clock. */
  now?: () => Date
  /** How often the due jobs are looked for (seconds; default 1). */
  pollingIntervalSeconds?: number
}

type DueJob = { automationId: string; at: string; now?: boolean }

/** How long one run may take to be answered and sent before another instance may take it over. */
const RUN_EXPIRES_SECONDS = 300

export function createAutomationsService(deps: AutomationsDeps) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())
  const runner = createAutomationRun({ ...deps, now })

  function toAutomation(row: AutomationRow): Automation {
    const next = row.nextRunAt ?? nextRun(row, now())
    return {
      id: row.id,
      prompt: row.prompt,
      schedule: row.schedule,
      scheduleText: scheduleInWords(row.schedule, next, row.timezone),
      timezone: row.timezone,
      channels: row.channels as AutomationChannel[],
      paused: row.paused,
      nextRunAt: row.nextRunAt?.toISOString() ?? null,
      lastRunAt: row.lastRunAt?.toISOString() ?? null,
      conversationId: row.conversationId,
      createdAt: row.createdAt.toISOString(),
    }
  }

  const dueJobs: JobKind<DueJob> = deps.jobs.define<DueJob>('automation-due', {
    // One waiting job per run (its singleton key, the run's): every instance schedules every automation
    // at start-up, and the copies are refused by the queue; the claim makes a run once whatever comes.
    policy: 'short',
    batchSize: 2,
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: 300,
    expireInSeconds: RUN_EXPIRES_SECONDS,
    pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1,
    async work(jobs) {
      let busy = 0
      for (const job of jobs) {
        // The queue starts jobs to the whole second: the rest is waited out here.
        const early = Date.parse(job.data.at) - now().getTime()
        if (early > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(early, 2000)))
        if (!(await run(job.data.automationId, new Date(job.data.at), !job.data.now))) busy += 1
      }
      // Being answered or sent by another instance: tried again once it is done (or its lease ran out).
      if (busy) throw new Error(`${busy} automation runs are being made by another instance`)
    },
  })

  async function schedule(row: { id: string; paused: boolean; nextRunAt: Date | null }): Promise<void> {
    if (row.paused || !row.nextRunAt) return
    const seconds = Math.max(0, Math.floor((row.nextRunAt.getTime() - now().getTime()) / 1000))
    const at = row.nextRunAt.toISOString()
    await dueJobs.send(
      { automationId: row.id, at },
      { startAfterSeconds: seconds, singletonKey: `${row.id}@${at}` },
    )
  }

  /** One run: claimed once, answered, delivered. False when another instance holds it. */
  async function run(automationId: string, at: Date, scheduled: boolean): Promise<boolean> {
    const claim = await repo.claimRun(
      automationId,
      at,
      scheduled
        ? (a) => ({ nextRunAt: nextRun(a, new Date(Math.max(at.getTime(), now().getTime()))) })
        : null,
    )
    if (!claim) return true
    if (claim.fresh && scheduled) await schedule(claim.automation)
    return runner.answerAndDeliver(claim)
  }

  async function mustSee(userId: string, id: string): Promise<AutomationRow> {
    const row = await repo.get(userId, id)
    if (!row) throw notFound('Automation')
    return row
  }

  /**
   * `input` as a route, a tool or the offline assistant gives it: read again by the schema here, so a
   * prompt made in words is held to the same limits as one sent to the API.
   */
  async function create(userId: string, input: z.input<typeof CreateAutomationBody>): Promise<Automation> {
    const parsed = CreateAutomationBody.safeParse(input)
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
    const body = parsed.data
    const zone = body.timezone !== undefined ? checkZone(body.timezone) : await deps.users.timezoneOf(userId)
    const anchorAt = anchorFor(now(), zone)
    checkSchedule(body.schedule, anchorAt, zone)
    const fields = { schedule: body.schedule, anchorAt, timezone: zone }
    const row = await repo.insertWithin(AUTOMATION_LIMITS.perUser, {
      userId,
      prompt: body.prompt,
      ...fields,
      channels: body.channels,
      nextRunAt: nextRun(fields, now()),
    })
    if (!row) {
      throw new AppError(
        400,
        ErrorCode.ValidationFailed,
        `automations: you already have ${AUTOMATION_LIMITS.perUser} automations, the most one person may keep; delete one first.`,
      )
    }
    await schedule(row)
    return toAutomation(row)
  }

  async function patch(
    userId: string,
    id: string,
    body: z.output<typeof PatchAutomationBody>,
  ): Promise<Automation> {
    const row = await mustSee(userId, id)
    const fields: AutomationFields = {}
    if (body.prompt !== undefined) fields.prompt = body.prompt
    if (body.channels !== undefined) fields.channels = body.channels
    const zone = body.timezone !== undefined ? checkZone(body.timezone) : row.timezone
    const retimed = body.schedule !== undefined || body.timezone !== undefined
    if (retimed) {
      fields.schedule = body.schedule ?? row.schedule
      fields.timezone = zone
      fields.anchorAt = anchorFor(now(), zone)
      checkSchedule(fields.schedule, fields.anchorAt, zone)
    }
    const paused = body.paused ?? row.paused
    fields.paused = paused
    // Resumed or re-timed: the next run after now (the ones missed while paused are not made up).
    if (paused) fields.nextRunAt = null
    else if (retimed || row.paused || !row.nextRunAt) {
      fields.nextRunAt = nextRun({ ...row, ...fields } as AutomationRow, now())
    }
    const updated = await repo.update(userId, id, fields)
    if (!updated) throw notFound('Automation')
    if (fields.nextRunAt !== undefined) await schedule(updated)
    return toAutomation(updated)
  }

  return {
    create,
    patch,
    async list(userId: string): Promise<Automation[]> {
      return (await repo.list(userId)).map(toAutomation)
    },
    get: async (userId: string, id: string) => toAutomation(await mustSee(userId, id)),
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound('Automation')
    },
    /** Runs it now, once, besides its schedule (a paused one too): on the queue, or here when it is off. */
    async runNow(userId: string, id: string): Promise<Automation> {
      const row = await mustSee(userId, id)
      const at = new Date(Math.floor(now().getTime() / 1000) * 1000)
      const key = `${row.id}@${at.toISOString()}@now`
      const sent = await dueJobs.send(
        { automationId: row.id, at: at.toISOString(), now: true },
        { singletonKey: key },
      )
      // No queue (a deployment or a test without background work): here. (Null from a running queue is
      // a second press within the second, refused as a copy.)
      if (!sent && !deps.jobs.running) await run(row.id, at, false)
      return toAutomation((await repo.get(userId, id)) ?? row)
    },
    /**
     * The person moved to another zone: their automations move with them and keep their local time
     * (Fridays at 17:00 stay 17:00 there), as their reminders do; a paused one stays paused.
     */
    async timezoneChanged(userId: string, zone: string): Promise<void> {
      const target = checkZone(zone)
      for (const row of await repo.list(userId)) {
        if (row.timezone !== target) await patch(userId, row.id, { timezone: target })
      }
    },
    /** Start-up: every automation's next run gets its job (one whose time passed runs now, late). */
    async start(): Promise<void> {
      for (const row of await repo.scheduled()) await schedule({ ...row, paused: false })
    },
    /** For tests: the runs of an automation. */
    runsOf: (userId: string, id: string) => repo.runsOf(userId, id),
    run,
  }
}
export type AutomationsService = ReturnType<typeof createAutomationsService>
