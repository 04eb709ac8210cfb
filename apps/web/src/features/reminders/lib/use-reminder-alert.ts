import { useQueryClient } from '@tanstack/react-query'
import { ReminderDelivery, ReminderUpdate, REMINDER_LIMITS, type ReminderAction } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { paths } from '../../../config/paths'
import { errorMessage } from '../../../lib/api-client'
import { closeSystemNotification, notificationTag, showSystemNotification } from '../../../lib/service-worker'
import { i18n } from '../../../lib/i18n'
import { useUserTimeZone } from '../../../lib/zoned-time'
import { remindersBaseKey } from '../api/get-reminders'
import { useReminderAction } from '../api/reminder-action'
import { doneMessage } from './done-message'
import { formatDueIn } from './due'

/** 'Due today at 17:00', or for one that went out while Remi was down, 'Late: due yesterday at 09:00'. */
export function deliveryWhen(delivery: ReminderDelivery, zone: string, now = new Date()): string {
  const when = formatDueIn(delivery.occurrenceAt, zone, now, true)
  return i18n.t(delivery.late ? 'reminders.alert.late' : 'reminders.alert.due', { when })
}

/** The key of a reminder's toast: one per reminder, cleared when it is answered anywhere. */
export const reminderToastKey = (reminderId: string) => `reminder-${reminderId}`

/**
 * What a tab does when a reminder was answered elsewhere (another tab, a phone's notification, an
 * e-mail's link): its toast and system notification go, and the lists are reloaded. Returns the
 * handler for the stream's `reminder-updated` events.
 */
export function useReminderUpdated(): (data: unknown) => void {
  const toast = useToast()
  const queryClient = useQueryClient()
  return (data) => {
    const parsed = ReminderUpdate.safeParse(data)
    if (!parsed.success) return
    toast.dismiss(reminderToastKey(parsed.data.reminderId))
    void closeSystemNotification(notificationTag({ reminderId: parsed.data.reminderId, type: 'reminder' }))
    void queryClient.invalidateQueries({ queryKey: remindersBaseKey })
  }
}

/**
 * What a tab does when a reminder falls due: a toast headed 'Reminder' with Done and Snooze, and a system
 * notification where the person allowed them. Returns the handler for the stream's `reminder` events.
 */
export function useReminderAlert(): (data: unknown) => void {
  const toast = useToast()
  const zone = useUserTimeZone()
  const queryClient = useQueryClient()
  const action = useReminderAction()

  return (data) => {
    const parsed = ReminderDelivery.safeParse(data)
    if (!parsed.success) return
    const delivery = parsed.data
    void queryClient.invalidateQueries({ queryKey: remindersBaseKey })
    const when = deliveryWhen(delivery, zone)
    const run = (kind: ReminderAction) =>
      action.mutate(
        { token: delivery.actionToken, action: kind },
        {
          onSuccess: (answer) =>
            toast.success(
              kind === 'done'
                ? doneMessage({ ...answer, text: delivery.text }, zone)
                : i18n.t('reminders.alert.snoozed', {
                    minutes: REMINDER_LIMITS.actionSnoozeMinutes,
                    text: delivery.text,
                  }),
            ),
          onError: (error) => toast.error(errorMessage(error)),
        },
      )
    toast.show({
      key: reminderToastKey(delivery.reminderId),
      type: 'reminder',
      // A reminder stays until it is answered or closed.
      duration: 0,
      message: i18n.t('reminders.alert.message', { text: delivery.text, when }),
      actions: [
        {
          label: i18n.t('reminders.actions.done'),
          ariaLabel: i18n.t('reminders.actions.doneLabel', { text: delivery.text }),
          onClick: () => run('done'),
        },
        {
          label: i18n.t('reminders.actions.snooze'),
          ariaLabel: i18n.t('reminders.alert.snoozeLabel', {
            minutes: REMINDER_LIMITS.actionSnoozeMinutes,
            text: delivery.text,
          }),
          onClick: () => run('snooze'),
        },
      ],
    })
    void showSystemNotification({
      type: 'reminder',
      title: delivery.text,
      body: when,
      url: paths.reminders,
      reminderId: delivery.reminderId,
      actionToken: delivery.actionToken,
    })
  }
}
