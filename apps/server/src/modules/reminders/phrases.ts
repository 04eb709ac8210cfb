/**
 * Reminders in words, for the offline assistant (pure: no database, no network). chrono-node reads the
 * time and the `rrule` library makes the recurrence; both run on the user's wall clock (the instant
 * seen in their zone, written as if it were UTC), and the result is placed in the zone (recurrence.ts),
 * so "tomorrow at 5pm" is 17:00 where the user is, whatever the server's zone.
 *
 *   "remind me to call mum tomorrow at 5pm"          → create, once
 *   "remind me in 20 minutes to check the oven"      → create, once
 *   "remind me every Monday at 8 to water the plants" → create, FREQ=WEEKLY;BYDAY=MO
 *   "remind me on the 1st of every month to pay the rent" → create, FREQ=MONTHLY;BYMONTHDAY=1
 *   "remind me about the dentist the day before"     → before a memory's day (found when answering)
 *   "tomorrow evening" 18:00, "tonight" 20:00, "this afternoon" 13:00 (PARTS_OF_DAY); "at half past 3",
 *   "at 5": 15:30, 17:00 (an hour from 1 to 6 without am/pm is the afternoon's); "on the 15th": the next 15th
 *   "what are my reminders?"                          → list
 *   "cancel the plants reminder"                      → cancel (matched by words when answering)
 */
import * as chrono from 'chrono-node'
import { fromWall, nextOccurrence, toWall } from './recurrence.ts'
import { formatWhen } from './reminder-words.ts'

export type ReminderRequest =
  | { kind: 'create'; text: string; dueAt: Date; recurrence: string | null }
  | { kind: 'before-memory'; about: string; daysBefore: number; hour: number; minute: number }
  | { kind: 'list' }
  | { kind: 'cancel'; words: string }

/** When nothing says the hour: 09:00, as the memory modal's "Remind me" does. */
export const DEFAULT_HOUR = 9

/**
 * A part of the day said without a clock time, at the hours calendar apps' reminders offer for it
 * (Google's: afternoon 13:00, evening 18:00, night 20:00; the morning at Remi's own 09:00). chrono-node
 * implies others (morning 06:00, evening 20:00, tonight 22:00), fit for events rather than reminders.
 * Where that hour has already gone today ("this afternoon" at 14:00), chrono's later one stands.
 */
const PARTS_OF_DAY: ReadonlyArray<readonly [RegExp, number]> = [
  [/\bmorning\b/i, DEFAULT_HOUR],
  [/\bafternoon\b/i, 13],
  [/\bevening\b/i, 18],
  [/\b(?:tonight|night)\b/i, 20],
]

/** An hour from 1 to 6 said without am or pm is the afternoon's: "at 5", "at half past 3". */
const AFTERNOON_HOURS = { from: 1, to: 6 }

const HOUR_WORDS = [
  'twelve',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
]
/** "half past 3", "quarter to five": minutes from the hour named. */
const CLOCK_PHRASES: Record<string, number> = { 'half past': 30, 'quarter past': 15, 'quarter to': -15 }

/** chrono-node's English, and what it does not read: "on the 15th", "half past 3". */
const parser = chrono.casual.clone()
parser.parsers.push(
  {
    // "on the 15th" (not "… of every month", a recurrence): the next 15th, today's included, skipping
    // months without one.
    pattern: () => /\bon the (\d{1,2})(?:st|nd|rd|th)\b(?!\s+of\b)/i,
    extract(context, match) {
      const day = Number(match[1])
      const today = context.reference.getDateWithAdjustedTimezone()
      for (let ahead = 0; ahead <= 12 && day >= 1 && day <= 31; ahead++) {
        const candidate = new Date(today.getFullYear(), today.getMonth() + ahead, day)
        if (candidate.getDate() !== day || (ahead === 0 && day < today.getDate())) continue
        return { day, month: candidate.getMonth() + 1, year: candidate.getFullYear() }
      }
      return null
    },
  },
  {
    pattern: () =>
      new RegExp(
        `(?:\\bat\\s+)?\\b(${Object.keys(CLOCK_PHRASES).join('|')})\\s+(\\d{1,2}(?!\\d)|(?:${HOUR_WORDS.join('|')})\\b)(?:\\s*([ap])\\.?m\\b\\.?)?`,
        'i',
      ),
    extract(_context, match) {
      const named = HOUR_WORDS.indexOf(match[2]!.toLowerCase())
      const said = named >= 0 ? named || 12 : Number(match[2])
      if (said < 1 || said > 12) return null
      const total = said * 60 + CLOCK_PHRASES[match[1]!.toLowerCase().replace(/\s+/g, ' ')]!
      // "quarter to 1" is 12:45.
      let hour = Math.floor(total / 60) || 12
      const ampm = match[3]?.toLowerCase()
      if (ampm === 'p' && hour < 12) hour += 12
      if (ampm === 'a' && hour === 12) hour = 0
      return { hour, minute: total % 60, ...(ampm && { meridiem: ampm === 'p' ? 1 : 0 }) }
    },
  },
)

/** No day, weekday, month or year said: a time alone. */
const isOnlyTime = (start: chrono.ParsedComponents) =>
  !(['weekday', 'day', 'month', 'year'] as const).some((c) => start.isCertain(c))

const partOfDay = (text: string) => PARTS_OF_DAY.find(([words]) => words.test(text))?.[1]

/**
 * The hour a parsed time says: a part of the day's when no hour is said; an hour without am/pm in the
 * half of the day its part says ("at 7 tonight"), or from 1 to 6 the afternoon's. `said`: more words
 * around it ("every evening").
 */
function hourOf(result: chrono.ParsedResult, wallNow: Date, said = ''): number | null {
  const start = result.start
  const part = partOfDay(`${result.text} ${said}`)
  if (!start.isCertain('hour')) {
    if (part === undefined) return null
    const wall = start.date()
    wall.setUTCHours(part, 0, 0, 0)
    return wall.getTime() > wallNow.getTime() ? part : (start.get('hour') ?? part)
  }
  const hour = start.get('hour')!
  if (start.isCertain('meridiem') || hour >= 12) return hour
  if (part !== undefined) return part >= 12 && hour >= 1 ? hour + 12 : hour
  return hour >= AFTERNOON_HOURS.from && hour <= AFTERNOON_HOURS.to ? hour + 12 : hour
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']

const LIST = /^(?:what|which|show(?: me)?|list)\b.*\breminders?\b|^(?:my|upcoming) reminders\??$/i
const CANCEL = /^(?:please\s+)?(?:cancel|delete|remove|stop|drop)\s+(?:the|my)?\s*(.+?)\s+reminders?\.?$/i
const REMIND = /^(?:please\s+)?(?:can you\s+)?remind me\b\s*(.*)$/i
const BEFORE =
  /^about\s+(?:the\s+|my\s+)?(.+?)\s+(?:the\s+)?(day|(\d+|two|three)\s+days?|week)\s+before\b(?:\s+at\s+(.+))?\.?$/i

/** Reads a reminder request from a message, or null when it is not one. */
export function readReminderRequest(
  message: string,
  clock: { now: Date; timeZone: string },
): ReminderRequest | null {
  const text = message
    .trim()
    .replace(/[?!.]+$/, '')
    .trim()
  if (LIST.test(text)) return { kind: 'list' }
  const cancel = CANCEL.exec(text)
  if (cancel) return { kind: 'cancel', words: cancel[1]!.trim() }
  const remind = REMIND.exec(text)
  if (!remind) return null
  const rest = remind[1]!.trim()

  const before = BEFORE.exec(rest)
  if (before) {
    const span = before[2]!.toLowerCase()
    const n =
      span === 'day' ? 1 : span === 'week' ? 7 : Number({ two: 2, three: 3 }[before[3] ?? ''] ?? before[3])
    const at = before[4] ? readClock(before[4], clock) : null
    return {
      kind: 'before-memory',
      about: before[1]!.trim(),
      daysBefore: n,
      hour: at?.hour ?? DEFAULT_HOUR,
      minute: at?.minute ?? 0,
    }
  }

  const wallNow = toWall(clock.now, clock.timeZone)
  const reference = { instant: wallNow, timezone: 0 }

  // Recurrences: "every Monday at 8 …", "on the 1st of every month …", "every day at 7 …".
  const monthly = /\bon the (\d{1,2})(?:st|nd|rd|th)? of (?:every|each) month\b/i.exec(rest)
  const weekly = /\bevery (sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/i.exec(rest)
  const daily = /\bevery (?:day|morning|evening)\b/i.exec(rest)
  const recurring = monthly ?? weekly ?? daily
  if (recurring) {
    const without = rest.replace(recurring[0], ' ')
    const time = parser
      .parse(without, reference, { forwardDate: true })
      .find((r) => r.start.isCertain('hour'))
    const hour = (time && hourOf(time, wallNow, recurring[0])) ?? partOfDay(recurring[0]) ?? DEFAULT_HOUR
    const minute = time?.start.get('minute') ?? 0
    const what = cleanText(time ? without.replace(time.text, ' ') : without)
    if (!what) return null
    const recurrence = monthly
      ? `FREQ=MONTHLY;BYMONTHDAY=${Number(monthly[1])}`
      : weekly
        ? `FREQ=WEEKLY;BYDAY=${RRULE_DAYS[WEEKDAYS.indexOf(weekly[1]!.toLowerCase())]}`
        : 'FREQ=DAILY'
    // The first occurrence after now: the rule anchored five weeks back at that wall time (so BYDAY and
    // BYMONTHDAY pick their own day), stepped on past now.
    const anchor = fromWall(
      new Date(
        Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate() - 35, hour, minute),
      ),
      clock.timeZone,
    )
    const dueAt = nextOccurrence(recurrence, anchor, clock.timeZone, clock.now)
    if (!dueAt) return null
    return { kind: 'create', text: what, dueAt, recurrence }
  }

  const found = parser.parse(rest, reference, { forwardDate: true })[0]
  if (!found) return null
  const wall = found.start.date()
  const read = wall.getTime()
  const hour = hourOf(found, wallNow)
  if (!found.start.isCertain('hour')) wall.setUTCHours(hour ?? DEFAULT_HOUR, 0, 0, 0)
  else if (hour !== null) wall.setUTCHours(hour)
  // A time alone ("at half past 3", "this evening") whose hour moved is its next coming: today's, else
  // tomorrow's.
  if (wall.getTime() !== read && isOnlyTime(found.start)) {
    wall.setUTCFullYear(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate())
    if (wall.getTime() <= wallNow.getTime()) wall.setUTCDate(wall.getUTCDate() + 1)
  }
  const dueAt = fromWall(wall, clock.timeZone)
  const what = cleanText(rest.replace(found.text, ' '))
  if (!what || dueAt.getTime() <= clock.now.getTime()) return null
  return { kind: 'create', text: what, dueAt, recurrence: null }
}

function readClock(text: string, clock: { now: Date; timeZone: string }) {
  const r = parser.parse(`at ${text}`, { instant: toWall(clock.now, clock.timeZone), timezone: 0 })[0]
  if (!r?.start.isCertain('hour')) return null
  return {
    hour: hourOf(r, toWall(clock.now, clock.timeZone)) ?? DEFAULT_HOUR,
    minute: r.start.get('minute') ?? 0,
  }
}

/** "to call mum " → "call mum". */
function cleanText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:to|that|about|of)\s+/i, '')
    .replace(/\s+(?:to|at|on|in)$/i, '')
    .trim()
}

/** "every Monday at 08:00" / "on the 1st of every month at 09:00" / "every day at 07:00". */
export function describeRecurrence(recurrence: string, dueAt: Date, timeZone: string): string {
  const time = formatWhen(dueAt, timeZone).replace(/^.* at /, '')
  const weekly = /BYDAY=(\w\w)/.exec(recurrence)
  if (/FREQ=WEEKLY/.test(recurrence) && weekly) {
    const day = WEEKDAYS[RRULE_DAYS.indexOf(weekly[1]!)]!
    return `every ${day[0]!.toUpperCase()}${day.slice(1)} at ${time}`
  }
  const monthly = /FREQ=MONTHLY;BYMONTHDAY=(\d+)/.exec(recurrence)
  if (monthly) return `on the ${ordinal(Number(monthly[1]))} of every month at ${time}`
  if (/FREQ=DAILY/.test(recurrence)) return `every day at ${time}`
  return `repeating (${recurrence}), next ${formatWhen(dueAt, timeZone)}`
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`

/** The offline answer to a create: "I'll remind you to call mum on Friday, November 27 at 17:00." */
export function confirmation(
  request: { text: string; dueAt: Date; recurrence: string | null },
  timeZone: string,
) {
  if (request.recurrence) {
    return `I'll remind you to ${request.text} ${describeRecurrence(request.recurrence, request.dueAt, timeZone)}, starting ${formatWhen(request.dueAt, timeZone)}.`
  }
  return `I'll remind you to ${request.text} on ${formatWhen(request.dueAt, timeZone)}.`
}

/** Words of a "cancel the … reminder" that name no reminder. */
const CANCEL_FILLER = new Set([
  'the',
  'a',
  'an',
  'my',
  'to',
  'for',
  'of',
  'about',
  'and',
  'reminder',
  'reminders',
])
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
/** The same word, or its plural either way ('plant' and 'plants', 'class' and 'classes'). */
const sameWord = (a: string, b: string) =>
  a === b || a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`

/**
 * The reminders a "cancel the … reminder" may mean: those whose text holds each of its words as a
 * whole word (a short one too: "the gp reminder"; never inside another: "rent" is not in "parents"),
 * in the order given (soonest first). None when no word is left to go by.
 */
export function matchByWords<T extends { text: string }>(reminders: readonly T[], words: string): T[] {
  const wanted = wordsOf(words).filter((w) => !CANCEL_FILLER.has(w))
  if (wanted.length === 0) return []
  return reminders.filter((r) => {
    const own = wordsOf(r.text)
    return wanted.every((w) => own.some((o) => sameWord(o, w)))
  })
}
