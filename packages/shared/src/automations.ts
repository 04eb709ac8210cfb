/**
 * Scheduled requests ("automations", issue 50): a prompt the assistant answers on a schedule, its
 * answers kept in a conversation of their own and delivered through the reminders' channels.
 *
 *   GET    /api/automations            → { automations: Automation[] }   (next run first, paused last)
 *   POST   /api/automations            → 201 Automation                  (CreateAutomationBody)
 *   PATCH  /api/automations/:id        → Automation                      (PatchAutomationBody)
 *   DELETE /api/automations/:id        → 204
 *   POST   /api/automations/:id/run    → Automation                      (runs it now, once)
 *
 * `schedule` is an RRULE without DTSTART ("FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0"), read on the
 * wall clock of `timezone`; parts it leaves out (the hour, the minute) are those of the time it was made.
 * SSE `event: automation` (GET /api/events) carries AutomationDelivery.
 */
import { z } from 'zod'
import { isStorableText } from './text.ts'

export const AUTOMATION_LIMITS = {
  /** Automations one person may keep. */
  perUser: 50,
  /** No automation runs more often than this. */
  minIntervalMinutes: 60,
  promptMax: 2000,
  scheduleMax: 300,
} as const

export const AutomationChannel = z.enum(['app', 'push', 'email'], {
  error: "channels may hold 'app', 'push' and 'email'.",
})
export type AutomationChannel = z.infer<typeof AutomationChannel>

const Prompt = z
  .string({ error: 'prompt is required.' })
  .trim()
  .min(1, 'prompt must not be blank.')
  .max(AUTOMATION_LIMITS.promptMax, `prompt must be at most ${AUTOMATION_LIMITS.promptMax} characters.`)
  .refine(isStorableText, 'prompt must not contain NUL or broken characters.')

export const AutomationSchedule = z
  .string({ error: 'schedule must be an RRULE string such as FREQ=WEEKLY;BYDAY=FR;BYHOUR=17.' })
  .trim()
  .transform((v) => v.replace(/^RRULE:/i, ''))
  .pipe(
    z
      .string()
      .min(1, 'schedule must not be blank.')
      .max(
        AUTOMATION_LIMITS.scheduleMax,
        `schedule must be at most ${AUTOMATION_LIMITS.scheduleMax} characters.`,
      )
      .regex(/^FREQ=/i, 'schedule must be an RRULE starting with FREQ=, such as FREQ=DAILY;BYHOUR=7.'),
  )

const Channels = z
  .array(AutomationChannel, { error: "channels must be a list such as ['app', 'push', 'email']." })
  .min(1, 'channels must name at least one channel.')
  .max(3)
  .transform((list) => [...new Set(list)])

export const CreateAutomationBody = z.object({
  prompt: Prompt,
  schedule: AutomationSchedule,
  /** IANA zone; the person's own when left out. */
  timezone: z.string().trim().min(1).max(100).optional(),
  channels: Channels.default(['app', 'push', 'email']),
})
export type CreateAutomationBody = z.input<typeof CreateAutomationBody>

export const PatchAutomationBody = z
  .object({
    prompt: Prompt.optional(),
    schedule: AutomationSchedule.optional(),
    timezone: z.string().trim().min(1).max(100).optional(),
    channels: Channels.optional(),
    paused: z.boolean({ error: 'paused must be true or false.' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Give at least one of prompt, schedule, timezone, channels or paused.',
  })
export type PatchAutomationBody = z.input<typeof PatchAutomationBody>

export const Automation = z.object({
  id: z.uuid(),
  prompt: z.string(),
  schedule: z.string(),
  /** The schedule in words: "every Friday at 17:00". */
  scheduleText: z.string(),
  timezone: z.string(),
  channels: z.array(AutomationChannel),
  paused: z.boolean(),
  /** When it runs next (null while paused). */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** The conversation its answers are kept in (made at its first run). */
  conversationId: z.uuid().nullable(),
  createdAt: z.string(),
})
export type Automation = z.infer<typeof Automation>

export const AutomationList = z.object({ automations: z.array(Automation) })
export type AutomationList = z.infer<typeof AutomationList>

/** SSE `event: automation`: a run's answer is ready; url opens its conversation. */
export const AutomationDelivery = z.object({
  automationId: z.uuid(),
  title: z.string(),
  /** The answer's first lines, plain text. */
  body: z.string(),
  url: z.string(),
})
export type AutomationDelivery = z.infer<typeof AutomationDelivery>
