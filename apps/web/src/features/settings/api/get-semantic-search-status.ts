import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SemanticSearchStatus } from '@remi/shared'
import { api } from '../../../lib/api-client'

export function getSemanticSearchStatus(): Promise<SemanticSearchStatus> {
  return api.get<SemanticSearchStatus>('recall/status')
}

/** While memories are being embedded, asked again every few seconds so the count moves. */
export const semanticSearchStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['recall', 'status'],
    queryFn: getSemanticSearchStatus,
    refetchInterval: (query) => {
      const data = query.state.data
      return data?.state === 'on' && data.ready < data.total ? 5_000 : false
    },
  })

export function useSemanticSearchStatus() {
  return useQuery(semanticSearchStatusQueryOptions())
}
