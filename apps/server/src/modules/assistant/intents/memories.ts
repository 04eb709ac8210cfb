import {
  asksForRecent,
  asksWhen,
  changeRequest,
  correction as correctionIn,
  isAboutMemories,
  isCountQuestion,
  isGiftQuestion,
  isQuestion,
  isOverviewQuestion,
  tagsAskedFor,
  significantWords,
} from '../../language/index.ts'
import { asksForDays, related, searchAnswer, searchWords } from '../answers/search.ts'
import { cannotChange, cannotCorrect, count, listTags, noted, overview, tagged } from '../answers/memories.ts'
import { eventLine, eventsAbout } from '../answers/events.ts'
import { intent, said, when } from './types.ts'

/** "Delete the wifi memory", "cancel my dentist appointment": where to do it, and the likely ones. */
export const change = intent({
  name: 'change',
  help: false,
  examples: ['Cancel my dentist appointment'],
  match: (text) => {
    const about = changeRequest(text)
    return about === null ? null : { about }
  },
  answer: ({ about }, deps) => cannotChange(deps, about),
})

/** "Actually, Ana's birthday is June 5": the memories it may correct, and how to keep it. */
export const correction = intent({
  name: 'correction',
  help: false,
  examples: ["no, it's on Friday"],
  match: (text) => {
    const fact = correctionIn(text)
    return fact === null ? null : { fact }
  },
  answer: ({ fact }, deps) => cannotCorrect(deps, fact),
})

/** "How many memories do I have?", "how many did I add this week?". */
export const countMemories = intent({
  name: 'count',
  help: 'find',
  examples: ['How many memories do I have?', 'How many notes did I save this week?'],
  match: (text) => when(isCountQuestion(text)),
  answer: (_, deps) => count(deps),
})

/** "What do you know about me?". */
export const overviewOfMemories = intent({
  name: 'overview',
  help: 'find',
  examples: ['What do you know about me?', 'What do you remember?'],
  match: (text) => when(isOverviewQuestion(text)),
  answer: (_, deps) => overview(deps),
})

/**
 * "Show my #family memories", "what's tagged work?", "my family memories" (family when it is one of
 * the user's tags: else the intents after this one answer).
 */
export const taggedMemories = intent({
  name: 'tagged',
  help: 'find',
  examples: ['Show my #family memories', "What's tagged work about the budget?", 'my family memories'],
  match: (text) => {
    const asked = tagsAskedFor(text)
    return asked.named.length || asked.candidates.length ? asked : null
  },
  answer: (asked, deps) => tagged(deps, asked),
})

/** "What are my tags?". */
export const tagList = intent({
  name: 'tag-list',
  help: 'find',
  examples: ['What are my tags?'],
  match: (text) => when(/\btags\b/i.test(text) && isQuestion(text)),
  answer: (_, deps) => listTags(deps),
})

/**
 * A question with no words to search for: "what did I save yesterday?", "what happened yesterday?",
 * "show me my notes", "what's new?".
 */
export const notedMemories = intent({
  name: 'noted',
  help: 'find',
  examples: ['What did I save yesterday?', 'What happened yesterday?', 'Show me my notes', "What's new?"],
  match: (text, { timeZone, now }) =>
    when(
      (!searchWords(text).query || asksForDays(text, timeZone, now)) &&
        (isQuestion(text) || isAboutMemories(text) || asksForRecent(text)),
    ),
  answer: (_, deps) => noted(deps),
  fact: async (_, deps) => (await noted(deps)).markdown,
})

/**
 * A question about something: the memories (and the calendar's events) that hold its words. "When is
 * Ana's birthday?", "what should I get Ana for her birthday?".
 */
export const search = intent({
  name: 'search',
  help: 'find',
  examples: ["When is Ana's birthday?", 'What did I note about the dentist?', 'What should I get Ana?'],
  match: (text) => when(isQuestion(text) || isGiftQuestion(text)),
  answer: (_, deps) => searchAnswer(deps),
  async fact(_, { tools, text, clock }) {
    if (!isQuestion(text) || !asksWhen(text)) return null
    const events = await eventsAbout(tools, significantWords(text), clock.today)
    if (!events.length) return null
    return [
      '**Coming events that match the question:**',
      ...events.map((e) => eventLine(e, clock.today)),
    ].join('\n')
  },
})

/** Anything else with words to look for: the memories that look related, if any. */
export const relatedMemories = intent({
  name: 'related',
  help: false,
  examples: ['dentist'],
  match: (text) => when(searchWords(text).query !== ''),
  answer: (_, deps) => related(deps),
})

/** What nothing else claimed: the help (handed in by intents/index.ts). */
export const fallbackWith = (helpText: () => string) =>
  intent({
    name: 'fallback',
    help: false,
    examples: ['…'],
    match: () => ({}),
    answer: () => said(`I can't answer that without a language model. ${helpText()}`),
  })
