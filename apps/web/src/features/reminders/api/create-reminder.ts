import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateReminderBody, Reminder } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { remindersBaseKey } from './get-reminders'

export function createReminder(body: CreateReminderBody) {
  return api.post<Reminder>('reminders', body)
}

export function useCreateReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersBaseKey }),
  })
}
