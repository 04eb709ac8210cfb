import { ErrorCode, type Attachment } from '@remi/shared'
import { apiUrl, errorForResponse, getCsrfToken, isApiError, readBody, screensLanguage } from './api-client'

async function send(memoryId: string, file: File): Promise<Attachment> {
  const form = new FormData()
  form.append('file', file, file.name || 'file')
  const response = await fetch(apiUrl(`memories/${encodeURIComponent(memoryId)}/attachments`), {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { 'X-CSRF-Token': await getCsrfToken(), 'Accept-Language': screensLanguage() },
  })
  const payload = await readBody(response)
  if (!response.ok) throw errorForResponse(response.status, payload)
  return payload as Attachment
}

/**
 * A file onto a memory (multipart "file"), for the memory dialog and the chat's composer; sent again
 * once when the CSRF token went stale.
 */
export async function uploadAttachment({ memoryId, file }: { memoryId: string; file: File }) {
  try {
    return await send(memoryId, file)
  } catch (error) {
    if (isApiError(error) && error.status === 400 && error.code === ErrorCode.InvalidCsrfToken)
      return send(memoryId, file)
    throw error
  }
}
