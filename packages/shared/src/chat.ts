import { z } from 'zod'
import { isStorableText } from './text.ts'

export const CHAT_LIMITS = {
  contentMax: 8000,
  /** Sends (send, stream, regenerate) per user per minute. */
  sendsPerMinute: 20,
  historyPageSizeDefault: 30,
  historyPageSizeMax: 100,
  /** An activity line ("Searched memories for 'Ana'"): the assistant's are far shorter; imports are cut here. */
  activitySummaryMax: 500,
  titleMax: 120,
  /** Words of the first message that make a conversation's title until the model (or the user) names it. */
  titleWords: 8,
  conversationsPageSizeDefault: 30,
  conversationsPageSizeMax: 1000,
  /** A search longer than this is refused; only its first words are looked for anyway. */
  searchMax: 500,
  /** Files sent with one message (each already saved on a memory: POST /api/memories/:id/attachments). */
  filesPerMessage: 10,
} as const

/** How an answer was made: the model with tools, the model with facts in its prompt, or the offline assistant. */
export const AnswerMode = z.enum(['tools', 'context', 'offline'])
export type AnswerMode = z.infer<typeof AnswerMode>

export const assistantTools = [
  'search_memories',
  'create_memory',
  'get_weather',
  'get_calendar_events',
  'update_memory',
  'delete_memory',
  // Issue 31: the MCP server's reminder tools, for the model too.
  'create_reminder',
  'list_reminders',
  'cancel_reminder',
  // Issue 50: the web, when the server has a search provider (model only).
  'web_search',
  'read_web_page',
  // Issue 50: scheduled requests made in words (model only).
  'create_automation',
] as const
export const AssistantTool = z.enum(assistantTools)
export type AssistantTool = z.infer<typeof AssistantTool>

/** A memory an answer was given or found. */
export const Citation = z.object({
  id: z.uuid(),
  /** The start of the memory's text. */
  excerpt: z.string(),
  date: z.string().nullable(),
})
export type Citation = z.infer<typeof Citation>

/** One tool call, in words: "Searched memories for 'Ana'", "Saved a memory". */
/** A call to one of the person's connected MCP tools (issue 50): its line names the server and the tool. */
export const CONNECTED_TOOL = 'connected_tool'
export const ActivityTool = z.union([AssistantTool, z.literal(CONNECTED_TOOL)])
export type ActivityTool = z.infer<typeof ActivityTool>

export const Activity = z.object({
  tool: ActivityTool,
  summary: z.string(),
  /** The memory a create_memory call saved, so the screen can link to it. */
  memoryId: z.uuid().optional(),
})
export type Activity = z.infer<typeof Activity>

/** A file a message was sent with: shown beside it, served by GET /api/attachments/:id. */
export const MessageAttachment = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  /** The memory it was saved on. */
  memoryId: z.uuid(),
})
export type MessageAttachment = z.infer<typeof MessageAttachment>

export const ChatMessage = z.object({
  id: z.uuid(),
  content: z.string(),
  isUserMessage: z.boolean(),
  /** ISO time. */
  createdUtc: z.string(),
  citations: z.array(Citation).optional(),
  activity: z.array(Activity).optional(),
  mode: AnswerMode.optional(),
  /** The model that wrote it; absent for the offline assistant and user messages. */
  model: z.string().optional(),
  /** The answer was cut short by the user (Stop). */
  stopped: z.boolean().optional(),
  /** A user message's files (sent from the composer, saved on a memory). */
  attachments: z.array(MessageAttachment).optional(),
})
export type ChatMessage = z.infer<typeof ChatMessage>

export const ChatContent = z
  .string({ error: 'content is required.' })
  .trim()
  .min(1, 'content must not be blank.')
  .max(CHAT_LIMITS.contentMax, `content must be at most ${CHAT_LIMITS.contentMax} characters.`)
  .refine(isStorableText, 'content must not contain NUL or broken characters.')

export const SendMessageBody = z
  .object({
    /** May be blank when files are sent: the message is then their names. */
    content: z
      .string({ error: 'content is required.' })
      .trim()
      .max(CHAT_LIMITS.contentMax, `content must be at most ${CHAT_LIMITS.contentMax} characters.`)
      .refine(isStorableText, 'content must not contain NUL or broken characters.'),
    /** Omitted: the user's current conversation (a new one when there is none). */
    conversationId: z.uuid({ error: 'conversationId must be a UUID.' }).optional(),
    /** The composer's Web toggle: the model may search and read the web for this message. Omitted: off. */
    web: z.boolean({ error: 'web must be true or false.' }).optional(),
    /**
     * Files sent with the message, uploaded first onto a memory of the person's (POST /api/memories,
     * then POST /api/memories/:id/attachments): the answer is about them. Another person's id is 404.
     */
    attachmentIds: z
      .array(z.uuid({ error: 'attachmentIds must be UUIDs.' }))
      .max(CHAT_LIMITS.filesPerMessage, `A message may carry at most ${CHAT_LIMITS.filesPerMessage} files.`)
      .optional(),
  })
  .refine((body) => body.content !== '' || (body.attachmentIds?.length ?? 0) > 0, {
    message: 'content must not be blank.',
    path: ['content'],
  })
export type SendMessageBody = z.input<typeof SendMessageBody>

export const SendMessageResponse = z.object({
  conversationId: z.uuid(),
  userMessage: ChatMessage,
  assistantMessage: ChatMessage,
})
export type SendMessageResponse = z.infer<typeof SendMessageResponse>

export const RegenerateBody = z.object({
  conversationId: z.uuid({ error: 'conversationId must be a UUID.' }),
  /** As the send's: the composer's Web toggle. */
  web: z.boolean({ error: 'web must be true or false.' }).optional(),
})
export type RegenerateBody = z.input<typeof RegenerateBody>

export const ChatHistoryQuery = z.object({
  conversationId: z.uuid({ error: 'conversationId must be a UUID.' }).optional(),
  /** 1 is the newest page. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHAT_LIMITS.historyPageSizeMax)
    .default(CHAT_LIMITS.historyPageSizeDefault),
})
export type ChatHistoryQuery = z.input<typeof ChatHistoryQuery>

/** Who answers: a named model, or the offline assistant (model null). */
export const AssistantInfo = z.object({
  name: z.string(),
  model: z.string().nullable(),
  /** The server has a web search provider: the composer offers its Web toggle. */
  web: z.boolean().optional(),
})
export type AssistantInfo = z.infer<typeof AssistantInfo>

export const ChatHistory = z.object({
  /** null until the user's first message. */
  conversationId: z.uuid().nullable(),
  /** Oldest first within the page; page 1 holds the newest messages. */
  messages: z.array(ChatMessage),
  totalCount: z.number().int().min(0),
  assistant: AssistantInfo,
})
export type ChatHistory = z.infer<typeof ChatHistory>

/** The server-sent events of POST chat/stream and chat/regenerate, by event name. */
export const ChatStreamEvents = {
  /** The stored user message (not sent by regenerate). */
  user: z.object({ conversationId: z.uuid(), message: ChatMessage }),
  /** A tool started or finished. */
  activity: z.object({ status: z.enum(['started', 'finished']), activity: Activity }),
  /** More answer text. */
  delta: z.object({ text: z.string() }),
  /** The stored assistant message, with citations and activity. */
  done: z.object({ conversationId: z.uuid(), message: ChatMessage }),
  /** Something went wrong; the user message stays stored. */
  error: z.object({ message: z.string() }),
} as const
export type ChatStreamEventName = keyof typeof ChatStreamEvents
export type ChatStreamEvent = {
  [K in ChatStreamEventName]: { event: K; data: z.infer<(typeof ChatStreamEvents)[K]> }
}[ChatStreamEventName]

export const ConversationTitle = z
  .string({ error: 'title is required.' })
  .trim()
  .min(1, 'title must not be blank.')
  .max(CHAT_LIMITS.titleMax, `title must be at most ${CHAT_LIMITS.titleMax} characters.`)
  .refine(isStorableText, 'title must not contain NUL or broken characters.')

/** Where a search matched: one message of the conversation, its text around the words with the matches marked. */
export const ConversationSnippet = z.object({
  messageId: z.uuid(),
  /** ISO time of the message. */
  createdUtc: z.string(),
  /** The excerpt in order; `match` marks the words the search found. */
  parts: z.array(z.object({ text: z.string(), match: z.boolean() })),
})
export type ConversationSnippet = z.infer<typeof ConversationSnippet>

export const ConversationSummary = z.object({
  id: z.uuid(),
  /** null until the first message. */
  title: z.string().nullable(),
  /** ISO time. */
  createdAt: z.string(),
  /** ISO time of the newest message; null while the conversation is empty. */
  lastMessageAt: z.string().nullable(),
  messageCount: z.number().int().min(0),
  /** With a search: the newest message that matched. */
  snippet: ConversationSnippet.optional(),
})
export type ConversationSummary = z.infer<typeof ConversationSummary>

export const ConversationList = z.object({
  items: z.array(ConversationSummary),
  totalCount: z.number().int().min(0),
})
export type ConversationList = z.infer<typeof ConversationList>

export const ConversationListQuery = z.object({
  /** Words across every message (letters and digits; the last one may be a word being typed). */
  search: z
    .string()
    .max(CHAT_LIMITS.searchMax, `search must be at most ${CHAT_LIMITS.searchMax} characters.`)
    .refine(isStorableText, 'search must not contain NUL or broken characters.')
    .optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHAT_LIMITS.conversationsPageSizeMax)
    .default(CHAT_LIMITS.conversationsPageSizeDefault),
})
export type ConversationListQuery = z.input<typeof ConversationListQuery>

export const ConversationParams = z.object({
  id: z.uuid({ error: 'id must be a UUID.' }),
})

export const RenameConversationBody = z.object({ title: ConversationTitle })
export type RenameConversationBody = z.input<typeof RenameConversationBody>

export const ClearChatQuery = z.object({
  /** Omitted: every conversation of the user's (as before conversations had a list). */
  conversationId: z.uuid({ error: 'conversationId must be a UUID.' }).optional(),
})
