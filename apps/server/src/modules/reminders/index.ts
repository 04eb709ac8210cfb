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
export type { RemindersService } from './reminders.service.ts'
/** Reminders in words, for the offline assistant. */
export { confirmation, matchByWords, readReminderRequest, type ReminderRequest } from './phrases.ts'
export { fromWall } from './recurrence.ts'

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
