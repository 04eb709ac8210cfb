import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Reminder, ReminderActionBody } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { remindersBaseKey } from './get-reminders'

/**
 * Done or Snooze (10 minutes) for the occurrence a delivery announced, with its one-use action token: the
 * toast's buttons do what the notification's do, so a recurring reminder's next occurrence stays.
 */
export function reminderAction(body: ReminderActionBody) {
  return api.post<Reminder>('reminders/actions', body)
}

export function useReminderAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reminderAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersBaseKey }),
  })
}
