/**
 * Checks an account import file (its bytes) as ImportAccountBody would, a slice at a time: the memories
 * as a memories import does, then the conversations, posting each checked slice or the first problem.
 * Run in a worker thread (account-file.worker.ts): parsing and checking a file of many megabytes on the
 * server's own thread held every other request for a second.
 */
import {
  ACCOUNT_LIMITS,
  IMPORT_ACCOUNT_MESSAGES_TOO_MANY,
  IMPORT_DUPLICATE_ID,
  ImportAccountEnvelope,
  ImportedAttachment,
  ImportedConversation,
} from '@remi/shared'
import type { z } from 'zod'
import { checkMemories, field, type ImportFileMessage } from '../memories/index.ts'

export type AccountFileMessage =
  | Extract<ImportFileMessage, { type: 'batch' | 'invalid' | 'not-json' }>
  | { type: 'conversations'; items: z.output<typeof ImportedConversation>[] }
  | { type: 'files'; items: ListedFile[] }
  | { type: 'done' }

/** A memory's file as the file lists it (an export zip's JSON): its bytes are in the zip at `path`. */
export type ListedFile = ImportedAttachment & { memoryId: string }

/** Messages per slice posted: small enough that taking one in is a short task for the server's thread. */
const MESSAGES_PER_SLICE = 1000

export function checkAccountFile(bytes: Uint8Array, post: (message: AccountFileMessage) => void): void {
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return post({ type: 'not-json' })
  }
  const envelope = ImportAccountEnvelope.safeParse(body)
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!
    return post({ type: 'invalid', field: field(issue.path), message: issue.message })
  }
  if (!checkMemories(envelope.data.memories, post)) return
  if (!checkFiles(envelope.data.memories, post)) return
  const invalid = (path: PropertyKey[], message: string) =>
    post({ type: 'invalid', field: field(['conversations', ...path]), message })

  const conversations = envelope.data.conversations
  const seen = new Set<string>()
  let messages = 0
  let slice: z.output<typeof ImportedConversation>[] = []
  let sliceMessages = 0
  for (const [c, item] of conversations.entries()) {
    const conversation = ImportedConversation.safeParse(item)
    if (!conversation.success) {
      const issue = conversation.error.issues[0]!
      return invalid([c, ...issue.path], issue.message)
    }
    const ids = [conversation.data.id, ...conversation.data.messages.map((m) => m.id)]
    for (const [index, id] of ids.entries()) {
      if (seen.has(id))
        return invalid(index === 0 ? [c, 'id'] : [c, 'messages', index - 1, 'id'], IMPORT_DUPLICATE_ID)
      seen.add(id)
    }
    messages += conversation.data.messages.length
    if (messages > ACCOUNT_LIMITS.messagesMax) return invalid([], IMPORT_ACCOUNT_MESSAGES_TOO_MANY)
    slice.push(conversation.data)
    sliceMessages += conversation.data.messages.length
    if (sliceMessages >= MESSAGES_PER_SLICE) {
      post({ type: 'conversations', items: slice })
      slice = []
      sliceMessages = 0
    }
  }
  if (slice.length) post({ type: 'conversations', items: slice })
  post({ type: 'done' })
}

/**
 * The memories' files the file lists (an export zip's JSON, ExportedAttachment): each checked, on a
 * memory with an id, no id twice; posted a slice at a time. A file without any is an older export.
 */
function checkFiles(memories: unknown[], post: (message: AccountFileMessage) => void): boolean {
  const seen = new Set<string>()
  let slice: ListedFile[] = []
  for (const [m, memory] of memories.entries()) {
    const listed = (memory as { attachments?: unknown } | null)?.attachments
    if (listed === undefined) continue
    const invalid = (path: PropertyKey[], message: string) => {
      post({ type: 'invalid', field: field(['memories', m, 'attachments', ...path]), message })
      return false
    }
    if (!Array.isArray(listed)) return invalid([], 'attachments must be a list.')
    const memoryId = (memory as { id?: unknown }).id
    if (listed.length > 0 && typeof memoryId !== 'string')
      return invalid([], 'A memory with files needs its id.')
    for (const [a, item] of listed.entries()) {
      const file = ImportedAttachment.safeParse(item)
      if (!file.success) {
        const issue = file.error.issues[0]!
        return invalid([a, ...issue.path], issue.message)
      }
      if (seen.has(file.data.id)) return invalid([a, 'id'], IMPORT_DUPLICATE_ID)
      seen.add(file.data.id)
      slice.push({ ...file.data, memoryId: (memoryId as string).toLowerCase() })
      if (slice.length >= MESSAGES_PER_SLICE) {
        post({ type: 'files', items: slice })
        slice = []
      }
    }
  }
  if (slice.length) post({ type: 'files', items: slice })
  return true
}
