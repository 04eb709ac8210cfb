import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ReminderList, ReminderStatus } from '@remi/shared'
import { api } from '../../../lib/api-client'

export interface ReminderFilters {
  status?: ReminderStatus
  /** ISO instants bounding when it fires next (scheduled) or when it was sent / changed (others). */
  from?: string
  to?: string
  limit?: number
}

/** Every reminders query starts with this key: a change to one reminder refetches them all. */
export const remindersBaseKey = ['reminders'] as const

export async function getReminders(filters: ReminderFilters = {}) {
  const body = await api.get<ReminderList>('reminders', { ...filters })
  return body.reminders
}

export const remindersQueryOptions = (filters: ReminderFilters = {}) =>
  queryOptions({
    queryKey: [...remindersBaseKey, filters] as const,
    queryFn: () => getReminders(filters),
    staleTime: 60_000,
  })

export function useReminders(filters: ReminderFilters = {}) {
  return useQuery(remindersQueryOptions(filters))
}
