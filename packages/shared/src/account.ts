import { z } from 'zod'
import { CurrentUser, UserSettings } from './auth.ts'
import { Attachment, ATTACHMENT_LIMITS } from './attachments.ts'
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

/** The account export is a zip: this JSON file, and each memory's files under files/<id>/<name>. */
export const ACCOUNT_ZIP_JSON = 'remi-export.json'
/** A zip's entries at most (the JSON and the files): past it the import is refused before anything is read. */
export const ACCOUNT_ZIP_ENTRIES_MAX = 50_000

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

/**
 * A memory's file as the export's JSON lists it: where its bytes are in the zip, and its words as read
 * (so an import needs no second reading).
 */
export const ExportedAttachment = Attachment.extend({
  path: z.string(),
  text: z.string().nullable().optional(),
})
export type ExportedAttachment = z.infer<typeof ExportedAttachment>

/**
 * GET auth/user/export: everything of the account, a zip of one JSON file (ACCOUNT_ZIP_JSON, this) and
 * the memories' files; `?format=json` gives the JSON alone. Never a sign-in or calendar token.
 */
export const AccountExport = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  // The language is one of the settings below.
  profile: CurrentUser.omit({ id: true, language: true }).extend({ createdAt: z.string() }),
  settings: UserSettings,
  /**
   * The memories' changes of the last 30 days, newest first, each with what the memory was before and who
   * made it (the history Undo reads). Older files have none.
   */
  memoryVersions: z.array(MemoryChange.extend({ memoryId: z.uuid() })).optional(),
  memories: z.array(Memory.extend({ attachments: z.array(ExportedAttachment).optional() })),
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

/** A file as an import zip lists it on its memory (ExportedAttachment); its bytes come from `path`. */
export const ImportedAttachment = z.object({
  id: Uuid('attachments.id'),
  name: z
    .string({ error: 'attachments.name must be text.' })
    .min(1)
    .max(255)
    .refine(isStorableText, 'attachments.name must not contain NUL or broken characters.'),
  size: z.number().int().min(1).max(ATTACHMENT_LIMITS.fileBytes, 'attachments.size is past 20 MB.'),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  pages: z.number().int().positive().optional(),
  status: z.enum(['reading', 'ready', 'failed'], { error: 'attachments.status is not known.' }),
  reason: z.string().max(1000).refine(isStorableText).optional(),
  path: z.string({ error: 'attachments.path is required.' }).max(1000),
  text: z.string().max(1_000_000).refine(isStorableText).nullable().optional(),
})
export type ImportedAttachment = z.infer<typeof ImportedAttachment>

export const IMPORT_ZIP_INVALID = 'The file is not a valid Remi export zip.'
export const IMPORT_ZIP_NO_JSON = `The zip holds no ${ACCOUNT_ZIP_JSON}: it is not a Remi account export.`
export const IMPORT_ZIP_TOO_MANY = `The zip holds more than ${ACCOUNT_ZIP_ENTRIES_MAX} files; it was not read.`
export const IMPORT_ZIP_BAD_NAME = (name: string) =>
  `The zip holds a file named '${name.slice(0, 200)}', outside its folders; it was not read.`
export const IMPORT_ZIP_TOO_BIG =
  'The zip unpacks to more than an account export can hold (a zip bomb?); it was not read.'
export const IMPORT_ZIP_TOO_LARGE = (bytes: number) =>
  `The import zip is too large (at most ${Math.round(bytes / 1024 / 1024)} MB).`
export const IMPORT_ZIP_MISSING_FILE = (path: string) =>
  `The zip has no file ${path.slice(0, 300)} (or not of the size its memory lists).`

export const ImportAccountResult = z.object({
  memories: ImportMemoriesResult,
  /** Memories' files written now (ones already there are left as they are); none from a JSON file. */
  files: z.number().int().optional(),
  /** Conversations and messages written now (ones already there are left as they are). */
  chat: z.object({ conversations: z.number().int(), messages: z.number().int() }),
})
export type ImportAccountResult = z.infer<typeof ImportAccountResult>
