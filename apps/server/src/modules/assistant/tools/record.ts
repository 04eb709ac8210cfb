import {
  knownTimeZone,
  todayIn,
  type Activity,
  type ActivityTool,
  type Citation,
  type Memory,
  type MemoryProposal,
} from '@remi/shared'
import type { AssistantEvent, CitedMemory } from '../assistant.types.ts'
import { excerpt } from '../../language/index.ts'
import { isToolError, type AssistantServices, type ToolError } from './types.ts'

export interface AssistantToolsOptions {
  /** Told when a tool starts and finishes (the chat's `activity` events). */
  onEvent?: ((event: AssistantEvent) => void) | undefined
  now?: () => Date
  /** Told of unexpected failures (a tool still answers with a short error). */
  onUnexpectedError?: ((tool: ActivityTool, error: unknown) => void) | undefined
  /** The chat's conversation: proposals are shown under its answer and lapse with its next message. */
  conversationId?: string | undefined
  /** The person turned Web on for this message: the model gets the web's tools, when there is a provider. */
  web?: boolean | undefined
}

/** How one call is reported: its activity line, and what else it did. */
export interface CallReport<T> {
  /** The activity line ("Searched memories for 'Ana'"). */
  summary: string
  /** More for the activity line of a call that succeeded (the memory it saved). */
  done?: (result: T) => Partial<Activity>
  /** The activity line's start when the call gives an error. Default: `summary`. */
  failed?: string
  /** A look the user did not ask for: when its source is off, it leaves no call and no activity. */
  unasked?: boolean
}

/** Puts `item` into `list` after every item made before it (`orders` holds each item's place). */
function placeInOrder<T>(list: T[], orders: number[], order: number, item: T) {
  let at = orders.length
  while (at > 0 && orders[at - 1]! > order) at--
  orders.splice(at, 0, order)
  list.splice(at, 0, item)
}

/**
 * What every tool of one answer shares: the user, their services and clock, and the record of the
 * calls (the memories found or saved become citations, each call an activity line and a call with its
 * arguments, the proposals made).
 */
export function createToolRecord(
  services: AssistantServices,
  userId: string,
  options: AssistantToolsOptions,
) {
  const now = options.now ?? (() => new Date())
  const citations: Citation[] = []
  /** The cited memories' text and day as read for this answer. */
  const cited = new Map<string, CitedMemory>()
  const activity: Activity[] = []
  const calls: Array<{ tool: ActivityTool; args: unknown }> = []
  /** Calls run side by side finish in any order; their lines keep the order they were made in. */
  const activityOrder: number[] = []
  const callOrder: number[] = []
  let made = 0
  const created: Memory[] = []
  const proposed: MemoryProposal[] = []
  let user: ReturnType<AssistantServices['users']['findById']> | undefined
  let zone: Promise<string> | undefined
  /** The user's row, read once for the whole answer (their name for the prompt, their zone). */
  const userRow = () => (user ??= services.users.findById(userId))
  const timeZone = () =>
    (zone ??= userRow().then((row) =>
      row?.timezone ? knownTimeZone(row.timezone) : services.users.timezoneOf(userId),
    ))

  function cite(memories: Array<Pick<Memory, 'id' | 'text' | 'date'>>) {
    for (const m of memories) {
      if (cited.has(m.id)) continue
      cited.set(m.id, { text: m.text, date: m.date })
      citations.push({ id: m.id, excerpt: excerpt(m.text), date: m.date })
    }
  }

  /** Runs one call: records it, reports start and finish, and turns any throw into a short error. */
  async function run<T extends object>(
    name: ActivityTool,
    args: unknown,
    report: CallReport<T>,
    call: () => Promise<T | ToolError>,
  ): Promise<T | ToolError> {
    const { summary, done = () => ({}), failed = summary, unasked = false } = report
    const order = made++
    const start = () => {
      placeInOrder(calls, callOrder, order, { tool: name, args })
      options.onEvent?.({ type: 'activity', status: 'started', activity: { tool: name, summary } })
    }
    if (!unasked) start()
    let result: T | ToolError
    try {
      result = await call()
    } catch (error) {
      options.onUnexpectedError?.(name, error)
      result = { error: 'Something went wrong on the server; try again in a moment.' }
    }
    if (unasked) {
      if (isToolError(result) && result.off) return result
      start()
    }
    // A source that is off is said once, in the answer (the line above it said it too).
    const line: Activity = isToolError(result)
      ? { tool: name, summary: result.off ? `${failed}: it is turned off` : `${failed}: ${result.error}` }
      : { tool: name, summary, ...done(result) }
    placeInOrder(activity, activityOrder, order, line)
    options.onEvent?.({ type: 'activity', status: 'finished', activity: line })
    return result
  }

  return {
    services,
    userId,
    conversationId: options.conversationId,
    onUnexpectedError: options.onUnexpectedError,
    now,
    userRow,
    timeZone,
    /** The user's day now, in their zone. */
    today: async () => todayIn(await timeZone(), now()),
    cite,
    run,
    citations,
    cited,
    activity,
    calls,
    created,
    proposed,
  }
}
export type ToolRecord = ReturnType<typeof createToolRecord>
