import { z } from 'zod'
import { languages } from './languages.ts'

export const DashboardStats = z.object({
  totalMemories: z.number().int().min(0),
  /** Dated (or, undated, created) from 30 days before today through today, in the user's zone. */
  recentMemories: z.number().int().min(0),
  /** Conversations with a message in the last 24 hours. */
  activeChats: z.number().int().min(0),
})
export type DashboardStats = z.infer<typeof DashboardStats>

/** A briefing section: its source answered, is not enabled, or failed (with a short reason). */
export const BriefingSectionStatus = z.union([
  z.literal('ok'),
  z.literal('off'),
  z.object({ failed: z.string() }),
])
export type BriefingSectionStatus = z.infer<typeof BriefingSectionStatus>

export const BriefingSections = z.object({
  weather: BriefingSectionStatus,
  calendar: BriefingSectionStatus,
  memories: BriefingSectionStatus,
})
export type BriefingSections = z.infer<typeof BriefingSections>

export const BriefingSource = z.enum(['ai', 'offline'])
export type BriefingSource = z.infer<typeof BriefingSource>

export const Briefing = z.object({
  /** Markdown. */
  content: z.string(),
  /** The user's local day, 'YYYY-MM-DD'. */
  date: z.string(),
  source: BriefingSource,
  /** ISO time. */
  generatedAt: z.string(),
  sections: BriefingSections,
})
export type Briefing = z.infer<typeof Briefing>

/**
 * The facts a day's briefing is written from, gathered once per generation (and returned as they are
 * by the MCP server's get_today tool). The model and the offline template both say nothing else.
 * Texts are shortened and lists capped so the facts stay a prompt-sized document.
 */
const SectionOff = z.object({ status: z.literal('off') })
const SectionFailed = z.object({ status: z.literal('failed'), reason: z.string() })

export const WeatherFacts = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    /** "Lisbon, Portugal": the home location, or the vacation place when today is inside its range. */
    place: z.string(),
    onVacation: z.boolean(),
    /** "Slight rain": today's conditions in words. */
    description: z.string(),
    high: z.number(),
    low: z.number(),
    /** The temperature unit, '°C'. */
    unit: z.string(),
    /** Today's highest chance of precipitation, in percent; null when the forecast has none. */
    rainChance: z.number().nullable(),
    /** 'HH:mm' at the place; null when the forecast has none (or the sun does not rise or set). */
    sunrise: z.string().nullable(),
    sunset: z.string().nullable(),
  }),
  SectionOff,
  SectionFailed,
])
export type WeatherFacts = z.infer<typeof WeatherFacts>

export const EventFact = z.object({
  title: z.string(),
  allDay: z.boolean(),
  /** Local 'HH:mm' in the user's zone; null for all-day events and events that began before today. */
  start: z.string().nullable(),
  /** Local 'HH:mm'; null for all-day events and events that go on after today. */
  end: z.string().nullable(),
  location: z.string().nullable(),
  calendar: z.string(),
})
export type EventFact = z.infer<typeof EventFact>

export const CalendarFacts = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    /** Today's events: all-day events first, then by start (at most `BRIEFING_LIMITS.events`). */
    events: z.array(EventFact),
    /** How many events today has, counting those left out of `events`. */
    total: z.number().int().min(0),
    /** Calendars that could not be read while others could. */
    unreadable: z.array(z.string()),
  }),
  SectionOff,
  SectionFailed,
])
export type CalendarFacts = z.infer<typeof CalendarFacts>

export const MemoryFact = z.object({
  id: z.string(),
  /** The memory's text on one line, shortened to `BRIEFING_LIMITS.memoryText` characters. */
  text: z.string(),
  tags: z.array(z.string()),
  /** The memory's day: its date, or for an undated memory the day it was created. */
  date: z.string(),
})
export type MemoryFact = z.infer<typeof MemoryFact>

export const MemoriesFacts = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    /**
     * Memories dated today. `plannedAhead`: written on an earlier day, so something planned for today;
     * false for one written today (a note of the day: the memory form opens on today's date).
     */
    dueToday: z.array(MemoryFact.extend({ plannedAhead: z.boolean() })),
    /** Memories dated in the next 7 days, soonest first. */
    upcoming: z.array(MemoryFact.extend({ daysAhead: z.number().int().min(1) })),
    /** Memories of this month and day in earlier years, latest year first. */
    onThisDay: z.array(MemoryFact.extend({ yearsAgo: z.number().int().min(1) })),
    /** Memories created since this week's Sunday, in the user's zone. */
    addedThisWeek: z.number().int().min(0),
  }),
  SectionFailed,
])
export type MemoriesFacts = z.infer<typeof MemoriesFacts>

export const BriefingSuggestion = z.object({
  kind: z.enum(['umbrella', 'reminder', 'first_event', 'due_today']),
  text: z.string(),
})
export type BriefingSuggestion = z.infer<typeof BriefingSuggestion>

export const TodayFacts = z.object({
  /** The user's local day, 'YYYY-MM-DD'. */
  date: z.string(),
  /** 'Monday'. */
  weekday: z.string(),
  /** 'Monday, March 16, 2026'. */
  dateText: z.string(),
  timeZone: z.string(),
  userName: z.string().nullable(),
  /** The person's language (Settings → Language): the briefing is written in it; omitted, English. */
  language: z.enum(languages).optional(),
  weather: WeatherFacts,
  calendar: CalendarFacts,
  memories: MemoriesFacts,
  /** One concrete suggestion drawn from the facts above, or null when they suggest nothing. */
  suggestion: BriefingSuggestion.nullable(),
})
export type TodayFacts = z.infer<typeof TodayFacts>

export const BRIEFING_LIMITS = {
  events: 20,
  memories: 10,
  memoryText: 280,
  /** A stored briefing is kept at least this long before changed facts make a new one. */
  freshMinutes: 30,
  /** Forced regenerations per user per hour. */
  regeneratesPerHour: 10,
} as const
