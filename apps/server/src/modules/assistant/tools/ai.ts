import { tool, zodSchema, type ToolSet } from 'ai'
import type { dayTools } from './day.ts'
import type { memoryTools } from './memories.ts'
import type { proposalTools } from './proposals.ts'
import type { reminderTools } from './reminders.ts'
import { toolDescriptions, toolInputSchemas } from './schemas.ts'

/**
 * The input schemas as AI SDK schemas, made once: each keeps its JSON Schema after the first turn, where
 * the bare zod schemas were converted again on every turn (~1.5 ms of this thread per answer).
 */
const aiInputSchemas = {
  search_memories: zodSchema(toolInputSchemas.search_memories),
  create_memory: zodSchema(toolInputSchemas.create_memory),
  get_weather: zodSchema(toolInputSchemas.get_weather),
  get_calendar_events: zodSchema(toolInputSchemas.get_calendar_events),
  update_memory: zodSchema(toolInputSchemas.update_memory),
  delete_memory: zodSchema(toolInputSchemas.delete_memory),
  create_reminder: zodSchema(toolInputSchemas.create_reminder),
  list_reminders: zodSchema(toolInputSchemas.list_reminders),
  cancel_reminder: zodSchema(toolInputSchemas.cancel_reminder),
}

type Calls = ReturnType<typeof memoryTools> &
  ReturnType<typeof dayTools> &
  ReturnType<typeof proposalTools> &
  ReturnType<typeof reminderTools>

/** The same tools for the AI SDK (tools mode). */
export function aiToolSet(calls: Calls) {
  return {
    search_memories: tool({
      description: toolDescriptions.search_memories,
      inputSchema: aiInputSchemas.search_memories,
      execute: (input) => calls.searchMemories(input),
    }),
    create_memory: tool({
      description: toolDescriptions.create_memory,
      inputSchema: aiInputSchemas.create_memory,
      execute: (input) => calls.createMemory(input),
    }),
    get_weather: tool({
      description: toolDescriptions.get_weather,
      inputSchema: aiInputSchemas.get_weather,
      execute: (input) => calls.getWeather(input),
    }),
    get_calendar_events: tool({
      description: toolDescriptions.get_calendar_events,
      inputSchema: aiInputSchemas.get_calendar_events,
      execute: (input) => calls.getCalendarEvents(input),
    }),
    update_memory: tool({
      description: toolDescriptions.update_memory,
      inputSchema: aiInputSchemas.update_memory,
      execute: (input) => calls.updateMemory(input),
    }),
    delete_memory: tool({
      description: toolDescriptions.delete_memory,
      inputSchema: aiInputSchemas.delete_memory,
      execute: (input) => calls.deleteMemory(input),
    }),
    create_reminder: tool({
      description: toolDescriptions.create_reminder,
      inputSchema: aiInputSchemas.create_reminder,
      execute: (input) => calls.createReminder(input),
    }),
    list_reminders: tool({
      description: toolDescriptions.list_reminders,
      inputSchema: aiInputSchemas.list_reminders,
      execute: (input) => calls.listReminders(input),
    }),
    cancel_reminder: tool({
      description: toolDescriptions.cancel_reminder,
      inputSchema: aiInputSchemas.cancel_reminder,
      execute: (input) => calls.cancelReminder(input),
    }),
  } satisfies ToolSet
}
