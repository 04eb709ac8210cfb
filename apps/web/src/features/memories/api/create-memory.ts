import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey, toMemoryItem, type MemoryItem } from './get-memories'

export interface NewMemory {
  text: string
  tags: string
  /** '' is sent as null (spec §5). */
  date: string
  private?: boolean
}

export async function createMemory(memory: NewMemory): Promise<MemoryItem> {
  const body = await api.post<Record<string, unknown>>('memories', {
    text: memory.text.trim(),
    tags: memory.tags,
    date: memory.date || null,
    ...(memory.private ? { private: true } : {}),
  })
  return toMemoryItem(body)
}

export function useCreateMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
