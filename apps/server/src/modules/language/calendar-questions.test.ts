import { describe, expect, it } from 'vitest'
import { memoryDaysAsked, daysAskedAbout } from './days.ts'
import { isCalendarTopic, whichEvent } from './calendar.ts'

describe('reading calendar questions', () => {
  it('knows how people ask what a day holds, and leaves other questions to the memory search', () => {
    for (const question of [
      'What do I have today?',
      'what have I got on Friday',
      'Do I have anything tomorrow?',
      'anything planned for the weekend?',
      'What’s on today?',
      'what am I doing on 3 December?',
      'How does my day look?',
      "What's coming up?",
      'any meetings next week?',
      'Anything important coming up?',
      'Summarize my week',
      'a recap of today, please',
      'What should I do today?',
      'what do I need to do tomorrow',
      'my to-dos for this week',
      "what's on my plate today?",
      "what's my week look like?",
      'What does tomorrow look like?',
      'how is my weekend',
      'anything for this weekend?',
      'Anything for tomorrow?',
      "what's on my to-do list?",
      'my todos',
      'What tasks do I have?',
      'what are my reminders?',
      'what do I need to remember?',
      'anything I need to remember this week?',
      'anything today?',
      'anything this afternoon?',
      "what's due this week?",
      "what's left this week?",
      'how was my week?',
      'anything due tomorrow?',
      'anything tomorrow evening?',
      'Anything important tomorrow?',
      'anything next week?',
      "What's today?",
      'what about tomorrow?',
    ]) {
      expect(isCalendarTopic(question), question).toBe(true)
    }
    for (const question of [
      'What do I have to buy for the party?',
      'What is happening with the garden project?',
      'When is my dentist appointment?',
      'what did I note about Marta?',
      "What's on my mind?",
      'a summary of my notes about the garden',
      'What should I do about the leaking tap?',
      "What's on my shopping list?",
      "Do I have anything for Ana's birthday?",
      'What does the new logo look like?',
      'anything this week about the garden?',
      "what about tomorrow's garden work?",
      'do you remember what Ana said?',
    ]) {
      expect(isCalendarTopic(question), question).toBe(false)
    }
  })

  it('knows a question for one event: the next, or the first or last of a day', () => {
    const cases: [string, ReturnType<typeof whichEvent>][] = [
      ["What's my next meeting?", { which: 'next', day: null }],
      ['whats next', { which: 'next', day: null }],
      ['What’s next on my calendar?', { which: 'next', day: null }],
      ['what do I have next today?', { which: 'next', day: 'today' }],
      ['When is my next appointment?', { which: 'next', day: null }],
      ['where is my next meeting', { which: 'next', day: null }],
      ['What time is my first meeting tomorrow?', { which: 'first', day: 'tomorrow' }],
      ['my first event on Friday?', { which: 'first', day: 'friday' }],
      ['When does my day start tomorrow?', { which: 'first', day: 'tomorrow' }],
      ['when does my day end tonight', { which: 'last', day: 'today' }],
      ['the last meeting this afternoon?', { which: 'last', day: 'today' }],
    ]
    for (const [question, expected] of cases) expect(whichEvent(question), question).toEqual(expected)
    for (const question of [
      'When is my next call with Pedro?',
      'what did we decide in the last meeting?',
      "What's the next step for the garden?",
      'next meeting notes: ask about the budget',
      'When does my day off start?',
    ]) {
      expect(whichEvent(question), question).toBeNull()
    }
  })

  it('reads whole months across the turn of a year, and a weekday in the past as the last one', () => {
    const december = new Date('2026-12-10T12:00:00Z')
    expect(daysAskedAbout('anything next month?', 'UTC', december)).toEqual({
      from: '2027-01-01',
      to: '2027-01-31',
      week: true,
    })
    expect(daysAskedAbout("what's on this month?", 'UTC', december)).toEqual({
      from: '2026-12-10',
      to: '2026-12-31',
      week: true,
    })
    // A weekday asked about in the past is the last one; the day a note is for, the next.
    const wednesday = new Date('2026-11-25T12:00:00Z')
    expect(memoryDaysAsked('what did I do on Monday?', 'UTC', wednesday)).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    })
    expect(memoryDaysAsked('What happened on Friday?', 'UTC', wednesday)).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    })
    expect(memoryDaysAsked('What did I note for Monday?', 'UTC', wednesday)).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    })
    // This week or month: so far when asked in the past, else all of it.
    expect(memoryDaysAsked('what happened this week?', 'UTC', wednesday)).toEqual({
      from: '2026-11-22',
      to: '2026-11-25',
    })
    expect(memoryDaysAsked("What's on my list for this week?", 'UTC', wednesday)).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
    })
    expect(memoryDaysAsked('my notes for this month', 'UTC', wednesday)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    })
    expect(memoryDaysAsked('what did I do this month?', 'UTC', wednesday)).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    })
    expect(memoryDaysAsked('my notes on Friday', 'UTC', wednesday)).toEqual({
      from: '2026-11-27',
      to: '2026-11-27',
    })
    expect(memoryDaysAsked('what did I save last month?', 'UTC', new Date('2027-01-10T12:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    })
    // Ahead, as the calendar questions read them ("next weekend" is the coming one).
    expect(memoryDaysAsked('my notes for next week', 'UTC', wednesday)).toEqual({
      from: '2026-11-29',
      to: '2026-12-05',
    })
    expect(memoryDaysAsked('any plans next month?', 'UTC', wednesday)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    })
    expect(memoryDaysAsked('what did I note for next weekend?', 'UTC', wednesday)).toEqual({
      from: '2026-11-28',
      to: '2026-11-29',
    })
    // A month by its name: the last one asked in the past (this one so far), else the next.
    expect(memoryDaysAsked('What happened in November?', 'UTC', wednesday)).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    })
    expect(memoryDaysAsked('what did I do in March?', 'UTC', wednesday)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    })
    expect(memoryDaysAsked('my notes for March', 'UTC', wednesday)).toEqual({
      from: '2027-03-01',
      to: '2027-03-31',
    })
    expect(memoryDaysAsked('my notes for March 2025', 'UTC', wednesday)).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
    })
    // A day of a month is that day.
    expect(memoryDaysAsked('what did I note for May 3?', 'UTC', wednesday)).toEqual({
      from: '2027-05-03',
      to: '2027-05-03',
    })
  })

  it('reads "coming up" as the next seven days unless a day is named', () => {
    const now = new Date('2026-11-25T12:00:00Z') // a Wednesday
    expect(daysAskedAbout("what's coming up?", 'UTC', now)).toEqual({
      from: '2026-11-25',
      to: '2026-12-01',
      week: true,
    })
    expect(daysAskedAbout('anything coming up on Friday?', 'UTC', now)).toMatchObject({
      from: '2026-11-27',
      to: '2026-11-27',
    })
    expect(daysAskedAbout('what do I have on 3 December?', 'UTC', now)).toMatchObject({
      from: '2026-12-03',
      to: '2026-12-03',
    })
    // The rest of the week ahead; a recap of the week is all of it, Sunday to Saturday.
    expect(daysAskedAbout('what is on this week?', 'UTC', now)).toMatchObject({
      from: '2026-11-25',
      to: '2026-11-28',
    })
    expect(daysAskedAbout('summarize my week', 'UTC', now)).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-28',
    })
    // On a Saturday, only today is left of it: the coming seven days.
    expect(
      daysAskedAbout("what's the weather this week?", 'UTC', new Date('2026-11-28T12:00:00Z')),
    ).toMatchObject({
      from: '2026-11-28',
      to: '2026-12-04',
    })
    // Asked in the past tense, what has been of it.
    expect(daysAskedAbout('how was my week?', 'UTC', now)).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-25',
    })
    expect(daysAskedAbout('what meetings did I have this week?', 'UTC', now)).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-25',
    })
    // A number of days from today ("in the next few days" was read as one day three days on).
    expect(daysAskedAbout('will it rain in the next few days?', 'UTC', now)).toEqual({
      from: '2026-11-25',
      to: '2026-12-01',
      week: true,
    })
    expect(daysAskedAbout('any meetings in the next 3 days?', 'UTC', now)).toMatchObject({
      from: '2026-11-25',
      to: '2026-11-27',
    })
    expect(daysAskedAbout('the next couple of days', 'UTC', now)).toMatchObject({
      from: '2026-11-25',
      to: '2026-11-27',
    })
    // Next month whole (December, and January from December); this month what is left of it.
    expect(daysAskedAbout("what's on next month?", 'UTC', now)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      week: true,
    })
    expect(daysAskedAbout('events next month', 'UTC', new Date('2026-12-10T12:00:00Z'))).toMatchObject({
      from: '2027-01-01',
      to: '2027-01-31',
    })
    expect(daysAskedAbout('any plans this month?', 'UTC', now)).toMatchObject({
      from: '2026-11-25',
      to: '2026-11-30',
    })
    expect(isCalendarTopic("what's planned next month?")).toBe(true)
  })
})
