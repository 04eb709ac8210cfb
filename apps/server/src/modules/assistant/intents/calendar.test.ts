import { addDays, todayIn } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { describeRange, formatDay, freeDayQuestion } from '../../language/index.ts'
import { t, ics, ask, offlineAt, userWithCalendar, startTheApp } from './through-the-app.test-support.ts'

describe('the offline assistant on the calendar', () => {
  startTheApp()

  it('tells a day gone by in the past tense: "you had"', async () => {
    // The feed's stand-up two weeks ago (last week's was cancelled).
    const user = await userWithCalendar(ics.calendarUrl)
    const today = todayIn('UTC')
    const assistant = offlineAt(`${today}T12:00:00Z`)
    const before = addDays(today, -14)
    const { answer } = await ask(user, `What was on my calendar on ${formatDay(before)}?`, { assistant })
    expect(answer.content).toBe(
      [
        `**${formatDay(before, { weekday: true, today })}** you had 1 event:`,
        '',
        '- 09:00–09:30: Team standup',
      ].join('\n'),
    )
  })

  it("lists today's events from an ICS feed in time order", async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const { answer } = await ask(user, "What's on today?")
    expect(answer.content).toContain('**Today** you have 3 events:')
    const lines = answer.content.split('\n').filter((l) => l.startsWith('- '))
    expect(lines[0]).toBe('- All day: Company holiday')
    expect(lines[1]).toBe('- 09:00–09:30: Team standup')
    expect(lines[2]).toMatch(/^- 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/)
    expect(answer.activity).toEqual([
      { tool: 'get_calendar_events', summary: 'Looked at your calendar for today' },
      { tool: 'search_memories', summary: 'Looked for memories dated today' },
      {
        tool: 'search_memories',
        summary: `Searched memories for '${formatDay(todayIn('UTC'), { year: false })}'`,
      },
    ])
    // Nothing dated today in this user's memories: the answer is the calendar alone.
    expect(answer.content).not.toContain('From your memories')
  })

  it('answers "what do I have tomorrow?" with the calendar and the memories dated that day, soonest first', async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const today = todayIn('UTC')
    const tomorrow = addDays(today, 1)
    const dentist = await t.factory.memory(user.id, { text: 'Dentist at 10:30, Rua Augusta', date: tomorrow })
    await t.factory.memory(user.id, { text: 'Wifi password at the cabin is pinecone42', date: today })
    // Undated, written today: listed by the day it was written, but not something a day holds.
    await t.factory.memory(user.id, { text: 'Favourite coffee: flat white', date: null })

    const asked = await ask(user, 'What do I have tomorrow?')
    expect(asked.answer.content).toBe(
      [
        'Nothing on your calendar for tomorrow.',
        '',
        '**From your memories:**',
        '',
        `- **${formatDay(tomorrow)}**: Dentist at 10:30, Rua Augusta`,
      ].join('\n'),
    )
    expect(asked.answer.activity).toEqual([
      { tool: 'get_calendar_events', summary: 'Looked at your calendar for tomorrow' },
      { tool: 'search_memories', summary: 'Looked for memories dated tomorrow' },
      { tool: 'search_memories', summary: `Searched memories for '${formatDay(tomorrow, { year: false })}'` },
    ])
    expect(asked.answer.citations.map((c) => c.id)).toContain(dentist.id)

    // Today: the feed's three events, then the memory dated today; the undated note stays out.
    const day = await ask(user, 'How does my day look?')
    expect(day.answer.content).toContain('**Today** you have 3 events:')
    expect(day.answer.content).toContain('**From your memories:**')
    expect(day.answer.content).toContain(
      `- **${formatDay(today)}**: Wifi password at the cabin is pinecone42`,
    )
    expect(day.answer.content).not.toContain('Favourite coffee')
    expect(day.answer.content).not.toContain('Dentist at 10:30')

    // The next seven days: both dated memories, today's first.
    const ahead = await ask(user, "What's coming up?")
    expect(ahead.answer.calls).toContainEqual({
      tool: 'get_calendar_events',
      args: { from: today, to: addDays(today, 6) },
    })
    const quoted = ahead.answer.content.split('**From your memories:**')[1] ?? ''
    expect(quoted.indexOf('Wifi password')).toBeGreaterThan(-1)
    expect(quoted.indexOf('Wifi password')).toBeLessThan(quoted.indexOf('Dentist at 10:30'))
  })

  it('lists the memories dated that day even when the calendar is off', async () => {
    const user = await userWithCalendar(ics.calendarUrl, false)
    const friday = addDays(todayIn('UTC'), 10)
    await t.factory.memory(user.id, {
      text: 'Marta arrives on the 18:05 train',
      tags: ['family'],
      date: friday,
    })
    const spoken = formatDay(friday).replace(/ \d{4}$/, '')
    const { answer } = await ask(user, `Anything on ${spoken}?`)
    // The memories answer first; the calendar is a note after them.
    expect(answer.content).toBe(
      [
        `**Your memories dated ${formatDay(friday, { weekday: true, year: friday.slice(0, 4) !== todayIn('UTC').slice(0, 4) })}:**`,
        '',
        `- **${formatDay(friday)}**: Marta arrives on the 18:05 train _(#family)_`,
        '',
        '_Calendar events are not included: the calendar data source is turned off; turn it on under Data Sources._',
      ].join('\n'),
    )
  })

  it('lists the memories that write the day out, saved on other days, after the ones dated then', async () => {
    const user = await userWithCalendar(ics.calendarUrl, false)
    const day = addDays(todayIn('UTC'), 8)
    const [month, dayOfMonth] = [formatDay(day).split(' ')[0]!, Number(day.slice(8))]
    const dentist = await t.factory.memory(user.id, {
      text: `Dentist appointment on ${month} ${dayOfMonth} at 9:30`,
      date: todayIn('UTC'),
    })
    await t.factory.memory(user.id, {
      text: `Pay rent by ${month} ${dayOfMonth}0 or ${dayOfMonth + 10} ${month}`,
      date: null,
    })
    await t.factory.memory(user.id, { text: 'Pick up the cake', date: day })

    const { answer } = await ask(user, `What's happening on ${month} ${dayOfMonth}?`)
    expect(answer.content).toBe(
      [
        `**Your memories dated ${formatDay(day, { weekday: true, year: day.slice(0, 4) !== todayIn('UTC').slice(0, 4) })}:**`,
        '',
        `- **${formatDay(day)}**: Pick up the cake`,
        '',
        `**Memories that mention ${formatDay(day, { year: false })}:**`,
        '',
        `- **${formatDay(todayIn('UTC'))}**: ${dentist.text}`,
        '',
        '_Calendar events are not included: the calendar data source is turned off; turn it on under Data Sources._',
      ].join('\n'),
    )
    expect(answer.citations.map((c) => c.id)).toContain(dentist.id)
  })

  it('tells the free time between the events, what is on at a time, and where an event is', async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const today = todayIn('UTC')
    const at = (time: string) => offlineAt(`${today}T${time}Z`)
    // The fake's day: the holiday all day, the stand-up 09:00–09:30, the dentist 15:00 in Lisbon.
    const free = await ask(user, 'When am I free today?', { assistant: at('07:00:00') })
    expect(free.answer.content).toMatch(
      /^Your free time between 08:00 and 20:00:\n\n- \*\*Today\*\*: 08:00–09:00, 09:30–1[45]:00 and 1[56]:00–20:00 \(all day: Company holiday\)$/,
    )
    // From now on, today; the whole day on another.
    const later = await ask(user, 'any free time today?', { assistant: at('12:03:00') })
    expect(later.answer.content.split('\n')[2]).toMatch(
      /^- \*\*Today\*\*: 12:05–1[45]:00 and 1[56]:00–20:00 /,
    )
    const tomorrow = await ask(user, 'When am I free tomorrow?', { assistant: at('12:03:00') })
    expect(tomorrow.answer.content.split('\n')[2]).toBe('- **Tomorrow**: 08:00–20:00')
    const evening = await ask(user, 'When am I free today?', { assistant: at('21:00:00') })
    expect(evening.answer.content.split('\n')[2]).toBe(
      '- **Today**: nothing left before 20:00 (all day: Company holiday)',
    )

    // "How long until my next meeting?": the next event and how soon.
    expect(
      (await ask(user, 'How long until my next meeting?', { assistant: at('08:15:00') })).answer.content,
    ).toBe('Your next event is **today, 09:00–09:30**: Team standup, in 45 minutes.')
    // "Is the dentist today?": the calendar's day, not only the memories'.
    expect((await ask(user, 'Is the dentist today?')).answer.content).toMatch(
      /^\*\*On your calendar:\*\*\n\n- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/,
    )
    // What was noted is about the memories alone.
    expect((await ask(user, 'What did I note about the dentist today?')).answer.content).not.toContain(
      'On your calendar',
    )
    // "When did I last …?": the last one that has happened (two weeks ago: last week's was cancelled).
    const last = async (time: string) =>
      (await ask(user, 'When did I last have the team standup?', { assistant: at(time) })).answer.content
    expect(await last('12:00:00')).toBe('**On your calendar:**\n\n- **Today**, 09:00–09:30: Team standup')
    const twoWeeksAgo = formatDay(addDays(today, -14), { weekday: true, today })
    expect(await last('08:00:00')).toBe(
      `**On your calendar:**\n\n- **${twoWeeksAgo}**, 09:00–09:30: Team standup`,
    )
    // "At 7" in the afternoon is the evening's.
    expect((await ask(user, 'Am I free at 7?', { assistant: at('15:30:00') })).answer.content).toMatch(
      /^Yes: nothing on your calendar at 19:00 today\./,
    )
    const what = await ask(user, 'What do I have at 9:15?', { assistant: at('07:00:00') })
    expect(what.answer.content).toBe('At 09:15 today you have:\n\n- 09:00–09:30: Team standup')
    expect((await ask(user, 'What do I have at 11?', { assistant: at('07:00:00') })).answer.content).toMatch(
      /^Nothing on your calendar at 11:00 today\.\n\n- Before: 09:00–09:30: Team standup\n/,
    )

    expect((await ask(user, 'Where is the dentist?')).answer.content).toMatch(
      /^\*\*On your calendar:\*\*\n\n- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/,
    )
    // The calendar is only read: what to cancel is changed where it comes from.
    expect((await ask(user, 'Cancel my dentist appointment')).answer.content).toMatch(
      /Your calendar is only read here: change it in the calendar app it comes from\. The coming events by those words:\n\n- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist/,
    )
  })

  it('answers "when is …?" from the coming events too, and stays off a calendar that is off', async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const dentist = await ask(user, 'When is the dentist?')
    expect(dentist.answer.content).toMatch(
      /^\*\*On your calendar:\*\*\n\n- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/,
    )
    // "What time …?" is a "when" too.
    expect((await ask(user, 'What time is the dentist?')).answer.content).toBe(dentist.answer.content)
    expect(dentist.answer.activity.map((a) => a.tool)).toEqual(['search_memories', 'get_calendar_events'])

    // The three soonest stand-ups (a weekly event), and a memory that names them after.
    await t.factory.memory(user.id, { text: 'Standup notes go in the team doc', date: null })
    // Holds one word of two: the search finds it, but beside the calendar it is left out.
    await t.factory.memory(user.id, { text: 'Team lunch with the new hires', date: null })
    const standup = await ask(user, 'when is the team standup?')
    const [calendar = '', memories] = standup.answer.content.split('\n\nAnd in your memories:')
    const today = todayIn('UTC')
    const heading = (offset: number) => {
      const day = addDays(today, offset)
      return formatDay(day, { weekday: true, year: day.slice(0, 4) !== today.slice(0, 4) })
    }
    expect(calendar.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- **Today**, 09:00–09:30: Team standup',
      `- **${heading(7)}**, 11:00–11:30: Team standup (moved)`,
      `- **${heading(14)}**, 09:00–09:30: Team standup`,
    ])
    expect(memories).toBe('\n\n- **No date**: Standup notes go in the team doc')
    // "The next" is the first that has not ended: today's at 09:00 UTC until 09:30, then next week's.
    const next = async (time: string) => {
      const { answer } = await ask(user, 'When is the next standup?', {
        assistant: offlineAt(`${today}T${time}Z`),
      })
      return answer.content.split('\n').filter((l) => l.startsWith('- **') && l.includes('–'))
    }
    expect(await next('09:15:00')).toEqual(['- **Today**, 09:00–09:30: Team standup'])
    expect(await next('09:45:00')).toEqual([`- **${heading(7)}**, 11:00–11:30: Team standup (moved)`])

    // Nothing on the calendar by that name: the memories alone.
    expect((await ask(user, 'When is the plumber coming?')).answer.content).toBe(
      "I couldn't find anything about **plumber** in your memories. To save something, start a message with “Remember”.",
    )

    // Calendar off: no look at it, and no line saying it could not be read.
    const off = await userWithCalendar(ics.calendarUrl, false)
    const asked = await ask(off, 'When is the dentist?')
    expect(asked.answer.calls.map((c) => c.tool)).toEqual(['search_memories'])
    expect(asked.answer.activity.map((a) => a.tool)).toEqual(['search_memories'])
  })

  it('answers "what\'s my next meeting?" with the first event not ended and how soon it starts, and "when does my day end?"', async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const today = todayIn('UTC')
    // The dentist is at 15:00 in Lisbon: 14:00 or 15:00 UTC, as summer time says.
    const lisbonNoon = new Intl.DateTimeFormat('en', {
      timeZone: 'Europe/Lisbon',
      hour: 'numeric',
      hourCycle: 'h23',
    })
    const dentist = 15 - (Number(lisbonNoon.format(new Date(`${today}T12:00:00Z`))) - 12)
    const dentistTime = `${dentist}:00–${dentist + 1}:00`
    const say = async (content: string, time: string) =>
      (await ask(user, content, { assistant: offlineAt(`${today}T${time}Z`) })).answer.content

    expect(await say("What's my next meeting?", '08:15:00')).toBe(
      'Your next event is **today, 09:00–09:30**: Team standup, in 45 minutes.',
    )
    // Under way: that one, and the one after it.
    expect(await say("what's next?", '09:10:00')).toBe(
      [
        "You're in one now: **today, 09:00–09:30**: Team standup, until 09:30.",
        '',
        `After it: **today, ${dentistTime}**: Dentist (Rua Augusta 1, Lisbon), in ${dentist - 10} hours and 50 minutes.`,
      ].join('\n'),
    )
    // Today's over: next week's stand-up, moved to 11:00 (the holiday lasts all day: not a meeting).
    const nextWeek = addDays(today, 7)
    const heading = formatDay(nextWeek, { weekday: true, year: nextWeek.slice(0, 4) !== today.slice(0, 4) })
    expect(await say('when is my next appointment?', '17:00:00')).toBe(
      `Your next event is **${heading}, 11:00–11:30**: Team standup (moved), in 7 days.`,
    )
    expect(await say("What's next today?", '17:00:00')).toBe(
      [
        'Nothing more on your calendar today, apart from events lasting all day:',
        '',
        '- **Today**, all day: Company holiday',
      ].join('\n'),
    )
    expect(await say('When does my day end?', '08:00:00')).toBe(
      `Your last event today is **${dentistTime}**: Dentist (Rua Augusta 1, Lisbon), in ${dentist - 8} hours.`,
    )
    // The first of the day, even once it has ended (no "in …" then).
    expect(await say('what time does my day start?', '20:00:00')).toBe(
      'Your first event today is **09:00–09:30**: Team standup.',
    )
    expect(await say('my first meeting tomorrow?', '20:00:00')).toBe('Nothing on your calendar for tomorrow.')
    // More words than "next meeting": a search for them, the calendar's included.
    expect(await say('when is my next call with Pedro?', '08:00:00')).toMatch(
      /^I couldn't find anything about \*\*call pedro\*\*/,
    )

    const off = await userWithCalendar(ics.calendarUrl, false)
    expect((await ask(off, "What's my next meeting?")).answer.content).toBe(
      "I can't tell: the calendar data source is turned off; turn it on under Data Sources.",
    )
  })

  it("counts the days until an event: the calendar's when it is sooner than a memory", async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    await t.factory.memory(user.id, {
      text: 'Dentist check-up, bring the X-rays',
      date: addDays(todayIn('UTC'), 20),
    })
    const { answer } = await ask(user, 'How long until the dentist?')
    expect(answer.content).toMatch(
      /^That's today, \w+, \w+ \d+, \d{4}\.\n\n\*\*On your calendar:\*\*\n\n- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/,
    )
  })

  it('keeps to the part of the day a question names, all-day events included', async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const lines = async (message: string) => (await ask(user, message)).answer.content.split('\n')
    expect(await lines('Am I free this afternoon?')).toEqual([
      '**This afternoon** you have 2 events:',
      '',
      '- All day: Company holiday',
      expect.stringMatching(/^- 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/),
    ])
    expect(await lines("what's on this morning?")).toEqual([
      '**This morning** you have 2 events:',
      '',
      '- All day: Company holiday',
      '- 09:00–09:30: Team standup',
    ])
    expect((await lines('any meetings tomorrow evening?'))[0]).toBe(
      'Nothing on your calendar for tomorrow evening.',
    )
    // "Good morning" is a greeting, not the morning.
    expect((await lines("Good morning! What's on today?"))[0]).toBe('**Today** you have 3 events:')
  })

  it('covers tomorrow and this week, grouped by day', async () => {
    const user = await userWithCalendar(ics.calendarUrl)
    const tomorrow = await ask(user, 'any meetings tomorrow?')
    expect(tomorrow.answer.content).toBe('Nothing on your calendar for tomorrow.')
    expect(tomorrow.answer.activity[0]?.summary).toBe('Looked at your calendar for tomorrow')

    const week = await ask(user, 'my schedule this week')
    expect(week.answer.content).toMatch(/^You have \d+ events? from today/)
    expect(week.answer.content).toContain('**Today**')
    expect(week.answer.content).toContain('Company holiday')
  })

  it('answers "what\'s today?" and "anything today?" with the day and what it holds, not the notes written today', async () => {
    const user = await userWithCalendar(ics.calendarUrl, false)
    // Thursday 26 November 2026: an undated note written today is not something today holds.
    const assistant = offlineAt('2026-11-26T10:00:00Z')
    await t.factory.memory(user.id, {
      text: 'The wifi password is hunter2',
      date: null,
      createdAt: new Date('2026-11-26T09:00:00Z'),
    })
    await t.factory.memory(user.id, { text: 'Dentist at 9:30', date: '2026-11-26' })
    await t.factory.memory(user.id, { text: 'Buy milk', date: '2026-11-27' })

    const today = await ask(user, "What's today?", { assistant })
    expect(today.answer.content).toBe(
      [
        'Today is Thursday, November 26, 2026.',
        '',
        '**Your memories dated today:**',
        '',
        '- **November 26, 2026**: Dentist at 9:30',
        '',
        '_Calendar events are not included: the calendar data source is turned off; turn it on under Data Sources._',
      ].join('\n'),
    )
    const anything = await ask(user, 'anything today?', { assistant })
    expect(anything.answer.content).toBe(today.answer.content.split('\n\n').slice(1).join('\n\n'))
    const tomorrow = await ask(user, 'anything tomorrow?', { assistant })
    expect(tomorrow.answer.content).toContain('- **November 27, 2026**: Buy milk')
    expect(tomorrow.answer.content).not.toContain('hunter2')
    // A to-do list is what the coming seven days hold.
    const todo = await ask(user, "what's on my to-do list?", { assistant })
    expect(todo.answer.content.split('\n').slice(0, 4)).toEqual([
      '**Your memories dated today to Wednesday, December 2:**',
      '',
      '- **November 26, 2026**: Dentist at 9:30',
      '- **November 27, 2026**: Buy milk',
    ])
  })

  it('finds the next free day, and the free days of a week: none with an event at a set time', async () => {
    // The feed: a stand-up every week on today's weekday (moved, not missed, next week), today's dentist.
    const user = await userWithCalendar(ics.calendarUrl)
    const today = todayIn('UTC')
    const assistant = offlineAt(`${today}T07:00:00Z`)
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content
    expect(await answer('When is my next free day?')).toBe(
      '**Tomorrow** is your next free day: no meetings or appointments on your calendar.',
    )
    // The coming seven days when none are named: today has the stand-up and the dentist.
    const day = (offset: number) => `**${formatDay(addDays(today, offset), { weekday: true, today })}**`
    expect(await answer('which days am I free?')).toBe(
      `Free days for ${describeRange(today, addDays(today, 6), today)} (no meetings or appointments): **tomorrow**, ${[2, 3, 4, 5].map(day).join(', ')} and ${day(6)}.`,
    )
    expect(freeDayQuestion('any free days next week?')).toBe('which')
    expect(freeDayQuestion("when's my next day off?")).toBe('next')
    expect(freeDayQuestion('when am I free today?')).toBeNull()
    expect(freeDayQuestion('what days did I run?')).toBeNull()
  })

  it('says whether a time is free: the events then, or those around it', async () => {
    // The feed's today: all day "Company holiday", 09:00–09:30 UTC stand-up, 15:00–16:00 Lisbon dentist.
    const user = await userWithCalendar(ics.calendarUrl)
    const today = todayIn('UTC')
    // Before every time asked about: an hour of the morning gone by would be read as the evening's.
    const assistant = offlineAt(`${today}T07:00:00Z`)
    // 15:00 in Lisbon is 15:00 UTC in winter, 14:00 in summer.
    const lisbonNoon = new Date(`${today}T12:00:00Z`).toLocaleString('en-GB', {
      timeZone: 'Europe/Lisbon',
      hour: 'numeric',
      hourCycle: 'h23',
    })
    const dentistUtc = lisbonNoon === '13' ? 14 : 15
    const busy = await ask(user, 'Am I free at 9:15 today?', { assistant })
    expect(busy.answer.content).toBe(
      ['No: at 09:15 today you have', '', '- 09:00–09:30: Team standup'].join('\n'),
    )
    // Asked the other way round, answered the other way round.
    const asBusy = await ask(user, 'am I busy at 9:15 today?', { assistant })
    expect(asBusy.answer.content).toBe(
      ['Yes: at 09:15 today you have', '', '- 09:00–09:30: Team standup'].join('\n'),
    )
    expect((await ask(user, 'am I busy at 8am today?', { assistant })).answer.content).toMatch(
      /^No: nothing on your calendar at 08:00 today\./,
    )
    const free = await ask(user, 'am I free at 11am today?', { assistant })
    expect(free.answer.content).toBe(
      [
        'Yes: nothing on your calendar at 11:00 today.',
        '',
        '- Before: 09:00–09:30: Team standup',
        `- After: ${String(dentistUtc).padStart(2, '0')}:00–${String(dentistUtc + 1).padStart(2, '0')}:00: Dentist (Rua Augusta 1, Lisbon)`,
        '- All day: Company holiday',
      ].join('\n'),
    )
    // "At 3" is the afternoon's 15:00.
    const three = await ask(user, 'do I have anything at 3 today?', { assistant })
    expect(
      three.answer.content.startsWith(
        dentistUtc === 15 ? 'No: at 15:00 today' : 'Yes: nothing on your calendar at 15:00 today.',
      ),
    ).toBe(true)
    expect(three.answer.calls.map((c) => c.tool)).toEqual(['get_calendar_events'])

    const off = await userWithCalendar(ics.calendarUrl, false)
    expect((await ask(off, 'am I busy at noon tomorrow?', { assistant })).answer.content).toBe(
      "I can't tell: the calendar data source is turned off; turn it on under Data Sources.",
    )
  })

  it('says the calendar is off, and what failed when the feed cannot be read', async () => {
    const off = await userWithCalendar(ics.calendarUrl, false)
    expect((await ask(off, 'what is on my calendar today?')).answer.content).toBe(
      'The calendar data source is turned off; turn it on under Data Sources. No memories are dated today.',
    )
    const broken = await userWithCalendar(`${ics.origin}/missing.ics`)
    const failed = await ask(broken, 'what is on my calendar today?')
    expect(failed.answer.content).toBe(
      "I couldn't read your calendar: The ICS calendar could not be loaded: The server answered with HTTP 404.",
    )
    expect(failed.answer.activity[0]?.summary).toMatch(/^Could not read your calendar for today: /)
  })
})
