import type { AnswerTools } from '../intents/types.ts'
import {
  memoryDaysAsked,
  isDayWord,
  withoutRecent,
  isPastTense,
  significantWords,
  namesIn,
} from '../../language/index.ts'
import type { Answered } from '../intents/index.ts'
import { isToolError, type ToolMemory } from '../tools/index.ts'
import { totalAsked, isMeasureWord, type Measure, amountIn, addUp, formatAmount } from '../totals.ts'
import { holdingAll, inTimeOrder } from './search.ts'
import { daysInWords, listed, quoteMemories } from './words.ts'

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
  tools: AnswerTools,
  content: string,
  timeZone: string,
  now: Date,
  today: string,
): Promise<Answered | null> {
  const measure = totalAsked(content)
  if (!measure) return null
  const days = memoryDaysAsked(content, timeZone, now)
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
  const span = days ? ` for ${daysInWords(days, today)}` : ''
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
