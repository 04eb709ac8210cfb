import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DashboardStats } from '@remi/shared'
import { api } from '../../../lib/api-client'

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/** Spec §3: the three counts; a missing one reads as 0. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const body = await api.get<Partial<Record<keyof DashboardStats, unknown>>>('dashboard/stats')
  return {
    totalMemories: count(body?.totalMemories),
    recentMemories: count(body?.recentMemories),
    activeChats: count(body?.activeChats),
  }
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'stats'] as const,
    queryFn: getDashboardStats,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  })

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions())
}
