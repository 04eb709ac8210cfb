import { useMutation } from '@tanstack/react-query'
import { ApiError, apiUrl, errorMessages, messageForStatus, screensLanguage } from '../../../lib/api-client'

export type ExportFormat = 'json' | 'markdown'

/** The export is a file download, so it is fetched as a blob rather than through `api`. */
export async function exportMemories(format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
  let response: Response
  try {
    response = await fetch(apiUrl('memories/export', { format }), {
      credentials: 'include',
      headers: { 'Accept-Language': screensLanguage() },
    })
  } catch {
    throw new ApiError(errorMessages.network, 0)
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined)
    throw new ApiError(messageForStatus(response.status, body), response.status)
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? `memories.${format === 'json' ? 'json' : 'md'}`
  return { blob: await response.blob(), fileName }
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function useExportMemories() {
  return useMutation({
    mutationFn: exportMemories,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  })
}
