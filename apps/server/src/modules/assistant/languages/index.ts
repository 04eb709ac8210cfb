/**
 * The offline assistant in the person's language (issue 51). English is intents/index.ts's registry;
 * each other language has a registry built from the shared intent definitions (intents.ts) and its
 * pack (<language>.ts: patterns, examples, words).
 *
 * A message from someone whose language is not English is asked of their language's intents first;
 * one none of them claims, and that reads as English, goes to the English registry when an English
 * intent of its own claims it (not a catch-all: those would answer a Portuguese question in English);
 * the language's catch-alls (a question searched, a statement, the fallback) answer the rest.
 */
import type { Language } from '@remi/shared'
import { answerMessage, classify, type Answered, type Deps } from '../intents/index.ts'
import { de } from './de.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { intentsFor, introductionIn } from './intents.ts'
import { INTENT_NAMES, type IntentName, type LanguagePack, type OtherLanguage } from './pack.ts'
import { ptPT } from './pt-PT.ts'

export type { LanguagePack, OtherLanguage } from './pack.ts'

export const PACKS: Readonly<Record<OtherLanguage, LanguagePack>> = { 'pt-PT': ptPT, es, fr, de }

/** The intents that answer whatever is left: after the English registry's own. */
const CATCH_ALLS: ReadonlySet<IntentName> = new Set(['search', 'statement', 'fallback'])

/** English intents that claim any question or any words: never asked for another language's message. */
const ENGLISH_CATCH_ALLS = new Set(['search', 'related', 'noted', 'statement', 'told', 'fallback', 'tagged'])

const registries = new Map(
  Object.values(PACKS).map((pack) => {
    const intents = intentsFor(pack)
    return [pack.language, INTENT_NAMES.map((name) => intents[name])] as const
  }),
)

/** The intents of a language, in the order they are asked (the tests' example tables go through them). */
export const intentsOf = (language: OtherLanguage) => registries.get(language)!

/** Common English words, to tell an English message from one in the person's language. */
const ENGLISH = new Set(
  'the a an to of in on at for is are was what whats when where who how my me i you your it this that do does did can will remind remember weather time day days until tomorrow today please and hi hello hey thanks thank'.split(
    ' ',
  ),
)

/** Whether a message reads as English rather than in the pack's language: more English words than its own. */
export function looksEnglish(pack: LanguagePack, text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? []
  const own = new Set([...pack.stopWords, ...pack.questionWords])
  const english = words.filter((w) => ENGLISH.has(w)).length
  return english > 0 && english > words.filter((w) => own.has(w)).length
}

/**
 * The message answered in `language`: by the first of its intents to claim it, else (an English
 * message) by the English registry, else by its catch-alls. With the intent that answered.
 */
export async function answerIn(
  language: OtherLanguage,
  deps: Omit<Deps, 'passOn'>,
): Promise<Answered & { intent: string }> {
  const pack = PACKS[language]
  const intents = intentsOf(language)
  const answerWith = async (from: number): Promise<Answered & { intent: string }> => {
    for (let index = from; index < intents.length; index++) {
      const matched = intents[index]!.claim(deps.text, deps.clock)
      if (!matched) continue
      if (CATCH_ALLS.has(matched.name as IntentName) && looksEnglish(pack, deps.text)) {
        const english = classify(deps.text, deps.clock).matched.name
        if (!ENGLISH_CATCH_ALLS.has(english)) return answerMessage(deps)
      }
      const answered = await matched.answer({ ...deps, passOn: () => answerWith(index + 1) })
      return { intent: matched.name, ...answered }
    }
    throw new Error('No intent claimed the message')
  }
  return answerWith(0)
}

/** Whether the offline assistant speaks a language other than English to this person. */
export const isOtherLanguage = (language: Language | null | undefined): language is OtherLanguage =>
  language !== null && language !== undefined && language in PACKS

/** The offline introduction (said once per conversation) in the language. */
export const introductionFor = (language: OtherLanguage) => introductionIn(PACKS[language])

/** The first line of an answer the offline assistant wrote because the model failed, in the language. */
export const fallbackNoteFor = (language: OtherLanguage) => PACKS[language].say.fallbackNote
