import type { Memory } from '@remi/shared'
import type { QueryClient } from '@tanstack/react-query'
import { api, errorMessage } from '../../../lib/api-client'
import { i18n } from '../../../lib/i18n'
import { uploadAttachment } from '../../../lib/upload-attachment'

/** The memories feature's base query key: its lists show the new memory (features do not import each other). */
const MEMORIES_KEY = ['memories'] as const

/** None of the files could be kept: the message says why for each. */
export class FilesRefused extends Error {}

/**
 * Files sent from the composer (issue 49): saved as one memory (its text the message, or the files'
 * names, as the memory dialog does), then sent with the message by id. A file the server refuses is
 * named in `refused`; when none could be kept the memory is deleted again and this throws.
 */
export async function saveSentFiles(
  queryClient: QueryClient,
  message: string,
  files: File[],
): Promise<{ attachmentIds: string[]; refused: string | null }> {
  const memory = await api.post<Memory>('memories', {
    text: message.trim() || files.map((f) => f.name).join(', '),
  })
  const attachmentIds: string[] = []
  const refused: string[] = []
  for (const file of files) {
    try {
      attachmentIds.push((await uploadAttachment({ memoryId: memory.id, file })).id)
    } catch (error) {
      refused.push(i18n.t('chat.composer.notAttached', { name: file.name, reason: errorMessage(error) }))
    }
  }
  if (attachmentIds.length === 0) {
    await api.delete(`memories/${encodeURIComponent(memory.id)}`).catch(() => {})
    throw new FilesRefused(refused.join(' '))
  }
  void queryClient.invalidateQueries({ queryKey: MEMORIES_KEY })
  return { attachmentIds, refused: refused.length ? refused.join(' ') : null }
}
