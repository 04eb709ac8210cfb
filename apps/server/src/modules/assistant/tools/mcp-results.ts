import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  MEMORY_LIMITS,
  MemoryDate,
  sliceWhole,
  type Memory,
  type MemoryChangedBy,
  type Reminder,
  type TodayFacts,
} from '@remi/shared'
import { z } from 'zod'
import type { RemindersService } from '../../reminders/index.ts'
import { filesPart, type FileExcerpt } from '../prompt.ts'
import type { McpMemories, ToolDashboard, ToolRecall } from './types.ts'

/** What the MCP server's tools call: the services, and the briefing's words for get_today. */
export interface McpToolDeps {
  memories: McpMemories
  recall: ToolRecall
  dashboard: ToolDashboard
  /** The facts as the daily briefing says them (modules/dashboard). */
  renderBriefing: (facts: TodayFacts) => string
  reminders?: Pick<RemindersService, 'create' | 'list' | 'patch'> | undefined
}

/** One MCP call: the token's user, and who the memories' history names for a change. */
export interface McpToolContext {
  userId: string
  deps: McpToolDeps
  author: () => Promise<{ by: MemoryChangedBy; name?: string | undefined }>
  log: { warn: (obj: object, msg: string) => void }
}

const TEXT_EXCERPT = 300

export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write dates as YYYY-MM-DD.')
  .describe('A calendar day, YYYY-MM-DD.')
export const Tags = z
  .array(z.string().max(MEMORY_LIMITS.tagMax))
  .max(MEMORY_LIMITS.tagsMax)
  .describe(`Up to ${MEMORY_LIMITS.tagsMax} short tags, e.g. ["family", "health"].`)
export const Id = z.string().describe("The memory's id, as search_memories or list_recent_memories gave it.")

/** The days memories were saved on, checked as the REST list checks its dates. */
export const SavedDays = z
  .object({ savedFrom: MemoryDate.optional(), savedTo: MemoryDate.optional() })
  .refine((d) => !(d.savedFrom && d.savedTo && d.savedFrom > d.savedTo), {
    message: 'savedFrom must not be after savedTo.',
  })

/** One memory as a line a model or a person can read. */
export function memoryLine(m: Memory & { files?: FileExcerpt[] | undefined }): string {
  const text = m.text.length > TEXT_EXCERPT ? `${sliceWhole(m.text, TEXT_EXCERPT)}…` : m.text
  const tags = m.tags.length ? ` [${m.tags.join(', ')}]` : ''
  return `- ${m.date ?? 'no date'}: ${text.replace(/\s*\n\s*/g, ' ')}${tags}${filesPart(m.files)} (id ${m.id})`
}

export const reminderLine = (r: Reminder) =>
  `- ${r.nextAt ?? r.dueAt} (${r.timezone}): ${r.text}${r.recurrence ? ` [repeats ${r.recurrence}]` : ''} — ${r.status} (id ${r.id})`

export const ok = (text: string, structuredContent: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent,
})
export const toolError = (text: string): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
})

/** The first problem a shared schema found, said the way the REST API says it. */
export function mcpIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'The arguments are not valid.'
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}
