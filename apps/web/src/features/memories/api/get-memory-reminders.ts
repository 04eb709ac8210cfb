import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ReminderList } from '@remi/shared'
import { api } from '../../../lib/api-client'

/**
 * The reminders still to come of one memory (GET /api/reminders?memoryId&status=scheduled), for its
 * modal. Under the reminders feature's key (['reminders', …]): a change to any reminder refetches it.
 */
export const memoryRemindersQueryOptions = (memoryId: string) =>
  queryOptions({
    queryKey: ['reminders', { memoryId, status: 'scheduled' }] as const,
    queryFn: async () =>
      (await api.get<ReminderList>('reminders', { memoryId, status: 'scheduled' })).reminders,
    staleTime: 60_000,
  })

/** Nothing is asked for a memory not saved yet. */
export function useMemoryReminders(memoryId: string | undefined) {
  return useQuery({ ...memoryRemindersQueryOptions(memoryId ?? ''), enabled: Boolean(memoryId) })
}
