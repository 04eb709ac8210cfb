import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  CreateMemoryBody,
  CreateReminderBody,
  ListMemoriesQuery,
  Memory,
  MEMORY_LIMITS,
  MemoryTagCount,
  Reminder,
  ReminderStatus,
  TodayFacts,
  UpdateMemoryBody,
} from '@remi/shared'
import { z } from 'zod'
import type { automationTools } from './automations.ts'
import type { dayTools } from './day.ts'
import {
  Day,
  Id,
  mcpIssue,
  memoryLine,
  ok,
  reminderLine,
  SavedDays,
  Tags,
  toolError,
  type McpToolContext,
} from './mcp-results.ts'
import type { memoryTools } from './memories.ts'
import type { proposalTools } from './proposals.ts'
import type { reminderTools } from './reminders.ts'
import type { webTools } from './web.ts'
import { toolDescriptions, toolInputSchemas } from './schemas.ts'

/** One answer's tools as plain calls (createAssistantTools): what the model's tools run. */
export type ModelCalls = ReturnType<typeof memoryTools> &
  ReturnType<typeof dayTools> &
  ReturnType<typeof proposalTools> &
  ReturnType<typeof reminderTools> &
  ReturnType<typeof webTools> &
  ReturnType<typeof automationTools>

type Shape = z.ZodRawShape

/** The tool as the chat model sees it (the AI SDK's `tool()`): its input is checked again by the call. */
export interface ModelFace<I extends z.ZodObject = z.ZodObject> {
  description: string
  input: I
  run: (calls: ModelCalls, input: z.output<I>) => Promise<unknown>
}

/** The tool as an MCP client sees it (`server.registerTool`): a text and the same as structured content. */
export interface McpFace<S extends Shape | undefined = Shape | undefined> {
  title: string
  description: string
  input?: S
  output: Shape
  run: (
    ctx: McpToolContext,
    input: S extends Shape ? z.output<z.ZodObject<S>> : undefined,
  ) => Promise<CallToolResult>
}

/**
 * One tool, written once: its name, whether it only reads, what it needs, and how each client offers
 * it. The model's tool set and the MCP server are both built from `toolRegistry`; a tool without
 * `model` is not offered to the model, one without `mcp` not over MCP.
 */
export interface ToolDefinition {
  name: string
  /** Only reads: an MCP token with read scope may call it (readOnlyHint). */
  readOnly: boolean
  /** Changes or removes what is there (destructiveHint); repeating it changes nothing more (idempotentHint). */
  destructive?: boolean
  idempotent?: boolean
  /**
   * The MCP server offers it only when this service is given; the web's tools (model only) are offered to
   * the model only when the server has a search provider.
   */
  needs?: 'reminders' | 'web'
  model?: ModelFace
  mcp?: McpFace
}

/** Keeps each face's input and its handler's argument the same type. */
const tool = <I extends z.ZodObject, S extends Shape | undefined = undefined>(definition: {
  name: string
  readOnly: boolean
  destructive?: boolean
  idempotent?: boolean
  needs?: 'reminders' | 'web'
  model?: ModelFace<I>
  mcp?: McpFace<S>
}) => definition as ToolDefinition

/** Writing tools say so on MCP: a read-only token gets an error from them. */
const WRITE_SCOPE = 'Needs a token with write scope.'

const reminderService = (ctx: McpToolContext) => ctx.deps.reminders!

export const toolRegistry: readonly ToolDefinition[] = [
  tool({
    name: 'search_memories',
    readOnly: true,
    model: {
      description: toolDescriptions.search_memories,
      input: toolInputSchemas.search_memories,
      run: (calls, input) => calls.searchMemories(input),
    },
    mcp: {
      title: 'Search memories',
      description:
        "Search the user's memories (notes about people, plans, dates, places) by words: whole words with stemming, partial words and tags, best matches first; a longer question is also searched word by word. Optionally narrow by tags (all must match) and a date range.",
      input: {
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
      output: { query: z.string(), memories: z.array(Memory) },
      run: async ({ userId, deps }, { query, tags, startDate, endDate, savedFrom, savedTo, limit }) => {
        // The REST list's checks (dates, tags), then the chat assistant's search: the whole text first,
        // then its significant words, so a question in full sentences still finds its memories.
        const filters = ListMemoriesQuery.safeParse({ searchTerm: query, tags, startDate, endDate })
        if (!filters.success) return toolError(mcpIssue(filters.error))
        const saved = SavedDays.safeParse({ savedFrom, savedTo })
        if (!saved.success) return toolError(mcpIssue(saved.error))
        const found = await deps.recall.find(userId, {
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
      },
    },
  }),
  tool({
    name: 'list_recent_memories',
    readOnly: true,
    mcp: {
      title: 'List recent memories',
      description:
        "The user's latest memories: by their date (or when they were saved, if undated), newest first.",
      input: {
        limit: z.number().int().min(1).max(50).default(10).describe('How many memories to return.'),
      },
      output: { totalCount: z.number().int(), memories: z.array(Memory) },
      run: async ({ userId, deps }, { limit }) => {
        const query = ListMemoriesQuery.safeParse({ page: 1, pageSize: limit })
        if (!query.success) return toolError(mcpIssue(query.error))
        // Private memories never reach an MCP client.
        const page = await deps.memories.list(userId, query.data, { hidePrivate: true })
        const total = page.totalCount
        const heading =
          total === 0 ? 'There are no memories yet.' : `The latest ${page.items.length} of ${total} memories:`
        const text = [heading, ...page.items.map(memoryLine)].join('\n')
        return ok(text, { totalCount: total, memories: page.items })
      },
    },
  }),
  tool({
    name: 'create_memory',
    readOnly: false,
    destructive: false,
    model: {
      description: toolDescriptions.create_memory,
      input: toolInputSchemas.create_memory,
      run: (calls, input) => calls.createMemory(input),
    },
    mcp: {
      title: 'Save a memory',
      description: `Save a new memory for the user: a short self-contained note, with tags and the day it is about. ${WRITE_SCOPE}`,
      input: {
        text: z.string().min(1).max(MEMORY_LIMITS.textMax).describe('The memory, in plain words.'),
        tags: Tags.optional(),
        date: Day.nullable()
          .optional()
          .describe('The day the memory is about, YYYY-MM-DD. Omit for today; null for no date.'),
      },
      output: { memory: Memory },
      run: async ({ userId, deps, author }, args) => {
        const body = CreateMemoryBody.safeParse(args)
        if (!body.success) return toolError(mcpIssue(body.error))
        const memory = await deps.memories.create(userId, { ...body.data, private: false }, await author())
        return ok(`Saved the memory:\n${memoryLine(memory)}`, { memory })
      },
    },
  }),
  tool({
    name: 'get_weather',
    readOnly: true,
    model: {
      description: toolDescriptions.get_weather,
      input: toolInputSchemas.get_weather,
      run: (calls, input) => calls.getWeather(input),
    },
  }),
  tool({
    name: 'get_calendar_events',
    readOnly: true,
    model: {
      description: toolDescriptions.get_calendar_events,
      input: toolInputSchemas.get_calendar_events,
      run: (calls, input) => calls.getCalendarEvents(input),
    },
  }),
  // The model proposes a change the person applies; an MCP client with write scope makes it.
  tool({
    name: 'update_memory',
    readOnly: false,
    destructive: true,
    idempotent: true,
    model: {
      description: toolDescriptions.update_memory,
      input: toolInputSchemas.update_memory,
      run: (calls, input) => calls.updateMemory(input),
    },
    mcp: {
      title: 'Change a memory',
      description: `Change the text, tags or date of one of the user's memories. Fields left out stay as they are; tags replace the old tags. ${WRITE_SCOPE}`,
      input: {
        id: Id,
        text: z.string().min(1).max(MEMORY_LIMITS.textMax).optional().describe('The new text.'),
        tags: Tags.optional(),
        date: Day.nullable().optional().describe('The new day, YYYY-MM-DD, or null for no date.'),
      },
      output: { memory: Memory },
      run: async ({ userId, deps, author }, { id, text, tags, date }) => {
        if (text === undefined && tags === undefined && date === undefined) {
          return toolError('Give at least one of text, tags or date to change.')
        }
        if (!z.uuid().safeParse(id).success) return toolError('Memory not found.')
        const current = await deps.memories.get(userId, id, { hidePrivate: true })
        const body = UpdateMemoryBody.safeParse({ text: text ?? current.text, tags, date })
        if (!body.success) return toolError(mcpIssue(body.error))
        const memory = await deps.memories.update(userId, id, body.data, await author())
        return ok(`Updated the memory:\n${memoryLine(memory)}`, { memory })
      },
    },
  }),
  tool({
    name: 'delete_memory',
    readOnly: false,
    destructive: true,
    idempotent: true,
    model: {
      description: toolDescriptions.delete_memory,
      input: toolInputSchemas.delete_memory,
      run: (calls, input) => calls.deleteMemory(input),
    },
    mcp: {
      title: 'Delete a memory',
      description: `Delete one of the user's memories for good. ${WRITE_SCOPE}`,
      input: { id: Id },
      output: { deleted: z.string().describe('The id of the deleted memory.') },
      run: async ({ userId, deps, author }, { id }) => {
        if (!z.uuid().safeParse(id).success) return toolError('Memory not found.')
        await deps.memories.get(userId, id, { hidePrivate: true })
        await deps.memories.remove(userId, id, await author())
        return ok(`Deleted the memory ${id}.`, { deleted: id })
      },
    },
  }),
  tool({
    name: 'list_tags',
    readOnly: true,
    mcp: {
      title: 'List tags',
      description:
        "The tags on the user's memories, with how many memories carry each, most used first (private memories are not counted).",
      output: { tags: z.array(MemoryTagCount) },
      run: async ({ userId, deps }) => {
        // Private memories never reach an MCP client: not even a tag only they carry.
        const tags = await deps.memories.tags(userId, { hidePrivate: true })
        const text = tags.length
          ? `Tags (memories): ${tags.map((t) => `${t.name} (${t.count})`).join(', ')}`
          : 'No memory has a tag yet.'
        return ok(text, { tags })
      },
    },
  }),
  tool({
    name: 'get_today',
    readOnly: true,
    mcp: {
      title: "Today's briefing facts",
      description:
        "Today in the user's time zone, as their daily briefing sees it: the weather where they are, today's calendar events, memories dated today and in the next 7 days, memories from this day in earlier years, and one suggestion. Sources the user has not turned on say so.",
      output: TodayFacts.shape,
      run: async ({ userId, deps, log }) => {
        const facts = await deps.dashboard.gatherTodayFacts(userId, { log })
        return ok(deps.renderBriefing(facts), facts)
      },
    },
  }),
  tool({
    name: 'create_reminder',
    readOnly: false,
    destructive: false,
    needs: 'reminders',
    model: {
      description: toolDescriptions.create_reminder,
      input: toolInputSchemas.create_reminder,
      run: (calls, input) => calls.createReminder(input),
    },
    mcp: {
      title: 'Create a reminder',
      description: `Remind the user of something at a time: Remi notifies them then (in the app, on their devices, by e-mail if they chose it). dueAt is an ISO date-time with its offset, in the user's time zone unless said otherwise; recurrence an RRULE such as FREQ=WEEKLY;BYDAY=MO. ${WRITE_SCOPE}`,
      input: CreateReminderBody.shape,
      output: Reminder.shape,
      run: async (ctx, args) => {
        const body = CreateReminderBody.safeParse(args)
        if (!body.success) return toolError(mcpIssue(body.error))
        const created = await reminderService(ctx).create(ctx.userId, body.data)
        return ok(`Reminder set:\n${reminderLine(created)}`, created)
      },
    },
  }),
  tool({
    name: 'list_reminders',
    readOnly: true,
    needs: 'reminders',
    model: {
      description: toolDescriptions.list_reminders,
      input: toolInputSchemas.list_reminders,
      run: (calls, input) => calls.listReminders(input),
    },
    mcp: {
      title: 'List reminders',
      description: toolDescriptions.list_reminders,
      input: { status: ReminderStatus.optional().describe('Default: scheduled.') },
      output: { reminders: z.array(Reminder) },
      run: async (ctx, { status }) => {
        const list = await reminderService(ctx).list(ctx.userId, {
          status: status ?? 'scheduled',
          limit: 100,
          hidePrivate: true,
        })
        const text = list.length ? list.map(reminderLine).join('\n') : 'No reminders.'
        return ok(text, { reminders: list })
      },
    },
  }),
  tool({
    name: 'cancel_reminder',
    readOnly: false,
    destructive: true,
    idempotent: true,
    needs: 'reminders',
    model: {
      description: toolDescriptions.cancel_reminder,
      input: toolInputSchemas.cancel_reminder,
      run: (calls, input) => calls.cancelReminder(input),
    },
    mcp: {
      title: 'Cancel a reminder',
      description: `${toolDescriptions.cancel_reminder} ${WRITE_SCOPE}`,
      input: { id: z.string().describe("The reminder's id, as list_reminders gave it.") },
      output: Reminder.shape,
      run: async (ctx, { id }) => {
        if (!z.uuid().safeParse(id).success) return toolError('Reminder not found.')
        const cancelled = await reminderService(ctx).patch(ctx.userId, id, { status: 'cancelled' })
        return ok(`Cancelled:\n${reminderLine(cancelled)}`, cancelled)
      },
    },
  }),
  // The web (issue 50): for the chat's model only. An MCP client has its own web tools; offered over MCP,
  // these would fetch any page from this server and spend its search provider's quota for every token.
  tool({
    name: 'web_search',
    readOnly: true,
    needs: 'web',
    model: {
      description: toolDescriptions.web_search,
      input: toolInputSchemas.web_search,
      run: (calls, input) => calls.webSearch(input),
    },
  }),
  tool({
    name: 'read_web_page',
    readOnly: true,
    needs: 'web',
    model: {
      description: toolDescriptions.read_web_page,
      input: toolInputSchemas.read_web_page,
      run: (calls, input) => calls.readWebPage(input),
    },
  }),
  // Scheduled requests (issue 50): for the chat's model only. Each run spends this server's model and
  // sends push and e-mail on a schedule; a token's AI tool setting those up unseen is not for MCP. The
  // person makes them in the chat or on the reminders page, where they see and pause them.
  tool({
    name: 'create_automation',
    readOnly: false,
    destructive: false,
    model: {
      description: toolDescriptions.create_automation,
      input: toolInputSchemas.create_automation,
      run: (calls, input) => calls.createAutomation(input),
    },
  }),
]

/**
 * Whether the model is offered a tool with these services: the web's only with a search provider. (The
 * reminders' are always offered: their calls say so when the service is missing.)
 */
export const offered = (t: ToolDefinition, services: { web?: unknown }) =>
  t.needs !== 'web' || services.web !== undefined

/** The tools the chat model is offered, in the registry's order. */
export const modelTools = toolRegistry.filter(
  (t): t is ToolDefinition & { model: ModelFace } => t.model !== undefined,
)

/** The tools an MCP server offers with these services. */
export const mcpTools = (services: { reminders?: unknown }) =>
  toolRegistry.filter(
    (t): t is ToolDefinition & { mcp: McpFace } =>
      t.mcp !== undefined &&
      (t.needs === undefined || (t.needs === 'reminders' && services.reminders !== undefined)),
  )
