import { BRAND } from '../../../config/brand.ts'
import {
  asToldAfterRemember,
  isStatement,
  isAcknowledgement,
  isFarewell,
  isGreeting,
  isHelpRequest,
  isIdentityQuestion,
  isNameQuestion,
  isPraise,
  isSmallTalk,
  isThanks,
} from '../../language/index.ts'
import { intent, said, when } from './types.ts'

export const SHORT_HELP =
  'You can ask me to remember something, to find something in your memories, or about the weather and your calendar.'

/**
 * "What can you do?", "help": the help the registry writes from its intents' examples (intents/help.ts),
 * handed in by intents/index.ts, which holds the registry.
 */
export const helpWith = (helpText: () => string) =>
  intent({
    name: 'help',
    help: false,
    examples: ['What can you do?', 'help'],
    match: (text) => when(isHelpRequest(text)),
    answer: () => said(helpText()),
  })

/** "Who are you?": the name, and the help. */
export const identityWith = (helpText: () => string) =>
  intent({
    name: 'identity',
    help: false,
    examples: ['Who are you?', "What's your name?"],
    match: (text) => when(isIdentityQuestion(text)),
    answer: () => said(`I'm **${BRAND}**, your personal assistant.\n\n${helpText()}`),
  })

/** "What's my name?": the account's name and address. */
export const name = intent({
  name: 'name',
  help: false,
  examples: ["What's my name?", 'Who am I?'],
  match: (text) => when(isNameQuestion(text)),
  async answer(_, { services, userId }) {
    const user = await services.users.findById(userId)
    const name = user?.name?.trim()
    return said(
      name
        ? `You're **${name}**${user?.email ? ` (${user.email})` : ''}.`
        : `Your account has no name${user?.email ? `; you're signed in as ${user.email}` : ''}.`,
    )
  },
})

export const smallTalk = intent({
  name: 'small-talk',
  help: false,
  examples: ['How are you?'],
  match: (text) => when(isSmallTalk(text)),
  answer: () => said(`I'm well, thank you for asking! ${SHORT_HELP}`),
})

export const farewell = intent({
  name: 'farewell',
  help: false,
  examples: ['Bye', 'good night'],
  match: (text) => when(isFarewell(text)),
  answer: () => said('Bye for now! Your memories are here whenever you need them.'),
})

export const praise = intent({
  name: 'praise',
  help: false,
  examples: ['Well done!'],
  match: (text) => when(isPraise(text)),
  answer: () => said('Thank you, glad to help!'),
})

/** "OK", "no thanks": an answer to nothing the offline assistant asked. */
export const acknowledgement = intent({
  name: 'acknowledgement',
  help: false,
  examples: ['OK', 'got it', 'no thanks'],
  match: (text) =>
    isAcknowledgement(text)
      ? { thanked: /\b(?:thanks|thank you)\b/i.test(text) && !/^\s*(?:no|nope|nah)\b/i.test(text) }
      : null,
  answer: ({ thanked }) => said(thanked ? "You're welcome!" : `All right. ${SHORT_HELP}`),
})

/** "I have a meeting with Pedro tomorrow": told, not asked; how to keep it. */
export const statement = intent({
  name: 'statement',
  help: false,
  // Its questions are claimed by `told` first (keep.ts), which answers the same and offers Save as memory.
  examples: [],
  match: (text) => when(isStatement(text)),
  answer: (_, { text }) =>
    said(`I haven't saved that. To keep it as a memory, send: “Remember ${asToldAfterRemember(text)}”.`),
})

/** "Hi", "good morning", "thanks". */
export const greeting = intent({
  name: 'greeting',
  help: false,
  examples: ['Hi', 'Good morning', 'thanks!'],
  match: (text) => (isGreeting(text) ? { thanks: isThanks(text) } : null),
  async answer({ thanks }, { services, userId }) {
    if (thanks) return said("You're welcome!")
    const user = await services.users.findById(userId)
    const first = user?.name?.trim().split(/\s+/)[0]
    return said(
      `Hello${first ? `, ${first}` : ''}! ${SHORT_HELP} Say “brief me” for today's weather, events and reminders.`,
    )
  },
})
