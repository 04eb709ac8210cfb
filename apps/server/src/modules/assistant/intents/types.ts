import type { CalendarDay, Memory } from '@remi/shared'
import type { HelpTopic } from './help.ts'
import type { AssistantServices, AssistantTools, ToolMemory } from '../tools/index.ts'

/** When a message is read: the instant, the user's time zone and their day. */
export interface Clock {
  now: Date
  timeZone: string
  today: CalendarDay
}

/** A memory an answer shows: cited beside it, in the order shown. */
export type Cited = Pick<ToolMemory, 'id' | 'text' | 'date'>

/** An offline answer: Markdown, and the memories it shows. */
export interface Answered {
  markdown: string
  cited: readonly Cited[]
}

/** The tools an offline answer calls: those a model calls (a fake set in the answer tests). */
export type AnswerTools = Pick<
  AssistantTools,
  'searchMemories' | 'createMemory' | 'getWeather' | 'getCalendarEvents' | 'timeZone'
> &
  Partial<Pick<AssistantTools, 'webSearch'>>

/** What an intent's answer may use: the same tools as a model, the user's services, and the clock. */
export interface Deps {
  tools: AnswerTools
  services: Pick<AssistantServices, 'users' | 'memories' | 'dashboard' | 'reminders' | 'web' | 'automations'>
  userId: string
  clock: Clock
  /** The message as the user wrote it. */
  message: string
  /** The message as understood (a follow-up written out in full): what `match` read. */
  text: string
  /** Memories a model already saved for this message before failing: reported, not saved twice. */
  alreadySaved?: readonly Memory[] | undefined
  /**
   * The answer of the intents after this one in the registry: for a family that finds, when it
   * answers, that the question is not its own after all (a "#tag" the user has no memories under).
   */
  passOn(): Promise<Answered>
}

/**
 * One kind of question the offline assistant answers. `match` is pure (no database, no network):
 * what the question asks (its parameters), or null when it is not this intent's. `answer` writes the
 * offline reply; `fact`, when given, is the fact context mode puts in a model's prompt for it.
 */
export interface Intent<P> {
  /** A short name, as the golden classification table writes it ("weather", "days-until"). */
  name: string
  /** Questions it answers, as people ask them (they are also in the golden table); the first is in the help. */
  examples: readonly string[]
  /** The help's line its first example is shown on (intents/help.ts); false: not in the help. */
  help?: HelpTopic | false
  match(text: string, clock: Clock): P | null
  answer(params: P, deps: Deps): Promise<Answered> | Answered
  fact?(params: P, deps: Omit<Deps, 'passOn'>): Promise<string | null>
}

/** A message an intent claimed, with what it read from it. */
export interface Matched {
  name: string
  params: unknown
  answer(deps: Deps): Promise<Answered>
  fact?: ((deps: Omit<Deps, 'passOn'>) => Promise<string | null>) | undefined
}

/** An intent as the registry holds it: its parameters' type kept inside. */
export interface Registered {
  name: string
  examples: readonly string[]
  help?: HelpTopic | false | undefined
  claim(text: string, clock: Clock): Matched | null
}

/** An intent for the registry (keeps `match`'s parameters and `answer`'s tied together). */
export function intent<P>(def: Intent<P>): Registered {
  return {
    name: def.name,
    examples: def.examples,
    help: def.help,
    claim(text, clock) {
      const params = def.match(text, clock)
      if (params === null) return null
      const fact = def.fact
      return {
        name: def.name,
        params,
        answer: async (deps) => def.answer(params, deps),
        fact: fact && ((deps) => fact(params, deps)),
      }
    },
  }
}

/** A `match` result for an intent with no parameters: `{}` when it applies, else null. */
export const when = (applies: boolean): Record<string, never> | null => (applies ? {} : null)

/** An answer that shows no memory. */
export const said = (markdown: string): Answered => ({ markdown, cited: [] })
