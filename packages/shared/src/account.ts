import { z } from 'zod'
import { CurrentUser, UserSettings } from './auth.ts'
import { Activity, AnswerMode, CHAT_LIMITS, ConversationTitle } from './chat.ts'
import { DataSource } from './datasources.ts'
import {
  IMPORT_DUPLICATE_ID,
  ImportMemoriesBody,
  ImportMemoriesEnvelope,
  ImportMemoriesResult,
  MEMORY_LIMITS,
  Memory,
  MemoryChange,
} from './memories.ts'
import { isStorableText, sliceWhole } from './text.ts'

export const ACCOUNT_EXPORT_FORMAT = 'remi-account'

export const ACCOUNT_LIMITS = {
  conversationsMax: 10_000,
  messagesMax: 200_000,
  /** An answer can be longer than a message a person may send. */
  messageContentMax: 100_000,
  citationsMax: 100,
  activityMax: 50,
} as const

/** DELETE auth/user: the account's e-mail address, typed again to confirm. */
export const DeleteAccountBody = z.object({
  email: z
    .string({ error: 'email is required: type the e-mail address of the account to confirm.' })
    .trim()
    .max(254),
})
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>

export const ExportedChatMessage = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** ISO time. */
  createdAt: z.string(),
  /** Memories the answer cited, by id (as in `memories`). */
  citations: z.array(z.uuid()).optional(),
  activity: z.array(Activity).optional(),
  mode: AnswerMode.optional(),
  model: z.string().optional(),
  stopped: z.boolean().optional(),
})
export type ExportedChatMessage = z.infer<typeof ExportedChatMessage>

export const ExportedConversation = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** null while the conversation has no message (files from before titles have none). */
  title: z.string().nullable().optional(),
  /** Oldest first. */
  messages: z.array(ExportedChatMessage),
})
export type ExportedConversation = z.infer<typeof ExportedConversation>

/** GET auth/user/export: everything of the account in one file. Never a sign-in or calendar token. */
export const AccountExport = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  profile: CurrentUser.omit({ id: true }).extend({ createdAt: z.string() }),
  settings: UserSettings,
  /**
   * The memories' changes of the last 30 days, newest first, each with what the memory was before and who
   * made it (the history Undo reads). Older files have none.
   */
  memoryVersions: z.array(MemoryChange.extend({ memoryId: z.uuid() })).optional(),
  memories: z.array(Memory),
  conversations: z.array(ExportedConversation),
  /** The data-source settings as Settings shows them (place, calendars, vacation days). */
  dataSources: z.array(DataSource),
})
export type AccountExport = z.infer<typeof AccountExport>

const Uuid = (field: string) =>
  z.uuid({ error: `${field} must be a UUID.` }).transform((v) => v.toLowerCase())

/** An ISO time the database keeps as written (years 1900–2100, as for memories). */
const Instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time.` }).refine((v) => {
    const year = new Date(v).getUTCFullYear()
    return year >= MEMORY_LIMITS.minYear && year <= MEMORY_LIMITS.maxYear
  }, `${field} must be between the years ${MEMORY_LIMITS.minYear} and ${MEMORY_LIMITS.maxYear}.`)

/** `v` at most `max` characters, an ellipsis ending a cut one (never half a surrogate pair). */
function cut(v: string, max: number): string {
  if (v.length <= max) return v
  return `${sliceWhole(v, max - 1)}…`
}

/** An activity line as a file gives it: a summary longer than the app writes is cut (it is only shown). */
const ImportedActivity = Activity.extend({
  summary: z
    .string({ error: 'activity.summary must be text.' })
    .transform((v) => cut(v, CHAT_LIMITS.activitySummaryMax))
    .refine(isStorableText, 'activity.summary must not contain NUL or broken characters.'),
})

const ImportedChatMessage = z.object({
  id: Uuid('id'),
  role: z.enum(['user', 'assistant'], { error: "role must be 'user' or 'assistant'." }),
  content: z
    .string({ error: 'content is required.' })
    .min(1, 'content must not be empty.')
    .max(
      ACCOUNT_LIMITS.messageContentMax,
      `content must be at most ${ACCOUNT_LIMITS.messageContentMax} characters.`,
    )
    .refine(isStorableText, 'content must not contain NUL or broken characters.'),
  createdAt: Instant('createdAt'),
  citations: z.array(Uuid('citations')).max(ACCOUNT_LIMITS.citationsMax).optional(),
  activity: z
    .array(ImportedActivity)
    .max(ACCOUNT_LIMITS.activityMax, `activity holds at most ${ACCOUNT_LIMITS.activityMax} lines.`)
    .optional(),
  mode: AnswerMode.optional(),
  model: z.string().max(200).refine(isStorableText).optional(),
  stopped: z.boolean().optional(),
})

export const ImportedConversation = z.object({
  id: Uuid('id'),
  createdAt: Instant('createdAt').optional(),
  title: ConversationTitle.nullable().optional(),
  messages: z.array(ImportedChatMessage, { error: 'messages must be a list.' }),
})

export const IMPORT_ACCOUNT_MESSAGES_TOO_MANY = `An import holds at most ${ACCOUNT_LIMITS.messagesMax} chat messages.`

const accountFormat = z.literal(ACCOUNT_EXPORT_FORMAT, {
  error: `format must be '${ACCOUNT_EXPORT_FORMAT}' (a Remi account export).`,
})
const accountVersion = z.literal(1, { error: 'version must be 1.' })
const conversationsList = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'conversations must be a list.' })
    .max(
      ACCOUNT_LIMITS.conversationsMax,
      `An import holds at most ${ACCOUNT_LIMITS.conversationsMax} conversations.`,
    )
    .default([])

/**
 * POST auth/user/import: a file from GET auth/user/export. Memories and chat are restored; the profile,
 * settings and data sources in the file are left as this account has them. Ids make a second import of
 * the same file change nothing.
 */
export const ImportAccountBody = z
  .object({
    format: accountFormat,
    version: accountVersion,
    memories: ImportMemoriesBody.shape.memories,
    conversations: conversationsList(ImportedConversation),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>()
    let messages = 0
    body.conversations.forEach((conversation, c) => {
      for (const [index, id] of [conversation.id, ...conversation.messages.map((m) => m.id)].entries()) {
        if (seen.has(id)) {
          const path =
            index === 0 ? ['conversations', c, 'id'] : ['conversations', c, 'messages', index - 1, 'id']
          ctx.addIssue({ code: 'custom', message: IMPORT_DUPLICATE_ID, path })
        }
        seen.add(id)
      }
      messages += conversation.messages.length
    })
    if (messages > ACCOUNT_LIMITS.messagesMax)
      ctx.addIssue({
        code: 'custom',
        message: IMPORT_ACCOUNT_MESSAGES_TOO_MANY,
        path: ['conversations'],
      })
  })
export type ImportAccountBody = z.input<typeof ImportAccountBody>

/**
 * ImportAccountBody without looking inside the memories and conversations: the server checks those a
 * slice at a time in a worker thread (ImportedMemory and ImportedConversation each, the ids and the
 * message count across them), as it does a memories import.
 */
export const ImportAccountEnvelope = z.object({
  format: accountFormat,
  version: accountVersion,
  memories: ImportMemoriesEnvelope.shape.memories,
  conversations: conversationsList(z.unknown()),
})

export const ImportAccountResult = z.object({
  memories: ImportMemoriesResult,
  /** Conversations and messages written now (ones already there are left as they are). */
  chat: z.object({ conversations: z.number().int(), messages: z.number().int() }),
})
export type ImportAccountResult = z.infer<typeof ImportAccountResult>
