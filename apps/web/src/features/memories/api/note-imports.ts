import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NoteImport, NoteImportCreated, NoteImportList } from '@remi/shared'
import {
  api,
  apiUrl,
  errorForResponse,
  getCsrfToken,
  readBody,
  screensLanguage,
} from '../../../lib/api-client'
import { memoriesBaseKey } from './get-memories'

export const noteImportsKey = ['note-imports'] as const

/** The files as multipart/form-data (the browser streams them; the server writes them to disk as they come). */
export async function uploadNoteImport(files: File[]): Promise<NoteImportCreated> {
  const form = new FormData()
  for (const file of files) form.append('file', file, file.name)
  const response = await fetch(apiUrl('imports'), {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { 'X-CSRF-Token': await getCsrfToken(), 'Accept-Language': screensLanguage() },
  })
  const payload = await readBody(response)
  if (!response.ok) throw errorForResponse(response.status, payload)
  return payload as NoteImportCreated
}

export function useUploadNoteImport() {
  return useMutation({ mutationFn: uploadNoteImport })
}

/** The person's imports, polled every second while one is waiting or running (the bar survives a reload). */
export function useNoteImports() {
  return useQuery({
    queryKey: noteImportsKey,
    queryFn: () => api.get<NoteImportList>('imports'),
    refetchInterval: (query) =>
      query.state.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ? 1000 : false,
  })
}

export function useStartNoteImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<NoteImport>(`imports/${id}/start`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteImportsKey }),
  })
}

export function useUndoNoteImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<{ removed: number }>(`imports/${id}/memories`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noteImportsKey })
      await queryClient.invalidateQueries({ queryKey: memoriesBaseKey })
    },
  })
}
