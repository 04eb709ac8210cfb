import {
  calendarFact as calendarFactIn,
  dayQuestion,
  daysBetweenQuestion,
  daysUntilQuestion,
  holidayQuestion,
  yearlyDaysQuestion,
  dayNamedBy,
} from '../../language/index.ts'
import { calendarAnswer, comingYearly, daysFromTo, daysUntil, whatDay, whenIs } from '../answers/dates.ts'
import { eventAsked, tellEvent } from './calendar.ts'
import { intent, said } from './types.ts'

/** "What week number is it?", "how many days are left in the year?", "is 2028 a leap year?". */
export const calendarFact = intent({
  name: 'calendar-fact',
  help: 'dates',
  examples: ['What week number is it?', 'How many days are left in the year?', 'Is 2028 a leap year?'],
  match: (text, { today }) => calendarFactIn(text, today),
  answer: (fact, { clock }) => said(calendarAnswer(fact, clock.today)),
})

/** "What day is December 3?", "what date is next Friday?". */
export const whatDayIs = intent({
  name: 'what-day',
  help: 'dates',
  examples: ['What day is December 3?', 'What date is next Friday?'],
  match(text, { timeZone, now }) {
    const asked = dayQuestion(text)
    const day = asked && dayNamedBy(asked.words, timeZone, now, asked.past)
    return day ? { day } : null
  },
  answer: ({ day }, { clock }) => said(whatDay(day, clock.today)),
})

/** "When is Easter?": the day, and the memories that name it. */
export const holiday = intent({
  name: 'holiday',
  help: 'dates',
  examples: ['When is Easter?', 'When was Thanksgiving?'],
  match: (text, { today }) => holidayQuestion(text, today),
  answer: (feast, { tools, clock }) => whenIs(tools, feast, clock.today),
})

/** "How many days between Christmas and my flight?". */
export const daysBetween = intent({
  name: 'days-between',
  help: 'dates',
  examples: ['How many days between Christmas and my flight?', 'How many weeks from March 3 to June 5?'],
  match: (text) => daysBetweenQuestion(text),
  answer: (asked, { tools, clock }) => daysFromTo(tools, asked, clock.timeZone, clock.now, clock.today),
})

/** "How long until my next meeting?": that event, and how soon it starts. */
export const untilEvent = intent({
  name: 'until-event',
  help: 'dates',
  examples: ['How long until my next meeting?'],
  match(text, clock) {
    const until = daysUntilQuestion(text)
    return until && !until.since ? eventAsked(`what's ${until.words}?`, clock) : null
  },
  ...tellEvent,
})

/** "How many days until Christmas?", "how long since I started the new job?". */
export const daysUntilDay = intent({
  name: 'days-until',
  help: 'dates',
  examples: ['How many days until Christmas?', 'How long since I started the new job?'],
  match: (text) => daysUntilQuestion(text),
  answer: (asked, { tools, clock }) => daysUntil(tools, asked, clock.timeZone, clock.now, clock.today),
})

/** "What birthdays are coming up?", "any anniversaries in March?". */
export const yearlyDays = intent({
  name: 'yearly-days',
  help: 'dates',
  examples: ['What birthdays are coming up?', 'Any anniversaries in March?'],
  match: (text, { timeZone, now }) => yearlyDaysQuestion(text, timeZone, now),
  answer: (asked, { tools, clock }) => comingYearly(tools, asked, clock.today),
})
