import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ImportMemoriesResult } from '@remi/shared'
import { api, ApiError } from '../../../lib/api-client'
import { BRAND } from '../../../config/brand'
import { readText } from '../../../lib/files'
import { i18n } from '../../../lib/i18n'
import { memoriesBaseKey } from './get-memories'

/** Said when the chosen file is not JSON at all, in the screen's language. */
export const notJsonMessage = (): string => i18n.t('memories.import.notJson', { brand: BRAND })

export async function importMemories(file: File): Promise<ImportMemoriesResult> {
  let body: unknown
  try {
    body = JSON.parse(await readText(file))
  } catch {
    throw new ApiError(notJsonMessage(), 400)
  }
  return api.post<ImportMemoriesResult>('memories/import', body)
}

export function useImportMemories() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importMemories,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
