import type { FastifyInstance } from 'fastify'
import type { EventHub } from './event-hub.ts'
import {
  eventsRoutes,
  notificationSettingsRoutes,
  notificationsRoutes,
  remindersRoutes,
} from './reminders.routes.ts'
import type { RemindersService } from './reminders.service.ts'

export { createReminders } from './reminders.setup.ts'
export { createEmailChannel } from './channels.ts'
/** The parts createReminders puts together: a test builds a second instance's from them. */
export { createPushChannel, loadVapidKeys } from './channels.ts'
export { createEventHub } from './event-hub.ts'
export { createRemindersRepo, deliveryByKey } from './reminders.repo.ts'
export { createRemindersService } from './reminders.service.ts'
export type { RemindersService } from './reminders.service.ts'
/** Reminders in words, for the offline assistant. */
export { confirmation, matchByWords, readReminderRequest, type ReminderRequest } from './phrases.ts'
export { checkRecurrence, fromWall, nextOccurrence, RecurrenceError, toWall } from './recurrence.ts'
export { describeRecurrence } from './phrases.ts'
export { formatWhen, oneLine } from './reminder-words.ts'
export type { HubEvent } from './event-hub.ts'
export type { DeliveryRow } from './reminders.repo.ts'

/**
 * Reminders and notifications (issue 31), registered under /api: /reminders, /notifications, /events
 * and /auth/user/settings/notifications (next to the other user settings).
 */
export async function remindersModule(
  app: FastifyInstance,
  opts: { reminders: RemindersService; hub: EventHub; heartbeatMs?: number },
) {
  await app.register(remindersRoutes, { prefix: '/reminders', reminders: opts.reminders })
  await app.register(notificationsRoutes, { prefix: '/notifications', reminders: opts.reminders })
  await app.register(eventsRoutes, { prefix: '/events', ...opts })
  await app.register(notificationSettingsRoutes, {
    prefix: '/auth/user/settings/notifications',
    reminders: opts.reminders,
  })
}
