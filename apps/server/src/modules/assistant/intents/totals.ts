import { isGiftQuestion, isQuestion } from '../../language/index.ts'
import { totalFor } from '../answers/totals.ts'
import { totalAsked } from '../totals.ts'
import { intent } from './types.ts'

/**
 * "How far did I run this week?", "how much did I spend on groceries in November?": what the memories
 * found give, added up. When none gives an amount, the memory search answers.
 */
export const total = intent({
  name: 'total',
  help: 'find',
  examples: ['How far did I run this week?', 'How much did I spend on groceries in November?'],
  match: (text) => ((isQuestion(text) || isGiftQuestion(text)) && totalAsked(text) ? {} : null),
  async answer(_, deps) {
    const { tools, text, clock } = deps
    const found = await totalFor(tools, text, clock.timeZone, clock.now, clock.today)
    return found ?? deps.passOn()
  },
  async fact(_, { tools, text, clock }) {
    const found = await totalFor(tools, text, clock.timeZone, clock.now, clock.today)
    return found && `Added up from the user's memories:\n\n${found.markdown}`
  },
})
