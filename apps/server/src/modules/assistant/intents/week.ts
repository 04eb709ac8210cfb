import { weekSummaryAsked } from '../../language/index.ts'
import { weekSummary } from '../answers/week.ts'
import { intent } from './types.ts'

/** "Summarize my week", "how was my week?", "give me a summary of last week" (weeks from Sunday). */
export const week = intent({
  name: 'week',
  // Left out of the help: adding it would change the help's answer (intents/help.test.ts).
  help: false,
  examples: ['Summarize my week', 'How was my week?', 'Give me a summary of last week'],
  match: (text) => {
    const asked = weekSummaryAsked(text)
    return asked && { asked }
  },
  answer: ({ asked }, deps) => weekSummary(deps, asked),
  fact: async ({ asked }, deps) =>
    `The user asked for a summary of ${asked === 'this' ? 'their week so far' : 'last week'}. From their memories and reminders:\n\n${(await weekSummary(deps, asked)).markdown}`,
})
