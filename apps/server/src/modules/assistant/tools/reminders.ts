import type { Reminder } from '@remi/shared'
import { z } from 'zod'
import { AppError } from '../../../lib/errors.ts'
import type { ToolRecord } from './record.ts'
import { firstIssue, toolInputSchemas } from './schemas.ts'

const NO_REMINDERS = { error: 'Reminders are not available here.' }

/** The service's refusals (a time in the past, another user's id) are the tool's answer, as on MCP. */
const refused = <T>(call: Promise<T>) =>
  call.catch((error: unknown) => {
    if (error instanceof AppError) return { error: error.message }
    throw error
  })

/** create_reminder, list_reminders, cancel_reminder: the reminders service, as the MCP server's tools. */
export function reminderTools(record: ToolRecord) {
  const { services, userId, run } = record

  const createReminder = (input: unknown) =>
    run<{ reminder: Reminder }>('create_reminder', input, { summary: 'Set a reminder' }, async () => {
      const parsed = toolInputSchemas.create_reminder.safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const service = services.reminders
      if (!service) return NO_REMINDERS
      return refused(service.create(userId, parsed.data).then((reminder) => ({ reminder })))
    })

  const listReminders = (input: unknown) =>
    run<{ reminders: Reminder[] }>('list_reminders', input, { summary: 'Listed the reminders' }, async () => {
      const parsed = toolInputSchemas.list_reminders.safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const service = services.reminders
      if (!service) return NO_REMINDERS
      return {
        reminders: await service.list(userId, {
          status: parsed.data.status ?? 'scheduled',
          limit: 100,
          hidePrivate: true,
        }),
      }
    })

  const cancelReminder = (input: unknown) =>
    run<{ reminder: Reminder }>('cancel_reminder', input, { summary: 'Cancelled a reminder' }, async () => {
      const parsed = toolInputSchemas.cancel_reminder.safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const service = services.reminders
      if (!service) return NO_REMINDERS
      const id = parsed.data.id.trim().toLowerCase()
      if (!z.uuid().safeParse(id).success) return { error: 'Reminder not found.' }
      return refused(service.patch(userId, id, { status: 'cancelled' }).then((reminder) => ({ reminder })))
    })

  return { createReminder, listReminders, cancelReminder }
}
