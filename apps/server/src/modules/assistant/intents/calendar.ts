import {
  availabilityTime,
  daysAskedAbout,
  freeDayQuestion,
  isCalendarTopic,
  isFreeTimeQuestion,
  whichEvent,
  isBareDayQuestion,
  dayNamedBy,
} from '../../language/index.ts'
import { describeDays, describeFreeDays, describeFreeTime, freeAt } from '../answers/calendar.ts'
import { describeEvent, minutesNow } from '../answers/events.ts'
import { whatDay } from '../answers/dates.ts'
import { intent, said, type Clock, type Intent } from './types.ts'

/** Which of the calendar's events a question asks for, and on which day: "what's my next meeting?". */
export function eventAsked(text: string, { timeZone, now }: Clock) {
  const event = whichEvent(text)
  return event && { which: event.which, day: event.day && dayNamedBy(event.day, timeZone, now) }
}

/** That event, and how soon it starts: the answer (and the fact) of "event" and "until-event". */
export const tellEvent: Pick<Intent<NonNullable<ReturnType<typeof eventAsked>>>, 'answer' | 'fact'> = {
  answer: async ({ which, day }, { tools, clock }) =>
    said(await describeEvent(tools, which, day, clock.now, clock.today)),
  fact: async ({ which, day }, { tools, clock }) => describeEvent(tools, which, day, clock.now, clock.today),
}

/** "What's my next meeting?", "when does my day start?". */
export const event = intent({
  name: 'event',
  help: 'day',
  examples: ["What's my next meeting?", 'When does my day start?', "What's next?"],
  match: eventAsked,
  ...tellEvent,
})

/** "When is my next free day?", "which days am I free next week?". */
export const freeDays = intent({
  name: 'free-days',
  help: 'day',
  examples: ['When is my next free day?', 'Which days am I free next week?'],
  match(text, { timeZone, now }) {
    const asked = freeDayQuestion(text)
    return asked && { asked, range: daysAskedAbout(text, timeZone, now) }
  },
  answer: async ({ asked, range }, { tools, clock }) =>
    said(await describeFreeDays(tools, asked, range, clock.today)),
  fact: async ({ asked, range }, { tools, clock }) => describeFreeDays(tools, asked, range, clock.today),
})

/** "When am I free today?", "any free time on Friday?". */
export const freeTime = intent({
  name: 'free-time',
  help: 'day',
  examples: ['When am I free today?', 'Any free time on Friday?'],
  match: (text, { timeZone, now }) => (isFreeTimeQuestion(text) ? daysAskedAbout(text, timeZone, now) : null),
  answer: async (range, { tools, clock }) =>
    said(await describeFreeTime(tools, range, clock.now, clock.today)),
  fact: async (range, { tools, clock }) => describeFreeTime(tools, range, clock.now, clock.today),
})

/**
 * "What do I have tomorrow?", "any meetings on Friday?", "am I free at 3pm?" (one time of one day),
 * "what's tomorrow?" (the day's name, then what it holds).
 */
export const calendar = intent({
  name: 'calendar',
  help: 'day',
  examples: ['What do I have tomorrow?', 'Any meetings on Friday?', 'Am I free at 3pm?', "What's coming up?"],
  match(text, { timeZone, now, today }) {
    if (!isCalendarTopic(text)) return null
    const range = daysAskedAbout(text, timeZone, now)
    const at = availabilityTime(text, range.from === today ? minutesNow(now, timeZone) : undefined)
    if (at !== null && range.from === range.to) {
      const asked = /^\s*what\b/i.test(text) ? 'what' : /\bbusy\b/i.test(text) ? 'busy' : 'free'
      return { range, at: { minutes: at, asked } as const, bare: false }
    }
    return { range, at: null, bare: isBareDayQuestion(text) }
  },
  async answer({ range, at, bare }, { tools, clock }) {
    if (at) return said(await freeAt(tools, range.from, at.minutes, clock.today, at.asked))
    const holds = await describeDays(tools, range, clock.today)
    return bare ? { ...holds, markdown: `${whatDay(range.from, clock.today)}\n\n${holds.markdown}` } : holds
  },
  fact: async ({ range }, { tools, clock }) => (await describeDays(tools, range, clock.today)).markdown,
})
