import { isWeatherTopic, daysAskedAbout } from '../../language/index.ts'
import { weatherAsked } from '../answers/weather.ts'
import { intent, said } from './types.ts'

/** "Will it rain tomorrow?", "what's the weather this week?", "do I need a coat?". */
export const weather = intent({
  name: 'weather',
  help: 'weather',
  examples: ['Will it rain tomorrow?', "What's the weather this week?", 'Do I need a coat?'],
  match: (text, { timeZone, now }) => (isWeatherTopic(text) ? daysAskedAbout(text, timeZone, now) : null),
  answer: async (days, { tools, text, clock }) => said(await weatherAsked(tools, text, days, clock.today)),
  fact: async (days, { tools, text, clock }) => weatherAsked(tools, text, days, clock.today),
})
