/**
 * The offline assistant's intents for a language other than English: one set of definitions, each
 * reading and answering through a language pack (languages/<language>.ts). The answers call the same
 * tools and services as the English intents (searchMemories, createMemory, getWeather,
 * getCalendarEvents, the reminders service) and write dates and times with Intl in the pack's locale.
 */
import { addDays, daysBetween, knownTimeZone } from '@remi/shared'
import { BRAND } from '../../../config/brand.ts'
import { describeRecurrence, formatWhen } from '../../reminders/index.ts'
import { wordsFor } from '../../../lib/words/index.ts'
import { eventName } from '../answers/events.ts'
import { quote } from '../answers/words.ts'
import {
  isToolError,
  type AssistantTools,
  type GetCalendarEventsOutput,
  type ToolError,
  type ToolEvent,
  type ToolMemory,
} from '../tools/index.ts'
import { intent, said, when, type Answered, type Deps, type Registered } from '../intents/types.ts'
import { INTENT_NAMES, type DaysSaid, type IntentName, type LanguagePack } from './pack.ts'
import { dayNamed, daysAsked, memoryIn, namesDays, normalised, readReminder } from './read.ts'

/** A day written in the locale: "sexta-feira, 25 de dezembro de 2026". */
export const longDay = (pack: LanguagePack, day: string, year = true) =>
  new Intl.DateTimeFormat(pack.locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))

const timeIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: knownTimeZone(timeZone),
  }).format(instant)

/** A reminder's first time in words: "terça-feira, 1 de dezembro às 17:00" (lib/words' "reminder.when"). */
const whenIn = (pack: LanguagePack, instant: Date, timeZone: string) =>
  formatWhen(instant, timeZone, wordsFor(pack.language))

/** A repeat rule in words; one the language has no words for, as English says it. */
function ruleIn(pack: LanguagePack, rule: string, dueAt: Date, timeZone: string): string {
  const time = timeIn(dueAt, timeZone)
  const weekly = /FREQ=WEEKLY;BYDAY=(\w\w)$/.exec(rule)
  if (weekly)
    return pack.say.everyWeekday(['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'].indexOf(weekly[1]!), time)
  const monthly = /^FREQ=MONTHLY;BYMONTHDAY=(\d+)$/.exec(rule)
  if (monthly) return pack.say.everyMonth(Number(monthly[1]), time)
  if (rule === 'FREQ=DAILY') return pack.say.everyDay(time)
  return describeRecurrence(rule, dueAt, timeZone)
}

/** Memories as Markdown bullets: the day in the locale (when it has one), the text on one line. */
const quoted = (pack: LanguagePack, memories: ReadonlyArray<Pick<ToolMemory, 'text' | 'date' | 'tags'>>) =>
  memories.map(
    (m) =>
      `- ${m.date ? `**${longDay(pack, m.date)}**: ` : ''}${quote(m.text, 300)}${m.tags.length ? ` _(${m.tags.map((t) => `#${t}`).join(' ')})_` : ''}`,
  )

/** The words of a question a search looks for: not the language's stop words nor its question words. */
export function searchWords(pack: LanguagePack, text: string): string[] {
  const skip = new Set([...pack.stopWords, ...pack.questionWords])
  const words = normalised(pack, text)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
  return [...new Set((words ?? []).filter((w) => !skip.has(w) && (w.length > 1 || /\d/.test(w))))]
}

const isQuestion = (pack: LanguagePack, text: string) =>
  /\?\s*$/.test(text) || pack.read.question.test(normalised(pack, text))

/** The chat's "Save as memory" button, when the tools have it (the answer tests' fakes do not). */
const proposeSave = (deps: Deps) =>
  (deps.tools as Deps['tools'] & Partial<Pick<AssistantTools, 'proposeSave'>>).proposeSave

async function remember(pack: LanguagePack, fact: string, deps: Deps): Promise<Answered> {
  const { say } = pack
  if (deps.alreadySaved?.length) {
    // The model saved them before it failed: reported, not saved twice.
    const saved = deps.alreadySaved
    return { markdown: [say.saved, '', ...quoted(pack, saved)].join('\n'), cited: saved }
  }
  const memory = memoryIn(pack, fact, deps.clock)
  if (!memory.text) return said(say.whatToRemember)
  const result = await deps.tools.createMemory({
    text: memory.text,
    tags: memory.tags,
    ...(memory.day ? { date: memory.day } : {}),
  })
  if (isToolError(result)) return said(say.cannotSave)
  const { saved } = result
  const lines = [say.saved, '', `> ${quote(saved.text, 500)}`, '']
  lines.push(`- ${saved.date ? say.date(longDay(pack, saved.date)) : say.noDate}`)
  if (saved.tags.length) lines.push(`- ${saved.tags.map((t) => `#${t}`).join(' ')}`)
  return { markdown: lines.join('\n'), cited: [saved] }
}

async function search(pack: LanguagePack, deps: Deps): Promise<Answered> {
  const words = searchWords(pack, deps.text)
  const found = await deps.tools.searchMemories({ query: words.join(' ') })
  if (isToolError(found)) return said(pack.say.cannotSearch)
  const shown = found.memories.slice(0, 5)
  if (!words.length || !shown.length) return said(pack.say.nothingFound(words.join(' ')))
  return { markdown: [pack.say.found, '', ...quoted(pack, shown)].join('\n'), cited: shown }
}

async function weather(pack: LanguagePack, deps: Deps): Promise<Answered> {
  const { say } = pack
  const { from, to } = daysAsked(pack, deps.text, deps.clock)
  const forecast = await deps.tools.getWeather({ date: from })
  if (isToolError(forecast)) return said(forecast.off ? say.weatherOff : say.weatherFailed)
  const unit = forecast.temperatureUnit
  const degrees = (n: number) => `${Math.round(n)}${unit}`
  const words = (description: string) => say.weatherWords[description.toLowerCase()] ?? description
  const days = [
    ...(forecast.day ? [{ date: forecast.date, ...forecast.day }] : []),
    ...forecast.nextDays,
  ].filter((d) => d.date >= from && d.date <= to)
  if (!days.length) return said(say.weatherFailed)
  const lines = days.map((d) =>
    say.weatherDay({
      day: longDay(pack, d.date, false),
      place: forecast.place,
      description: words(d.description),
      min: degrees(d.temperatureMin),
      max: degrees(d.temperatureMax),
      rain: d.precipitationProbability,
    }),
  )
  const now =
    from === deps.clock.today && forecast.now
      ? [
          say.weatherNow({
            temperature: degrees(forecast.now.temperature),
            description: words(forecast.now.description),
          }),
        ]
      : []
  return said([...lines.map((l) => (days.length > 1 ? `- ${l}` : l)), ...now].join('\n'))
}

/** The days asked about as the pack's words take them: one day (how far ahead, its date), or several. */
function daysSaid(pack: LanguagePack, range: { from: string; to: string }, today: string): DaysSaid {
  if (range.from !== range.to)
    return { from: longDay(pack, range.from, false), to: longDay(pack, range.to, false) }
  return { ahead: daysBetween(today, range.from), day: longDay(pack, range.from, false) }
}

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

/** The events of the days asked about, by day when there are several; or that there are none. */
function eventsIn(
  pack: LanguagePack,
  result: Exclude<GetCalendarEventsOutput, ToolError>,
  range: { from: string; to: string },
  when: DaysSaid,
): string {
  const { say } = pack
  const problems = result.problems.length ? `\n\n_${say.calendarProblems}_` : ''
  const { events } = result
  if (!events.length) return say.calendarNothing(when) + problems
  const line = (e: ToolEvent) => `- ${e.allDay ? say.allDay : e.time}: ${eventName(e)}`
  const lines = [say.calendarEvents(when, events.length)]
  if (range.from === range.to) lines.push('', ...events.map(line))
  else {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
      const ofDay = events.filter((e) => e.day === day)
      if (ofDay.length) lines.push('', `**${capitalised(longDay(pack, day, false))}**`, ...ofDay.map(line))
    }
  }
  return lines.join('\n') + problems
}

/**
 * What some days hold: the calendar's events (time or all day, title, place), then the memories dated
 * on them, as the English calendar answer (answers/calendar.ts' describeDays); with the calendar off,
 * the memories and a note that it is, or only that it is.
 */
async function calendarAnswer(
  pack: LanguagePack,
  range: { from: string; to: string },
  deps: Deps,
): Promise<Answered> {
  const { say } = pack
  const result = await deps.tools.getCalendarEvents({ from: range.from, to: range.to })
  const found = await deps.tools.searchMemories({ query: '', from: range.from, to: range.to })
  const dated = isToolError(found)
    ? []
    : found.memories.filter((m) => m.date !== null).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
  const off = isToolError(result) && result.off === true
  const parts: string[] = []
  if (!isToolError(result)) parts.push(eventsIn(pack, result, range, daysSaid(pack, range, deps.clock.today)))
  else if (!off) parts.push(say.calendarFailed)
  if (dated.length) parts.push([say.fromMemories, '', ...quoted(pack, dated)].join('\n'))
  if (off) parts.push(dated.length ? `_${say.calendarOffNote}_` : say.calendarOff)
  return { markdown: parts.join('\n\n'), cited: dated }
}

async function reminderAnswer(
  pack: LanguagePack,
  request: { text: string; dueAt: Date; recurrence: string | null },
  deps: Deps,
): Promise<Answered> {
  const service = deps.services.reminders
  if (!service) return said(pack.say.remindersOff)
  const text = `${request.text[0]!.toUpperCase()}${request.text.slice(1)}`
  const created = await service.create(deps.userId, {
    text,
    dueAt: request.dueAt.toISOString(),
    recurrence: request.recurrence,
  })
  const zone = deps.clock.timeZone
  const first = whenIn(pack, request.dueAt, zone)
  return said(
    created.recurrence
      ? pack.say.reminderRepeats(text, ruleIn(pack, created.recurrence, request.dueAt, zone), first)
      : pack.say.reminderMade(text, first),
  )
}

async function listReminders(pack: LanguagePack, deps: Deps): Promise<Answered> {
  const service = deps.services.reminders
  if (!service) return said(pack.say.remindersOff)
  const list = await service.list(deps.userId, { status: 'scheduled', limit: 20 })
  if (!list.length) return said(pack.say.noReminders)
  const lines = list.map((r) => {
    const due = new Date(r.nextAt ?? r.dueAt)
    const at = r.recurrence ? ruleIn(pack, r.recurrence, due, r.timezone) : whenIn(pack, due, r.timezone)
    return `- **${quote(r.text, 200)}**: ${at}`
  })
  return said([pack.say.yourReminders, '', ...lines].join('\n'))
}

/** The help: each intent's first example under its line's title, from the pack. */
export function helpOf(pack: LanguagePack): string {
  const lines = INTENT_NAMES.flatMap((name) => {
    const title = pack.say.helpLine[name]
    const example = pack.examples[name][0]
    return title && example ? [`- **${title}**: “${example}”`] : []
  })
  return [pack.say.helpTitle, '', ...lines].join('\n')
}

/** A message that starts with a repeat and says a time ("todas as segundas às 8 …"): a reminder too. */
const startsWithRepeat = (pack: LanguagePack, text: string) => {
  const read = pack.read
  const at = [read.everyWeekday, read.everyDay, read.everyMonth]
    .map((r) => r.exec(text)?.index)
    .filter((i) => i !== undefined)
  return at.includes(0) && /\d/.test(text)
}

/** The registry of a language: its intents in the order they are asked (the fallback last). */
export function intentsFor(pack: LanguagePack): Record<IntentName, Registered> {
  const { read, say, examples } = pack
  const of = (name: IntentName) => ({ name, examples: examples[name], help: false as const })
  return {
    'reminder-list': intent({
      ...of('reminder-list'),
      match: (text) => when(read.listReminders.test(normalised(pack, text))),
      answer: (_, deps) => listReminders(pack, deps),
    }),
    reminder: intent({
      ...of('reminder'),
      match(text, clock) {
        const plain = normalised(pack, text)
        const remind = read.remind.exec(plain)
        if (remind) return { request: readReminder(pack, remind[1]!, clock) }
        const request = startsWithRepeat(pack, plain) ? readReminder(pack, plain, clock) : null
        return request ? { request } : null
      },
      answer: ({ request }, deps) =>
        request?.kind === 'create' ? reminderAnswer(pack, request, deps) : said(say.reminderUnclear),
    }),
    remember: intent({
      ...of('remember'),
      match(text) {
        const fact = read.remember.exec(text.trim().replace(/[’‘]/g, "'"))?.[1]?.trim()
        return fact ? { fact } : null
      },
      answer: ({ fact }, deps) => remember(pack, fact, deps),
    }),
    help: intent({
      ...of('help'),
      match: (text) => when(read.help.test(normalised(pack, text))),
      answer: () => said(helpOf(pack)),
    }),
    time: intent({
      ...of('time'),
      match: (text) => when(read.time.test(normalised(pack, text))),
      answer: (_, { clock }) => said(say.timeIs(timeIn(clock.now, clock.timeZone))),
    }),
    'what-day': intent({
      ...of('what-day'),
      match(text, clock) {
        const asked = read.whatDay.exec(normalised(pack, text))
        if (!asked) return null
        const words = asked.slice(1).find(Boolean)?.trim() ?? ''
        const day = words ? dayNamed(pack, words, clock) : clock.today
        // "Que dia é o aniversário da Ana?": no day in the words; the memories may know it (search).
        return day ? { day } : null
      },
      answer({ day }, { clock }) {
        const date = longDay(pack, day)
        const ahead = daysBetween(clock.today, day)
        return said(ahead === 0 ? say.today(date) : ahead === 1 ? say.tomorrow(date) : say.dayIs(date))
      },
    }),
    'days-until': intent({
      ...of('days-until'),
      match(text, clock) {
        const asked = read.daysUntil.exec(normalised(pack, text))
        const what = asked?.slice(1).find(Boolean)?.trim()
        const day = what && dayNamed(pack, what, clock)
        return what && day ? { what, day } : null
      },
      answer: ({ what, day }, { clock }) =>
        said(say.daysUntil(daysBetween(clock.today, day), what, longDay(pack, day))),
    }),
    calendar: intent({
      ...of('calendar'),
      // The calendar named, asked (or in a few words: "agenda de amanhã"); or "o que tenho" asked with a
      // day to come ("was habe ich gestern gespeichert?" asks the memories).
      match(text, clock) {
        const plain = normalised(pack, text)
        const asked = isQuestion(pack, text)
        const range = daysAsked(pack, text, clock)
        if (read.calendar.test(plain) && (asked || plain.split(/\s+/).length <= 5)) return { range }
        const ahead = range.from >= clock.today && namesDays(pack, text, clock)
        return asked && read.events.test(plain) && ahead ? { range } : null
      },
      answer: ({ range }, deps) => calendarAnswer(pack, range, deps),
    }),
    weather: intent({
      ...of('weather'),
      // Asked, or said in a few words ("chuva amanhã"): not a statement that names the weather in passing.
      match: (text) =>
        when(
          read.weather.test(normalised(pack, text)) &&
            (isQuestion(pack, text) || normalised(pack, text).split(/\s+/).length <= 5),
        ),
      answer: (_, deps) => weather(pack, deps),
    }),
    greeting: intent({
      ...of('greeting'),
      match(text) {
        const plain = normalised(pack, text)
        if (read.thanks.test(plain)) return { thanks: true }
        return read.greeting.test(plain) ? { thanks: false } : null
      },
      async answer({ thanks }, { services, userId }) {
        if (thanks) return said(say.welcome)
        const user = await services.users.findById(userId)
        return said(say.hello(user?.name?.trim().split(/\s+/)[0] ?? null))
      },
    }),
    search: intent({
      ...of('search'),
      match: (text) => when(isQuestion(pack, text)),
      answer: (_, deps) => search(pack, deps),
    }),
    statement: intent({
      ...of('statement'),
      match: (text) => when(searchWords(pack, text).length >= 2),
      async answer(_, deps) {
        const fact = deps.text.trim().replace(/[.!]+$/, '')
        await proposeSave(deps)?.(`${fact[0]!.toUpperCase()}${fact.slice(1)}`)
        return said(say.notSaved(`${say.rememberPrefix} ${fact[0]!.toLowerCase()}${fact.slice(1)}`))
      },
    }),
    fallback: intent({
      ...of('fallback'),
      match: () => ({}),
      answer: () => said(say.fallback(helpOf(pack))),
    }),
  }
}

/** The offline introduction and the "model was unavailable" note in the pack's language. */
export const introductionIn = (pack: LanguagePack) => pack.say.intro(BRAND)
