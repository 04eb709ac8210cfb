import { Activity, AnswerMode, type ChatMessage, type Citation, clip, MessageAttachment } from '@remi/shared'
import { z } from 'zod'
import type { Answer, CitedMemory } from '../assistant/index.ts'
import type { MemoriesService } from '../memories/index.ts'
import type { MessageRecord } from './chat.repo.ts'

/** Characters of a cited memory shown under an answer. */
export const EXCERPT_LENGTH = 160

/** What an assistant message keeps in `metadata`. Read back leniently: rows may predate a field. */
const StoredAnswer = z.object({
  citations: z.array(z.string()).catch([]),
  activity: z.array(Activity).catch([]),
  calls: z.array(z.object({ tool: z.string(), args: z.unknown() })).catch([]),
  mode: AnswerMode.optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  stopped: z.boolean().catch(false),
})
type StoredAnswer = z.infer<typeof StoredAnswer>

/** What a user message sent with files keeps in `metadata`. */
const StoredFiles = z.object({ attachments: z.array(MessageAttachment).catch([]) })

/** The files a user message was sent with (none for older rows and answers). */
export function sentFilesOf(row: MessageRecord) {
  const files = StoredFiles.safeParse(row.metadata ?? {})
  return files.success ? files.data.attachments : []
}

export type MemoryLookup = ReadonlyMap<string, CitedMemory>

export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return clip(flat, EXCERPT_LENGTH)
}

/** What an answer keeps in its message's `metadata`. */
export function answerMetadata(answer: Answer): StoredAnswer {
  return {
    citations: [...new Set(answer.citations.map((c) => c.id))],
    activity: answer.activity,
    calls: answer.calls,
    mode: answer.mode,
    ...(answer.model ? { model: answer.model } : {}),
    stopped: answer.stopped,
  }
}

function stored(row: MessageRecord): StoredAnswer {
  const parsed = StoredAnswer.safeParse(row.metadata ?? {})
  return parsed.success ? parsed.data : StoredAnswer.parse({})
}

/** The API's message; citations come from the memories as they are now (a deleted one drops out). */
export function toChatMessage(row: MessageRecord, memories: MemoryLookup): ChatMessage {
  const base = {
    id: row.id,
    content: row.content,
    isUserMessage: row.role === 'user',
    createdUtc: row.createdAt.toISOString(),
  }
  if (row.role === 'user') {
    const attachments = sentFilesOf(row)
    return attachments.length > 0 ? { ...base, attachments } : base
  }
  const meta = stored(row)
  const citations: Citation[] = meta.citations.flatMap((id) => {
    const memory = memories.get(id)
    return memory ? [{ id, excerpt: excerptOf(memory.text), date: memory.date }] : []
  })
  return {
    ...base,
    citations,
    activity: meta.activity,
    ...(meta.mode ? { mode: meta.mode } : {}),
    ...(meta.model ? { model: meta.model } : {}),
    stopped: meta.stopped,
  }
}

/** Stored messages as the API shows them, with the memories their answers cite looked up. */
export function createMessageReader(memories: Pick<MemoriesService, 'byIds'>) {
  async function lookupMemories(
    userId: string,
    rows: MessageRecord[],
    reader: { hidePrivate?: boolean } = {},
  ): Promise<MemoryLookup> {
    const ids = rows.flatMap((row) => (row.role === 'assistant' ? stored(row).citations : []))
    const found = ids.length > 0 ? await memories.byIds(userId, ids, reader) : []
    return new Map(found.map((m) => [m.id, { text: m.text, date: m.date }]))
  }

  return {
    lookupMemories,
    async toChatMessages(
      userId: string,
      rows: MessageRecord[],
      reader: { hidePrivate?: boolean } = {},
    ): Promise<ChatMessage[]> {
      const found = await lookupMemories(userId, rows, reader)
      return rows.map((row) => toChatMessage(row, found))
    },
  }
}
export type MessageReader = ReturnType<typeof createMessageReader>
