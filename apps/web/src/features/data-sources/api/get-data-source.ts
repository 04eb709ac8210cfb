import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ListedDataSource } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { dataSourcesBaseKey } from './get-data-sources'

const TEN_MINUTES = 10 * 60_000

/** One source with its availableOptions (the calendars the account can read, or why it cannot). */
export function getDataSource(type: string): Promise<ListedDataSource> {
  return api.get<ListedDataSource>(`datasources/${encodeURIComponent(type)}`)
}

export const dataSourceQueryOptions = (type: string) =>
  queryOptions({
    queryKey: [...dataSourcesBaseKey, 'detail', type] as const,
    queryFn: () => getDataSource(type),
    staleTime: TEN_MINUTES,
  })

export function useDataSource(type: string) {
  return useQuery(dataSourceQueryOptions(type))
}
