import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ImportMemoriesResult } from '@remi/shared'
import { api, ApiError } from '../../../lib/api-client'
import { BRAND } from '../../../config/brand'
import { readText } from '../../../lib/files'
import { memoriesBaseKey } from './get-memories'

export const NOT_JSON_MESSAGE = `That file is not a ${BRAND} JSON export.`

export async function importMemories(file: File): Promise<ImportMemoriesResult> {
  let body: unknown
  try {
    body = JSON.parse(await readText(file))
  } catch {
    throw new ApiError(NOT_JSON_MESSAGE, 400)
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
