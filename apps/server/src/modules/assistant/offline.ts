import { addDays, daysBetween, todayIn, type Memory } from '@remi/shared'
import { BRAND } from '../../config/brand.ts'
import { escapeMarkdown } from '../../lib/markdown.ts'
import { renderBriefing } from '../dashboard/index.ts'
import { formatNumber } from './arithmetic.ts'
import { correctedWords } from './spelling.ts'
import type { AssistantEvent, HistoryMessage } from './assistant.types.ts'
import type { LookupFilters } from '../memories/index.ts'
import {
  describeRange,
  excerpt,
  formatDay,
  formatTime,
  mentionsDay,
  relativeDay,
  savedSpan,
  WEEKDAYS,
  weekdayOf,
} from './format.ts'
import {
  askedAgainFor,
  asksWhen,
  asksForRecent,
  EVERY,
  type CalendarFact,
  firstOfMonth,
  isDayWord,
  isAboutSaving,
  isSavingWord,
  looksBack,
  namedDay,
  isPastTense,
  monthDayIn,
  mentionsHoliday,
  isSunQuestion,
  isAboutMemories,
  GIVING_WORDS,
  isGiftQuestion,
  mentionsThatDay,
  namesDays,
  subjectOf,
  withThatDay,
  isQuestion,
  notedDays,
  requestedDays,
  savedDays,
  timeOrder,
  type DayPart,
  type DaysQuestion,
  type DayRange,
  type MemoryRequest,
  type RequestedDays,
  withoutRecent,
  yearly,
  type YearlyDaysQuestion,
  weatherDecision,
  type WeatherDecision,
  isWeekDecision,
  weatherPlace,
  withoutFiller,
  asToldAfterRemember,
} from './intents.ts'
import { classify, type Answered, type Deps } from './intents/index.ts'
import { said } from './intents/types.ts'
import { SHORT_HELP } from './intents/talk.ts'
import { WET_CHANCE } from '../datasources/index.ts'
import { namesIn, significantWords, withOtherWords } from './search.ts'
import { addUp, amountIn, formatAmount, isMeasureWord, totalAsked, type Measure } from './totals.ts'
import {
  isToolError,
  MAX_CALENDAR_DAYS,
  SEARCH_LIMIT,
  type AssistantServices,
  type AssistantTools,
  type GetCalendarEventsOutput,
  type GetWeatherOutput,
  type ToolError,
  type ToolEvent,
  type ToolMemory,
} from './tools.ts'

/** Said once per conversation by the offline assistant (AI_PROVIDER=none). */
export const OFFLINE_INTRODUCTION =
  `_I'm ${BRAND}'s offline assistant: I run without a language model, so I understand a few kinds of requests (ask me "what can you do?"). ` +
  'To connect a model, set `AI_PROVIDER` and `AI_MODEL` (and `AI_API_KEY` or `AI_BASE_URL` as your provider needs) and restart the server._'

/** The first line of an answer the offline assistant wrote because the model failed. */
export const FALLBACK_NOTE = '_The language model was unavailable, so the offline assistant answered._'

export { HELP } from './intents/talk.ts'

const NO_MEMORIES = 'You have no memories yet. To save one, start a message with “Remember”.'

export interface OfflineInput {
  services: Pick<AssistantServices, 'users' | 'memories' | 'dashboard'>
  tools: AssistantTools
  userId: string
  content: string
  now: Date
  /** Say that it runs without a language model (the first offline answer of a conversation). */
  introduce: boolean
  /** The conversation before this message, oldest first: a follow-up ("and tomorrow?") reads the question before it. */
  history?: readonly HistoryMessage[]
  /** Memories a model already saved for this message before failing: reported, not saved twice. */
  alreadySaved?: readonly Memory[]
}

/**
 * The deterministic assistant: reads the message (a follow-up written out in full), finds the first
 * intent of the registry (intents/index.ts) that claims it, and answers with it: the same tools as the
 * model would call, the answer in Markdown with the memories it shows.
 */
export async function answerOffline(input: OfflineInput): Promise<Answered> {
  const { tools, now } = input
  const timeZone = await tools.timeZone()
  const clock = { now, timeZone, today: todayIn(timeZone, now) }
  const text = await askedInFull(tools, input.content, input.history, timeZone, now)
  const deps: Omit<Deps, 'passOn'> = {
    tools,
    services: input.services,
    userId: input.userId,
    clock,
    message: input.content,
    text,
    alreadySaved: input.alreadySaved,
  }
  const from = (start: number): Promise<Answered> => {
    const { matched, index } = classify(text, clock, start)
    return matched.answer({ ...deps, passOn: () => from(index + 1) })
  }
  const answered = await from(0)
  return input.introduce
    ? { ...answered, markdown: `${answered.markdown}\n\n${OFFLINE_INTRODUCTION}` }
    : answered
}

/**
 * The message as a question of its own: "and tomorrow?" after "will it rain today?" is that question
 * for tomorrow (and "what about Saturday?" after that, for Saturday); "where is it?" after "when is the
 * dentist?" is about the dentist (askedAgainFor); "how many days until then?" after "when is Ana's
 * party?" counts to the party's day (withDayBefore).
 */
export async function askedInFull(
  tools: AssistantTools,
  content: string,
  history: readonly HistoryMessage[] | undefined,
  timeZone: string,
  now: Date,
): Promise<string> {
  return withDayBefore(tools, questionsInFull(content, history), timeZone, now, todayIn(timeZone, now))
}

/** The message and the user's last messages before it, newest first, each as a question of its own. */
function questionsInFull(content: string, history: readonly HistoryMessage[] = []) {
  const before: string[] = []
  for (const m of history.filter((h) => h.role === 'user').slice(-5)) {
    const said = withoutFiller(m.content)
    before.unshift(askedAgainFor(said, before[0]) ?? said)
  }
  const said = withoutFiller(content)
  return { content: askedAgainFor(said, before[0]) ?? said, before }
}

/**
 * "What's the weather that day?", "how many days until then?" after "when is Ana's party?": the message
 * with the day the question before was about written out ("on December 5, 2026"): the day it named, or
 * the day of what it asked about (as "how many days until" finds it). As said when there is none.
 */
async function withDayBefore(
  tools: AssistantTools,
  asked: { content: string; before: readonly string[] },
  timeZone: string,
  now: Date,
  today: string,
): Promise<string> {
  const { content } = asked
  // A question that said "then" too ("how many days until then?") was about the day before it.
  const previous = asked.before.find((b) => !mentionsThatDay(b))
  if (!previous || !mentionsThatDay(content) || !isQuestion(previous)) return content
  if (namesDays(previous)) return withThatDay(content, formatDay(requestedDays(previous, timeZone, now).from))
  const subject = subjectOf(previous)
  const found = subject && (await dayOfWords(tools, subject, isPastTense(previous), timeZone, now, today))
  return found ? withThatDay(content, formatDay(found.day)) : content
}

/**
 * The words a question looks for: its significant words; for a gift question ("what should I get Ana
 * for her birthday?") what Ana likes, not the day of her birthday.
 */
export function searchWords(text: string) {
  const inMessage = significantWords(withoutRecent(text))
  const gift = isGiftQuestion(text)
  const words = gift ? [...new Set([...inMessage.filter((w) => !GIVING_WORDS.has(w)), 'gift'])] : inMessage
  return { words, query: words.join(' ') }
}

/**
 * A question about something: the memories that hold its words, and the calendar's events when it
 * asks when (or names days). "Any work stuff this week?": the memories of those days; when none, the
 * others, said so.
 */
export async function searchAnswer(deps: Deps): Promise<Answered> {
  const { tools, text: content, clock } = deps
  const { now, timeZone, today } = clock
  const { words } = searchWords(content)
  // The query is the words in lower case: the names the message capitalises are told apart.
  const names = namesIn(content, words)
  const days = notedDays(content, timeZone, now)
  // The words naming those days are looked by, not for ("what's due in December?").
  const terms = days ? words.filter((w) => !isDayWord(w)) : words
  if (terms.length === 0) return noted(deps)
  const sought = terms.join(' ')
  // "When did I last see the dentist?": what has happened, newest first; the calendar's past weeks.
  const back = looksBack(content)
  const calendarDays = days ?? (back ? { from: addDays(today, 1 - MAX_CALENDAR_DAYS), to: today } : undefined)
  // "When is the dentist?", "is the dentist today?": the calendar may know too.
  const [inDays, about] = await Promise.all([
    tools.searchMemories({ query: sought, ...days }, { names }),
    asksWhen(content) || (days && !isAboutSaving(content))
      ? eventsAbout(tools, terms, today, calendarDays, back)
      : [],
  ])
  // "When is my next standup?": the first that has not ended; "when did I last …": the last that has.
  const events = /\bnext\b/i.test(content)
    ? about.filter((e) => new Date(e.end) > now).slice(0, 1)
    : back
      ? about.filter((e) => new Date(e.end) <= now).slice(0, 1)
      : about
  const calendar = events.length
    ? ['**On your calendar:**', '', ...events.map((e) => eventLine(e, today))].join('\n')
    : ''
  let found = inDays
  let elsewhere = ''
  if (days && !calendar && !isToolError(found) && found.memories.length === 0) {
    found = await tools.searchMemories({ query: sought }, { names })
    elsewhere = `I found nothing about **${sought}** for ${daysName(days, today)}.`
  }
  if (isToolError(found)) return said(`I could not search your memories: ${found.error}`)
  // The memories that hold every word of the question, when some do ("when is Tom's birthday?" is not
  // answered by Lena's); else those holding some, best first. Beside the calendar's answer, only the first.
  const complete = holdingAll(found.memories, terms)
  const order = back ? 'newest' : timeOrder(content)
  const matching = inTimeOrder(calendar || complete.length ? complete : found.memories, order, today).filter(
    // What has happened is not dated ahead.
    (m) => !back || !m.date || m.date <= today,
  )
  if (matching.length === 0) {
    if (calendar) return said(calendar)
    return (
      (await spelledAsSaved(deps, terms)) ??
      said(
        `I couldn't find anything about **${sought}** in your memories. To save something, start a message with “Remember”.`,
      )
    )
  }
  // "When is Ana's birthday?", "how old is Bruno?": a birthday or anniversary on its next day.
  const yearlyAsked = /\b(?:birthdays?|anniversar(?:y|ies)|born|how old|age)\b/i.test(content)
  const shown = matching.slice(0, 5).map((m) => ({ m, yearly: yearlyAsked && yearlyLine(m, today) }))
  // Those that give the day first: "when is Marco's birthday?" is answered before his party is told.
  const inOrder = [...shown.filter((s) => s.yearly), ...shown.filter((s) => !s.yearly)]
  const lines = inOrder.map((s) => s.yearly || quoteMemories([s.m])[0]!)
  const first = matching.length < 2 ? '' : order ? `, ${order} first` : ', best match first'
  const heading = elsewhere
    ? `${elsewhere} On other days${first}:`
    : `${calendar ? 'And in your memories' : "Here's what I found in your memories"}${days ? ` for ${daysName(days, today)}` : ''}${first}:`
  const memories = [heading, '', ...lines].join('\n')
  return { markdown: calendar ? `${calendar}\n\n${memories}` : memories, cited: inOrder.map((s) => s.m) }
}

/** Words that are no question: the memories that look related, else the intents after this one. */
export async function related(deps: Deps): Promise<Answered> {
  const { words, query } = searchWords(deps.text)
  const found = await deps.tools.searchMemories({ query }, { names: namesIn(deps.text, words) })
  if (isToolError(found) || found.memories.length === 0) return deps.passOn()
  const shown = found.memories.slice(0, 3)
  return {
    markdown: [
      'I can only answer a few kinds of requests without a language model, but these memories look related:',
      '',
      ...quoteMemories(shown),
      '',
      SHORT_HELP,
    ].join('\n'),
    cited: shown,
  }
}
/** Money that came in, not spent: "Joao owes me 20 euros", "got paid", "salary", "sold the bike for 90 €". */
const MONEY_IN = /\b(?:owes?\s+me|lent|received|earned|salary|income|refund(?:ed)?|got\s+paid|sold)\b/i

/** How many memories a total adds up at most ("how far did I run this year?"). */
const TOTAL_LIMIT = 100

/**
 * "How far did I run this week?", "how much did I spend on groceries in November?": what the memories
 * found give, added up (totalOf). They are looked for by the question's words but those saying what to
 * add ("far", "km", "spend"), on the days it names; with no words left, all the days' memories (or the
 * newest): "how much did I spend this week?". Null when it asks for no total, or none gives one. The
 * offline answer, and the fact context mode gives the model.
 */
export async function totalFor(
  tools: AssistantTools,
  content: string,
  timeZone: string,
  now: Date,
  today: string,
): Promise<Answered | null> {
  const measure = totalAsked(content)
  if (!measure) return null
  const days = notedDays(content, timeZone, now)
  const words = significantWords(withoutRecent(content))
  const measured = words.filter((w) => !isMeasureWord(w))
  // Money owed or saved, with nothing else named, is looked for by its words ("how much do people owe me?").
  const topic = measured.length || days || measure !== 'money' ? measured : words
  // The words naming those days are looked by, not for.
  const terms = days ? topic.filter((w) => !isDayWord(w)) : topic
  const found = await tools.searchMemories(
    { query: terms.join(' '), ...days },
    { names: namesIn(content, terms), limit: TOTAL_LIMIT },
  )
  if (isToolError(found)) return null
  // Those holding every word, when some do: "how far did I run?" is not "how far did I cycle?".
  const complete = holdingAll(found.memories, terms)
  const span = days ? ` for ${daysName(days, today)}` : ''
  return totalOf(complete.length ? complete : found.memories, measure, span, today, isPastTense(content))
}

/**
 * "How far did I run this week?": the amounts the memories give (one each), added up by unit, and the
 * memories that give them, newest first; asked in the past tense, none dated ahead. Null when none gives one.
 */
function totalOf(
  memories: readonly ToolMemory[],
  measure: Measure,
  span: string,
  today: string,
  past = false,
): Answered | null {
  const measured = memories.flatMap((m) => {
    // "How much did I spend?": not what is planned ahead.
    if (past && m.date && m.date > today) return []
    // What was spent leaves out what came in ("Joao owes me 20 euros", "salary 1 800 €").
    if (measure === 'spent' && MONEY_IN.test(m.text)) return []
    const amount = amountIn(m.text, measure === 'spent' ? 'money' : measure)
    return amount ? [{ m, amount }] : []
  })
  if (measured.length === 0) return null
  const totals = addUp(measured.map((x) => x.amount)).map((a) => `**${formatAmount(a)}**`)
  const shown = inTimeOrder(
    measured.map((x) => x.m),
    'newest',
    today,
  )
  const counted = measured.length === 1 ? ', from 1 memory' : ` in all, from ${measured.length} memories`
  const cited = shown.slice(0, 10)
  const markdown = [
    `${listed(totals)}${counted}${span}${memories.length >= TOTAL_LIMIT ? ` (the first ${TOTAL_LIMIT} found)` : ''}:`,
    '',
    ...quoteMemories(cited),
    ...(shown.length > 10 ? ['', `And ${shown.length - 10} more.`] : []),
  ].join('\n')
  return { markdown, cited }
}

/** "Brief me": the dashboard's offline briefing, from the same facts (weather, today's events, memories due). */
export async function todaysBriefing(
  services: Pick<AssistantServices, 'dashboard'>,
  userId: string,
  now: Date,
) {
  return renderBriefing(await services.dashboard.gatherTodayFacts(userId, { now }))
}

/**
 * Whether a message asks for the memories of some days and nothing else to look for: "what happened
 * yesterday?", "what did I save on Monday?" (the day is what to look by, not a word to look for).
 */
export function asksForDays(content: string, timeZone: string, now: Date): boolean {
  return (
    significantWords(withoutRecent(content)).every(isDayWord) && notedDays(content, timeZone, now) !== null
  )
}

/**
 * A question with no words to search for: the memories saved on the days it names ("what did I save
 * yesterday?"), or of the days it names ("what happened yesterday?", "what did I note for this
 * weekend?"), or the newest when it asks about memories or notes ("show me my notes", "what did I write
 * recently?", "what's new?").
 */
export async function noted(
  deps: Pick<Deps, 'services' | 'tools' | 'userId' | 'text' | 'clock'>,
): Promise<Answered> {
  const { tools, services, userId, text: content } = deps
  const { timeZone, now, today } = deps.clock
  // A full search may have left some out: how many there are, and where to see them all.
  const more = async (shown: number, filters: LookupFilters, where: string) => {
    if (shown < SEARCH_LIMIT) return []
    const total = await services.memories.count(userId, filters)
    return total > shown ? ['', `These are the newest ${shown} of ${total}${where}.`] : []
  }
  const saved = savedDays(content, timeZone, now)
  if (saved) {
    const found = await tools.searchMemories({ query: '', savedFrom: saved.from, savedTo: saved.to })
    if (isToolError(found)) return said(`I could not look through your memories: ${found.error}`)
    const span = savedSpan(saved.from, saved.to, today)
    if (found.memories.length === 0) return said(`You saved no memories ${span}.`)
    const markdown = [
      `The memories you saved ${span}, newest first:`,
      '',
      ...quoteMemories(found.memories),
      ...(await more(found.memories.length, { saved }, '')),
    ].join('\n')
    return { markdown, cited: found.memories }
  }
  const range = notedDays(content, timeZone, now)
  if (!range && !isAboutMemories(content) && !asksForRecent(content)) {
    return said(`I'm not sure what to look for. ${SHORT_HELP}`)
  }
  // "What's new?", "what did I write recently?": the ones saved last, not the ones dated furthest ahead.
  const recent = !range && asksForRecent(content)
  const found = await tools.searchMemories({ query: '', ...(range ?? {}) }, { newestSaved: recent })
  if (isToolError(found)) return said(`I could not look through your memories: ${found.error}`)
  if (!range) {
    if (found.memories.length === 0) return said(NO_MEMORIES)
    const heading = recent ? 'The memories you saved most recently:' : 'Your newest memories:'
    const newest = found.memories.slice(0, 5)
    return { markdown: [heading, '', ...quoteMemories(newest)].join('\n'), cited: newest }
  }
  const span = daysName(range, today)
  if (found.memories.length === 0) return said(`You have no memories for ${span}.`)
  const markdown = [
    `Your memories for ${span}, newest first:`,
    '',
    ...quoteMemories(found.memories),
    ...(await more(
      found.memories.length,
      { startDate: range.from, endDate: range.to },
      '; choose those dates under Memories to see them all',
    )),
  ].join('\n')
  return { markdown, cited: found.memories }
}

/** "Tomorrow is Thursday, November 26, 2026.", "December 3, 2026 is a Thursday, in 8 days." */
export function whatDay(day: string, today: string): string {
  const relative = relativeDay(day, today)
  if (relative === 'today' || relative === 'tomorrow' || relative === 'yesterday') {
    return `${capitalize(relative)} is ${formatDay(day, { weekday: true })}.`
  }
  const n = daysBetween(today, day)
  const weekday = WEEKDAYS[weekdayOf(day)]
  return n > 0
    ? `${formatDay(day)} is a ${weekday}, in ${formatNumber(n)} days.`
    : `${formatDay(day)} was a ${weekday}, ${formatNumber(-n)} days ago.`
}

/** "When is Easter?": its day, and the memories that name it ("Easter brunch at Ana's"). */
export async function whenIs(
  tools: AssistantTools,
  feast: { name: string; day: string },
  today: string,
): Promise<Answered> {
  const n = daysBetween(today, feast.day)
  const when = formatDay(feast.day, { weekday: true })
  const answer =
    n === 0
      ? `**${feast.name}** is today, ${when}.`
      : n === 1
        ? `**${feast.name}** is tomorrow, ${when}.`
        : n > 0
          ? `**${feast.name}** is on ${when}, in ${n} days.`
          : `**${feast.name}** was on ${when}, ${-n} days ago.`
  // "New Year's Day" is looked for as "new year": a memory may say "New Year's Eve party" or "new year".
  const query = feast.name
    .replace(/'s\b|\bday\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const found = await tools.searchMemories({ query })
  const naming = isToolError(found) ? [] : found.memories.filter((m) => mentionsHoliday(m.text, feast.name))
  return {
    markdown: naming.length
      ? [answer, '', '**In your memories:**', '', ...quoteMemories(naming)].join('\n')
      : answer,
    cited: naming,
  }
}

/** A day some words name, and the calendar's event line or the memory it was found in. */
interface DayFound {
  day: string
  event?: string
  memory?: ToolMemory
}

/**
 * The day some words name: a date or a day known by name, or else the soonest of the coming events and
 * dated memories the words find ("the dentist", "Ana's birthday"), with where it was found. With `since`,
 * the last such day ("I started the new job"). Null when none.
 */
async function dayOfWords(
  tools: AssistantTools,
  words: string,
  since: boolean,
  timeZone: string,
  now: Date,
  today: string,
): Promise<DayFound | null> {
  const day = namedDay(words, timeZone, now, since)
  if (day) return { day }
  const terms = significantWords(words)
  if (terms.length === 0) return null
  const found = await tools.searchMemories({ query: terms.join(' ') }, { names: namesIn(words, terms) })
  // A birthday or an anniversary comes back every year: the next one counts (or the last one).
  const next = (m: ToolMemory) => nextYearly(m, today, since) ?? m.date
  const inTime = (m: ToolMemory) => {
    const d = next(m)
    return d !== null && (since ? d <= today : d >= today)
  }
  // Those holding every word first: "Pedro's birthday" is not Bruno's.
  const memories = isToolError(found) ? [] : found.memories
  const complete = holdingAll(memories, terms)
  const memory = (complete.length ? complete : memories).find(inTime)
  const memoryDay = memory && next(memory)
  // The calendar is read ahead only.
  const [event] = since ? [] : await eventsAbout(tools, terms, today)
  if (event && (!memoryDay || event.day <= memoryDay))
    return { day: event.day, event: eventLine(event, today) }
  return memory && memoryDay ? { day: memoryDay, memory } : null
}

/** "**15 weeks and 3 days** (108 days)" when asked in weeks, else "**108 days**". */
const daysSpan = (n: number, inWeeks: boolean) => {
  const weeks = Math.floor(n / 7)
  return inWeeks && weeks > 0
    ? `**${plural(weeks, 'week')}${n % 7 ? ` and ${plural(n % 7, 'day')}` : ''}** (${plural(n, 'day')})`
    : `**${plural(n, 'day')}**`
}

/**
 * "How many days until Christmas?": to a date or a day known by name, or else to the soonest of the
 * coming events and dated memories the words find ("until the dentist", "until Ana's birthday"). Or
 * since one, back to the last such day ("since I started the new job"); in weeks when asked in weeks.
 */
export async function daysUntil(
  tools: AssistantTools,
  asked: DaysQuestion,
  timeZone: string,
  now: Date,
  today: string,
): Promise<Answered> {
  const { words, since } = asked
  const found = await dayOfWords(tools, words, since, timeZone, now, today)
  if (!found) {
    return said(
      since
        ? `I don't know when **${words}** was. Ask with a date (“How many days since March 1?”), or save the day first: “Remember that ${words} was on …”.`
        : `I don't know when **${words}** is. Ask with a date (“How many days until December 24?”), or save the day first: “Remember that ${words} is on …”.`,
    )
  }
  const { day } = found
  const n = Math.abs(daysBetween(today, day))
  const when = formatDay(day, { weekday: true })
  const answer =
    n === 0
      ? `That's today, ${when}.`
      : n === 1
        ? `**1 day**: ${since ? 'it was yesterday' : "it's tomorrow"}, ${when}.`
        : `${daysSpan(n, asked.weeks)}, ${since ? 'since' : 'until'} ${when}.`
  return { markdown: [answer, ...foundIn([found])].join('\n'), cited: citedIn([found]) }
}

/** Where the days of an answer were found: the calendar's events, then the memories, each under a heading. */
const foundIn = (found: ReadonlyArray<DayFound>) => {
  const events = found.flatMap((f) => f.event ?? [])
  const memories = quoteMemories(citedIn(found))
  return [
    ...(events.length ? ['', '**On your calendar:**', '', ...events] : []),
    ...(memories.length ? ['', '**From your memories:**', '', ...memories] : []),
  ]
}

/** The memories the days of an answer were found in. */
const citedIn = (found: ReadonlyArray<DayFound>) => found.flatMap((f) => f.memory ?? [])

/**
 * "How many days between Christmas and my flight?", "how many weeks from March 3 to June 5?": the days
 * from one to the other, each found as daysUntil finds it.
 */
export async function daysFromTo(
  tools: AssistantTools,
  asked: { first: string; second: string; weeks: boolean },
  timeZone: string,
  now: Date,
  today: string,
): Promise<Answered> {
  const [a, b] = await Promise.all([
    dayOfWords(tools, asked.first, false, timeZone, now, today),
    dayOfWords(tools, asked.second, false, timeZone, now, today),
  ])
  const unknown = [!a && asked.first, !b && asked.second].filter(Boolean)
  if (!a || !b) {
    return said(
      `I don't know when **${unknown.join('** or **')}** is. Ask with dates (“How many days between March 3 and June 5?”), or save the day first.`,
    )
  }
  const [from, to] = a.day <= b.day ? [a, b] : [b, a]
  const n = daysBetween(from.day, to.day)
  const when = (d: string) => formatDay(d, { weekday: true })
  const markdown = [
    `${daysSpan(n, asked.weeks)} from ${when(from.day)} to ${when(to.day)}.`,
    ...foundIn([from, to]),
  ].join('\n')
  return { markdown, cited: citedIn([from, to]) }
}

/** "It is week 48 of 2026", "35 days are left in 2026", "No: 2026 has 365 days; the next leap year is 2028." */
export function calendarAnswer(fact: CalendarFact, today: string): string {
  if (fact.kind === 'leap') {
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
    let next = fact.year + 1
    while (!leap(next)) next++
    const thisYear = Number(today.slice(0, 4))
    const [is, has] =
      fact.year < thisYear ? ['was', 'had'] : fact.year > thisYear ? ['will be', 'will have'] : ['is', 'has']
    return leap(fact.year)
      ? `Yes: ${fact.year} ${is} a leap year, with 366 days (February 29 ${is} a ${WEEKDAYS[weekdayOf(`${fact.year}-02-29`)]}).`
      : `No: ${fact.year} ${has} 365 days. The next leap year ${next < thisYear ? 'was' : 'is'} ${next}.`
  }
  if (fact.kind === 'week') {
    const { week, year, monday } = isoWeek(today)
    return `It is week **${week}** of ${year} (ISO 8601), ${describeRange(monday, addDays(monday, 6), today)}.`
  }
  // The year, month or week's last day, today not counted.
  const last =
    fact.span === 'year'
      ? `${today.slice(0, 4)}-12-31`
      : fact.span === 'month'
        ? addDays(firstOfMonth(today, 1), -1)
        : addDays(today, 6 - weekdayOf(today)) // Saturday: weeks start on Sunday, as "this week" does here
  const n = daysBetween(today, last)
  const name = fact.span === 'year' ? today.slice(0, 4) : `this ${fact.span}`
  return `**${plural(n, 'day')}** ${n === 1 ? 'is' : 'are'} left in ${name} after today: it ends on ${formatDay(last, { weekday: true, today })}.`
}

/** The ISO 8601 week of a day: weeks start on Monday, week 1 holds the year's first Thursday. */
function isoWeek(day: string): { week: number; year: number; monday: string } {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7))
  const thursday = addDays(monday, 3)
  const year = Number(thursday.slice(0, 4))
  return { week: Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1, year, monday }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * "What birthdays are coming up?": the dated memories about birthdays (or anniversaries), each on its
 * next day, soonest first, within the days asked about or the coming year.
 */
export async function comingYearly(
  tools: AssistantTools,
  asked: YearlyDaysQuestion,
  today: string,
): Promise<Answered> {
  const found = await tools.searchMemories({ query: asked.kind }, { limit: 100 })
  if (isToolError(found)) return said(`I could not search your memories: ${found.error}`)
  const from = asked.range?.from ?? today
  const to = asked.range?.to ?? addDays(today, 364)
  const coming = found.memories
    .flatMap((m) => {
      const next = isYearly(m, asked.kind) && nextYearly(m, from)
      return next && next <= to ? [{ m, next }] : []
    })
    .sort((a, b) => a.next.localeCompare(b.next))
  const kinds = asked.kind === 'birthday' ? 'birthdays' : 'anniversaries'
  const span = asked.range ? describeRange(from, to, today) : ''
  if (coming.length === 0) {
    return said(
      `I found no ${kinds} in your memories ${span ? `for ${span}` : 'in the coming year'}. Save one with its day: “Remember that Ana's birthday is on May 12”.`,
    )
  }
  const shown = coming.slice(0, 10)
  const markdown = [
    span
      ? `The ${kinds} in your memories for ${span}, soonest first:`
      : `The coming ${kinds} in your memories, soonest first:`,
    '',
    ...shown.map(
      ({ m, next }) => `- **${daysAway(next, today)}**${yearsOn(m.text, next)}: ${quote(m.text, 300)}`,
    ),
  ].join('\n')
  return { markdown, cited: shown.map((s) => s.m) }
}

/** "Thursday, December 3 (in 7 days)". */
function daysAway(day: string, today: string) {
  const n = daysBetween(today, day)
  return `${formatDay(day, { weekday: true, today })} (${n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`})`
}

/** ", turns 36" for a birthday whose text gives the year of birth; ", 12 years" for an anniversary's. */
function yearsOn(text: string, next: string): string {
  const year = /\b(?:born|married|since|wedding)\b[^.;]*?\b(1[89]\d\d|20\d\d)\b/i.exec(text)?.[1]
  const years = year ? Number(next.slice(0, 4)) - Number(year) : 0
  if (years <= 0) return ''
  return /\bborn\b|\bbirthday\b/i.test(text)
    ? `, turns ${years}`
    : `, ${years} ${years === 1 ? 'year' : 'years'}`
}

/**
 * The month and day a memory comes back on each year: the day its text writes out ("Bruno's birthday is
 * March 14", typed under Memories, is dated the day it was saved unless another is chosen), else its date's.
 */
function dayOfYear(m: ToolMemory): { month: number; day: number } | null {
  return (
    monthDayIn(m.text) ??
    (m.date ? { month: Number(m.date.slice(5, 7)), day: Number(m.date.slice(8)) } : null)
  )
}

/**
 * A memory of a birthday ("Ana's birthday is June 4", "Bruno was born on 3 December 1990") or an
 * anniversary, with its day. One telling of a day that has been ("Ana's birthday last year was fun") is not.
 */
function isYearly(m: ToolMemory, kind: YearlyDaysQuestion['kind']): boolean {
  const text = wordsOf(m)
  if (!dayOfYear(m)) return false
  if (kind === 'birthday' && /\bborn\b/i.test(m.text)) return true
  const word = kind === 'birthday' ? /\bbirthdays?\b/i : /\banniversar(?:y|ies)\b/i
  return word.test(text) && !isPastTense(m.text)
}

/** The next day (or with `past` the last) a birthday or anniversary memory comes back on; null for any other. */
function nextYearly(m: ToolMemory, from: string, past = false): string | null {
  const day = (isYearly(m, 'birthday') || isYearly(m, 'anniversary')) && dayOfYear(m)
  return day ? yearly(day.month, day.day, from, past) : null
}

/**
 * A birthday or anniversary memory on its next day ("Ana's birthday is June 4", saved last year, is
 * this year's), with the age when its text gives a year of birth; null for any other memory.
 */
function yearlyLine(m: ToolMemory, today: string): string | null {
  const next = nextYearly(m, today)
  return (
    next &&
    `- **${daysAway(next, today)}**${yearsOn(m.text, next)}: ${quote(m.text, 300)}${tagsAfter(m.tags)}`
  )
}

const memoriesCount = (n: number) => `**${n}** ${n === 1 ? 'memory' : 'memories'}`
/** "**7** memories, 6 of them from the last 30 days" */
const allAndRecent = (total: number, recent: number) =>
  `${memoriesCount(total)}, ${recent} of them from the last 30 days`

/**
 * "How many memories do I have?": all of them and the last 30 days', or those of the days it names, or
 * those saved on the days it names ("how many did I add this week?").
 */
export async function count(deps: Deps): Promise<Answered> {
  const { services, userId, text, clock } = deps
  const { memories } = services
  const { today } = clock
  const saved = savedDays(text, clock.timeZone, clock.now)
  const range = saved ? { saved } : notedDays(text, clock.timeZone, clock.now)
  // "How many memories do I have about work?": those the search box finds for the words.
  const about = significantWords(withoutRecent(text))
    .filter((w) => !isDayWord(w) && !isSavingWord(w))
    .join(' ')
  const searchTerm = about || undefined
  const topic = about ? ` about **${about}**` : ''
  if (range && 'saved' in range) {
    const n = await memories.count(userId, { saved: range.saved, searchTerm })
    return said(
      `You saved ${memoriesCount(n)}${topic} ${savedSpan(range.saved.from, range.saved.to, today)}.`,
    )
  }
  if (range) {
    const n = await memories.count(userId, { startDate: range.from, endDate: range.to, searchTerm })
    return said(`You have ${memoriesCount(n)}${topic} for ${daysName(range, today)}.`)
  }
  if (about) return said(`You have ${memoriesCount(await memories.count(userId, { searchTerm }))}${topic}.`)
  const { totalMemories, recentMemories } = await memories.summary(userId, today)
  if (totalMemories === 0) return said(NO_MEMORIES)
  return said(`You have ${allAndRecent(totalMemories, recentMemories)}.`)
}

/** "What do you know about me?": who they are, how many memories, their tags and the newest few. */
export async function overview(deps: Deps): Promise<Answered> {
  const { users, memories } = deps.services
  const [user, { totalMemories, recentMemories }] = await Promise.all([
    users.findById(deps.userId),
    memories.summary(deps.userId, deps.clock.today),
  ])
  const name = user?.name?.trim()
  const who = name ? `You're **${name}**, and you` : 'You'
  if (totalMemories === 0) {
    return said(
      `${who} haven't asked me to remember anything yet. To save a memory, start a message with “Remember”: “Remember that Ana's birthday is on May 12 #family”.`,
    )
  }
  const lines = [`${who} have ${allAndRecent(totalMemories, recentMemories)}.`]
  const tags = await memories.tags(deps.userId)
  if (tags.length) lines.push(tagsLine(tags))
  const found = await deps.tools.searchMemories({ query: '' }, { newestSaved: true })
  const newest = isToolError(found) ? [] : found.memories.slice(0, 5)
  if (newest.length) lines.push('', 'The ones you saved most recently:', '', ...quoteMemories(newest))
  lines.push('', 'Ask me about any of them, or “What did I save this week?”.')
  return { markdown: lines.join('\n'), cited: newest }
}

/** "Show my family memories", "what's tagged #work about the budget?": the newest with those tags. */
export async function tagged(
  deps: Deps,
  asked: { named: readonly string[]; candidates: readonly string[] },
): Promise<Answered> {
  const { services, userId, tools } = deps
  // "My family memories": family when it is one of the user's tags.
  const known = asked.candidates.length ? (await services.memories.tags(userId)).map((t) => t.name) : []
  const named = [
    ...asked.named,
    ...asked.candidates.flatMap((word) => known.find((t) => t.toLowerCase() === word.toLowerCase()) ?? []),
  ]
  const tags = named.filter((tag, i) => named.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i)
  if (tags.length === 0) return deps.passOn()
  const lowered = new Set(tags.map((t) => t.toLowerCase()))
  const words = significantWords(deps.message).filter((w) => !lowered.has(w) && !/^tag(?:s|ged)?$/.test(w))
  const query = words.join(' ')
  const names = tags.map((t) => `#${t}`).join(' ')
  const found = await tools.searchMemories({ query, tags })
  if (isToolError(found)) return said(`I could not search your memories: ${found.error}`)
  const about = query ? ` about **${query}**` : ''
  if (found.memories.length === 0) return said(`You have no memories tagged ${names}${about}.`)
  const lines = [
    query
      ? `Your memories tagged ${names}${about}, best match first:`
      : `Your memories tagged ${names}, newest first:`,
    '',
    ...quoteMemories(found.memories),
  ]
  if (!query) {
    const total = await services.memories.count(userId, { tags })
    if (total > found.memories.length) {
      lines.push(
        '',
        `These are the newest ${found.memories.length} of ${total}; choose the tag under Memories to see them all.`,
      )
    }
  }
  return { markdown: lines.join('\n'), cited: found.memories }
}

/** How many tags "what are my tags?" lists. */
const TAGS_SHOWN = 20

/** "What are my tags?": every tag, most used first, with its count. */
export async function listTags(deps: Deps): Promise<Answered> {
  const tags = await deps.services.memories.tags(deps.userId)
  if (tags.length === 0) {
    return said(
      "You have no tags yet. Add #hashtags when you save a memory: “Remember Ana's birthday is on May 12 #family”.",
    )
  }
  return said(tagsLine(tags))
}

/** "Your tags, most used first: #family (3), #work (1)." */
function tagsLine(tags: ReadonlyArray<{ name: string; count: number }>) {
  const shown = tags.slice(0, TAGS_SHOWN).map((t) => `#${t.name} (${t.count})`)
  const more = tags.length > TAGS_SHOWN ? `, and ${tags.length - TAGS_SHOWN} more` : ''
  return `Your tags, most used first: ${shown.join(', ')}${more}.`
}

/** "Delete the wifi memory": not something the assistant does; where to do it, and the likely ones. */
export async function cannotChange(deps: Deps, about: string): Promise<Answered> {
  const { tools } = deps
  const { today } = deps.clock
  const answer =
    "I can't change or delete memories. Open **Memories** and use the memory's pencil button to edit it, or its trash button to delete it."
  const words = significantWords(about)
  if (words.length === 0) return said(answer)
  // "Cancel my dentist appointment": a coming event by those words is the calendar's to change.
  const [found, events] = await Promise.all([
    tools.searchMemories({ query: words.join(' ') }),
    eventsAbout(tools, words, today),
  ])
  const calendar = events.length
    ? [
        '',
        'Your calendar is only read here: change it in the calendar app it comes from. The coming events by those words:',
        '',
        ...events.map((e) => eventLine(e, today)),
      ]
    : []
  if (isToolError(found) || found.memories.length === 0) return said([answer, ...calendar].join('\n'))
  const likely = found.memories.slice(0, 3)
  const markdown = [
    answer,
    '',
    'These look like the ones you mean:',
    '',
    ...quoteMemories(likely),
    ...calendar,
  ]
  return { markdown: markdown.join('\n'), cited: likely }
}

/**
 * "Actually, Ana's birthday is June 5": the memories it may correct, where to edit them, and how to keep
 * it as a new one ("it's on Friday" names nothing to keep).
 */
export async function cannotCorrect({ tools }: Deps, fact: string): Promise<Answered> {
  const keep = /^(?:it|that|this|they|he|she)\b/i.test(fact)
    ? ''
    : `\n\nTo keep it as a new memory, send: “Remember ${asToldAfterRemember(fact)}”.`
  const found = await tools.searchMemories({ query: significantWords(fact).join(' ') })
  const likely = isToolError(found) ? [] : found.memories.slice(0, 3)
  const intro =
    "I can't change memories. If this corrects one, open **Memories** and use that memory's pencil button to edit it."
  const markdown = likely.length
    ? [intro, '', 'These look like the ones you mean:', '', ...quoteMemories(likely)].join('\n')
    : intro
  return { markdown: markdown + keep, cited: likely }
}

/**
 * A memory's text on one line, shown as written: its Markdown characters escaped as the briefing's are,
 * so a memory holding `![x](https://…)` or `<script>` is quoted as text and never becomes an image.
 */
const quote = (text: string, max: number) => escapeMarkdown(excerpt(text, max))

/** " _(#family #gifts)_" after a memory's text. */
const tagsAfter = (tags: readonly string[]) =>
  tags.length ? ` _(${tags.map((t) => `#${escapeMarkdown(t)}`).join(' ')})_` : ''

/** Memories as Markdown bullets: the day in bold, the text on one line, the tags. */
export function quoteMemories(memories: ReadonlyArray<Pick<ToolMemory, 'text' | 'date' | 'tags'>>): string[] {
  return memories.map((m) => {
    const when = m.date ? `**${formatDay(m.date)}**` : '**No date**'
    return `- ${when}: ${quote(m.text, 300)}${tagsAfter(m.tags)}`
  })
}

export async function remember(deps: Deps, request: MemoryRequest): Promise<Answered> {
  const { today } = deps.clock
  if (deps.alreadySaved?.length) {
    return {
      markdown: ['Saved to your memories:', '', ...quoteMemories(deps.alreadySaved)].join('\n'),
      cited: deps.alreadySaved,
    }
  }
  if (!request.text) {
    return said("What should I remember? For example: “Remember that Ana's birthday is on May 12 #family”.")
  }
  const result = await deps.tools.createMemory({
    text: request.text,
    tags: request.tags,
    date: request.day,
  })
  if (isToolError(result)) return said(`I could not save that: ${result.error}`)
  const saved = result.saved
  const lines = ['Saved to your memories:', '', `> ${quote(saved.text, 500)}`, '']
  const day = saved.date
  let when = '**Date:** none (no day was named in the message)'
  if (day) {
    when = `**Date:** ${formatDay(day, { weekday: true })}`
    if (!request.date) when += ' (today: a reminder with no day named)'
    else if (request.date.holiday) {
      when += ` (the ${day >= today ? 'next' : 'last'} ${request.date.holiday})`
    } else if (request.date.yearGuessed) {
      when +=
        day >= today
          ? ` (the next ${formatDay(day, { year: false })}; write the year to choose another)`
          : ` (the last ${formatDay(day, { year: false })}; write the year to choose another)`
    }
  }
  lines.push(`- ${when}`)
  if (saved.tags.length) lines.push(`- **Tags:** ${saved.tags.map((t) => `#${t}`).join(' ')}`)
  // "Every Monday": a memory has one day, and nothing repeats it.
  if (EVERY.test(saved.text)) {
    lines.push('', `A memory is kept once${day ? ', on that day' : ''}: I don't repeat reminders.`)
  }
  return { markdown: lines.join('\n'), cited: [saved] }
}

/** "today", "tomorrow", "on Saturday, November 28". */
const onDay = (day: string, today: string) => {
  const name = dayName(day, today)
  return name === 'today' || name === 'tomorrow' ? name : `on ${name}`
}

/** From this chance of rain on, rain is possible: "maybe", and not a day to plan being outdoors. */
const POSSIBLE_RAIN = 30

/** A temperature in °C, whatever unit the forecast is in. */
const celsius = (n: number, unit: string) => (unit === '°F' ? ((n - 32) * 5) / 9 : n)

/** A forecast's day, as decide() reads it. */
interface ForecastDay {
  date: string
  description: string
  temperatureMin: number
  temperatureMax: number
  precipitationProbability: number | null
}

/** Clear or mainly clear: a sunny day; partly cloudy: some sun. */
const SUNNY = /^(?:clear sky|mainly clear)$/i

/**
 * The answer to what a weather question asks to decide, before the forecast: rain or not ("**Probably
 * not**: 10% chance of rain tomorrow."), the wet days of several, the first dry (or wet) day, what to
 * wear for the day's temperatures, whether a coat (or a scarf and gloves) is needed, whether the days
 * suit being outdoors, whether they are sunny, or which is the warmest, coldest, wettest or driest.
 * Null when the forecast does not say (no chance of rain given).
 */
function decide(
  asked: WeatherDecision,
  days: readonly ForecastDay[],
  unit: string,
  today: string,
): string | null {
  const [first] = days
  if (!first) return null
  const low = celsius(first.temperatureMin, unit)
  const high = celsius(first.temperatureMax, unit)
  const temperatures = (d: ForecastDay) =>
    `between ${Math.round(d.temperatureMin)}${unit} and ${Math.round(d.temperatureMax)}${unit}`
  const span = `${temperatures(first)} ${onDay(first.date, today)}`
  const named = (d: ForecastDay) => capitalize(dayName(d.date, today))
  if (asked === 'coat') {
    if (high < 16) return `**Yes**: ${span}.`
    return high < 22 ? `**A light one**: ${span}.` : `**No**: ${span}.`
  }
  if (asked === 'gloves') return high < 10 || low < 3 ? `**Yes**: ${span}.` : `**Probably not**: ${span}.`
  if (asked === 'wear') {
    const clothes =
      high < 10 || low < 3
        ? 'a warm coat, and a scarf and gloves for the cold mornings'
        : high < 16
          ? 'a coat or a warm jacket'
          : high < 22
            ? 'a light jacket or a sweater'
            : 'light clothes'
    const wet = (first.precipitationProbability ?? 0) >= WET_CHANCE ? ', and take an umbrella' : ''
    return `**Wear ${clothes}**${wet} ${onDay(first.date, today)}.`
  }
  if (asked === 'sunny') {
    const sunny = days.filter((d) => SUNNY.test(d.description))
    const some = days.filter((d) => /^partly cloudy$/i.test(d.description))
    if (days.length === 1) {
      const sky = `${first.description.toLowerCase()} ${onDay(first.date, today)}`
      return sunny.length
        ? `**Yes**: ${sky}.`
        : some.length
          ? `**Partly**: ${sky}.`
          : `**Probably not**: ${sky}.`
    }
    if (sunny.length) return `**Sunny** ${listed(sunny.map((d) => onDay(d.date, today)))}.`
    if (some.length) return `**Some sun** ${listed(some.map((d) => onDay(d.date, today)))}, partly cloudy.`
    return '**Probably not**: cloudy or wet on each of these days.'
  }
  if (asked === 'warmest' || asked === 'coldest') {
    const warmest = asked === 'warmest'
    const pick = days.reduce((best, d) =>
      warmest
        ? d.temperatureMax > best.temperatureMax
          ? d
          : best
        : d.temperatureMin < best.temperatureMin
          ? d
          : best,
    )
    const reach = warmest
      ? `up to ${Math.round(pick.temperatureMax)}${unit}`
      : `down to ${Math.round(pick.temperatureMin)}${unit}`
    return `**${named(pick)}** is the ${asked} of these days: ${reach}.`
  }
  const known = days.filter((d) => d.precipitationProbability !== null)
  if (known.length === 0) return null
  const chanceOf = (d: ForecastDay) => `${d.precipitationProbability}% chance of rain`
  if (asked === 'wettest' || asked === 'driest') {
    const wettest = asked === 'wettest'
    const pick = known.reduce((best, d) =>
      (
        wettest
          ? d.precipitationProbability! > best.precipitationProbability!
          : d.precipitationProbability! < best.precipitationProbability!
      )
        ? d
        : best,
    )
    return `**${named(pick)}** is the ${asked} of these days: ${chanceOf(pick)}.`
  }
  if (asked === 'stop') {
    if (first.precipitationProbability !== null && first.precipitationProbability < WET_CHANCE) {
      return `**Rain isn't likely ${onDay(first.date, today)}**: ${chanceOf(first)}.`
    }
    const dry = known.find((d) => d.precipitationProbability! < WET_CHANCE)
    return dry
      ? `**${named(dry)} looks dry**: ${chanceOf(dry)}.`
      : `**Not in the next ${days.length} days**: rain is likely on each of them.`
  }
  if (asked === 'next rain') {
    const wet = known.find((d) => d.precipitationProbability! >= WET_CHANCE)
    const most = Math.max(...known.map((d) => d.precipitationProbability!))
    return wet
      ? `**${named(wet)}**: ${chanceOf(wet)}.`
      : `**No rain expected** in the next ${days.length} days: at most a ${most}% chance.`
  }
  if (asked === 'outdoors') {
    // A day for being outdoors: rain unlikely; said whether to dress warmly or for the heat.
    const good = (d: ForecastDay) => (d.precipitationProbability ?? 0) < POSSIBLE_RAIN
    const feel = (d: ForecastDay) => {
      const top = celsius(d.temperatureMax, unit)
      return top < 8 ? ', so dress warmly' : top >= 30 ? ', so mind the heat' : ''
    }
    if (days.length > 1) {
      const fine = known.filter(good)
      if (fine.length === 0) return '**Not really**: rain is likely on each of these days.'
      const look = fine.length === 1 ? 'looks' : 'look'
      return `**${capitalize(listed(fine.map((d) => dayName(d.date, today))))} ${look} best**: rain unlikely (${listed(fine.map((d) => `${d.precipitationProbability}%`))}).`
    }
    const chance = `${chanceOf(first)} ${onDay(first.date, today)}`
    if (first.precipitationProbability === null) return null
    if (first.precipitationProbability >= WET_CHANCE) return `**Probably not**: ${chance}.`
    if (!good(first)) return `**Maybe**: ${chance}, ${temperatures(first)}.`
    return `**Yes**: ${chance}, ${temperatures(first)}${feel(first)}.`
  }
  if (days.length > 1) {
    const wet = known.filter((d) => d.precipitationProbability! >= WET_CHANCE)
    const most = Math.max(...known.map((d) => d.precipitationProbability!))
    if (wet.length === 0) return `**No rain expected**: at most a ${most}% chance on any of these days.`
    const wetDays = listed(wet.map((d) => `${onDay(d.date, today)} (${d.precipitationProbability}%)`))
    return `**Rain is likely** ${wetDays}${asked === 'umbrella' ? ': take an umbrella' : ''}.`
  }
  const p = first.precipitationProbability
  if (p === null) return null
  const chance = `${p}% chance of rain ${onDay(first.date, today)}`
  if (p >= 60) return asked === 'umbrella' ? `**Yes**, take one: ${chance}.` : `**Yes, probably**: ${chance}.`
  if (p >= POSSIBLE_RAIN) {
    return asked === 'umbrella' ? `**Maybe**: ${chance}, so one wouldn't hurt.` : `**Maybe**: ${chance}.`
  }
  return asked === 'umbrella' ? `**Probably not**: only a ${chance}.` : `**Probably not**: ${chance}.`
}

/**
 * Weather in words: the day's conditions, temperatures and chance of rain; the following days for a
 * week. With `asked`, the answer to what the question asks to decide comes first.
 */
function describeWeather(
  result: GetWeatherOutput,
  range: DayRange,
  today: string,
  asked: WeatherDecision | null = null,
): string {
  if (isToolError(result)) return `I couldn't get the weather: ${result.error}`
  const forecast = describeForecast(result, range, today, asked === null)
  const days = [...(result.day ? [{ date: result.date, ...result.day }] : []), ...result.nextDays].filter(
    (d) => d.date >= range.from && d.date <= range.to,
  )
  const lead = asked && decide(asked, days, result.temperatureUnit, today)
  return lead ? `${lead}\n\n${forecast}` : forecast
}

function describeForecast(
  result: Exclude<GetWeatherOutput, ToolError>,
  range: DayRange,
  today: string,
  advise: boolean,
): string {
  const unit = result.temperatureUnit
  const t = (n: number) => `${Math.round(n)}${unit}`
  const place = `${result.place}${result.onVacation ? ' (your vacation location)' : ''}`
  const rain = (p: number | null) => (p === null ? '' : `, ${p}% chance of rain`)
  if (range.from !== range.to) {
    const days = [...(result.day ? [{ date: result.date, ...result.day }] : []), ...result.nextDays].filter(
      (d) => d.date >= range.from && d.date <= range.to,
    )
    if (days.length === 0)
      return `There is no forecast yet for ${relativeDay(range.from, today)} in ${place}.`
    return [
      `**Weather in ${place}:**`,
      '',
      ...days.map(
        (d) =>
          `- ${capitalize(dayName(d.date, today))}: ${d.description.toLowerCase()}, ${t(d.temperatureMin)} to ${t(d.temperatureMax)}${rain(d.precipitationProbability)}`,
      ),
    ].join('\n')
  }
  const parts: string[] = []
  if (result.now) {
    const feels =
      result.now.feelsLike !== null && Math.round(result.now.feelsLike) !== Math.round(result.now.temperature)
        ? ` (feels like ${t(result.now.feelsLike)})`
        : ''
    parts.push(`${result.now.description.toLowerCase()}, ${t(result.now.temperature)} now${feels}`)
  }
  if (result.day) {
    const d = result.day
    const head = result.now ? '' : `${d.description.toLowerCase()}, `
    parts.push(
      `${head}between ${t(d.temperatureMin)} and ${t(d.temperatureMax)}${rain(d.precipitationProbability)}`,
    )
  }
  if (parts.length === 0) parts.push(result.summary)
  const umbrella =
    advise && (result.day?.precipitationProbability ?? 0) >= WET_CHANCE ? ' Take an umbrella.' : ''
  return `**Weather for ${dayName(result.date, today)} in ${place}:** ${parts.join('; ')}.${umbrella}`
}

/** "today", "tomorrow to Saturday, November 28". */
const spanName = (range: DayRange, today: string) =>
  range.from === range.to
    ? dayName(range.from, today)
    : `${dayName(range.from, today)} to ${dayName(range.to, today)}`

/**
 * Events in words, grouped by day when the range has several. With a part of the day ("tomorrow
 * afternoon"), the events that overlap it, all-day ones included.
 */
export function describeEvents(result: GetCalendarEventsOutput, range: RequestedDays, today: string): string {
  const part = range.part
  if (isToolError(result)) return `I couldn't read your calendar: ${result.error}`
  const day = spanName(range, today)
  const span = !part ? day : day === 'today' ? `this ${part.name}` : `${day} ${part.name}`
  const problems = result.problems.length
    ? `\n\n_Some calendars could not be read: ${result.problems.join(' ')}_`
    : ''
  const events = part ? result.events.filter((e) => e.allDay || overlaps(e.time, part)) : result.events
  if (events.length === 0) return `Nothing on your calendar for ${span}.${problems}`
  const line = (e: ToolEvent) => `- ${e.allDay ? 'All day' : e.time}: ${eventName(e)}`
  const count = `${events.length} ${events.length === 1 ? 'event' : 'events'}`
  // "Yesterday you had 2 events".
  const have = range.to < today ? 'had' : 'have'
  if (range.from === range.to) {
    return [`**${capitalize(span)}** you ${have} ${count}:`, '', ...events.map(line)].join('\n') + problems
  }
  const lines = [`You ${have} ${count} from ${span}:`]
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const ofDay = events.filter((e) => e.day === day)
    if (ofDay.length) lines.push('', `**${capitalize(dayName(day, today))}**`, ...ofDay.map(line))
  }
  return lines.join('\n') + problems
}

/**
 * "Am I free at 10 tomorrow?": yes or no (the other way round for "am I busy …?", neither for "what do
 * I have at 3pm?"), the events at that time, or the ones just before and after it (and those lasting
 * all day, which may or may not keep someone busy).
 */
export async function freeAt(
  tools: AssistantTools,
  day: string,
  at: number,
  today: string,
  asked: 'free' | 'busy' | 'what',
) {
  const result = await tools.getCalendarEvents({ from: day, to: day })
  if (isToolError(result)) return cannotTell(result)
  const when = `at ${clockOf(at)} ${onDay(day, today)}`
  const timed = result.events.filter((e) => !e.allDay)
  const line = (e: ToolEvent) => `- ${e.time}: ${eventName(e)}`
  const busy = timed.filter((e) => overlaps(e.time, { from: at, to: at + 1 }))
  const [yes, no] = asked === 'busy' ? ['No', 'Yes'] : ['Yes', 'No']
  if (busy.length) {
    const head = asked === 'what' ? `${capitalize(when)} you have:` : `${no}: ${when} you have`
    return [head, '', ...busy.map(line)].join('\n')
  }
  const before = timed.filter((e) => minutesOf(e.time) < at).at(-1)
  const after = timed.find((e) => minutesOf(e.time) > at)
  const around = [
    ...(before ? [`- Before: ${before.time}: ${eventName(before)}`] : []),
    ...(after ? [`- After: ${after.time}: ${eventName(after)}`] : []),
    ...result.events.filter((e) => e.allDay).map((e) => `- All day: ${eventName(e)}`),
  ]
  const nothing =
    asked === 'what' ? `Nothing on your calendar ${when}.` : `${yes}: nothing on your calendar ${when}.`
  return [nothing, ...(around.length ? ['', ...around] : [])].join('\n')
}

/** The part of a day whose free time is told: 08:00 to 20:00. */
const WAKING = { from: 8 * 60, to: 20 * 60 }
/** Gaps shorter than this are not free time. */
const SHORTEST_GAP = 15

/** The events with a time on a day, those begun before it or ending after it too (days in `zone`). */
const timedOn = (events: readonly ToolEvent[], day: string, zone: string) =>
  events.filter(
    (e) => !e.allDay && todayIn(zone, new Date(e.start)) <= day && todayIn(zone, new Date(e.end)) >= day,
  )

/** " (all day: Company holiday)": a day's events lasting all day, named; else nothing. */
const allDayNote = (events: readonly ToolEvent[], day: string) => {
  const names = events.filter((e) => e.allDay && e.day === day).map(eventName)
  return names.length ? ` (all day: ${names.join(', ')})` : ''
}

/**
 * "When am I free today?": the gaps of at least 15 minutes between the events with a time, from 08:00
 * (or now, today) to 20:00, for each day asked about; events lasting all day are named, not counted.
 */
export async function describeFreeTime(tools: AssistantTools, range: DayRange, now: Date, today: string) {
  const result = await tools.getCalendarEvents({ from: range.from, to: range.to })
  if (isToolError(result)) return cannotTell(result)
  const zone = result.timeZone
  const dayOf = (instant: string) => todayIn(zone, new Date(instant))
  // Today from now on, rounded up to five minutes.
  const nowMinutes = Math.ceil(minutesNow(now, zone) / 5) * 5
  const lines: string[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const from = day === today ? Math.max(WAKING.from, nowMinutes) : WAKING.from
    const busy = timedOn(result.events, day, zone)
      .map((e) => ({
        start: dayOf(e.start) < day ? 0 : minutesOf(formatTime(e.start, zone)),
        end: dayOf(e.end) > day ? 24 * 60 : minutesOf(formatTime(e.end, zone)),
      }))
      .sort((a, b) => a.start - b.start)
    const gaps: string[] = []
    let cursor = from
    for (const { start, end } of [...busy, { start: WAKING.to, end: WAKING.to }]) {
      const gapEnd = Math.min(start, WAKING.to)
      if (gapEnd - cursor >= SHORTEST_GAP) gaps.push(`${clockOf(cursor)}–${clockOf(gapEnd)}`)
      cursor = Math.max(cursor, end)
    }
    const free =
      from >= WAKING.to
        ? `nothing left before ${clockOf(WAKING.to)}`
        : gaps.length
          ? listed(gaps)
          : 'no free time'
    lines.push(`- **${capitalize(dayName(day, today))}**: ${free}${allDayNote(result.events, day)}`)
  }
  return [`Your free time between ${clockOf(WAKING.from)} and ${clockOf(WAKING.to)}:`, '', ...lines].join(
    '\n',
  )
}

/**
 * "When is my next free day?": the first day from today with no event at a time on the calendar (one
 * lasting all day is named, not counted), over the coming weeks. "Which days am I free next week?":
 * those of the days asked about (the coming seven when none is named). The offline answer, and the fact
 * context mode gives the model.
 */
export async function describeFreeDays(
  tools: AssistantTools,
  asked: 'next' | 'which',
  range: DayRange,
  today: string,
) {
  const span =
    asked === 'next'
      ? { from: range.from, to: addDays(range.from, MAX_CALENDAR_DAYS - 1) }
      : range.from === range.to
        ? { from: range.from, to: addDays(range.from, 6) }
        : range
  const result = await tools.getCalendarEvents(span)
  if (isToolError(result)) return cannotTell(result)
  const free: string[] = []
  for (let day = span.from; day <= span.to; day = addDays(day, 1)) {
    if (timedOn(result.events, day, result.timeZone).length) continue
    free.push(day)
    if (asked === 'next') break
  }
  const days = asked === 'next' ? `the next ${MAX_CALENDAR_DAYS} days` : daysName(span, today)
  if (free.length === 0) return `Every day of ${days} has a meeting or an appointment on your calendar.`
  const named = free.map(
    (day, i) =>
      `**${i === 0 && asked === 'next' ? capitalize(dayName(day, today)) : dayName(day, today)}**` +
      allDayNote(result.events, day),
  )
  return asked === 'next'
    ? `${named[0]} is your next free day: no meetings or appointments on your calendar.`
    : `Free days for ${days} (no meetings or appointments): ${listed(named)}.`
}

/**
 * "What's my next meeting?": the first event with a time that has not ended, over the coming weeks, and
 * how soon it starts (one under way: that one, and the one after it). With a day named, that day's next,
 * first or last. Events lasting all day are not meetings: named only when nothing else is on. The
 * offline answer, and the fact context mode gives the model.
 */
export async function describeEvent(
  tools: AssistantTools,
  which: 'next' | 'first' | 'last',
  named: string | null,
  now: Date,
  today: string,
) {
  // The first or last is of a day (today unless one is named); the next, of the coming weeks.
  const day = named ?? (which === 'next' ? null : today)
  const result = await tools.getCalendarEvents({
    from: day ?? today,
    to: day ?? addDays(today, MAX_CALENDAR_DAYS - 1),
  })
  if (isToolError(result)) return cannotTell(result)
  const timed = result.events.filter((e) => !e.allDay)
  const left = which === 'next' ? timed.filter((e) => new Date(e.end) > now) : timed
  const event = which === 'last' ? left.at(-1) : left[0]
  const name = day && dayName(day, today)
  const span = !name ? `in the next ${MAX_CALENDAR_DAYS} days` : name === 'today' ? 'today' : `for ${name}`
  if (!event) {
    const more = timed.length > left.length ? 'more ' : ''
    const none = `Nothing ${more}on your calendar ${span}.`
    const allDay = result.events.filter((e) => e.allDay)
    if (!allDay.length) return none
    return [
      none.replace(/\.$/, ', apart from events lasting all day:'),
      '',
      ...allDay.slice(0, 3).map((e) => eventLine(e, today)),
    ].join('\n')
  }
  // "today, 09:00–09:30" for the next; the time alone when the day is in the question.
  const when = (e: ToolEvent) => `**${day ? '' : `${dayName(e.day, today)}, `}${e.time}**: ${eventName(e)}`
  if (which === 'next' && new Date(event.start) <= now) {
    const after = left[1]
    return (
      `You're in one now: ${when(event)}, until ${event.time.split('–')[1]}.` +
      (after ? `\n\nAfter it: ${when(after)}, ${startsIn(after, now, today)}.` : '')
    )
  }
  const lead = !day ? 'Your next event' : `Your ${which} event ${onDay(day, today)}`
  const soon =
    new Date(event.start) > now && (event.day === today || !day) ? `, ${startsIn(event, now, today)}` : ''
  return `${lead} is ${when(event)}${soon}.`
}

/** "in 45 minutes", "in 3 hours and 20 minutes", "in 4 days": an event yet to start. */
function startsIn(event: ToolEvent, now: Date, today: string): string {
  const minutes = Math.max(1, Math.round((new Date(event.start).getTime() - now.getTime()) / 60_000))
  if (minutes >= 24 * 60) return `in ${plural(daysBetween(today, event.day), 'day')}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (!hours) return `in ${plural(rest, 'minute')}`
  return `in ${plural(hours, 'hour')}${rest ? ` and ${plural(rest, 'minute')}` : ''}`
}

/** A question only the calendar answers, and it is off or could not be read. */
const cannotTell = (result: ToolError) =>
  result.off ? `I can't tell: ${lowerFirst(result.error)}` : `I couldn't read your calendar: ${result.error}`

/** Whether an event's "09:00–09:30" overlaps a part of the day (an end at or before its start is midnight). */
function overlaps(time: string, span: Pick<DayPart, 'from' | 'to'>): boolean {
  const [start = 0, end = 0] = time.split('–').map(minutesOf)
  return start < span.to && (end > start ? end : 24 * 60) > span.from
}

/** "09:30" (or the start of "09:30–10:00") in minutes from midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
/** The time now in a zone, in minutes from midnight. */
const minutesNow = (now: Date, zone: string) => minutesOf(formatTime(now, zone))

/** Minutes from midnight as a clock reads them: 570 → "09:30". */
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** "a", "a and b", "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

/**
 * The weather a message asks about, in words: at the place it names or where the user will be; sunrise
 * and sunset when it asks for them, else the forecast after what it asks to decide. The offline answer,
 * and the fact context mode gives the model.
 */
export async function weatherAsked(tools: AssistantTools, content: string, asked: DayRange, today: string) {
  // "What's the weather in Porto?": there; else where the user will be.
  const place = weatherPlace(content)
  const decision = weatherDecision(content)
  // "When will it stop raining?", "the warmest day?": with no days named, the coming week.
  const range =
    isWeekDecision(decision) && asked.from === asked.to && asked.from === today
      ? { from: today, to: addDays(today, 6) }
      : asked
  const result = await tools.getWeather({ date: range.from, ...(place ? { place } : {}) })
  return isSunQuestion(content) ? describeSun(result, today) : describeWeather(result, range, today, decision)
}

/** "**Sunrise and sunset for tomorrow in Lisbon:** 07:39 and 17:14, 9 h 35 min of daylight." (the place's time) */
function describeSun(result: GetWeatherOutput, today: string): string {
  if (isToolError(result)) return `I couldn't get the times of sunrise and sunset: ${result.error}`
  const { sunrise, sunset } = result.day ?? {}
  const where = `${dayName(result.date, today)} in ${result.place}`
  if (!sunrise || !sunset) return `I have no times of sunrise and sunset for ${where}.`
  const daylight = minutesOf(sunset) - minutesOf(sunrise)
  const length = daylight > 0 ? `, ${Math.floor(daylight / 60)} h ${daylight % 60} min of daylight` : ''
  return `**Sunrise and sunset for ${where}:** ${sunrise} and ${sunset}${length}.`
}

/**
 * What some days hold: their events, then the memories dated on them (an appointment noted in chat is
 * one too) and, for one day, the memories that write that day out ("Dentist on December 3", saved on
 * another day). The offline answer to a calendar question, and the facts context mode gives the model.
 */
export async function describeDays(
  tools: AssistantTools,
  range: RequestedDays,
  today: string,
): Promise<Answered> {
  const calendar = await tools.getCalendarEvents({ from: range.from, to: range.to })
  const found = await tools.searchMemories({ query: '', from: range.from, to: range.to })
  // Undated memories are listed by the day they were written: not something the day holds.
  const dated = isToolError(found)
    ? []
    : found.memories.filter((m) => m.date !== null).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
  const mentioned = range.from === range.to ? await mentioning(tools, range.from, dated) : []
  // No calendar to read: the memories answer, and the calendar is a note after them.
  const off = isToolError(calendar) && calendar.off ? calendar : null
  const span = spanName(range, today)
  const parts: string[] = []
  if (!off) parts.push(describeEvents(calendar, range, today))
  if (dated.length) {
    const heading = off ? `**Your memories dated ${span}:**` : '**From your memories:**'
    parts.push([heading, '', ...quoteMemories(dated)].join('\n'))
  }
  if (mentioned.length) {
    const heading = `**Memories that mention ${formatDay(range.from, { year: false })}:**`
    parts.push([heading, '', ...quoteMemories(mentioned)].join('\n'))
  }
  if (off) {
    parts.push(
      parts.length
        ? `_Calendar events are not included: ${lowerFirst(off.error)}_`
        : `${off.error} No memories are dated ${span}.`,
    )
  }
  return { markdown: parts.join('\n\n'), cited: [...dated, ...mentioned] }
}

/** Memories not dated on the day whose text writes it out ("December 3"), best match first. */
async function mentioning(tools: AssistantTools, day: string, dated: readonly ToolMemory[]) {
  const found = await tools.searchMemories({ query: formatDay(day, { year: false }) })
  if (isToolError(found)) return []
  return found.memories.filter(
    (m) => m.date !== day && !dated.some((d) => d.id === m.id) && mentionsDay(m.text, day),
  )
}

/**
 * The coming events (today and the next weeks, or the days given) whose title or place holds the words
 * of a question, those holding most of them, three at most, soonest first (or with `latest`, the last
 * three, latest first); none when the calendar is off or nothing matches.
 */
export async function eventsAbout(
  tools: AssistantTools,
  words: string[],
  today: string,
  days: DayRange = { from: today, to: addDays(today, MAX_CALENDAR_DAYS - 1) },
  latest = false,
): Promise<ToolEvent[]> {
  if (words.length === 0) return []
  const result = await tools.getCalendarEvents(days, { unasked: true })
  if (isToolError(result)) return []
  const patterns = wordPatterns(words)
  const scored = result.events.map((event) => {
    const text = `${event.title} ${event.location ?? ''}`
    return { event, hits: patterns.filter((p) => p.test(text)).length }
  })
  const most = Math.max(0, ...scored.map((s) => s.hits))
  if (most === 0) return []
  const best = scored.filter((s) => s.hits === most).map((s) => s.event)
  return (latest ? best.reverse() : best).slice(0, 3)
}

/** How many of the newest memories give the words a misspelt question is corrected with. */
const SPELLING_SAMPLE = 1000

/**
 * A search that found nothing, again with its words spelled as the user's newest memories spell them
 * ("dentsit" → "dentist"); null when no word is corrected or the corrected search finds nothing too.
 */
async function spelledAsSaved(deps: Deps, words: string[]): Promise<Answered | null> {
  const newest = await deps.services.memories.best(deps.userId, {}, SPELLING_SAMPLE)
  const corrected = correctedWords(words, newest.map(wordsOf))
  if (!corrected) return null
  const query = corrected.join(' ')
  const found = await deps.tools.searchMemories({ query })
  if (isToolError(found) || found.memories.length === 0) return null
  const complete = holdingAll(found.memories, corrected)
  const shown = (complete.length ? complete : found.memories).slice(0, 5)
  const markdown = [
    `I found nothing about **${words.join(' ')}**. Did you mean **${query}**?`,
    '',
    ...quoteMemories(shown),
  ].join('\n')
  return { markdown, cited: shown }
}

/**
 * The matches in the order a question asks for: the newest day first ("my last run"), or the days from
 * today on, soonest first, before the others ("my next haircut"); undated ones after, as ranked.
 */
function inTimeOrder(memories: ToolMemory[], order: ReturnType<typeof timeOrder>, today: string) {
  if (order === 'newest') return [...memories].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
  if (order !== 'soonest') return memories
  const coming = memories.filter((m) => m.date && m.date >= today)
  coming.sort((a, b) => a.date!.localeCompare(b.date!))
  return [...coming, ...memories.filter((m) => !coming.includes(m))]
}

/** The memories holding every word, each in any of its forms or related words ("birthday": "born"). */
function holdingAll(memories: ToolMemory[], words: string[]): ToolMemory[] {
  const patterns = words.map((w) => wordPatterns(withOtherWords([w])))
  return memories.filter((m) => {
    const text = wordsOf(m)
    return patterns.every((any) => any.some((p) => p.test(text)))
  })
}

/** A memory's words as a search reads them: its text and its tags. */
const wordsOf = (m: Pick<ToolMemory, 'text' | 'tags'>) => `${m.text} ${m.tags.join(' ')}`

/** "meetings" finds "Meeting with Pedro": each word as the start of a word in a text. */
function wordPatterns(words: string[]): RegExp[] {
  return words.map((word) => {
    const stem = word.length > 4 ? word.replace(/e?s$/, '') : word
    return new RegExp(`(?<![\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu')
  })
}

/** "Dentist (Rua Augusta 1)". */
const eventName = (e: ToolEvent) => `${e.title}${e.location ? ` (${e.location})` : ''}`

/** "- **Tomorrow**, 09:30–10:30: Dentist (Rua Augusta 1)". */
export const eventLine = (e: ToolEvent, today: string) =>
  `- **${capitalize(dayName(e.day, today))}**, ${e.allDay ? 'all day' : e.time}: ${eventName(e)}`

/** "today", "tomorrow", "Friday, May 15". */
function dayName(day: string, today: string): string {
  const relative = relativeDay(day, today)
  return relative === 'today' || relative === 'tomorrow' || relative === 'yesterday'
    ? relative
    : formatDay(day, { weekday: true, today })
}

/** "yesterday", "Monday, November 23", "November 22–28". */
const daysName = (range: DayRange, today: string) =>
  range.from === range.to ? dayName(range.from, today) : describeRange(range.from, range.to, today)

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

/**
 * A finished reply as a few `delta` events (paragraphs, or sentences of a single paragraph), so a
 * chat screen shows it the same way as a streamed model answer. The pieces join to the reply exactly.
 */
export function emitAsDeltas(text: string, onEvent?: (event: AssistantEvent) => void) {
  if (!onEvent || !text) return
  let pieces = text.split(/(?<=\n\n)/)
  if (pieces.length === 1) pieces = text.split(/(?<=[.!?] )/)
  for (const piece of pieces) if (piece) onEvent({ type: 'delta', text: piece })
}
