import {
  CreateAutomationBody,
  CreateReminderBody,
  MEMORY_LIMITS,
  MemoryDate,
  type AssistantTool,
  ReminderStatus,
} from '@remi/shared'
import { z } from 'zod'
import { zodIssueMessage } from '../../../plugins/error-messages.ts'

/** Calendar questions reach this many days at most (a month and a bit). */
export const MAX_CALENDAR_DAYS = 35
/** A search gives at most this many memories. */
export const SEARCH_LIMIT = 10

const day = MemoryDate.describe('A day written YYYY-MM-DD, in the user’s time zone.')

/** The tools' inputs, shared by the AI SDK tools and the MCP server. */
export const toolInputSchemas = {
  search_memories: z.object({
    query: z
      .string()
      .max(MEMORY_LIMITS.searchTermMax)
      .describe(
        'Words to look for in the memories (names, places, topics). Partial words match. Empty lists the newest memories.',
      ),
    tags: z
      .array(z.string().max(MEMORY_LIMITS.tagMax))
      .max(10)
      .optional()
      .describe('Only memories with all of these tags.'),
    from: day.optional().describe('Only memories on or after this day (YYYY-MM-DD).'),
    to: day.optional().describe('Only memories on or before this day (YYYY-MM-DD).'),
    savedFrom: day
      .optional()
      .describe(
        'Only memories saved (written down) on or after this day, whatever day they are about: "what did I save this week?".',
      ),
    savedTo: day.optional().describe('Only memories saved on or before this day.'),
  }),
  create_memory: z.object({
    text: z
      .string()
      .min(1)
      .max(MEMORY_LIMITS.textMax)
      .describe('What to remember, as one clear sentence in the user’s words.'),
    tags: z
      .array(z.string().max(MEMORY_LIMITS.tagMax))
      .max(MEMORY_LIMITS.tagsMax)
      .optional()
      .describe('A few short topic tags, e.g. ["family"]. Hashtags the user wrote become tags.'),
    date: day
      .nullable()
      .optional()
      .describe(
        'The day the memory is about (YYYY-MM-DD), e.g. the birthday or appointment day; today for something to do with no day named; null for a fact about no particular day (a phone number, an idea); omitted means today.',
      ),
  }),
  get_weather: z.object({
    date: day
      .optional()
      .describe('The day (YYYY-MM-DD); omitted means today. Forecasts reach 15 days ahead.'),
    place: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'A city or place by name, for the weather somewhere else; omitted means where the user will be (their weather location, or their vacation location on its days).',
      ),
  }),
  get_calendar_events: z.object({
    from: day.describe('First day (YYYY-MM-DD), inclusive.'),
    to: day.describe(`Last day (YYYY-MM-DD), inclusive; at most ${MAX_CALENDAR_DAYS} days after from.`),
  }),
  update_memory: z.object({
    id: z.string().max(64).describe('The memory’s id, as search_memories gave it.'),
    text: z
      .string()
      .min(1)
      .max(MEMORY_LIMITS.textMax)
      .describe('The whole new text of the memory, with the correction made.'),
  }),
  delete_memory: z.object({
    id: z.string().max(64).describe('The memory’s id, as search_memories gave it.'),
  }),
  // Issue 31: as the MCP server's reminder tools (the same body and service).
  create_reminder: CreateReminderBody,
  list_reminders: z.object({ status: ReminderStatus.optional().describe('Default: scheduled.') }),
  cancel_reminder: z.object({
    id: z.string().max(64).describe("The reminder's id, as list_reminders gave it."),
  }),
  web_search: z.object({
    query: z.string().trim().min(1).max(400).describe('What to look for on the web, as you would type it.'),
  }),
  read_web_page: z.object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('The page’s address (http or https), e.g. from web_search.'),
  }),
  create_automation: CreateAutomationBody,
} satisfies Record<AssistantTool, z.ZodType>

export const toolDescriptions: Record<AssistantTool, string> = {
  create_automation:
    'Schedule a request the user wants answered regularly and sent to them ("every Friday at 5pm summarise my week"): `prompt` is what to answer each time, as the user would ask it ("Summarise my week"); `schedule` an RRULE with the time in BYHOUR and BYMINUTE, in the user’s time zone (FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0; FREQ=DAILY;BYHOUR=7;BYMINUTE=0), at most hourly; `channels` where to send the answer (app, push, email; all by default). Tell the user when it runs.',
  search_memories:
    'Search the user’s saved memories (notes about people, plans, dates, places). Returns the best matches with their dates and tags. Use it before answering any question about the user’s life, and try other words when nothing is found.',
  create_memory:
    'Save a new memory for the user. Only when the user asks you to remember, note or save something. Put the day it is about in `date`.',
  get_weather:
    'The weather forecast for a day at the place the user will be (their vacation location during a vacation, otherwise their home location), or at a place named.',
  get_calendar_events:
    'The events in the user’s calendars between two days (inclusive), in the user’s time zone.',
  update_memory:
    'Propose a correction of one of the user’s memories (find it with search_memories first). Nothing changes until the user presses Apply under your answer: say that you proposed it, not that it is done.',
  delete_memory:
    'Propose deleting one of the user’s memories, when they ask to forget or delete it (find it with search_memories first). Nothing is deleted until the user presses Delete under your answer: say that you proposed it.',
  create_reminder:
    "Remind the user of something at a time: Remi notifies them then (in the app, on their devices, by e-mail if they chose it). dueAt is an ISO date-time with its offset, in the user's time zone unless said otherwise; recurrence an RRULE such as FREQ=WEEKLY;BYDAY=MO. Tell the user exactly when.",
  list_reminders:
    "The user's reminders, soonest first for scheduled ones (the default), or those sent, done or cancelled.",
  cancel_reminder: 'Cancel one of the user’s reminders (by the id list_reminders gave).',
  web_search:
    'Search the web. Returns the top results (title, url, snippet). Use it for current events and facts about the world that the user’s memories cannot hold; read a page with read_web_page before relying on more than its snippet.',
  read_web_page:
    'Read a web page: its main text (without menus and ads), at most 8 000 characters. Cite it as a Markdown link in your answer.',
}

export type SearchMemoriesInput = z.input<typeof toolInputSchemas.search_memories>
export type CreateMemoryInput = z.input<typeof toolInputSchemas.create_memory>
export type GetWeatherInput = z.input<typeof toolInputSchemas.get_weather>
export type GetCalendarEventsInput = z.input<typeof toolInputSchemas.get_calendar_events>
export type UpdateMemoryInput = z.input<typeof toolInputSchemas.update_memory>
export type DeleteMemoryInput = z.input<typeof toolInputSchemas.delete_memory>

/** The first thing wrong with a tool's input, as one short sentence for the model. */
export const firstIssue = (error: z.ZodError) => zodIssueMessage(error.issues[0])
