import { useMutation, useQueryClient } from '@tanstack/react-query'
import { uploadAttachment } from '../../../lib/upload-attachment'
import { memoriesBaseKey } from './get-memories'

export { uploadAttachment }

export function useUploadAttachment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
