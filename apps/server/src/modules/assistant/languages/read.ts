/**
 * Reading a message in a language other than English: its days, times and reminders, with chrono-node's
 * parser for the language, on the user's wall clock (the instant seen in their zone, written as if it
 * were UTC) as the English reminder phrases do (reminders/phrases.ts).
 */
import { addDays } from '@remi/shared'
import type * as chrono from 'chrono-node'
import { easterIn } from '../../language/index.ts'
import { fromWall, nextOccurrence, toWall, type ReminderRequest } from '../../reminders/index.ts'
import type { Clock } from '../intents/types.ts'
import type { Feast, LanguagePack } from './pack.ts'

/** When nothing says the hour: 09:00, as the English reminders. */
const DEFAULT_HOUR = 9
/** An hour from 1 to 6 said with nothing to place it in the day is the afternoon's, as in English. */
const AFTERNOON_HOURS = { from: 1, to: 6 }
const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']

/** The text as chrono reads it: trimmed, its end's punctuation off, the pack's rewrites made. */
export function normalised(pack: LanguagePack, text: string): string {
  let out = text
    .trim()
    .replace(/[’‘]/g, "'")
    .replace(/^[¿¡]+/, '')
    .replace(/[?!.]+$/, '')
    .trim()
  for (const [from, to] of pack.normalise) out = out.replace(from, to)
  return out
}

const reference = (clock: Clock) => ({ instant: toWall(clock.now, clock.timeZone), timezone: 0 })

/** What chrono finds in a text, on the user's wall clock, coming dates first. */
export const parse = (pack: LanguagePack, text: string, clock: Clock): chrono.ParsedResult[] =>
  pack.chrono.parse(text, reference(clock), { forwardDate: true })

/** The calendar day of a parsed date ("2026-12-25"). */
const dayOf = (result: chrono.ParsedResult) => result.start.date().toISOString().slice(0, 10)

/** The next day (today's included) of a feast. */
export function feastDay(feast: Feast, today: string): string {
  const year = Number(today.slice(0, 4))
  const on = (y: number) =>
    feast === 'christmas' ? `${y}-12-25` : feast === 'new-year' ? `${y}-01-01` : easterIn(y)
  return on(year) >= today ? on(year) : on(year + 1)
}

/** The day some words name ("amanhã", "25 de dezembro", "o Natal"), or null. */
export function dayNamed(pack: LanguagePack, words: string, clock: Clock): string | null {
  const feast = (Object.keys(pack.read.feasts) as Feast[]).find((f) => pack.read.feasts[f].test(words))
  if (feast) return feastDay(feast, clock.today)
  const found = parse(pack, normalised(pack, words), clock)[0]
  return found ? dayOf(found) : null
}

/** The days a weather question asks about: one day (today unless named), or the week ahead. */
export function daysAsked(pack: LanguagePack, text: string, clock: Clock): { from: string; to: string } {
  if (pack.read.week.test(text)) return { from: clock.today, to: addDays(clock.today, 6) }
  const day = parse(pack, normalised(pack, text), clock).find(
    (r) => r.start.isCertain('day') || r.start.isCertain('weekday'),
  )
  const from = day ? dayOf(day) : clock.today
  return { from, to: from }
}

/** Whether a text names a day or the days ahead ("amanhã", "na sexta-feira", "esta semana"). */
export const namesDays = (pack: LanguagePack, text: string, clock: Clock): boolean =>
  pack.read.week.test(text) ||
  parse(pack, normalised(pack, text), clock).some(
    (r) => r.start.isCertain('day') || r.start.isCertain('weekday'),
  )

/** The hour a parsed time says, read as a person means it ("às 5" is 17:00; "às 8 da manhã" 08:00). */
function hourOf(pack: LanguagePack, result: chrono.ParsedResult, said: string): number | null {
  const start = result.start
  if (!start.isCertain('hour')) {
    const part = pack.read.partsOfDay.find(([words]) => words.test(said))
    return part ? part[1] : null
  }
  const hour = start.get('hour')!
  if (start.isCertain('meridiem') || hour >= 12) return hour
  if (pack.read.afternoon.test(said)) return hour + 12
  if (pack.read.morning.test(said)) return hour
  return hour >= AFTERNOON_HOURS.from && hour <= AFTERNOON_HOURS.to ? hour + 12 : hour
}

/** The text with a parsed part taken out, with the words that lead into it and follow it. */
function without(pack: LanguagePack, text: string, part: string): string {
  const at = text.indexOf(part)
  if (at < 0) return text
  const before = text.slice(0, at).replace(pack.read.beforeTime, ' ')
  const after = text.slice(at + part.length).replace(pack.read.afterTime, ' ')
  return `${before} ${after}`
}

/** "de ligar à mãe " → "ligar à mãe". */
function cleanText(pack: LanguagePack, text: string): string {
  let out = text.replace(/\s+/g, ' ').trim()
  for (let i = 0; i < 3; i++) out = out.replace(pack.read.lead, '').trim()
  return out.replace(/^[,;:\s]+|[,;:\s]+$/g, '')
}

/** A repeat said in the language: its rule and the words that said it. */
function repeatIn(pack: LanguagePack, text: string): { rule: string; said: string } | null {
  const monthly = pack.read.everyMonth.exec(text)
  if (monthly) return { rule: `FREQ=MONTHLY;BYMONTHDAY=${Number(monthly[1])}`, said: monthly[0] }
  const weekly = pack.read.everyWeekday.exec(text)
  const named = weekly?.slice(1).find(Boolean)
  const weekday = named ? pack.read.weekday(named) : null
  if (weekly && weekday !== null) return { rule: `FREQ=WEEKLY;BYDAY=${RRULE_DAYS[weekday]}`, said: weekly[0] }
  const daily = pack.read.everyDay.exec(text)
  return daily ? { rule: 'FREQ=DAILY', said: daily[0] } : null
}

/**
 * A reminder from what follows "lembra-me" (or a message that starts with a repeat and a time): once
 * ("amanhã às 17h de ligar à mãe") or repeating ("todas as segundas às 8 regar as plantas"), or null
 * when it names no time or nothing to be reminded of.
 */
export function readReminder(pack: LanguagePack, rest: string, clock: Clock): ReminderRequest | null {
  const text = normalised(pack, rest)
  const wallNow = toWall(clock.now, clock.timeZone)
  const repeat = repeatIn(pack, text)
  if (repeat) {
    const left = without(pack, text, repeat.said)
    const time = parse(pack, left, clock).find((r) => r.start.isCertain('hour'))
    const hour = (time && hourOf(pack, time, `${time.text} ${left}`)) ?? DEFAULT_HOUR
    const minute = time?.start.get('minute') ?? 0
    const what = cleanText(pack, time ? without(pack, left, time.text) : left)
    if (!what) return null
    // The first occurrence after now: the rule anchored five weeks back at that wall time, stepped on.
    const anchor = fromWall(
      new Date(
        Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate() - 35, hour, minute),
      ),
      clock.timeZone,
    )
    const dueAt = nextOccurrence(repeat.rule, anchor, clock.timeZone, clock.now)
    return dueAt ? { kind: 'create', text: what, dueAt, recurrence: repeat.rule } : null
  }
  const results = parse(pack, text, clock)
  const found = results[0]
  if (!found) return null
  const wall = found.start.date()
  // "a las 8 de la mañana": chrono's time and the day it reads apart.
  const time = found.start.isCertain('hour') ? found : results.find((r) => r.start.isCertain('hour'))
  let left = without(pack, text, found.text)
  if (time && time !== found) left = without(pack, left, time.text)
  const hour = hourOf(pack, time ?? found, `${(time ?? found).text} ${text}`)
  wall.setUTCHours(hour ?? DEFAULT_HOUR, time?.start.get('minute') ?? 0, 0, 0)
  const onlyTime = !(['weekday', 'day', 'month', 'year'] as const).some((c) => found.start.isCertain(c))
  // A time alone ("às 17h") is its next coming: today's, else tomorrow's; a weekday gone today, next week's.
  if (onlyTime) {
    wall.setUTCFullYear(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate())
    if (wall.getTime() <= wallNow.getTime()) wall.setUTCDate(wall.getUTCDate() + 1)
  } else if (found.start.isCertain('weekday') && !found.start.isCertain('day') && wall <= wallNow) {
    wall.setUTCDate(wall.getUTCDate() + 7)
  }
  const dueAt = fromWall(wall, clock.timeZone)
  const what = cleanText(pack, left)
  if (!what || dueAt.getTime() <= clock.now.getTime()) return null
  return { kind: 'create', text: what, dueAt, recurrence: null }
}

/** What a "lembra-te que …" keeps: the fact, its tags and the day it names (a day said in full). */
export function memoryIn(
  pack: LanguagePack,
  fact: string,
  clock: Clock,
): { text: string; tags: string[]; day: string | null } {
  const tags = [...fact.matchAll(/#([\p{L}\p{N}_-]+)/gu)].map((m) => m[1]!.toLowerCase())
  const text = fact
    .replace(/#[\p{L}\p{N}_-]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '')
  const dated = parse(pack, normalised(pack, text), clock).find((r) => r.start.isCertain('day'))
  return {
    text: text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : '',
    tags: [...new Set(tags)],
    day: dated ? dayOf(dated) : null,
  }
}
