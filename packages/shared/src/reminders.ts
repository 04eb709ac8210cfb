/**
 * Reminders and notifications: the API's shapes, shared by the server and the web app (issue 31).
 *
 * Endpoints (all under the signed-in user's session cookie, CSRF header on writes, unless said):
 *   GET    /api/reminders?status&from&to&memoryId&limit → { reminders: Reminder[] }  (ListRemindersQuery)
 *   POST   /api/reminders                          → 201 Reminder               (CreateReminderBody)
 *   PATCH  /api/reminders/:id                      → 200 Reminder               (PatchReminderBody)
 *   DELETE /api/reminders/:id                      → 204
 *   GET    /api/events                             → text/event-stream for the signed-in user:
 *            `event: reminder`  data ReminderDelivery (a reminder fell due; show the toast)
 *            `event: briefing`  data BriefingDelivery (the daily briefing at the user's chosen time)
 *            `event: reminder-updated`  data ReminderUpdate (answered elsewhere: clear its toast)
 *            `: ...` comment lines are heartbeats. EventSource reconnects by itself (a server restart
 *            included); deliveries made while no tab was open are not replayed on the stream.
 *   POST   /api/reminders/actions                  → 200 Reminder               (ReminderActionBody)
 *            No session and no CSRF header needed: the signed, one-use action token alone (the service
 *            worker's notification actions, e-mail links). Snooze is REMINDER_LIMITS.actionSnoozeMinutes.
 *            A used, expired or forged token is a 400 naming `token`.
 *   GET    /api/notifications/vapid-public-key     → { publicKey }  (VapidPublicKey; base64url, for
 *            pushManager.subscribe's applicationServerKey)
 *   POST   /api/notifications/subscriptions        → 201 PushSubscriptionInfo (200 when the endpoint was
 *            already registered: one subscription per device). Body: the browser's
 *            PushSubscription.toJSON() as it is, plus an optional { label }.
 *   GET    /api/notifications/subscriptions        → { subscriptions: PushSubscriptionInfo[] }
 *   DELETE /api/notifications/subscriptions/:id    → 204
 *   GET    /api/auth/user/settings/notifications   → NotificationPreferences
 *   PUT    /api/auth/user/settings/notifications   → NotificationPreferences (UpdateNotificationPreferences)
 *
 * Web Push payload (what the service worker's `push` event carries, JSON): PushPayload.
 *
 * Nullable fields are always present (null when unset). Times are ISO instants (UTC, `Z`).
 */
import { z } from 'zod'
import { isStorableText } from './text.ts'

export const REMINDER_LIMITS = {
  /** Reminders with status 'scheduled' one user may hold. */
  scheduledPerUser: 500,
  textMax: 500,
  /** dueAt at most this many years ahead. */
  dueWithinYears: 10,
  /** A recurrence may not fire more often than this. */
  minRecurrenceMinutes: 5,
  recurrenceMax: 500,
  /** PATCH snooze: 1 minute to 7 days. */
  snoozeMinutesMax: 7 * 24 * 60,
  /** The notification's and the toast's Snooze. */
  actionSnoozeMinutes: 10,
  /** GET /api/reminders answers at most this many (default 100). */
  listMax: 500,
  pushSubscriptionsPerUser: 20,
  labelMax: 100,
} as const

export const ReminderStatus = z.enum(['scheduled', 'sent', 'done', 'cancelled'], {
  error: "status must be one of 'scheduled', 'sent', 'done', 'cancelled'.",
})
export type ReminderStatus = z.infer<typeof ReminderStatus>

const IsoInstant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time with a zone (…Z or …+01:00).` })

export const ReminderText = z
  .string({ error: 'text is required.' })
  .trim()
  .min(1, 'text must not be blank.')
  .max(REMINDER_LIMITS.textMax, `text must be at most ${REMINDER_LIMITS.textMax} characters.`)
  .refine(isStorableText, 'text must not contain NUL or broken characters.')

/**
 * An RFC 5545 RRULE without DTSTART ("FREQ=WEEKLY;BYDAY=MO"; an "RRULE:" prefix is accepted and
 * dropped). The occurrences start at dueAt, read in the reminder's timezone. The server refuses one
 * that fires more often than every REMINDER_LIMITS.minRecurrenceMinutes (400 naming `recurrence`).
 */
export const Recurrence = z
  .string({ error: 'recurrence must be an RRULE string such as FREQ=WEEKLY;BYDAY=MO.' })
  .trim()
  .transform((v) => v.replace(/^RRULE:/i, ''))
  .pipe(
    z
      .string()
      .min(1, 'recurrence must not be blank (send null for none).')
      .max(
        REMINDER_LIMITS.recurrenceMax,
        `recurrence must be at most ${REMINDER_LIMITS.recurrenceMax} characters.`,
      )
      .regex(/^FREQ=/i, 'recurrence must be an RRULE starting with FREQ=, such as FREQ=WEEKLY;BYDAY=MO.'),
  )

export const Reminder = z.object({
  id: z.uuid(),
  text: z.string(),
  /**
   * When it is due: a one-off's time; a recurring reminder's first occurrence (the series' start, which
   * the RRULE counts from). When it fires next is `nextAt`.
   */
  dueAt: z.string(),
  /** IANA zone the recurrence and the local time are kept in (the user's zone when it was made). */
  timezone: z.string(),
  recurrence: z.string().nullable(),
  /** The memory this reminder belongs to (the memory modal's "Remind me"). */
  memoryId: z.uuid().nullable(),
  /**
   * scheduled: waiting to fire (a recurring reminder stays scheduled); sent: a one-off that went out;
   * done / cancelled: by the user.
   */
  status: ReminderStatus,
  /** When a snoozed reminder fires again (instead of dueAt). */
  snoozedUntil: z.string().nullable(),
  /** When it last went out. */
  lastSentAt: z.string().nullable(),
  /** The last delivery went out late (its time fell while Remi was down). */
  late: z.boolean(),
  /** When it will fire next: snoozedUntil ?? dueAt for a scheduled one, else null. */
  nextAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Reminder = z.infer<typeof Reminder>

export const CreateReminderBody = z.object({
  text: ReminderText,
  /** Must be in the future (a minute's grace) and within REMINDER_LIMITS.dueWithinYears years. */
  dueAt: IsoInstant('dueAt'),
  recurrence: Recurrence.nullable().optional(),
  /** Omitted: the user's timezone from Settings. */
  timezone: z.string().optional(),
  memoryId: z.uuid({ error: 'memoryId must be a UUID.' }).nullable().optional(),
})
export type CreateReminderBody = z.input<typeof CreateReminderBody>

export const SnoozeBody = z.object({
  minutes: z
    .number({ error: 'The snooze must be a number of minutes.' })
    .int('The snooze must be a whole number.')
    .min(1, 'The snooze must be at least 1.')
    .max(REMINDER_LIMITS.snoozeMinutesMax, `The snooze must be at most ${REMINDER_LIMITS.snoozeMinutesMax}.`),
})

/**
 * PATCH: any of these (at least one). A new dueAt or recurrence puts a sent reminder back to scheduled;
 * snooze fires it again `minutes` from now (scheduled again); status cancelled ends it, and so does done,
 * but for a repeating reminder, where done finishes one occurrence (the coming one, or a snoozed one) and
 * the series goes on (it is done once its rule has no occurrence left).
 */
export const PatchReminderBody = z
  .object({
    text: ReminderText.optional(),
    dueAt: IsoInstant('dueAt').optional(),
    recurrence: Recurrence.nullable().optional(),
    status: z.enum(['done', 'cancelled'], { error: "status must be 'done' or 'cancelled'." }).optional(),
    snooze: SnoozeBody.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one change: the text, the time, the repeat rule, the status or a snooze.',
  })
export type PatchReminderBody = z.input<typeof PatchReminderBody>

/** GET /api/reminders: `from`/`to` bound nextAt (scheduled) or lastSentAt/updatedAt (others). */
export const ListRemindersQuery = z.object({
  status: ReminderStatus.optional(),
  from: IsoInstant('from').optional(),
  to: IsoInstant('to').optional(),
  /** Only the reminders made from this memory (the memory card shows them). */
  memoryId: z.uuid({ error: 'memoryId must be a UUID.' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(REMINDER_LIMITS.listMax, `limit must be at most ${REMINDER_LIMITS.listMax}.`)
    .default(100),
})
export type ListRemindersQuery = z.input<typeof ListRemindersQuery>

/** Scheduled ones soonest first; others most recently sent/changed first. */
export const ReminderList = z.object({ reminders: z.array(Reminder) })
export type ReminderList = z.infer<typeof ReminderList>

/** SSE `event: reminder`. */
export const ReminderDelivery = z.object({
  reminderId: z.uuid(),
  text: z.string(),
  dueAt: z.string(),
  /** The occurrence this delivery is for (a snoozed one: the snooze's end). */
  occurrenceAt: z.string(),
  late: z.boolean(),
  /** For POST /api/reminders/actions (Done / Snooze from the toast or a notification). */
  actionToken: z.string(),
})
export type ReminderDelivery = z.infer<typeof ReminderDelivery>

/** SSE `event: briefing`. */
export const BriefingDelivery = z.object({
  /** The user's local day, 'YYYY-MM-DD'. */
  date: z.string(),
  title: z.string(),
  /** The briefing's first lines, plain text. */
  body: z.string(),
  url: z.string(),
})
export type BriefingDelivery = z.infer<typeof BriefingDelivery>

/**
 * SSE `event: reminder-updated`: a reminder was answered (Done, Snooze, cancelled, deleted) in one tab,
 * on a phone's notification or by an e-mail's link; the person's other tabs clear its toast. No `id:`
 * line (it is not replayed on reconnection: a reconnecting tab reloads its lists).
 */
export const ReminderUpdate = z.object({
  reminderId: z.uuid(),
  change: z.enum(['done', 'cancelled', 'snoozed', 'deleted']),
})
export type ReminderUpdate = z.infer<typeof ReminderUpdate>

export const ReminderAction = z.enum(['done', 'snooze'], { error: "action must be 'done' or 'snooze'." })
export type ReminderAction = z.infer<typeof ReminderAction>

export const ReminderActionBody = z.object({
  token: z
    .string({ error: 'token is required.' })
    .min(1, 'token is required.')
    .max(1000, 'token is too long.'),
  action: ReminderAction,
})
export type ReminderActionBody = z.infer<typeof ReminderActionBody>

/** What the service worker's push event carries (JSON). url: where a click on the notification goes. */
export const PushPayload = z.object({
  type: z.enum(['reminder', 'briefing', 'automation']),
  title: z.string(),
  body: z.string(),
  /** '/reminders' for a reminder, '/' for the briefing. */
  url: z.string(),
  reminderId: z.string().optional(),
  actionToken: z.string().optional(),
})
export type PushPayload = z.infer<typeof PushPayload>

export const VapidPublicKey = z.object({ publicKey: z.string() })
export type VapidPublicKey = z.infer<typeof VapidPublicKey>

/** POST /api/notifications/subscriptions: PushSubscription.toJSON() as the browser gives it, + label. */
export const CreatePushSubscriptionBody = z.object({
  endpoint: z.url({ error: 'endpoint must be a URL.' }).max(2000, 'endpoint is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: 'keys.p256dh is required.' }).min(1).max(200),
      auth: z.string({ error: 'keys.auth is required.' }).min(1).max(100),
    },
    { error: 'The push subscription has no keys.' },
  ),
  /** "Pixel 8": shown in the list of devices. Omitted: made from the browser's User-Agent. */
  label: z
    .string()
    .trim()
    .max(REMINDER_LIMITS.labelMax, `label must be at most ${REMINDER_LIMITS.labelMax} characters.`)
    .refine(isStorableText, 'label must not contain NUL or broken characters.')
    .optional(),
})
export type CreatePushSubscriptionBody = z.input<typeof CreatePushSubscriptionBody>

export const PushSubscriptionInfo = z.object({
  id: z.uuid(),
  label: z.string(),
  /** The push service's host ("fcm.googleapis.com"), to tell devices apart. */
  endpointHost: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
})
export type PushSubscriptionInfo = z.infer<typeof PushSubscriptionInfo>

export const PushSubscriptionList = z.object({ subscriptions: z.array(PushSubscriptionInfo) })
export type PushSubscriptionList = z.infer<typeof PushSubscriptionList>

/** 'HH:MM', 24-hour, in the user's timezone. */
export const BriefingTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'briefingTime must be HH:MM (24-hour), such as 07:30, or null.')

/** Settings → Notifications. */
export const NotificationPreferences = z.object({
  /** E-mail each reminder to the account's address (only when the server has SMTP_URL). */
  emailReminders: z.boolean(),
  /** "Send my briefing at 07:30": the daily briefing's delivery time; null: not delivered. */
  briefingTime: BriefingTime.nullable(),
  /** Whether this server can send e-mail at all (SMTP_URL is set); read-only. */
  emailAvailable: z.boolean(),
  /** The account's address, and whether the person opened a verification link sent there (no e-mail before). */
  email: z.string(),
  emailVerified: z.boolean(),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferences>

export const UpdateNotificationPreferences = z
  .object({
    emailReminders: z.boolean({ error: 'emailReminders must be true or false.' }).optional(),
    briefingTime: BriefingTime.nullable().optional(),
  })
  .refine((b) => b.emailReminders !== undefined || b.briefingTime !== undefined, {
    message: 'Send a change to e-mail reminders or to the briefing time.',
  })
export type UpdateNotificationPreferences = z.input<typeof UpdateNotificationPreferences>
