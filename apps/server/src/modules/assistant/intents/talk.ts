import { BRAND } from '../../../config/brand.ts'
import { asToldAfterRemember, isStatement } from '../understand/text.ts'
import {
  isAcknowledgement,
  isFarewell,
  isGreeting,
  isHelpRequest,
  isIdentityQuestion,
  isNameQuestion,
  isPraise,
  isSmallTalk,
  isThanks,
} from '../understand/questions.ts'
import { intent, said, when } from './types.ts'

export const HELP = [
  'Here is what I can do:',
  '',
  "- **Save a memory**: “Remember that Ana's birthday is on May 12 #family”. #hashtags become tags, and a date in the sentence (“on May 12”, “next Friday”, “tomorrow”) becomes the memory's date; “Remind me to …” with no day named is for today.",
  "- **Find memories**: “When is Ana's birthday?”, “What did I note about the dentist?”, “Show my #family memories”, “What did I save this week?”, “How many memories do I have?”, “How far did I run this week?”, “How much did I spend on groceries in November?”",
  '- **Weather**: “Will it rain tomorrow?”, “What’s the weather this week?”',
  '- **Your day**: “Brief me”, “What do I have tomorrow?”, “Any meetings on Friday?”, “Am I free at 3pm?”, “When am I free today?”, “What’s my next meeting?”, “What’s coming up?”: your calendar and the memories dated those days',
  '- **Dates and times**: “What time is it in Tokyo?”, “What day is December 3?”, “How many days until Christmas?”, “How long since I started the new job?”',
  '- **Sums and units**: “What is 15% of 80?”, “(12.50 + 8) / 3”, “How many km is 10 miles?”, “70 F in C”',
].join('\n')

export const SHORT_HELP =
  'You can ask me to remember something, to find something in your memories, or about the weather and your calendar.'

/** "What can you do?", "help". */
export const help = intent({
  name: 'help',
  examples: ['What can you do?', 'help'],
  match: (text) => when(isHelpRequest(text)),
  answer: () => said(HELP),
})

/** "Who are you?". */
export const identity = intent({
  name: 'identity',
  examples: ['Who are you?', "What's your name?"],
  match: (text) => when(isIdentityQuestion(text)),
  answer: () => said(`I'm **${BRAND}**, your personal assistant.\n\n${HELP}`),
})

/** "What's my name?": the account's name and address. */
export const name = intent({
  name: 'name',
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
  examples: ['How are you?'],
  match: (text) => when(isSmallTalk(text)),
  answer: () => said(`I'm well, thank you for asking! ${SHORT_HELP}`),
})

export const farewell = intent({
  name: 'farewell',
  examples: ['Bye', 'good night'],
  match: (text) => when(isFarewell(text)),
  answer: () => said('Bye for now! Your memories are here whenever you need them.'),
})

export const praise = intent({
  name: 'praise',
  examples: ['Well done!'],
  match: (text) => when(isPraise(text)),
  answer: () => said('Thank you, glad to help!'),
})

/** "OK", "no thanks": an answer to nothing the offline assistant asked. */
export const acknowledgement = intent({
  name: 'acknowledgement',
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
  // Its questions are claimed by `told` first (keep.ts), which answers the same and offers Save as memory.
  examples: [],
  match: (text) => when(isStatement(text)),
  answer: (_, { text }) =>
    said(`I haven't saved that. To keep it as a memory, send: “Remember ${asToldAfterRemember(text)}”.`),
})

/** "Hi", "good morning", "thanks". */
export const greeting = intent({
  name: 'greeting',
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
