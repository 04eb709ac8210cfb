import type { TodayFacts } from '@remi/shared'
import { BRAND } from '../../config/brand.ts'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import { aiSdk } from '../../integrations/ai/sdk.ts'
import { languageInEnglish } from '../../lib/words/index.ts'

/** How long the model may take to write a briefing before the template writes it instead. */
export const BRIEFING_MODEL_TIMEOUT_MS = 30_000

export const briefingInstructions = (facts: TodayFacts) =>
  [
    `You are ${BRAND}, a personal assistant. Write ${facts.userName ?? 'the user'}'s daily briefing for ${facts.dateText}.`,
    'Use only these facts: the JSON document in the message. Do not add, guess or embellish anything that is not in it',
    '(no weather, events, people, dates or advice beyond what it says).',
    'Write Markdown: a one-line greeting with the name and the date, then short sections for the weather',
    "(say so when the place is a vacation place; give the high, the low, the chance of rain and, when given, sunrise and sunset), today's events",
    'with their local times (all-day events first), memories for today (call one due only when plannedAhead is true;',
    'the others are notes written today) and in the next 7 days, "on this day" memories',
    'from earlier years, how many memories were added this week, and end with the suggestion from the facts.',
    'A section whose status is "off" or "failed" gets one short line saying so (with the reason when failed), nothing more.',
    'Leave out empty lists. No tables, no HTML, no code blocks. Keep it under 250 words.',
    // The language chosen in Settings (English, every account's default, needs no line).
    ...(facts.language && facts.language !== 'en'
      ? [`Write it in ${languageInEnglish(facts.language)}: the headings and every sentence.`]
      : []),
  ].join(' ')

/** A whole answer wrapped in a ```markdown fence is unwrapped; anything else is kept as written. */
export function unwrapFence(text: string): string {
  const fenced = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text.trim())
  return (fenced ? fenced[1]! : text).trim()
}

/**
 * The model writes the briefing from the facts alone (no tools, one step). Null when it fails, runs past
 * `timeoutMs` (the call is aborted) or answers nothing: the caller then uses the template.
 */
export async function writeWithModel(
  model: AssistantModel,
  facts: TodayFacts,
  options: { timeoutMs: number; onError?: (error: unknown) => void },
): Promise<string | null> {
  const { generateText } = await aiSdk()
  const controller = new AbortController()
  const timedOut = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`The model did not finish within ${options.timeoutMs} ms.`)
      controller.abort(error)
      reject(error)
    }, options.timeoutMs)
    controller.signal.addEventListener('abort', () => clearTimeout(timer))
  })
  try {
    // The race holds the limit even against a provider that ignores the abort signal.
    const result = await Promise.race([
      generateText({
        model: model.model,
        instructions: briefingInstructions(facts),
        prompt: JSON.stringify(facts, null, 2),
        abortSignal: controller.signal,
        maxRetries: 1,
      }),
      timedOut,
    ])
    const text = unwrapFence(result.text)
    return text.length > 0 ? `${text}\n` : null
  } catch (error) {
    options.onError?.(error)
    return null
  } finally {
    controller.abort()
  }
}
