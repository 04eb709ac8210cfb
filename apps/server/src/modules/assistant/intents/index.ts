import { automations } from './automations.ts'
import { briefing } from './briefing.ts'
import { due } from './due.ts'
import { calendar, event, freeDays, freeTime } from './calendar.ts'
import {
  calendarFact,
  daysBetween,
  daysUntilDay,
  holiday,
  untilEvent,
  whatDayIs,
  yearlyDays,
} from './dates.ts'
import {
  change,
  correction,
  countMemories,
  fallbackWith,
  notedMemories,
  overviewOfMemories,
  relatedMemories,
  search,
  tagList,
  taggedMemories,
} from './memories.ts'
import { arithmetic, clock, clockIn, conversion } from './reckon.ts'
import { remember } from './remember.ts'
import { reminders } from './reminders.ts'
import { changeTo, correct, forget, told } from './keep.ts'
import { total } from './totals.ts'
import {
  acknowledgement,
  farewell,
  greeting,
  helpWith,
  identityWith,
  name,
  praise,
  smallTalk,
  statement,
} from './talk.ts'
import { writeHelp } from './help.ts'
import type { Answered, Clock, Deps, Matched, Registered } from './types.ts'
import { weather } from './weather.ts'
import { webSearch } from './web.ts'
import { week } from './week.ts'

export type { Answered, Cited, Clock, Deps, Intent, Matched, Registered } from './types.ts'

/**
 * Every intent of the offline assistant, in the order they are asked: the first whose `match` claims
 * a message answers it (and gives context mode its fact). Offline and context modes both classify
 * through this list, so a question is read one way.
 *
 * To add an intent: write it in the family's file in this folder (or a new file, `intents/<family>.ts`,
 * with `intent({ name, examples, match, answer, fact? })` from ./types.ts), import it here, and put it
 * in INTENTS before the intents that would otherwise claim its questions; then add its examples to the
 * golden table (intents/golden.test-support.ts), and a row to its "claimed by two" list when an intent after
 * it claims one of them too. The order is the only tie-break: keep each move deliberate.
 */
/** The help, read when an answer is written (INTENTS, which it is written from, holds the intents that say it). */
const helpText = () => HELP

export const INTENTS: readonly Registered[] = [
  // Issue 50: "every Friday at 5pm summarise my week" asks the assistant on a schedule; a reminder's words otherwise.
  automations,
  // Issue 31: "remind me … tomorrow at 5pm" makes a reminder (and saves the memory); with no time, `remember`'s.
  reminders,
  remember,
  // Issue 50: "search the web for …" before the questions its words could be (the memories' search).
  webSearch,
  helpWith(helpText),
  arithmetic,
  conversion,
  clock,
  clockIn,
  identityWith(helpText),
  calendarFact,
  whatDayIs,
  holiday,
  daysBetween,
  untilEvent,
  daysUntilDay,
  name,
  overviewOfMemories,
  briefing,
  // Issue 46: "summarize my week" was the calendar's (8 raw notes, nothing coming up).
  week,
  // Issue 50: "what's due today?" adds the day's reminders to the calendar's answer.
  due,
  smallTalk,
  farewell,
  praise,
  acknowledgement,
  // Issue 32: these propose the change (the person applies it); nothing found, `change` and `correction` answer.
  forget,
  changeTo,
  correct,
  change,
  correction,
  countMemories,
  weather,
  yearlyDays,
  told,
  statement,
  event,
  freeDays,
  freeTime,
  calendar,
  greeting,
  taggedMemories,
  tagList,
  notedMemories,
  total,
  search,
  relatedMemories,
  fallbackWith(helpText),
]

/** What the offline assistant says it can do ("what can you do?"): written from INTENTS' examples. */
export const HELP = writeHelp(INTENTS)

/** The first intent from `from` on (an index into INTENTS) that claims the message, and its index. */
export function classify(text: string, clock: Clock, from = 0): { matched: Matched; index: number } {
  for (let index = from; index < INTENTS.length; index++) {
    const matched = INTENTS[index]!.claim(text, clock)
    if (matched) return { matched, index }
  }
  // The fallback claims everything: never reached.
  throw new Error('No intent claimed the message')
}

/**
 * The message (`deps.text`) answered by the first intent that claims it; one that passes on (`passOn`)
 * hands it to the next intent that claims it. The one loop the offline assistant and the answer tests
 * go through: with the intent that answered.
 */
export async function answerMessage(deps: Omit<Deps, 'passOn'>): Promise<Answered & { intent: string }> {
  const from = async (start: number): Promise<Answered & { intent: string }> => {
    const { matched, index } = classify(deps.text, deps.clock, start)
    const answered = await matched.answer({ ...deps, passOn: () => from(index + 1) })
    return { intent: matched.name, ...answered }
  }
  return from(0)
}

/** Every intent that claims a message, in the registry's order (the golden table's "claimed by two"). */
export const claimants = (text: string, clock: Clock) =>
  INTENTS.filter((i) => i.claim(text, clock) !== null).map((i) => i.name)
