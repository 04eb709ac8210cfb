import { isBriefingRequest } from '../../language/index.ts'
import { todaysBriefing } from '../answers/memories.ts'
import { intent, said, when } from './types.ts'

/** "Brief me": the dashboard's briefing (weather, today's events, memories due). */
export const briefing = intent({
  name: 'briefing',
  help: 'day',
  examples: ['Brief me', "What's my briefing?"],
  match: (text) => when(isBriefingRequest(text)),
  answer: async (_, { services, userId, clock }) => said(await todaysBriefing(services, userId, clock.now)),
  fact: async (_, { services, userId, clock }) =>
    `The user asked for their daily briefing. Today's, from their weather, calendar and memories:\n\n${await todaysBriefing(services, userId, clock.now)}`,
})
