import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PatchReminderBody, Reminder } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { remindersBaseKey } from './get-reminders'

export interface ReminderChanges {
  id: string
  changes: PatchReminderBody
}

/** Edit, Done, Cancel and Snooze are all one PATCH with the signed-in session. */
export function updateReminder({ id, changes }: ReminderChanges) {
  return api.patch<Reminder>(`reminders/${encodeURIComponent(id)}`, changes)
}

export function useUpdateReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersBaseKey }),
  })
}
