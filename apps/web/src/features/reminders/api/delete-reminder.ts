import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { remindersBaseKey } from './get-reminders'

export function deleteReminder(id: string) {
  return api.delete<void>(`reminders/${encodeURIComponent(id)}`)
}

export function useDeleteReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersBaseKey }),
  })
}
