import { todayIn } from '@remi/shared'
import type { GetWeatherOutput, ToolEvent, ToolMemory } from '../tools/index.ts'
import type { Answered, Clock, Deps } from './types.ts'
import { answerMessage } from './index.ts'

/**
 * A fake tool set for the answer tests: the memories, events and forecast it is given, searched the
 * simple way (a memory holds one of the query's words; dates and days saved filter as the real tools
 * do). What the answers do with what the tools give is what these tests look at; the real tools and
 * their search are the through-the-app describe blocks' (intents/through-the-app.test-support.ts).
 */
export interface Fakes {
  memories?: Array<ToolMemory & { saved?: string }>
  events?: ToolEvent[]
  weather?: GetWeatherOutput
  user?: { name: string; email: string }
}

export function fakeDeps(
  fakes: Fakes,
  clock: Clock,
  text: string,
): Omit<Deps, 'passOn'> & { created: ToolMemory[] } {
  const memories = fakes.memories ?? []
  const created: ToolMemory[] = []
  const holds = (m: ToolMemory, query: string) => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    return words.length === 0 || words.some((w) => `${m.text} ${m.tags.join(' ')}`.toLowerCase().includes(w))
  }
  const tools: Deps['tools'] = {
    timeZone: async () => clock.timeZone,
    async searchMemories(input) {
      const found = memories.filter(
        (m) =>
          holds(m, input.query ?? '') &&
          (!input.tags?.length || input.tags.some((t) => m.tags.includes(t))) &&
          (!input.from || (m.date !== null && m.date >= input.from)) &&
          (!input.to || (m.date !== null && m.date <= input.to)) &&
          (!input.savedFrom || (m.saved ?? '') >= input.savedFrom) &&
          (!input.savedTo || (m.saved ?? '') <= input.savedTo),
      )
      return { query: input.query ?? '', memories: found.map(({ saved: _, ...m }) => m) }
    },
    async createMemory(input) {
      const saved = {
        id: `new-${created.length + 1}`,
        text: input.text,
        tags: input.tags ?? [],
        date: input.date ?? null,
      }
      created.push(saved)
      return { saved }
    },
    async getWeather() {
      return fakes.weather ?? { error: 'Weather is not set up. Add a location in Settings.', off: true }
    },
    async getCalendarEvents(input) {
      const events = (fakes.events ?? []).filter((e) => e.day >= input.from && e.day <= input.to)
      return { from: input.from, to: input.to, timeZone: clock.timeZone, events, problems: [] }
    },
  }
  const user = fakes.user ?? null
  const services = {
    users: {
      findById: async () => user,
      timezoneOf: async () => clock.timeZone,
    },
    memories: {
      count: async () => memories.length,
      summary: async () => ({ totalMemories: memories.length, recentMemories: memories.length }),
      tags: async () => [...new Set(memories.flatMap((m) => m.tags))].map((name) => ({ name, count: 1 })),
      best: async () => [],
    },
    dashboard: { gatherTodayFacts: async () => ({}) },
  } as unknown as Deps['services']
  return { tools, services, userId: 'user-1', clock, message: text, text, created }
}

/** A clock at an instant, in a zone. */
export const clockAt = (iso: string, timeZone = 'Europe/Lisbon'): Clock => {
  const now = new Date(iso)
  return { now, timeZone, today: todayIn(timeZone, now) }
}

/** A question classified and answered through the registry, on the fake tools: the intent and the answer. */
export function answer(text: string, fakes: Fakes, clock: Clock): Promise<Answered & { intent: string }> {
  return answerMessage(fakeDeps(fakes, clock, text))
}
