import { CHAT_LIMITS, clip } from '@remi/shared'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import { aiSdk } from '../../integrations/ai/sdk.ts'
import { withinTime } from '../../lib/within-time.ts'

/** How long the model may take to name a conversation; the offline title stays if it takes longer. */
export const TITLE_TIMEOUT_MS = 15_000

/** What the model is told; the OpenAI fake tells a title request from an answer by its first words. */
export const TITLE_INSTRUCTIONS =
  'Name this conversation. Write a short title of 2 to 6 words in the language of the conversation, ' +
  'saying what it is about. Answer with the title alone: no quotes, no full stop, no "Title:".'

/** Characters of each message the model reads to name the conversation: its start says enough. */
const EXCHANGE_CHARACTERS = 1500

/** The offline title: the first words of the first message, on one line, within the title's limit. */
export function offlineTitle(content: string): string {
  const words = content.replace(/\s+/g, ' ').trim().split(' ')
  const start = words.slice(0, CHAT_LIMITS.titleWords).join(' ')
  const title = words.length > CHAT_LIMITS.titleWords ? `${start}…` : start
  return clip(title, CHAT_LIMITS.titleMax)
}

/** The model's answer as a title: its first line, without the quotes, label or full stop models add. */
export function cleanTitle(text: string): string | null {
  const line = text
    .trim()
    .split('\n')[0]!
    .replace(/^\s*(?:#+\s*)?(?:\*\*)?title\s*:\s*/i, '')
    .replace(/\*\*/g, '')
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, '')
    .replace(/[.。]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > 0 ? clip(line, CHAT_LIMITS.titleMax) : null
}

/**
 * Asks the model for a title of the first exchange: one small call, stopped by `signal` or after
 * `timeoutMs`. null when it fails or answers nothing usable (the offline title stays).
 */
export async function writeTitle(
  model: AssistantModel,
  exchange: { question: string; answer: string },
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<string | null> {
  const { generateText } = await aiSdk()
  const result = await withinTime(
    (abortSignal) =>
      generateText({
        model: model.model,
        instructions: TITLE_INSTRUCTIONS,
        prompt:
          `User: ${clip(exchange.question, EXCHANGE_CHARACTERS)}\n\n` +
          `Assistant: ${clip(exchange.answer, EXCHANGE_CHARACTERS)}`,
        abortSignal,
        maxRetries: 0,
        maxOutputTokens: 32,
      }),
    { ...options, late: `The model did not name the conversation within ${options.timeoutMs} ms.` },
  )
  return cleanTitle(result.text)
}
