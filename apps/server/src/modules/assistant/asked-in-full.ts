import type { AnswerTools } from './intents/types.ts'
import { todayIn } from '@remi/shared'
import { dayOfWords } from './answers/dates.ts'
import type { HistoryMessage } from './assistant.types.ts'
import {
  formatDay,
  withoutFiller,
  isQuestion,
  isPastTense,
  askedAgainFor,
  mentionsThatDay,
  namesSomeDay,
  withThatDay,
  subjectOf,
  daysAskedAbout,
} from '../language/index.ts'

/**
 * The message as a question of its own: "and tomorrow?" after "will it rain today?" is that question
 * for tomorrow (and "what about Saturday?" after that, for Saturday); "where is it?" after "when is the
 * dentist?" is about the dentist (askedAgainFor); "how many days until then?" after "when is Ana's
 * party?" counts to the party's day (withDayBefore).
 */
export async function askedInFull(
  tools: AnswerTools,
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
  tools: AnswerTools,
  asked: { content: string; before: readonly string[] },
  timeZone: string,
  now: Date,
  today: string,
): Promise<string> {
  const { content } = asked
  // A question that said "then" too ("how many days until then?") was about the day before it.
  const previous = asked.before.find((b) => !mentionsThatDay(b))
  if (!previous || !mentionsThatDay(content) || !isQuestion(previous)) return content
  if (namesSomeDay(previous))
    return withThatDay(content, formatDay(daysAskedAbout(previous, timeZone, now).from))
  const subject = subjectOf(previous)
  const found = subject && (await dayOfWords(tools, subject, isPastTense(previous), timeZone, now, today))
  return found ? withThatDay(content, formatDay(found.day)) : content
}
