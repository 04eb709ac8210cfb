import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ListedDataSource } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { api, isApiError } from '../../../lib/api-client'
import { dataSourceLabel } from '../lib/labels'
import { dataSourceQueryOptions } from './get-data-source'
import { dataSourcesBaseKey, dataSourcesQueryOptions } from './get-data-sources'

/** The PUT body (DESIGN §5); the server checks the configuration against its type's schema. */
export type DataSourceUpdate = Pick<ListedDataSource, 'dataSourceType' | 'isEnabled' | 'configuration'>

export function updateDataSource(item: DataSourceUpdate): Promise<ListedDataSource> {
  const { dataSourceType, isEnabled, configuration } = item
  return api.put<ListedDataSource>(`datasources/${encodeURIComponent(dataSourceType)}`, {
    dataSourceType,
    isEnabled,
    configuration,
  })
}

/**
 * Optimistic (spec §4): list and detail caches change at once, are put back if the server refuses
 * (with the spec's toast), and are refetched either way.
 */
export function useUpdateDataSource() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: updateDataSource,
    onMutate: async (item) => {
      const listKey = dataSourcesQueryOptions().queryKey
      const detailKey = dataSourceQueryOptions(item.dataSourceType).queryKey
      await queryClient.cancelQueries({ queryKey: dataSourcesBaseKey })
      const previous = {
        list: queryClient.getQueryData(listKey),
        detail: queryClient.getQueryData(detailKey),
      }
      const apply = (source: ListedDataSource): ListedDataSource =>
        source.dataSourceType === item.dataSourceType
          ? { ...source, isEnabled: item.isEnabled, configuration: item.configuration }
          : source
      queryClient.setQueryData(listKey, (list) => list?.map(apply))
      queryClient.setQueryData(detailKey, (detail) => (detail ? apply(detail) : detail))
      return previous
    },
    onError: (error, item, previous) => {
      if (previous) {
        queryClient.setQueryData(dataSourcesQueryOptions().queryKey, previous.list)
        queryClient.setQueryData(dataSourceQueryOptions(item.dataSourceType).queryKey, previous.detail)
      }
      // A 400 is the server saying what is wrong with what was typed ("The calendar address must start
      // with https://."): that sentence, not the generic one, which tells the person nothing to fix.
      toast.error(
        isApiError(error) && error.status === 400 && !error.isNetworkError
          ? error.message
          : t('dataSources.updateFailed', { source: dataSourceLabel(item.dataSourceType, t) }),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataSourcesBaseKey }),
  })
}
