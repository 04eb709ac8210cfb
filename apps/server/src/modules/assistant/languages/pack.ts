import type * as chrono from 'chrono-node'
import type { Language } from '@remi/shared'

/** A language of the offline assistant beside English (issue 51). */
export type OtherLanguage = Exclude<Language, 'en'>

/**
 * A regular expression whose `\b` is a word boundary for every letter ("mês", "über"), not only for
 * a to z as JavaScript's is; case-insensitive and Unicode.
 */
export const re = (source: string) =>
  new RegExp(
    source.replaceAll(
      String.raw`\b`,
      String.raw`(?:(?<=[\p{L}\p{N}])(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]))`,
    ),
    'iu',
  )

/** The names of the shared intents (languages/intents.ts), in the order they are asked. */
export const INTENT_NAMES = [
  'reminder-list',
  'reminder',
  'remember',
  'help',
  'time',
  'what-day',
  'days-until',
  'calendar',
  'weather',
  'greeting',
  'search',
  'statement',
  'fallback',
] as const
export type IntentName = (typeof INTENT_NAMES)[number]

/** A feast a "how many days until …?" names. */
export type Feast = 'christmas' | 'new-year' | 'easter'

/**
 * What the offline assistant reads and says in one language: the patterns its intents match, the
 * examples of each intent (its help, and the tests' table), and its answers' words. Dates and times
 * are read by chrono-node's parser for the language and written by Intl in its locale.
 */
export interface LanguagePack {
  language: OtherLanguage
  /** BCP 47, for Intl. */
  locale: string
  /** chrono-node's casual parser for the language (a clone: custom parsers may be added). */
  chrono: chrono.Chrono
  /** Rewrites before chrono reads a text: "17h" → "17:00". */
  normalise: ReadonlyArray<readonly [RegExp, string]>
  /** The language's commonest words (articles, prepositions, pronouns): a search does not look for them. */
  stopWords: readonly string[]
  /** More words a question about memories has that are not what it looks for. */
  questionWords: readonly string[]
  read: {
    /** "lembra-te que …": group 1 is what to keep. */
    remember: RegExp
    /** "lembra-me …": group 1 is the rest (when, and what). */
    remind: RegExp
    /** "quais são os meus lembretes?". */
    listReminders: RegExp
    /** "todas as segundas": group 1 names the weekday. */
    everyWeekday: RegExp
    /** "todos os dias". */
    everyDay: RegExp
    /** "no dia 1 de cada mês": group 1 is the day of the month. */
    everyMonth: RegExp
    /** A weekday's name (group 1 of everyWeekday) → 0 (Sunday) to 6. */
    weekday(word: string): number | null
    /** An hour without am/pm said in the afternoon or evening ("da tarde"), or in the morning. */
    afternoon: RegExp
    morning: RegExp
    /** A part of the day said without an hour, and the hour a reminder gets for it. */
    partsOfDay: ReadonlyArray<readonly [RegExp, number]>
    /** Words left before the time once it is taken out ("el", "às"). */
    beforeTime: RegExp
    /** Words left after it ("da tarde", "Uhr"). */
    afterTime: RegExp
    /** Words that start a reminder's text and are not its own ("de", "que", "an"). */
    lead: RegExp
    /** A question (as well as one that ends with "?"). */
    question: RegExp
    help: RegExp
    time: RegExp
    /** "que dia é …": group 1 names the day (none: today). */
    whatDay: RegExp
    /** "quantos dias faltam para …": group 1 names it. */
    daysUntil: RegExp
    /** The calendar named ("agenda", "calendário"): a question (or a few words) about what a day holds. */
    calendar: RegExp
    /** "que eventos tenho", "o que tenho": about the calendar when the question names a day too. */
    events: RegExp
    weather: RegExp
    /** "a semana", "fim de semana": the days ahead. */
    week: RegExp
    greeting: RegExp
    thanks: RegExp
    feasts: Readonly<Record<Feast, RegExp>>
  }
  /** Each intent's examples, as people ask them: the first is in the help. */
  examples: Readonly<Record<IntentName, readonly string[]>>
  say: Words
}

/**
 * The days a calendar answer is about, written in the locale without the year: one day (`ahead` 0 is
 * today, 1 tomorrow) or several ("segunda-feira, 30 de novembro" to "domingo, 6 de dezembro").
 */
export type DaysSaid = { ahead: number; day: string } | { from: string; to: string }

/** The answers' words. */
export interface Words {
  /** The help's title, and each intent's line title ("Guardar uma memória"). */
  helpTitle: string
  helpLine: Partial<Record<IntentName, string>>
  intro(brand: string): string
  fallbackNote: string
  fallback(help: string): string
  shortHelp: string
  hello(name: string | null): string
  welcome: string
  saved: string
  noDate: string
  date(day: string): string
  whatToRemember: string
  cannotSave: string
  notSaved(example: string): string
  /** "Lembra-te que …": the words a statement is saved with. */
  rememberPrefix: string
  found: string
  nothingFound(words: string): string
  cannotSearch: string
  reminderMade(text: string, when: string): string
  reminderRepeats(text: string, rule: string, first: string): string
  /** The rule in words: "todas as segundas-feiras às 08:00". */
  everyWeekday(weekday: number, time: string): string
  everyDay(time: string): string
  everyMonth(day: number, time: string): string
  reminderUnclear: string
  noReminders: string
  yourReminders: string
  remindersOff: string
  today(date: string): string
  tomorrow(date: string): string
  dayIs(date: string): string
  daysUntil(n: number, what: string, date: string): string
  timeIs(time: string): string
  /** A calendar event's "all day" (in place of its time). */
  allDay: string
  /** "Para **hoje**, tem 2 eventos:": the line before the events listed. */
  calendarEvents(when: DaysSaid, count: number): string
  /** "Não tem nada no seu calendário para **hoje**.". */
  calendarNothing(when: DaysSaid): string
  /** Some of the person's calendars could not be read (the others' events are listed). */
  calendarProblems: string
  /** The calendar is off or none is chosen: the whole answer. */
  calendarOff: string
  /** The same, as the note after the memories dated on the days asked about. */
  calendarOffNote: string
  /** The calendar could not be read. */
  calendarFailed: string
  /** The heading of the memories dated on the days asked about. */
  fromMemories: string
  weatherOff: string
  weatherFailed: string
  weatherDay(p: {
    day: string
    place: string
    description: string
    min: string
    max: string
    rain: number | null
  }): string
  weatherNow(p: { temperature: string; description: string }): string
  /** The forecast's descriptions (datasources' WMO words, in English) in the language. */
  weatherWords: Readonly<Record<string, string>>
}
