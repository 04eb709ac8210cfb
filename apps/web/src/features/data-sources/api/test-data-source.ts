import { useMutation } from '@tanstack/react-query'
import type { DataSourceTestResult } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { api, errorMessage } from '../../../lib/api-client'

export function testDataSource(type: string): Promise<DataSourceTestResult> {
  return api.post<DataSourceTestResult>(`datasources/${encodeURIComponent(type)}/test`)
}

/** Runs the connection test; its outcome is shown as a toast, since a person expects to see it. */
export function useTestDataSource() {
  const toast = useToast()
  return useMutation({
    mutationFn: testDataSource,
    onSuccess: (result) => {
      if (result.success) toast.success(result.message)
      else toast.error(result.message)
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
}
