import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey, toMemoryItem, type MemoryItem } from './get-memories'

export interface MemoryChanges {
  id: string
  text: string
  tags: string
  /** '' clears the date. */
  date: string
  private?: boolean
}

export async function updateMemory({ id, text, tags, date, ...rest }: MemoryChanges): Promise<MemoryItem> {
  const body = await api.put<Record<string, unknown>>(`memories/${encodeURIComponent(id)}`, {
    text: text.trim(),
    tags,
    date: date || null,
    ...(rest.private !== undefined ? { private: rest.private } : {}),
  })
  return toMemoryItem(body)
}

export function useUpdateMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
