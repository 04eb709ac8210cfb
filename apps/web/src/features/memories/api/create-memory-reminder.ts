import { useMutation, useQueryClient } from '@tanstack/react-query'
import { REMINDER_LIMITS, type Reminder } from '@remi/shared'
import { api } from '../../../lib/api-client'

export interface MemoryReminder {
  memoryId: string
  /** The memory's text; a reminder holds at most REMINDER_LIMITS.textMax characters of it. */
  text: string
  dueAt: Date
  timezone: string
}

/** The memory modal's "Remind me": a reminder that belongs to the memory (POST /api/reminders). */
export function createMemoryReminder({ memoryId, text, dueAt, timezone }: MemoryReminder) {
  return api.post<Reminder>('reminders', {
    text: text.trim().slice(0, REMINDER_LIMITS.textMax).trim(),
    dueAt: dueAt.toISOString(),
    timezone,
    memoryId,
  })
}

export function useCreateMemoryReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createMemoryReminder,
    // The reminders feature's lists all start with this key (features do not import each other).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reminders'] }),
  })
}
