import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ListedDataSource } from '@remi/shared'
import { api } from '../../../lib/api-client'

const TEN_MINUTES = 10 * 60_000

/** Every data-source query key starts with this, so one invalidation reaches list and details. */
export const dataSourcesBaseKey = ['datasources'] as const

/** Read as ListedDataSource: a type this client does not know still gets its card. */
export function getDataSources(): Promise<ListedDataSource[]> {
  return api.get<ListedDataSource[]>('datasources')
}

export const dataSourcesQueryOptions = () =>
  queryOptions({
    queryKey: [...dataSourcesBaseKey, 'list'] as const,
    queryFn: getDataSources,
    staleTime: TEN_MINUTES,
  })

export function useDataSources() {
  return useQuery(dataSourcesQueryOptions())
}
