import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  CreateMemoryBody,
  ListMemoriesQuery,
  Memory,
  MEMORY_LIMITS,
  MemoryDate,
  MemoryTagCount,
  CreateReminderBody,
  Reminder,
  ReminderStatus,
  sliceWhole,
  TodayFacts,
  UpdateMemoryBody,
  type AccessTokenScope,
} from '@remi/shared'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { BRAND } from '../../config/brand.ts'
import { AppError } from '../../lib/errors.ts'
import { loggableError } from '../../plugins/error-handler.ts'
import { renderBriefing, type DashboardService } from '../dashboard/index.ts'
import type { MemoriesService } from '../memories/index.ts'
import type { RecallService } from '../recall/index.ts'
import type { RemindersService } from '../reminders/index.ts'
import type { AccessTokensService } from '../tokens/index.ts'

export interface McpDeps {
  memories: MemoriesService
  /** search_memories: the memories that answer the words, as the chat finds them. */
  recall: Pick<RecallService, 'find'>
  /** get_today answers the facts the daily briefing is written from, gathered the same way. */
  dashboard: Pick<DashboardService, 'gatherTodayFacts'>
  /** The tokens' names, for the memories' history. */
  accessTokens?: Pick<AccessTokensService, 'list'> | undefined
  /** create_reminder, list_reminders, cancel_reminder (issue 31). */
  reminders?: Pick<RemindersService, 'create' | 'list' | 'patch'> | undefined
}

export interface McpCaller {
  userId: string
  scope: AccessTokenScope
  /** The token's name (read when a tool writes): the memories' history says which token changed them. */
  tokenName?: (() => Promise<string | undefined>) | undefined
}

export const READ_ONLY_MESSAGE =
  'This access token is read-only: it can search and list memories but not change them. Create a token with read and write scope in Settings to do that.'

const TEXT_EXCERPT = 300

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write dates as YYYY-MM-DD.')
  .describe('A calendar day, YYYY-MM-DD.')
const Tags = z
  .array(z.string().max(MEMORY_LIMITS.tagMax))
  .max(MEMORY_LIMITS.tagsMax)
  .describe(`Up to ${MEMORY_LIMITS.tagsMax} short tags, e.g. ["family", "health"].`)
const Id = z.string().describe("The memory's id, as search_memories or list_recent_memories gave it.")

const MemoryPage = z.object({ totalCount: z.number().int(), memories: z.array(Memory) })

/** One memory as a line a model or a person can read. */
function memoryLine(m: Memory): string {
  const text = m.text.length > TEXT_EXCERPT ? `${sliceWhole(m.text, TEXT_EXCERPT)}…` : m.text
  const tags = m.tags.length ? ` [${m.tags.join(', ')}]` : ''
  return `- ${m.date ?? 'no date'}: ${text.replace(/\s*\n\s*/g, ' ')}${tags} (id ${m.id})`
}

const ok = (text: string, structuredContent: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent,
})
const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true })

/** The first problem a shared schema found, said the way the REST API says it. */
/** The days memories were saved on, checked as the REST list checks its dates. */
const SavedDays = z
  .object({ savedFrom: MemoryDate.optional(), savedTo: MemoryDate.optional() })
  .refine((d) => !(d.savedFrom && d.savedTo && d.savedFrom > d.savedTo), {
    message: 'savedFrom must not be after savedTo.',
  })

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'The arguments are not valid.'
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

/**
 * One MCP server for one request (the transport is stateless), with the tools scoped to the
 * token's user. Tools run on the same services as the REST API and the chat assistant.
 */
export function createMcpServer(deps: McpDeps, caller: McpCaller, log: FastifyBaseLogger): McpServer {
  const { memories, recall } = deps
  const { userId } = caller
  const author = async () => ({
    by: 'token' as const,
    name: (await caller.tokenName?.()) ?? 'an access token',
  })
  const server = new McpServer(
    { name: 'remi', title: BRAND, version: '1.0.0' },
    {
      instructions: `${BRAND} keeps the user's personal memories (notes with tags and an optional date), their calendar and weather. Search before answering questions about the user's life; save things the user asks you to remember.`,
    },
  )

  /** Service errors meant for people become tool errors; anything else is logged and hidden. */
  function run<A>(handler: (args: A) => Promise<CallToolResult>, writes = false) {
    return async (args: A): Promise<CallToolResult> => {
      if (writes && caller.scope !== 'write') return toolError(READ_ONLY_MESSAGE)
      try {
        return await handler(args)
      } catch (error) {
        if (error instanceof AppError) return toolError(error.message)
        log.error({ err: loggableError(error as Error) }, 'MCP tool failed')
        return toolError('Something went wrong on our side. Please try again later.')
      }
    }
  }

  async function listPage(filters: unknown, heading: (shown: number, total: number) => string) {
    const query = ListMemoriesQuery.safeParse(filters)
    if (!query.success) return toolError(firstIssue(query.error))
    // Private memories never reach an MCP client.
    const page = await memories.list(userId, query.data, { hidePrivate: true })
    const lines = page.items.map(memoryLine)
    const text = [heading(page.items.length, page.totalCount), ...lines].join('\n')
    return ok(text, { totalCount: page.totalCount, memories: page.items })
  }

  server.registerTool(
    'search_memories',
    {
      title: 'Search memories',
      description:
        "Search the user's memories (notes about people, plans, dates, places) by words: whole words with stemming, partial words and tags, best matches first; a longer question is also searched word by word. Optionally narrow by tags (all must match) and a date range.",
      inputSchema: {
        query: z.string().min(1).max(MEMORY_LIMITS.searchTermMax).describe('What to look for.'),
        tags: Tags.optional(),
        startDate: Day.optional().describe(
          'Only memories on or after this day (their date, else the day saved).',
        ),
        endDate: Day.optional().describe('Only memories on or before this day.'),
        savedFrom: Day.optional().describe(
          'Only memories saved on or after this day, whatever day they are about ("what did I save this week?").',
        ),
        savedTo: Day.optional().describe('Only memories saved on or before this day.'),
        limit: z.number().int().min(1).max(25).default(10).describe('How many memories to return.'),
      },
      outputSchema: { query: z.string(), memories: z.array(Memory) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(async ({ query, tags, startDate, endDate, savedFrom, savedTo, limit }) => {
      // The REST list's checks (dates, tags), then the chat assistant's search: the whole text first,
      // then its significant words, so a question in full sentences still finds its memories.
      const filters = ListMemoriesQuery.safeParse({ searchTerm: query, tags, startDate, endDate })
      if (!filters.success) return toolError(firstIssue(filters.error))
      const saved = SavedDays.safeParse({ savedFrom, savedTo })
      if (!saved.success) return toolError(firstIssue(saved.error))
      const found = await recall.find(userId, {
        query: filters.data.searchTerm ?? '',
        tags: filters.data.tags,
        from: filters.data.startDate,
        to: filters.data.endDate,
        saved: { from: saved.data.savedFrom, to: saved.data.savedTo },
        limit,
      })
      const heading =
        found.length === 0
          ? `No memories match "${query}".`
          : `Found ${found.length} ${found.length === 1 ? 'memory' : 'memories'} for "${query}", best first:`
      return ok([heading, ...found.map(memoryLine)].join('\n'), { query, memories: found })
    }),
  )

  server.registerTool(
    'list_recent_memories',
    {
      title: 'List recent memories',
      description:
        "The user's latest memories: by their date (or when they were saved, if undated), newest first.",
      inputSchema: {
        limit: z.number().int().min(1).max(50).default(10).describe('How many memories to return.'),
      },
      outputSchema: MemoryPage.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(async ({ limit }) =>
      listPage({ page: 1, pageSize: limit }, (shown, total) =>
        total === 0 ? 'There are no memories yet.' : `The latest ${shown} of ${total} memories:`,
      ),
    ),
  )

  server.registerTool(
    'create_memory',
    {
      title: 'Save a memory',
      description:
        'Save a new memory for the user: a short self-contained note, with tags and the day it is about. Needs a token with write scope.',
      inputSchema: {
        text: z.string().min(1).max(MEMORY_LIMITS.textMax).describe('The memory, in plain words.'),
        tags: Tags.optional(),
        date: Day.nullable()
          .optional()
          .describe('The day the memory is about, YYYY-MM-DD. Omit for today; null for no date.'),
      },
      outputSchema: { memory: Memory },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    run(async (args) => {
      const body = CreateMemoryBody.safeParse(args)
      if (!body.success) return toolError(firstIssue(body.error))
      const memory = await memories.create(userId, { ...body.data, private: false }, await author())
      return ok(`Saved the memory:\n${memoryLine(memory)}`, { memory })
    }, true),
  )

  server.registerTool(
    'update_memory',
    {
      title: 'Change a memory',
      description:
        "Change the text, tags or date of one of the user's memories. Fields left out stay as they are; tags replace the old tags. Needs a token with write scope.",
      inputSchema: {
        id: Id,
        text: z.string().min(1).max(MEMORY_LIMITS.textMax).optional().describe('The new text.'),
        tags: Tags.optional(),
        date: Day.nullable().optional().describe('The new day, YYYY-MM-DD, or null for no date.'),
      },
      outputSchema: { memory: Memory },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    run(async ({ id, text, tags, date }) => {
      if (text === undefined && tags === undefined && date === undefined) {
        return toolError('Give at least one of text, tags or date to change.')
      }
      if (!z.uuid().safeParse(id).success) return toolError('Memory not found.')
      const current = await memories.get(userId, id, { hidePrivate: true })
      const body = UpdateMemoryBody.safeParse({ text: text ?? current.text, tags, date })
      if (!body.success) return toolError(firstIssue(body.error))
      const memory = await memories.update(userId, id, body.data, await author())
      return ok(`Updated the memory:\n${memoryLine(memory)}`, { memory })
    }, true),
  )

  server.registerTool(
    'delete_memory',
    {
      title: 'Delete a memory',
      description: "Delete one of the user's memories for good. Needs a token with write scope.",
      inputSchema: { id: Id },
      outputSchema: { deleted: z.string().describe('The id of the deleted memory.') },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    run(async ({ id }) => {
      if (!z.uuid().safeParse(id).success) return toolError('Memory not found.')
      await memories.get(userId, id, { hidePrivate: true })
      await memories.remove(userId, id, await author())
      return ok(`Deleted the memory ${id}.`, { deleted: id })
    }, true),
  )

  server.registerTool(
    'list_tags',
    {
      title: 'List tags',
      description:
        "The tags on the user's memories, with how many memories carry each, most used first (private memories are not counted).",
      outputSchema: { tags: z.array(MemoryTagCount) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(async () => {
      // Private memories never reach an MCP client: not even a tag only they carry.
      const tags = await memories.tags(userId, { hidePrivate: true })
      const text = tags.length
        ? `Tags (memories): ${tags.map((t) => `${t.name} (${t.count})`).join(', ')}`
        : 'No memory has a tag yet.'
      return ok(text, { tags })
    }),
  )

  server.registerTool(
    'get_today',
    {
      title: "Today's briefing facts",
      description:
        "Today in the user's time zone, as their daily briefing sees it: the weather where they are, today's calendar events, memories dated today and in the next 7 days, memories from this day in earlier years, and one suggestion. Sources the user has not turned on say so.",
      outputSchema: TodayFacts.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(async () => {
      const facts = await deps.dashboard.gatherTodayFacts(userId, { log })
      return ok(renderBriefing(facts), facts)
    }),
  )

  const reminders = deps.reminders
  if (reminders) {
    const reminderLine = (r: Reminder) =>
      `- ${r.nextAt ?? r.dueAt} (${r.timezone}): ${r.text}${r.recurrence ? ` [repeats ${r.recurrence}]` : ''} — ${r.status} (id ${r.id})`

    server.registerTool(
      'create_reminder',
      {
        title: 'Create a reminder',
        description:
          "Remind the user of something at a time: Remi notifies them then (in the app, on their devices, by e-mail if they chose it). dueAt is an ISO date-time with its offset, in the user's time zone unless said otherwise; recurrence an RRULE such as FREQ=WEEKLY;BYDAY=MO. Needs a token with write scope.",
        inputSchema: CreateReminderBody.shape,
        outputSchema: Reminder.shape,
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      run(async (args: unknown) => {
        const body = CreateReminderBody.safeParse(args)
        if (!body.success) return toolError(firstIssue(body.error))
        const created = await reminders.create(userId, body.data)
        return ok(`Reminder set:\n${reminderLine(created)}`, created)
      }, true),
    )

    server.registerTool(
      'list_reminders',
      {
        title: 'List reminders',
        description:
          "The user's reminders, soonest first for scheduled ones (the default), or those sent, done or cancelled.",
        inputSchema: { status: ReminderStatus.optional().describe('Default: scheduled.') },
        outputSchema: { reminders: z.array(Reminder) },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      run(async ({ status }: { status?: ReminderStatus }) => {
        const list = await reminders.list(userId, {
          status: status ?? 'scheduled',
          limit: 100,
          hidePrivate: true,
        })
        const text = list.length ? list.map(reminderLine).join('\n') : 'No reminders.'
        return ok(text, { reminders: list })
      }),
    )

    server.registerTool(
      'cancel_reminder',
      {
        title: 'Cancel a reminder',
        description:
          'Cancel one of the user’s reminders (by the id list_reminders gave). Needs a token with write scope.',
        inputSchema: { id: z.string().describe("The reminder's id, as list_reminders gave it.") },
        outputSchema: Reminder.shape,
        annotations: {
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      run(async ({ id }: { id: string }) => {
        if (!z.uuid().safeParse(id).success) return toolError('Reminder not found.')
        const cancelled = await reminders.patch(userId, id, { status: 'cancelled' })
        return ok(`Cancelled:\n${reminderLine(cancelled)}`, cancelled)
      }, true),
    )
  }

  return server
}
