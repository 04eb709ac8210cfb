import fc from 'fast-check'
import { addDays, daysBetween, todayIn, type MemoryList } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { startIcsFake, type IcsFake } from '../../test/fakes/ics.ts'
import { startOpenMeteoFake, storedLocation, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'
import { createAssistant } from './assistant.ts'
import type { AnswerInput, Assistant, AssistantEvent } from './assistant.types.ts'
import { describeRange, formatDay } from './format.ts'
import { askedAgainFor } from './understand/follow-ups.ts'
import { availabilityTime, memoryDaysAsked, daysAskedAbout, daysSavedOn } from './understand/days.ts'
import { easterIn } from './understand/lexicon.ts'
import { freeDayQuestion, isCalendarTopic, whichEvent } from './understand/calendar.ts'
import { isGiftQuestion, timeOrder } from './understand/text.ts'
import { monthDayIn } from './understand/dates.ts'
import { isWeatherTopic, weatherDecision, weatherPlace } from './understand/weather.ts'
import { FALLBACK_NOTE, HELP, OFFLINE_INTRODUCTION } from './offline.ts'
import { namesIn, significantWords, withOtherWords } from './search.ts'

let t: TestApp
let meteo: OpenMeteoFake
let ics: IcsFake

beforeAll(async () => {
  ;[meteo, ics] = await Promise.all([startOpenMeteoFake(), startIcsFake()])
  // No AI_PROVIDER: the app's assistant is the offline one. The ICS fake listens on loopback.
  t = await buildTestApp({
    env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([meteo?.close(), ics?.close()])
})
beforeEach(() => {
  meteo.down = false
})

/** Asks an assistant (the app's own unless given) and collects what it streamed. */
async function ask(
  user: TestUser,
  content: string,
  options: {
    assistant?: Assistant
    offlineIntroduced?: boolean
    signal?: AbortSignal
    /** The user's earlier messages, oldest first (each followed by an answer). */
    before?: string[]
  } = {},
) {
  const events: AssistantEvent[] = []
  const input: AnswerInput = {
    userId: user.id,
    content,
    history: (options.before ?? []).flatMap((said) => [
      { role: 'user' as const, content: said },
      { role: 'assistant' as const, content: 'An answer.' },
    ]),
    offlineIntroduced: options.offlineIntroduced ?? true,
    signal: options.signal ?? new AbortController().signal,
    onEvent: (e) => events.push(e),
  }
  const answer = await (options.assistant ?? t.services.assistant).answer(input)
  const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []))
  const activity = events.flatMap((e) => (e.type === 'activity' ? [e] : []))
  return { answer, deltas, activity, events }
}

const LISBON = storedLocation('Lisbon')

/** An offline assistant on the app's services whose clock says `iso`. */
const offlineAt = (iso: string) =>
  createAssistant({ services: t.services, languageModel: null, options: { now: () => new Date(iso) } })

describe('the offline assistant', () => {
  it('is the app assistant when no model is configured, and says so', () => {
    expect(t.services.assistant.info).toEqual({ name: 'Remi', model: null })
  })

  it('remembers "Ana\'s birthday is on 12 May #family" as the next 12 May, tagged family, and finds it again', async () => {
    const user = await t.createUser({ name: 'Rui Costa' })
    // 13 May 2026: this year's 12 May has passed, so the next one is in 2027.
    const assistant = offlineAt('2026-05-13T10:00:00Z')
    const saved = await ask(user, "Remember that Ana's birthday is on 12 May #family", { assistant })

    expect(saved.answer.mode).toBe('offline')
    expect(saved.answer.model).toBeUndefined()
    expect(saved.answer.stopped).toBe(false)
    const list = await user.api.get<MemoryList>('/api/memories')
    expect(list.status).toBe(200)
    expect(list.body.items).toHaveLength(1)
    const memory = list.body.items[0]!
    expect(memory).toMatchObject({
      text: "Ana's birthday is on 12 May",
      tags: ['family'],
      date: '2027-05-12',
    })
    expect(saved.answer.content).toContain("Ana's birthday is on 12 May")
    expect(saved.answer.content).toContain('Wednesday, May 12, 2027')
    expect(saved.answer.content).toContain('the next May 12')
    expect(saved.answer.content).toContain('#family')
    expect(saved.answer.activity).toEqual([
      { tool: 'create_memory', summary: 'Saved a memory', memoryId: memory.id },
    ])
    expect(saved.answer.citations).toEqual([{ id: memory.id, excerpt: memory.text, date: '2027-05-12' }])
    expect(saved.answer.calls).toEqual([
      {
        tool: 'create_memory',
        args: { text: "Ana's birthday is on 12 May", tags: ['family'], date: '2027-05-12' },
      },
    ])

    // Something else about Ana, and another birthday: the question is answered by the memory holding both words.
    await t.factory.memory(user.id, { text: 'Ana loves tulips', tags: ['gifts'] })
    await t.factory.memory(user.id, { text: "Bruno's birthday is on 3 June" })
    const asked = await ask(user, "When is Ana's birthday?", { assistant })
    expect(asked.answer.content).toBe(
      [
        "Here's what I found in your memories:",
        '',
        "- **Wednesday, May 12, 2027 (in 364 days)**: Ana's birthday is on 12 May _(#family)_",
      ].join('\n'),
    )
    expect(asked.answer.citations.map((c) => c.id)).toEqual([memory.id])
    // With no memory holding every word, those holding some, best first.
    const both = await ask(user, "What are Ana's and Bruno's birthdays?", { assistant })
    expect(both.answer.content).toMatch(/^Here's what I found in your memories, best match first:/)
    expect(both.answer.content).toContain("Ana's birthday is on 12 May")
    expect(both.answer.content).toContain("Bruno's birthday is on 3 June")
    expect(asked.answer.activity).toEqual([
      { tool: 'search_memories', summary: "Searched memories for 'ana birthday'" },
    ])
  })

  it('dates a memory that names a day known by name on that day, unless it is a day to be ready by or a taste', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    const saved = await ask(user, "remember Christmas dinner at grandma's", { assistant })
    expect(saved.answer.content).toContain('- **Date:** Friday, December 25, 2026 (the next Christmas)')
    await ask(user, 'remember the Easter Monday picnic with the Costas', { assistant })
    await ask(user, 'remember we had a lovely Easter at Marta’s', { assistant })
    await ask(user, 'remember to book flights to Lisbon for Easter', { assistant })
    await ask(user, 'remember Christmas Eve at 7pm with the neighbours', { assistant })
    await ask(user, 'remember I love Christmas music', { assistant })
    await ask(user, "remember Ana's favourite holiday is Easter", { assistant })
    const items = (await user.api.get<MemoryList>('/api/memories?pageSize=10')).body.items
    expect(Object.fromEntries(items.map((m) => [m.text, m.date]))).toEqual({
      "Christmas dinner at grandma's": '2026-12-25',
      'The Easter Monday picnic with the Costas': '2027-03-29',
      'We had a lovely Easter at Marta’s': '2026-04-05',
      // A reminder with no day of its own: today.
      'Book flights to Lisbon for Easter': '2026-11-25',
      'Christmas Eve at 7pm with the neighbours': '2026-12-24',
      // A taste, not a day.
      'I love Christmas music': null,
      "Ana's favourite holiday is Easter": null,
    })
  })

  it('reads "the Friday after next", "on the 3rd" and a past tense that looks ahead', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday
    for (const message of [
      "remember the kids' school play is the Friday after next",
      'remember mom arrives on the 3rd',
      'remember the rent is due on the 1st',
      'remember I started the new job on October 1st',
      'remember we moved to Porto on the 12th',
      'remember I booked the restaurant for March 3',
      'remember I need to call Ana on March 3',
      'remember the new office is on the 2nd floor',
      'remind me on the 15th to pay the rent',
      'remind me on Easter Monday to call grandma',
      'remember I met Carla at the conference last Tuesday',
      'remember we saw the Costas on Wednesday',
      'remember lunch with Ana on Tuesday',
      'remember we decided to meet Joe next Tuesday',
      'remember I went running last Thursday',
    ]) {
      await ask(user, message, { assistant })
    }
    const items = (await user.api.get<MemoryList>('/api/memories?pageSize=20')).body.items
    expect(Object.fromEntries(items.map((m) => [m.text, m.date]))).toEqual({
      "The kids' school play is on Friday, December 4": '2026-12-04',
      'Mom arrives on the 3rd': '2026-12-03',
      'The rent is due on the 1st': '2026-12-01',
      'I started the new job on October 1st': '2026-10-01',
      'We moved to Porto on the 12th': '2026-11-12',
      'I booked the restaurant for March 3': '2027-03-03',
      'I need to call Ana on March 3': '2027-03-03',
      'The new office is on the 2nd floor': null,
      // The day asked first goes last, as it would be said.
      'Pay the rent on the 15th': '2026-12-15',
      'Call grandma on Easter Monday': '2027-03-29',
      // A weekday in the past tense is the last one (today's, unless it says "last"); the parser read the next.
      'I met Carla at the conference on Tuesday, November 24': '2026-11-24',
      'We saw the Costas on Wednesday, November 25': '2026-11-25',
      'Lunch with Ana on Tuesday, December 1': '2026-12-01',
      'We decided to meet Joe on Tuesday, December 1': '2026-12-01',
      'I went running on Thursday, November 19': '2026-11-19',
    })
    // Asked about, the same days.
    const play = await ask(user, 'what do I have the Friday after next?', { assistant })
    expect(play.answer.content).toContain(
      "- **December 4, 2026**: The kids' school play is on Friday, December 4",
    )
    const third = await ask(user, "what's on the 3rd?", { assistant })
    expect(third.answer.content).toContain('- **December 3, 2026**: Mom arrives on the 3rd')
  })

  it('keeps this year for a 12 May still to come, and the last one for a sentence in the past', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-03-10T12:00:00Z')
    await ask(user, "remember that Ana's birthday is on 12 May", { assistant })
    await ask(user, 'note that we met Joe in Porto on 3 March #trip #Porto', { assistant })
    const items = (await user.api.get<MemoryList>('/api/memories')).body.items
    expect(items.map((m) => [m.text, m.date, m.tags])).toEqual([
      ["Ana's birthday is on 12 May", '2026-05-12', []],
      ['We met Joe in Porto on 3 March', '2026-03-03', ['trip', 'Porto']],
    ])
  })

  it('reads relative days in the user’s time zone; a reminder with no day is for today, a fact has no date', async () => {
    // 23:30 UTC on 10 March is already 11 March in Auckland.
    const user = await t.createUser({ timezone: 'Pacific/Auckland' })
    const assistant = offlineAt('2026-03-10T23:30:00Z')
    const tomorrow = await ask(user, 'save dentist tomorrow at 3pm', { assistant })
    const reminder = await ask(user, 'Remind me to call the plumber', { assistant })
    const fact = await ask(user, 'remember the wifi password is on the fridge', { assistant })
    const items = (await user.api.get<MemoryList>('/api/memories')).body.items
    expect(items.find((m) => m.text.startsWith('Dentist'))?.date).toBe('2026-03-12')
    expect(items.find((m) => m.text.startsWith('Call the plumber'))?.date).toBe('2026-03-11')
    expect(items.find((m) => m.text.startsWith('The wifi'))?.date).toBeNull()
    expect(tomorrow.answer.content).toMatch(/- \*\*Date:\*\* Thursday, March 12, 2026$/)
    expect(reminder.answer.content).toContain(
      '- **Date:** Wednesday, March 11, 2026 (today: a reminder with no day named)',
    )
    expect(fact.answer.content).toContain('- **Date:** none (no day was named in the message)')
  })

  it('writes the day that words like "tomorrow" name into the memory, so that it still reads true later', async () => {
    const user = await t.createUser()
    // A Wednesday.
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    const saved: [string, string | null][] = []
    for (const message of [
      'remember to buy milk tomorrow',
      'remember that tomorrow is bin day',
      'remember the boat trip is on Saturday',
      'remind me to call mum tomorrow at 5pm',
      'remember to pay the rent by friday',
      'remember to renew the passport in two weeks',
      'remember to visit grandma next week',
      'remember I finished the book yesterday',
      'remember to call mum tonight',
      'remember the dentist is on 3 December',
      'remind me tomorrow to call the plumber',
      'remember Friday to Sunday is the festival',
      'remind me to call mom tomorrow evening',
      'remember Saturday morning is the school fair',
      'remember the plumber comes on friday afternoon',
      'remind me to water the plants every Sunday',
      'remember the dentist is on Friday, November 27',
      'remember the market is Saturday 28 November',
      'remind me in 2 hours to check the oven',
      'remember the parking ends in half an hour',
      'remind me to stretch in 13 hours',
    ]) {
      const { calls } = (await ask(user, message, { assistant })).answer
      const args = calls[0]?.args as { text: string; date: string | null }
      saved.push([args.text, args.date])
    }
    expect(saved).toEqual([
      ['Buy milk on Thursday, November 26', '2026-11-26'],
      ['Thursday, November 26 is bin day', '2026-11-26'],
      ['The boat trip is on Saturday, November 28', '2026-11-28'],
      ['Call mum on Thursday, November 26 at 5pm', '2026-11-26'],
      ['Pay the rent by Friday, November 27', '2026-11-27'],
      ['Renew the passport on Wednesday, December 9', '2026-12-09'],
      ['Visit grandma in the week of November 29', '2026-12-02'],
      ['I finished the book on Tuesday, November 24', '2026-11-24'],
      ['Call mum tonight', '2026-11-25'],
      ['The dentist is on 3 December', '2026-12-03'],
      // The time first, then what to do: turned around, unless the words before "to" are more than a time.
      ['Call the plumber on Thursday, November 26', '2026-11-26'],
      ['Friday, November 27 to Sunday is the festival', '2026-11-27'],
      // A part of the day goes with the weekday.
      ['Call mom on Thursday evening, November 26', '2026-11-26'],
      ['Saturday morning, November 28 is the school fair', '2026-11-28'],
      ['The plumber comes on Friday afternoon, November 27', '2026-11-27'],
      // Every Sunday stays every Sunday; the memory is dated the next one.
      ['Water the plants every Sunday', '2026-11-29'],
      // A weekday with its date written out already stays as it is.
      ['The dentist is on Friday, November 27', '2026-11-27'],
      ['The market is Saturday 28 November', '2026-11-28'],
      // A time from now is written as that time (12:00 UTC), and dates the memory.
      ['Check the oven at 14:00', '2026-11-25'],
      ['The parking ends at 12:30', '2026-11-25'],
      ['Stretch at 01:00 on Thursday, November 26', '2026-11-26'],
    ])
    // The day of a time from now is the day it names, not a reminder's default.
    const parking = await ask(user, 'remember the meter runs out in 20 minutes', { assistant })
    expect(parking.answer.content).toContain(
      '> The meter runs out at 12:20\n\n- **Date:** Wednesday, November 25, 2026',
    )
    expect(parking.answer.content).not.toContain('a reminder with no day named')
    // The year is written when it is not this one.
    const { calls } = (
      await ask(user, 'remember to book the flights on Friday', {
        assistant: offlineAt('2026-12-30T12:00:00Z'),
      })
    ).answer
    expect(calls[0]?.args).toMatchObject({
      text: 'Book the flights on Friday, January 1, 2027',
      date: '2027-01-01',
    })
  })

  it('keeps what to do from "remember to …", "note to self: …", "remind me to …" and "don’t forget …"', async () => {
    const user = await t.createUser()
    await ask(user, 'remember to buy milk and eggs #shopping')
    await ask(user, 'Note to self: call the bank')
    await ask(user, 'Remind me to water the plants #home')
    await ask(user, 'Don’t forget the bins go out on Tuesdays')
    await ask(user, 'Remember: #shopping #party: balloons, candles')
    const items = (await user.api.get<MemoryList>('/api/memories')).body.items
    expect(items.map((m) => [m.text, m.tags]).sort()).toEqual([
      ['Balloons, candles', ['shopping', 'party']],
      ['Buy milk and eggs', ['shopping']],
      ['Call the bank', []],
      ['The bins go out on Tuesdays', []],
      ['Water the plants', ['home']],
    ])
  })

  it('saves what follows a greeting, "don\'t let me forget" and "todo:", reminders for today', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    for (const message of [
      'hey Remi, remind me to call the bank at 4pm',
      'Hi, remember that the spare key is under the blue pot',
      "don't let me forget to renew the car insurance",
      'Don’t let me forget about the parcel at the post office',
      'todo: fix the bike',
      'To do: book the vet #pets',
    ]) {
      const { answer } = await ask(user, message, { assistant })
      expect(
        answer.calls.map((c) => c.tool),
        message,
      ).toEqual(['create_memory'])
    }
    const items = (await user.api.get<MemoryList>('/api/memories?pageSize=20')).body.items
    expect(Object.fromEntries(items.map((m) => [m.text, [m.date, m.tags]]))).toEqual({
      'Call the bank at 4pm': ['2026-11-25', []],
      'The spare key is under the blue pot': [null, []],
      'Renew the car insurance': ['2026-11-25', []],
      'The parcel at the post office': [null, []],
      'Fix the bike': ['2026-11-25', []],
      'Book the vet': ['2026-11-25', ['pets']],
    })
    // "Todo" with no colon is not a request to save.
    expect((await ask(user, 'todo list?', { assistant })).answer.calls.map((c) => c.tool)).not.toContain(
      'create_memory',
    )
  })

  it('saves what "can you remind me …" asks, but answers "can you remember when …" from the memories', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-25T12:00:00Z') // a Wednesday
    const saved = await ask(user, 'Can you remind me to call mum on Sunday?', { assistant })
    expect(saved.answer.content).toContain('> Call mum on Sunday, November 29\n')
    expect(saved.answer.content).toContain('- **Date:** Sunday, November 29, 2026')
    const asked = await ask(user, 'Could you remember when mum called?', { assistant })
    expect(asked.answer.calls.map((c) => c.tool)).toEqual(['search_memories'])
    expect(asked.answer.content).toContain('Call mum on Sunday')
    // "Remind me what…" asks too: answered from the memories, not "I can only answer a few kinds…".
    const reminded = await ask(user, 'remind me when I have to call mum', { assistant })
    expect(reminded.answer.content).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **November 29, 2026**: Call mum on Sunday, November 29',
      ].join('\n'),
    )
    const items = (await user.api.get<MemoryList>('/api/memories')).body.items
    expect(items.map((m) => m.text)).toEqual(['Call mum on Sunday, November 29'])
  })

  it('does not save what it is told without "remember", and says how to keep it', async () => {
    const user = await t.createUser()
    for (const [told, kept] of [
      ['I have a meeting with Pedro tomorrow at 10', 'Remember I have a meeting with Pedro tomorrow at 10'],
      ['My favourite colour is green.', 'Remember my favourite colour is green'],
      ['We’re out of olive oil', 'Remember we’re out of olive oil'],
    ]) {
      const { answer } = await ask(user, told!)
      expect(answer.content, told).toBe(`I haven't saved that. To keep it as a memory, send: “${kept}”.`)
      expect(answer.calls, told).toEqual([])
    }
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(0)
    // Asked, not told: these stay questions.
    expect((await ask(user, 'I wonder what is on tomorrow')).answer.calls.map((c) => c.tool)).toEqual([
      'get_calendar_events',
      'search_memories',
      'search_memories',
    ])
    expect((await ask(user, 'my schedule this week')).answer.calls[0]?.tool).toBe('get_calendar_events')
    await t.factory.memory(user.id, { text: 'The spare key is with the neighbour', date: null })
    expect((await ask(user, 'I forgot where the spare key is')).answer.content).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **No date**: The spare key is with the neighbour',
      ].join('\n'),
    )
  })

  it('counts the memories, all of them or those of the days named', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-25T12:00:00Z') // a Wednesday; last week is 15–21 November
    expect((await ask(user, 'How many memories do I have?', { assistant })).answer.content).toBe(
      'You have no memories yet. To save one, start a message with “Remember”.',
    )
    await t.factory.memory(user.id, { text: 'Booked the car service', date: '2026-11-17' })
    await t.factory.memory(user.id, { text: 'Passport renewed', date: '2025-01-10' })
    // Undated, so its day is its creation day: written on the pinned day, whatever the clock says.
    await t.factory.memory(user.id, {
      text: 'Idea: a herb garden',
      date: null,
      createdAt: new Date('2026-11-24T09:00:00Z'),
    })
    expect((await ask(user, 'how many memories do I have?', { assistant })).answer.content).toBe(
      'You have **3** memories, 2 of them from the last 30 days.',
    )
    expect((await ask(user, 'How many notes do I have for last week?', { assistant })).answer.content).toBe(
      'You have **1** memory for November 15–21.',
    )
    // About something: as many as the search box finds for the words.
    await t.factory.memory(user.id, { text: 'Car insurance renewed', tags: ['car'], date: '2026-11-20' })
    const about = async (message: string) => (await ask(user, message, { assistant })).answer.content
    expect(await about('How many memories do I have about the car?')).toBe(
      'You have **2** memories about **car**.',
    )
    expect(await about('how many notes about the car do I have for last week?')).toBe(
      'You have **2** memories about **car** for November 15–21.',
    )
    expect(await about('How many memories mention passports?')).toBe(
      'You have **1** memory about **passports**.',
    )
  })

  it('tells the time and the day in the user’s time zone', async () => {
    const user = await t.createUser({ timezone: 'Asia/Tokyo' })
    // 23:40 UTC on Tuesday 24 November is 08:40 on Wednesday 25 November in Tokyo.
    const assistant = offlineAt('2026-11-24T23:40:00Z')
    const expected = 'It is 08:40 on Wednesday, November 25, 2026 (Asia/Tokyo).'
    for (const question of [
      'What time is it?',
      'what day is it today?',
      "What's the date?",
      'What’s the time?',
    ]) {
      const { answer } = await ask(user, question, { assistant })
      expect(answer.content, question).toBe(expected)
      expect(answer.calls).toEqual([])
    }
    // Elsewhere: a city that names a time zone, its day said when it is not the user's.
    const elsewhere = {
      'What time is it in New York?':
        'It is 18:40 on Tuesday, November 24, 2026 in New York (America/New_York).',
      'time in lisbon': 'It is 23:40 on Tuesday, November 24, 2026 in Lisbon (Europe/Lisbon).',
      "what's the time in Seoul right now": 'It is 08:40 in Seoul (Asia/Seoul).',
      'What time is it in los angeles?':
        'It is 15:40 on Tuesday, November 24, 2026 in Los Angeles (America/Los_Angeles).',
      'What time is it in Narnia?':
        "I don't know which time zone Narnia is in. Ask with a city that names one, like “What time is it in Tokyo?”.",
    }
    for (const [question, expected] of Object.entries(elsewhere)) {
      const { answer } = await ask(user, question, { assistant })
      expect(answer.content, question).toBe(expected)
      expect(answer.calls).toEqual([])
    }
  })

  it('works out a sum or a unit conversion, without a tool or a memory search', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Lunch with Rui cost 80 euros' })
    for (const [question, expected] of [
      ['What is 15% of 80?', '15% of 80 = **12**'],
      ['(12.50 + 8) / 4', '(12.50 + 8) / 4 = **5.125**'],
      ['how much is 1,200 divided by 3?', '1,200 divided by 3 = **400**'],
      ['what is 7 / 0?', "I can't work out 7 / 0: it divides by zero, which has no answer."],
      ['2*3*4', '2\\*3\\*4 = **24**'],
      ['How many km is 10 miles?', '10 mi = **16.09 km**'],
      ['convert 70 F to C', '70°F = **21.11°C**'],
      // Money asked in one currency is answered in it, to the cent.
      ["what's 18% of 240 euros?", '18% of 240 euros = **43.20 euros**'],
      ['$45 + $12.5', '$45 + $12.5 = **$57.50**'],
      ['1,200 EUR / 7', '1,200 EUR / 7 = **171.43 EUR**'],
      ['10 dollars + 5 euros', '10 dollars + 5 euros = **15**'],
    ]) {
      const { answer } = await ask(user, question!)
      expect(answer.content, question).toBe(expected)
      expect(answer.calls, question).toEqual([])
    }
    // Not a sum: a memory search, as before.
    const { answer } = await ask(user, 'What did lunch with Rui cost?')
    expect(answer.content).toContain('Lunch with Rui cost 80 euros')
  })

  it('lists the coming birthdays soonest first, each on its next day, within the days asked about', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday
    await t.factory.memory(user.id, { text: "Bruno's birthday, born 3 December 1990", date: '1990-12-03' })
    await t.factory.memory(user.id, { text: "Lena's birthday is March 14", date: '2027-03-14' })
    await t.factory.memory(user.id, { text: "Tom's birthday is on July 2nd", date: '2027-07-02' })
    await t.factory.memory(user.id, { text: "Ana's birthday last year was fun", date: '2026-05-12' })
    await t.factory.memory(user.id, { text: 'Buy a birthday card', date: null })
    await t.factory.memory(user.id, { text: 'Wedding anniversary', date: '2019-11-28' })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content

    const coming = [
      'The coming birthdays in your memories, soonest first:',
      '',
      "- **Thursday, December 3 (in 7 days)**, turns 36: Bruno's birthday, born 3 December 1990",
      "- **Sunday, March 14, 2027 (in 108 days)**: Lena's birthday is March 14",
      "- **Friday, July 2, 2027 (in 218 days)**: Tom's birthday is on July 2nd",
    ].join('\n')
    expect(await answer('What birthdays are coming up?')).toBe(coming)
    expect(await answer('whose birthday is next?')).toBe(coming)
    // The citations in the order shown, soonest first.
    const cited = await ask(user, 'upcoming birthdays?', { assistant })
    expect(cited.answer.citations.map((c) => c.excerpt)).toEqual([
      "Bruno's birthday, born 3 December 1990",
      "Lena's birthday is March 14",
      "Tom's birthday is on July 2nd",
    ])
    expect((await answer('any birthdays next month?')).split('\n')).toEqual([
      'The birthdays in your memories for December 1–31, soonest first:',
      '',
      "- **Thursday, December 3 (in 7 days)**, turns 36: Bruno's birthday, born 3 December 1990",
    ])
    expect((await answer('Any birthdays in March?')).split('\n')[2]).toBe(
      "- **Sunday, March 14, 2027 (in 108 days)**: Lena's birthday is March 14",
    )
    expect(await answer('any birthdays this week?')).toMatch(/^I found no birthdays in your memories for /)
    expect(await answer('anniversaries coming up?')).toBe(
      [
        'The coming anniversaries in your memories, soonest first:',
        '',
        '- **Saturday, November 28 (in 2 days)**: Wedding anniversary',
      ].join('\n'),
    )
    // About someone's: a search, the birthday on its next day (saved for last year's, it is next year's).
    expect(await answer("When is Lena's next birthday?")).toBe(
      [
        "Here's what I found in your memories:",
        '',
        "- **Sunday, March 14, 2027 (in 108 days)**: Lena's birthday is March 14",
      ].join('\n'),
    )
    await t.factory.memory(user.id, { text: "Rita's birthday is April 2", date: '2026-04-02' })
    expect((await answer("When is Rita's birthday?")).split('\n')[2]).toBe(
      "- **Friday, April 2, 2027 (in 127 days)**: Rita's birthday is April 2",
    )
    // "Born" is a birthday, in the past tense too; the year of birth gives the age.
    await t.factory.memory(user.id, { text: 'Pedro was born on 30 January 1985', date: '1985-01-30' })
    const pedro = [
      '- **Saturday, January 30, 2027 (in 65 days)**, turns 42: Pedro was born on 30 January 1985',
    ]
    expect((await answer('How old is Pedro?')).split('\n').slice(2)).toEqual(pedro)
    expect((await answer("When is Pedro's birthday?")).split('\n').slice(2)).toEqual(pedro)
    expect(await answer('any birthdays in January?')).toContain(pedro[0]!.slice(2))
    expect(await answer("How many days until Pedro's birthday?")).toMatch(
      /^\*\*65 days\*\*, until Saturday, January 30, 2027\./,
    )
    // Other memories of someone keep their own day.
    expect((await answer("When is Ana's birthday?")).split('\n')[2]).toBe(
      "- **May 12, 2026**: Ana's birthday last year was fun",
    )
  })

  it('reads the day of a birthday or anniversary from its text, not the day it was saved', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday
    // Typed under Memories with no date chosen: the day is only in the words.
    await t.factory.memory(user.id, { text: "Marco's birthday is 9 February", date: null })
    // Saved with no date chosen in the form, or through the API without one: dated the day it was saved.
    await t.factory.memory(user.id, { text: 'Bruno birthday is March 14, born 1990', date: '2026-11-26' })
    await t.factory.memory(user.id, { text: 'Sofia was born on March 5th, 2019', date: null })
    await t.factory.memory(user.id, { text: 'Our wedding anniversary is the 20th of June', date: null })
    await t.factory.memory(user.id, { text: "Marco's birthday party was great", date: null })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content

    // The memory giving the day first, his party after.
    expect((await answer("When is Marco's birthday?")).split('\n').slice(2)).toEqual([
      "- **Tuesday, February 9, 2027 (in 75 days)**: Marco's birthday is 9 February",
      "- **No date**: Marco's birthday party was great",
    ])
    expect((await answer('How old is Sofia?')).split('\n').slice(2)).toEqual([
      '- **Friday, March 5, 2027 (in 99 days)**, turns 8: Sofia was born on March 5th, 2019',
    ])
    expect((await answer("When is Bruno's birthday?")).split('\n').slice(2)).toEqual([
      '- **Sunday, March 14, 2027 (in 108 days)**, turns 37: Bruno birthday is March 14, born 1990',
    ])
    expect(await answer('What birthdays are coming up?')).toBe(
      [
        'The coming birthdays in your memories, soonest first:',
        '',
        "- **Tuesday, February 9, 2027 (in 75 days)**: Marco's birthday is 9 February",
        '- **Friday, March 5, 2027 (in 99 days)**, turns 8: Sofia was born on March 5th, 2019',
        '- **Sunday, March 14, 2027 (in 108 days)**, turns 37: Bruno birthday is March 14, born 1990',
      ].join('\n'),
    )
    expect((await answer('any anniversaries coming up?')).split('\n')[2]).toBe(
      '- **Sunday, June 20, 2027 (in 206 days)**: Our wedding anniversary is the 20th of June',
    )
    expect(await answer("How many days until Marco's birthday?")).toMatch(
      /^\*\*75 days\*\*, until Tuesday, February 9, 2027\./,
    )
  })

  it('reads a month and day written out, and no day no year has', () => {
    expect(monthDayIn("Ana's birthday is May 12")).toEqual({ month: 5, day: 12 })
    expect(monthDayIn('born on 30 January 1985')).toEqual({ month: 1, day: 30 })
    expect(monthDayIn('the 3rd of Sept.')).toEqual({ month: 9, day: 3 })
    expect(monthDayIn('Leap day baby: Feb 29')).toEqual({ month: 2, day: 29 })
    expect(monthDayIn('April 31')).toBeNull()
    expect(monthDayIn('Marta 3')).toBeNull()
    expect(monthDayIn('the meeting in May')).toBeNull()
  })

  it('knows the day of Easter in any year', () => {
    const known = { 1818: '1818-03-22', 1943: '1943-04-25', 2000: '2000-04-23', 2019: '2019-04-21' }
    const more = { 2024: '2024-03-31', 2025: '2025-04-20', 2038: '2038-04-25', 2285: '2285-03-22' }
    for (const [year, day] of Object.entries({ ...known, ...more })) expect(easterIn(Number(year))).toBe(day)
  })

  it('answers the week number, the days left in a year, month or week, and leap years', async () => {
    const user = await t.createUser()
    const answer = async (message: string, iso = '2026-11-26T12:00:00Z') =>
      (await ask(user, message, { assistant: offlineAt(iso) })).answer.content
    expect(await answer('What week number is it?')).toBe(
      'It is week **48** of 2026 (ISO 8601), November 23–29.',
    )
    // 1 January 2027 is a Friday: in the last ISO week of 2026, which began on Monday, December 28.
    expect(await answer("what's the week number", '2027-01-01T12:00:00Z')).toBe(
      'It is week **53** of 2026 (ISO 8601), December 28, 2026 – January 3, 2027.',
    )
    expect(await answer('How many days are left in the year?')).toBe(
      '**35 days** are left in 2026 after today: it ends on Thursday, December 31.',
    )
    expect(await answer('how many days until the end of the month?')).toBe(
      '**4 days** are left in this month after today: it ends on Monday, November 30.',
    )
    expect(await answer('how many days left this week?')).toBe(
      '**2 days** are left in this week after today: it ends on Saturday, November 28.',
    )
    expect(await answer('Is it a leap year?')).toBe('No: 2026 has 365 days. The next leap year is 2028.')
    expect(await answer('is 2028 a leap year?')).toBe(
      'Yes: 2028 will be a leap year, with 366 days (February 29 will be a Tuesday).',
    )
    expect(await answer('was 1900 a leap year?')).toBe('No: 1900 had 365 days. The next leap year was 1904.')
    expect(await answer('will next year be a leap year?')).toBe(
      'No: 2027 will have 365 days. The next leap year is 2028.',
    )
    expect(await answer('was 2024 a leap year?')).toBe(
      'Yes: 2024 was a leap year, with 366 days (February 29 was a Thursday).',
    )
  })

  it('says who it is, what day a date is, and how many days are left until one', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-25T12:00:00Z') // a Wednesday
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content
    expect(await answer('Who are you?')).toBe(`I'm **Remi**, your personal assistant.\n\n${HELP}`)
    expect(await answer('what day is it tomorrow?')).toBe('Tomorrow is Thursday, November 26, 2026.')
    expect(await answer('Which day is December 3?')).toBe('December 3, 2026 is a Thursday, in 8 days.')
    expect(await answer('what day was November 1?')).toBe('November 1, 2026 was a Sunday, 24 days ago.')
    expect(await answer('what day of the week was 1 January 2000?')).toBe(
      'January 1, 2000 was a Saturday, 9,825 days ago.',
    )
    expect(await answer('How many days until Christmas?')).toBe(
      '**30 days**, until Friday, December 25, 2026.',
    )
    expect(await answer('how long till new year?')).toBe('**37 days**, until Friday, January 1, 2027.')
    // Days that move: Easter (28 March in 2027, 16 April in 2028), Good Friday, the fourth Thursday of November.
    expect(await answer('How many days until Easter?')).toBe('**123 days**, until Sunday, March 28, 2027.')
    expect(await answer('when is good friday?')).toBe(
      '**Good Friday** is on Friday, March 26, 2027, in 121 days.',
    )
    expect(await answer('When is Thanksgiving?')).toBe(
      '**Thanksgiving** is tomorrow, Thursday, November 26, 2026.',
    )
    expect(await answer('when was Easter?')).toBe('**Easter** was on Sunday, April 5, 2026, 234 days ago.')
    expect(await answer('When is Christmas Eve?')).toBe(
      '**Christmas Eve** is on Thursday, December 24, 2026, in 29 days.',
    )
    expect(await answer('how many days until friday')).toBe('**2 days**, until Friday, November 27, 2026.')
    expect(await answer('How many days until 2027?')).toBe('**37 days**, until Friday, January 1, 2027.')
    expect(await answer('how many days until tomorrow?')).toBe(
      "**1 day**: it's tomorrow, Thursday, November 26, 2026.",
    )

    // In weeks, and since a day.
    expect(await answer('How many weeks until Christmas?')).toBe(
      '**4 weeks and 2 days** (30 days), until Friday, December 25, 2026.',
    )
    expect(await answer('how many weeks until December 9?')).toBe(
      '**2 weeks** (14 days), until Wednesday, December 9, 2026.',
    )
    expect(await answer('how many days since October 1?')).toBe(
      '**55 days**, since Thursday, October 1, 2026.',
    )
    expect(await answer('how long has it been since Monday?')).toBe(
      '**2 days**, since Monday, November 23, 2026.',
    )
    expect(await answer('how many days since yesterday?')).toBe(
      '**1 day**: it was yesterday, Tuesday, November 24, 2026.',
    )
    await t.factory.memory(user.id, { text: 'Started the new job at the bakery', date: '2026-09-14' })
    await t.factory.memory(user.id, { text: 'Moved to Porto', date: '2026-06-01' })
    expect(await answer('How many days since I started the new job?')).toBe(
      [
        '**72 days**, since Monday, September 14, 2026.',
        '',
        '**From your memories:**',
        '',
        '- **September 14, 2026**: Started the new job at the bakery',
      ].join('\n'),
    )
    expect((await answer('How long have I been at the new job?')).split('\n')[0]).toBe(
      '**72 days**, since Monday, September 14, 2026.',
    )
    expect((await answer('how long ago did we move to Porto?')).split('\n')[0]).toBe(
      '**177 days**, since Monday, June 1, 2026.',
    )
    expect(await answer('how long since the flood?')).toMatch(/^I don't know when \*\*the flood\*\* was\./)

    // From one day to another: dates, days known by name, and what memories date.
    expect(await answer('How many days between March 3 and June 5?')).toBe(
      '**94 days** from Wednesday, March 3, 2027 to Saturday, June 5, 2027.',
    )
    await t.factory.memory(user.id, { text: 'Flight to Paris TP432', date: '2026-12-18' })
    expect(await answer('how many days between Christmas and my flight?')).toBe(
      [
        '**7 days** from Friday, December 18, 2026 to Friday, December 25, 2026.',
        '',
        '**From your memories:**',
        '',
        '- **December 18, 2026**: Flight to Paris TP432',
      ].join('\n'),
    )
    expect((await answer('how many weeks from now to Easter?')).split('\n')[0]).toBe(
      '**17 weeks and 4 days** (123 days) from Wednesday, November 25, 2026 to Sunday, March 28, 2027.',
    )
    expect(await answer('how many days between the flood and Christmas?')).toMatch(
      /^I don't know when \*\*the flood\*\* is\./,
    )

    // A day known by name, with the memories that name it.
    await t.factory.memory(user.id, { text: 'Easter brunch at Marta’s', date: null })
    await t.factory.memory(user.id, { text: 'The new office opens in the new year', date: null })
    // Another day's name ("Easter Monday") is not Easter's.
    await t.factory.memory(user.id, { text: 'Easter Monday picnic', date: null })
    expect(await answer('When is Easter?')).toBe(
      [
        '**Easter** is on Sunday, March 28, 2027, in 123 days.',
        '',
        '**In your memories:**',
        '',
        '- **No date**: Easter brunch at Marta’s',
      ].join('\n'),
    )
    expect(await answer('When is New Year?')).toBe(
      [
        "**New Year's Day** is on Friday, January 1, 2027, in 37 days.",
        '',
        '**In your memories:**',
        '',
        '- **No date**: The new office opens in the new year',
      ].join('\n'),
    )
    expect(await answer('When is Valentine’s Day?')).toBe(
      "**Valentine's Day** is on Sunday, February 14, 2027, in 81 days.",
    )

    // Until a day the memories hold.
    const birthday = await t.factory.memory(user.id, {
      text: "Ana's birthday is on May 12",
      date: '2027-05-12',
    })
    await t.factory.memory(user.id, { text: "Ana's birthday last year was fun", date: '2026-05-12' })
    const until = await ask(user, "How many days until Ana's birthday?", { assistant })
    expect(until.answer.content).toBe(
      [
        '**168 days**, until Wednesday, May 12, 2027.',
        '',
        '**From your memories:**',
        '',
        `- **May 12, 2027**: ${birthday.text}`,
      ].join('\n'),
    )
    // A birthday saved with the year of birth comes round again.
    const bruno = await t.factory.memory(user.id, {
      text: "Bruno's birthday, born 3 December 1990",
      date: '1990-12-03',
    })
    const brunos = await ask(user, "how many days until Bruno's birthday?", { assistant })
    expect(brunos.answer.content).toMatch(
      /^\*\*8 days\*\*, until Thursday, December 3, 2026\.\n\n\*\*From your memories:\*\*\n\n- \*\*December 3, 1990\*\*: Bruno's birthday, born/,
    )
    // The search also found Ana's birthday ("birthday"); the answer cites only the memory it shows.
    expect(brunos.answer.calls).toHaveLength(1)
    expect(brunos.answer.citations.map((c) => c.id)).toEqual([bruno.id])
    expect(await answer('how many days until my holiday?')).toBe(
      "I don't know when **my holiday** is. Ask with a date (“How many days until December 24?”), or save the day first: “Remember that my holiday is on …”.",
    )
    // A day question about something that is not a date is a search.
    expect(await answer("What day is Ana's birthday?")).toContain(`May 12, 2027 (in `)
  })

  it('asks what to remember when nothing follows "remember", and saves nothing', async () => {
    const user = await t.createUser()
    const { answer } = await ask(user, 'remember')
    expect(answer.content).toMatch(/What should I remember\?/)
    expect(answer.activity).toEqual([])
    for (const message of ['remind me to', 'Remember that.', 'remind me about']) {
      expect((await ask(user, message)).answer.content, message).toBe(answer.content)
    }
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(0)
  })

  it('answers a question from the best matches with their dates, falling back to single words', async () => {
    const user = await t.createUser()
    const dentist = await t.factory.memory(user.id, {
      text: 'Dentist appointment moved to Friday',
      date: '2026-06-05',
    })
    await t.factory.memory(user.id, { text: 'Bought new running shoes' })
    // As a whole the question matches nothing ("Bob", "mention"); its words find the dentist.
    const { answer } = await ask(user, 'Did Bob mention the dentist appointment?')
    expect(answer.content).toContain('Dentist appointment moved to Friday')
    expect(answer.content).toContain('**June 5, 2026**')
    expect(answer.content).not.toContain('running shoes')
    expect(answer.citations).toEqual([{ id: dentist.id, excerpt: dentist.text, date: '2026-06-05' }])

    // "buy" finds "bought": the shoes hold both words in some form, the newer "Buy milk" one, left out.
    await t.factory.memory(user.id, { text: 'Buy milk' })
    const shoes = await ask(user, 'When did I buy shoes?')
    expect(shoes.answer.content.split('\n').slice(2)).toEqual(['- **No date**: Bought new running shoes'])

    // A name the question capitalises counts more than a common word: Marta first, the newer gift after.
    await t.factory.memory(user.id, { text: 'Marta collects orchids', date: '2026-11-01' })
    await t.factory.memory(user.id, { text: 'Buy a birthday gift for Bruno', date: '2026-11-27' })
    const marta = await ask(user, 'Gift ideas for Marta?')
    expect(marta.answer.content.split('\n').slice(2)).toEqual([
      '- **November 1, 2026**: Marta collects orchids',
      '- **November 27, 2026**: Buy a birthday gift for Bruno',
    ])
    // Typed in lower case, nothing tells the name apart: the newer memory comes first.
    const lower = await ask(user, 'gift ideas for marta?')
    expect(lower.answer.content.split('\n')[2]).toBe('- **November 27, 2026**: Buy a birthday gift for Bruno')
  })

  it('finds memories in the words they use for what a question asks ("shopping list" → "buy")', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Buy milk and eggs', date: null })
    await t.factory.memory(user.id, { text: 'I parked on level 3, spot B12', date: null })
    await t.factory.memory(user.id, { text: 'The wifi password is tulip-42', date: null })
    await t.factory.memory(user.id, { text: 'Dr. Silva, phone 912 345 678', date: null })
    const first = async (question: string) => (await ask(user, question)).answer.content.split('\n')[2]
    expect(await first("What's on my shopping list?")).toBe('- **No date**: Buy milk and eggs')
    expect(await first("Where's my car?")).toBe('- **No date**: I parked on level 3, spot B12')
    expect(await first("what's the wifi code?")).toBe('- **No date**: The wifi password is tulip-42')
    expect(await first("What's my doctor's number?")).toBe('- **No date**: Dr. Silva, phone 912 345 678')
    await t.factory.memory(user.id, { text: "Mum's address is Rua das Flores 12, Porto", date: null })
    await t.factory.memory(user.id, { text: 'Call mum', date: null })
    expect((await ask(user, 'Where does mum live?')).answer.content.split('\n').slice(2)).toEqual([
      "- **No date**: Mum's address is Rua das Flores 12, Porto",
    ])
    // What someone likes is a gift idea, before a note that only names them.
    await t.factory.memory(user.id, { text: 'Ana likes orchids and dark chocolate', date: null })
    await t.factory.memory(user.id, { text: "Ana's flight lands at 9", date: null })
    expect(await first('Gift ideas for Ana?')).toBe('- **No date**: Ana likes orchids and dark chocolate')
    // The question's own words come first: a search keeps the first 16 words it is given.
    expect(withOtherWords(['gift', 'buy', 'marta'])).toEqual([
      ...['gift', 'buy', 'bought', 'marta'],
      ...['present', 'likes', 'loves', 'wants', 'wishlist'],
    ])
    // "When do I fly?" is about a flight.
    await t.factory.memory(user.id, { text: 'Flight to Paris TP432 departs 07:15', date: '2026-12-18' })
    expect((await ask(user, 'When do I fly?')).answer.content).toContain('Flight to Paris TP432')
    // One way only: a memory's word does not stand for the question's ("buy" is not "shopping").
    await t.factory.memory(user.id, { text: 'Shopping centre opens at 9', date: null })
    const bought = await ask(user, 'What do I need to buy?')
    expect(bought.answer.content).toContain('Buy milk and eggs')
    expect(bought.answer.content).not.toContain('Shopping centre')
  })

  it('takes the words a question capitalises where no sentence starts for names', () => {
    const words = (text: string) => significantWords(text)
    for (const [text, names] of [
      ['Gift ideas for Marta?', ['marta']],
      ["When is Ana's birthday? Bruno said May", ['ana', 'may']],
      ['Marta called. Bruno called too', []],
      ['What did I tell you about the NHS letter?', ['nhs']],
      ['gift ideas for marta', []],
      // Whose: "the plumber's number" is about the plumber, first word or not.
      ["What's the plumber's number?", ['plumber']],
      ["Marta's phone number", ['marta']],
      ['where does my mum’s sister live', ['mum']],
    ] as const) {
      expect(namesIn(text, words(text)), text).toEqual(names)
    }
  })

  it('looks on the days a question names, and says so when those days hold none', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday
    await t.factory.memory(user.id, {
      text: 'Finish the quarterly report',
      tags: ['work'],
      date: '2026-11-30',
    })
    await t.factory.memory(user.id, { text: 'Team offsite in Sintra', tags: ['work'], date: '2026-12-08' })
    await t.factory.memory(user.id, { text: 'Ran 10 km', date: '2026-11-22' })
    await t.factory.memory(user.id, { text: 'Ran 5 km', date: '2026-11-17' })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content

    expect(await answer('Any work stuff next week?')).toBe(
      [
        "Here's what I found in your memories for November 29 – December 5:",
        '',
        '- **November 30, 2026**: Finish the quarterly report _(#work)_',
      ].join('\n'),
    )
    expect(await answer('Do I have any work stuff this week?')).toBe(
      [
        'I found nothing about **work** for November 22–28. On other days, best match first:',
        '',
        '- **December 8, 2026**: Team offsite in Sintra _(#work)_',
        '- **November 30, 2026**: Finish the quarterly report _(#work)_',
      ].join('\n'),
    )
    // A month by its name, looked by and not for.
    expect((await answer('Any work things in December?')).split('\n')).toEqual([
      "Here's what I found in your memories for December 1–31:",
      '',
      '- **December 8, 2026**: Team offsite in Sintra _(#work)_',
    ])
    expect((await answer('Any work things in January?')).split('\n')[0]).toBe(
      'I found nothing about **work** for January 1–31, 2027. On other days, best match first:',
    )
    expect((await answer('How far did I run last week?')).split('\n')).toEqual([
      '**5 km**, from 1 memory for November 15–21:',
      '',
      '- **November 17, 2026**: Ran 5 km',
    ])
  })

  it('answers "what should I get Ana for her birthday?" with what she likes', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Ana loves orchids and dark chocolate' })
    await t.factory.memory(user.id, { text: "Ana's birthday is May 12" })
    await t.factory.memory(user.id, { text: 'Bruno wants a new bike helmet' })
    await t.factory.memory(user.id, { text: 'Buy milk and eggs' })
    const lines = async (message: string) => (await ask(user, message)).answer.content.split('\n').slice(2)

    expect(await lines('What should I get Ana for her birthday?')).toEqual([
      '- **No date**: Ana loves orchids and dark chocolate',
    ])
    expect(await lines('what could I buy for Bruno?')).toEqual([
      '- **No date**: Bruno wants a new bike helmet',
    ])
    expect(await lines('Christmas present ideas for Ana')).toEqual([
      '- **No date**: Ana loves orchids and dark chocolate',
    ])
    // Nobody to give it to: not a gift.
    expect(await lines('What do I need to buy?')).toEqual(['- **No date**: Buy milk and eggs'])
    expect(isGiftQuestion('What should I get for dinner?')).toBe(false)
    expect(isGiftQuestion('What should I present at the meeting?')).toBe(false)
  })

  it('answers what happened recently from what has happened, not from plans', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z')
    await t.factory.memory(user.id, { text: 'Buy a gift for Ana', date: '2027-05-12' })
    await t.factory.memory(user.id, { text: 'Bought new running shoes', date: '2026-11-20' })
    await t.factory.memory(user.id, { text: 'Bought a lamp', date: '2026-10-02' })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content
    expect(await answer('What did I buy recently?')).toBe(
      [
        "Here's what I found in your memories, newest first:",
        '',
        '- **November 20, 2026**: Bought new running shoes',
        '- **October 2, 2026**: Bought a lamp',
      ].join('\n'),
    )
    // What was saved is another question: the plan is one of them.
    expect(await answer('What did I note about buying recently?')).toContain('Buy a gift for Ana')
  })

  it('answers "my last run" newest first and "my next haircut" soonest first', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z')
    await t.factory.memory(user.id, { text: 'Bought new running shoes', date: '2026-11-20' })
    await t.factory.memory(user.id, { text: 'Ran 10 km', date: '2026-11-22' })
    await t.factory.memory(user.id, { text: 'Ran 5 km', date: '2026-11-17' })
    await t.factory.memory(user.id, { text: 'Haircut at the usual place', date: '2026-11-10' })
    await t.factory.memory(user.id, { text: 'Haircut with Rui', date: '2026-12-12' })
    await t.factory.memory(user.id, { text: 'Haircut voucher from Ana', date: null })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content

    expect((await answer('When was my last run?')).split('\n').slice(0, 3)).toEqual([
      "Here's what I found in your memories, newest first:",
      '',
      '- **November 22, 2026**: Ran 10 km',
    ])
    expect((await answer('When is my next haircut?')).split('\n').slice(0, 3)).toEqual([
      "Here's what I found in your memories, soonest first:",
      '',
      '- **December 12, 2026**: Haircut with Rui',
    ])
    // "Next week" names days; it does not order.
    expect(timeOrder('any haircut next week?')).toBeNull()
    expect(timeOrder('what did I do last weekend?')).toBeNull()
  })

  it('does not look for the words that only say when ("coming up", "soon")', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Pay the electricity bill by the 10th' })
    await t.factory.memory(user.id, { text: 'The plumber can come on Tuesdays' })
    const { answer } = await ask(user, 'What bills do I have coming up soon?')
    expect(answer.content.split('\n').slice(2)).toEqual([
      '- **No date**: Pay the electricity bill by the 10th',
    ])
  })

  it('keeps "every Monday" reminders once, on the first of those days, and says so', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday
    const { answer } = await ask(user, 'Remind me every Monday to water the plants', { assistant })
    expect(answer.content).toBe(
      [
        'Saved to your memories:',
        '',
        '> Water the plants every Monday',
        '',
        '- **Date:** Monday, November 30, 2026',
        '',
        "A memory is kept once, on that day: I don't repeat reminders.",
      ].join('\n'),
    )
    const daily = await ask(user, 'remind me every day to take my vitamins', { assistant })
    expect(daily.answer.content).toContain('> Take my vitamins every day')
  })

  it('reads a follow-up that names only someone as the question before it, about them', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z')
    await t.factory.memory(user.id, { text: "Ana's birthday is May 12" })
    await t.factory.memory(user.id, { text: 'Pedro was born on 30 January 1985' })
    await t.factory.memory(user.id, { text: "Rita's phone number is 912 345 678" })
    await t.factory.memory(user.id, { text: "Joao's number is 917 000 111" })
    const answer = async (message: string, before: string[]) =>
      (await ask(user, message, { assistant, before })).answer.content

    expect(await answer('and Pedro?', ["When is Ana's birthday?"])).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **Saturday, January 30, 2027 (in 65 days)**, turns 42: Pedro was born on 30 January 1985',
      ].join('\n'),
    )
    expect(await answer('What about Joao?', ["What's Rita's number?"])).toContain(
      "- **No date**: Joao's number is 917 000 111",
    )
    // A follow-up of a follow-up; and never a memory saved again.
    expect(await answer("how about Rita's?", ["What's Ana's number?", 'and Joao?'])).toContain(
      "- **No date**: Rita's phone number is 912 345 678",
    )
    expect(askedAgainFor('and Pedro?', 'Remember Ana likes tea')).toBeNull()
    expect(askedAgainFor('what about Christmas?', "When is Ana's birthday?")).toBeNull()
    expect(askedAgainFor('and Pedro?', 'What is on my shopping list?')).toBeNull()
  })

  it('reads "it", "her" and "him" in a follow-up as what or whom the question before asked about', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z')
    await t.factory.memory(user.id, {
      text: 'Car service at the garage on Rua Nova, 180 euros',
      date: '2026-12-10',
    })
    await t.factory.memory(user.id, { text: "Rita's phone number is 912 345 678" })
    await t.factory.memory(user.id, { text: "Rita's birthday is 3 April" })
    await t.factory.memory(user.id, { text: 'Rita loves orchids and dark chocolate' })
    await t.factory.memory(user.id, { text: 'Bruno was born on March 14, 1990' })
    const answer = async (message: string, before: string[]) =>
      (await ask(user, message, { assistant, before })).answer.content

    expect(await answer('how much is it?', ['When is the car service?'])).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **December 10, 2026**: Car service at the garage on Rua Nova, 180 euros',
      ].join('\n'),
    )
    expect(await answer('is it this week?', ['When is the car service?'])).toBe(
      [
        'I found nothing about **car service** for November 22–28. On other days:',
        '',
        '- **December 10, 2026**: Car service at the garage on Rua Nova, 180 euros',
      ].join('\n'),
    )
    expect((await answer('when is her birthday?', ["What's Rita's number?"])).split('\n')[2]).toBe(
      "- **Saturday, April 3, 2027 (in 128 days)**: Rita's birthday is 3 April",
    )
    // "Get her": what she likes, as "what should I get Rita?" finds it.
    expect((await answer('what should I get her?', ["When is Rita's birthday?"])).split('\n')[2]).toBe(
      '- **No date**: Rita loves orchids and dark chocolate',
    )
    expect((await answer('how old is he?', ["When is Bruno's birthday?"])).split('\n')[2]).toBe(
      '- **Sunday, March 14, 2027 (in 108 days)**, turns 37: Bruno was born on March 14, 1990',
    )
    // "Then", "that day": the day of what the question before asked about; after a "then", the one before.
    expect(await answer('how many days until then?', ['When is the car service?'])).toBe(
      '**14 days**, until Thursday, December 10, 2026.',
    )
    expect(
      await answer('which day of the week is that day?', [
        'When is the car service?',
        'how many days until then?',
      ]),
    ).toBe('December 10, 2026 is a Thursday, in 14 days.')
    expect(await answer('ok then, how many days until Christmas?', ['When is the car service?'])).toBe(
      '**29 days**, until Friday, December 25, 2026.',
    )
    // "The day after": today's or tomorrow's question, a day on.
    expect(askedAgainFor('and the day after?', "what's on tomorrow?")).toBe(
      "what's on the day after tomorrow?",
    )
    expect(askedAgainFor('the next day?', 'will it rain today?')).toBe('will it rain tomorrow?')
    expect(askedAgainFor('and the day after that?', 'what do I have on Friday?')).toBeNull()
    // A follow-up of a follow-up reads the question as resolved.
    expect(askedAgainFor('where is it?', 'when is car service?')).toBe('where is car service?')
    expect(askedAgainFor('and her number?', "When is Rita's birthday?")).toBe("and Rita's number?")
    // "It" that is nobody's, a question before that asked about nothing, a memory saved: left as they are.
    for (const own of ['what time is it?', 'is it raining?', 'what day is it?', 'is it a leap year?']) {
      expect(askedAgainFor(own, 'When is the car service?'), own).toBeNull()
    }
    expect(askedAgainFor('where is it?', "what's the weather?")).toBeNull()
    // "This week", "that morning": days, not what was asked about.
    expect(askedAgainFor('anything I need to remember this week?', 'What are my reminders?')).toBeNull()
    expect(askedAgainFor('what did I do that morning?', 'When is the car service?')).toBeNull()
    expect(askedAgainFor('is that this week?', 'When is the car service?')).toBe('is car service this week?')
    expect(askedAgainFor('where is it?', 'remember the car service on Friday')).toBeNull()
    expect(askedAgainFor('what should I get Ana for her birthday?', "What's Rita's number?")).toBeNull()
    expect(askedAgainFor('where is it?', "what's my next meeting?")).toBe("what's my next meeting?")
    expect(askedAgainFor('when was that?', 'how far did I run last week?')).toBe('when was run?')
    // "There": the place the question before named, for the weather or the time there.
    expect(askedAgainFor("what's the weather there?", 'When is my flight to Paris?')).toBe(
      "what's the weather in Paris?",
    )
    expect(askedAgainFor('will it rain there tomorrow?', 'when is my trip to New York?')).toBe(
      'will it rain in New York tomorrow?',
    )
    expect(askedAgainFor('what time is it there?', 'when is my flight to Tokyo?')).toBe(
      'what time is it in Tokyo?',
    )
    expect(askedAgainFor('what time is it there?', 'When is the car service?')).toBeNull()
    expect(askedAgainFor("what's the weather there?", 'what did I do in December?')).toBeNull()
  })

  it('adds up the distances, money or time the memories give: "how far did I run this week?"', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday: this week so far is November 22–26
    await t.factory.memory(user.id, { text: 'Ran 5 km in 28 minutes', date: '2026-11-24' })
    await t.factory.memory(user.id, { text: 'Ran 8.5 km along the river', date: '2026-11-25' })
    await t.factory.memory(user.id, { text: 'Ran 10 km with Ana', date: '2026-11-19' })
    await t.factory.memory(user.id, { text: 'New running shoes', date: '2026-11-23' })
    await t.factory.memory(user.id, { text: 'Groceries at Pingo Doce, 45.20 €', date: '2026-11-20' })
    await t.factory.memory(user.id, { text: 'Groceries 32 euros', date: '2026-11-25' })
    await t.factory.memory(user.id, { text: 'Dinner with Ana, paid $60', date: '2026-11-22' })
    await t.factory.memory(user.id, { text: 'Joao owes me 20 euros for the tickets', date: '2026-11-23' })
    await t.factory.memory(user.id, { text: 'Worked 7h30 on the report', date: '2026-11-23' })
    await t.factory.memory(user.id, { text: 'Worked 6 hours on the report', date: '2026-11-24' })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content

    expect(await answer('How far did I run this week?')).toBe(
      [
        '**13.5 km** in all, from 2 memories for November 22–26:',
        '',
        '- **November 25, 2026**: Ran 8.5 km along the river',
        '- **November 24, 2026**: Ran 5 km in 28 minutes',
      ].join('\n'),
    )
    expect((await answer('how many km did I run in November?')).split('\n')[0]).toBe(
      '**23.5 km** in all, from 3 memories for November 1–26:',
    )
    expect((await answer('how much did I spend on groceries this month?')).split('\n')[0]).toBe(
      '**€77.20** in all, from 2 memories for November 1–26:',
    )
    // With nothing named to look for, the days' memories that give an amount; what came in is not spent.
    expect(await answer('how much did I spend this week?')).toBe(
      [
        '**€32** and **$60** in all, from 2 memories for November 22–26:',
        '',
        '- **November 25, 2026**: Groceries 32 euros',
        '- **November 22, 2026**: Dinner with Ana, paid $60',
      ].join('\n'),
    )
    expect((await answer('how much money do people owe me?')).split('\n')[0]).toBe('**€20**, from 1 memory:')
    // Nothing named: all the newest memories give; spent, so nothing dated ahead (a bill due on the 30th).
    await t.factory.memory(user.id, { text: 'Electricity bill due, 64 euros', date: '2026-11-30' })
    expect((await answer('How much have I spent in total?')).split('\n')[0]).toBe(
      '**€77.20** and **$60** in all, from 3 memories:',
    )
    expect((await answer('how much will the electricity bill cost?')).split('\n')[0]).toBe(
      '**€64**, from 1 memory:',
    )
    expect((await answer('How many hours did I work on the report?')).split('\n')[0]).toBe(
      '**13 h 30 min** in all, from 2 memories:',
    )
    // Memories that give no amount: as any search shows them.
    expect(await answer('how much were the running shoes?')).toBe(
      ["Here's what I found in your memories:", '', '- **November 23, 2026**: New running shoes'].join('\n'),
    )
  })

  it('asks "did you mean …?" with the words the memories use when a misspelt search finds nothing', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Dentist appointment with Dr. Silva', date: '2026-12-03' })
    await t.factory.memory(user.id, { text: 'Marta is allergic to peanuts' })
    const { answer } = await ask(user, 'When is the dentsit?')
    expect(answer.content).toBe(
      [
        'I found nothing about **dentsit**. Did you mean **dentist**?',
        '',
        '- **December 3, 2026**: Dentist appointment with Dr. Silva',
      ].join('\n'),
    )
    expect(answer.activity.map((a) => a.summary)).toEqual([
      "Searched memories for 'dentsit'",
      "Searched memories for 'dentist'",
    ])
    expect(answer.citations.map((c) => c.excerpt)).toEqual(['Dentist appointment with Dr. Silva'])
    expect((await ask(user, 'Who is Marat?')).answer.content).toContain('Did you mean **marta**?')
    // Nothing close: nothing to suggest.
    expect((await ask(user, 'When is the zanzibar trip?')).answer.content).toBe(
      "I couldn't find anything about **zanzibar trip** in your memories. To save something, start a message with “Remember”.",
    )
  })

  it("ranks the memories about whose number is asked above another's", async () => {
    const user = await t.createUser()
    // Rita's the newer, holding two of the words looked for ("number", and "phone" for it).
    await t.factory.memory(user.id, { text: 'The plumber Joao can come on Tuesdays, 917 000 111' })
    await t.factory.memory(user.id, { text: "Rita's phone number is +351 912 345 678" })
    const { answer } = await ask(user, "What's the plumber's number?")
    expect(answer.content.split('\n').slice(2)).toEqual([
      '- **No date**: The plumber Joao can come on Tuesdays, 917 000 111',
      "- **No date**: Rita's phone number is +351 912 345 678",
    ])
  })

  it('lists what was noted on the days a question names, or the newest when it asks for its notes', async () => {
    const user = await t.createUser()
    // Wednesday 25 November 2026: yesterday is the 24th, last week 15–21 November.
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    await t.factory.memory(user.id, { text: 'Booked the car service', date: '2026-11-24' })
    await t.factory.memory(user.id, {
      text: 'Undated idea, written yesterday: a herb garden',
      date: null,
      createdAt: new Date('2026-11-24T09:00:00Z'),
    })
    await t.factory.memory(user.id, { text: 'Paid the electricity bill', date: '2026-11-25' })

    const yesterday = await ask(user, 'What happened yesterday?', { assistant })
    expect(yesterday.answer.content).toBe(
      [
        'Your memories for yesterday, newest first:',
        '',
        '- **November 24, 2026**: Booked the car service',
        '- **No date**: Undated idea, written yesterday: a herb garden',
      ].join('\n'),
    )
    expect(yesterday.answer.activity).toEqual([
      { tool: 'search_memories', summary: 'Looked for memories dated yesterday' },
    ])

    // One memory in each span, and the span names only it.
    for (const [question, text, date, heading, shown] of [
      // Last weekend: Saturday 21 and Sunday 22 November.
      [
        'What did I do last weekend?',
        'Hiked the Sintra trail',
        '2026-11-22',
        'November 21–22',
        'November 22, 2026',
      ],
      // Last month: October, all of it.
      ['What happened last month?', 'Paid the October rent', '2026-10-01', 'October 1–31', 'October 1, 2026'],
      // This weekend: Saturday 28 and Sunday 29 November, both.
      [
        'What did I note for this weekend?',
        'Market stall on Sunday',
        '2026-11-29',
        'November 28–29',
        'November 29, 2026',
      ],
    ] as const) {
      await t.factory.memory(user.id, { text, date })
      expect((await ask(user, question, { assistant })).answer.content, question).toBe(
        [`Your memories for ${heading}, newest first:`, '', `- **${shown}**: ${text}`].join('\n'),
      )
    }
    expect((await ask(user, 'what happened last week?', { assistant })).answer.content).toBe(
      'You have no memories for November 15–21.',
    )
    const newest = await ask(user, 'Show me my notes', { assistant })
    expect(newest.answer.content.split('\n')[0]).toBe('Your newest memories:')
    expect(newest.answer.content.indexOf('electricity')).toBeLessThan(
      newest.answer.content.indexOf('car service'),
    )
    expect((await ask(user, 'What is it?', { assistant })).answer.content).toMatch(
      /^I'm not sure what to look for\./,
    )
    expect((await ask(user, 'show my memories', { assistant })).answer.content.split('\n')[0]).toBe(
      'Your newest memories:',
    )
    // Asked for the newest in other words, questions or not: the ones saved last, whatever their day (not
    // a search for "recently" or "new"). Saved last here: a note for next year.
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)
    await t.factory.memory(user.id, {
      text: 'Renew the lease in 2028',
      date: '2028-01-10',
      createdAt: later(1),
    })
    await t.factory.memory(user.id, { text: 'Ana says hi', date: '2026-10-01', createdAt: later(2) })
    for (const message of [
      'what did I write recently?',
      "What's new?",
      'my latest memories',
      "what's on my mind lately?",
    ]) {
      const recent = await ask(user, message, { assistant })
      expect(recent.answer.content.split('\n').slice(0, 4), message).toEqual([
        'The memories you saved most recently:',
        '',
        '- **October 1, 2026**: Ana says hi',
        '- **January 10, 2028**: Renew the lease in 2028',
      ])
      expect(recent.answer.activity, message).toEqual([
        { tool: 'search_memories', summary: 'Looked through the memories saved most recently' },
      ])
    }
    // With something to look for, the recency words are left out of the search.
    const about = await ask(user, "what's new with the car?", { assistant })
    expect(about.answer.content).toBe(
      ["Here's what I found in your memories:", '', '- **November 24, 2026**: Booked the car service'].join(
        '\n',
      ),
    )
  })

  it('lists the memories with the tags a message names, and counts those not shown', async () => {
    const user = await t.createUser()
    for (let i = 1; i <= 12; i++) {
      await t.factory.memory(user.id, {
        text: `Family note ${i}${i === 3 ? ' about Marta' : ''}`,
        tags: ['Family'],
        date: `2026-10-${String(i).padStart(2, '0')}`,
      })
    }
    await t.factory.memory(user.id, { text: 'Garden plan: tomatoes', tags: ['garden'], date: '2026-10-20' })
    await t.factory.memory(user.id, { text: 'The garden needs a new fence', tags: [], date: '2026-10-21' })

    const family = await ask(user, 'Show my family memories')
    const lines = family.answer.content.split('\n')
    expect(lines[0]).toBe('Your memories tagged #Family, newest first:')
    expect(lines.filter((l) => l.startsWith('- '))).toHaveLength(10)
    expect(lines[2]).toBe('- **October 12, 2026**: Family note 12 _(#Family)_')
    expect(lines.at(-1)).toBe('These are the newest 10 of 12; choose the tag under Memories to see them all.')
    expect(family.answer.activity).toEqual([
      { tool: 'search_memories', summary: 'Looked for memories tagged #Family' },
    ])

    const marta = await ask(user, 'anything tagged #family about Marta?')
    expect(marta.answer.content).toBe(
      [
        'Your memories tagged #family about **marta**, best match first:',
        '',
        '- **October 3, 2026**: Family note 3 about Marta _(#Family)_',
      ].join('\n'),
    )
    expect((await ask(user, 'notes tagged work')).answer.content).toBe('You have no memories tagged #work.')
    expect((await ask(user, 'What are my tags?')).answer.content).toBe(
      'Your tags, most used first: #Family (12), #garden (1).',
    )
    // "Show my garden" is a search too: it finds the memories tagged garden and those that say it.
    const shown = await ask(user, 'show my garden')
    expect(shown.answer.content).toMatch(/^Here's what I found in your memories, best match first:/)
    expect(shown.answer.content).toContain('Garden plan: tomatoes _(#garden)_')
    expect(shown.answer.content).toContain('The garden needs a new fence')
    // Not a tag list: the garden question is a search, and finds the untagged memory too.
    const garden = await ask(user, 'What did I note about the garden?')
    expect(garden.answer.content).toContain('The garden needs a new fence')
    expect(garden.answer.content).toContain('Garden plan: tomatoes')
  })

  it('says how to make tags when there are none', async () => {
    const user = await t.createUser()
    expect((await ask(user, 'list my tags')).answer.content).toMatch(/^You have no tags yet\./)
  })

  // Issue 32: a memory found is proposed for deleting (proposals.test.ts, offline-proposals.test.ts apply it).
  it('proposes deleting the memory it probably means, and deletes nothing', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Wifi password for the cabin is pinecone42', date: null })
    const { answer } = await ask(user, 'Please delete the wifi memory')
    expect(answer.content).toBe(
      [
        'Delete this memory? Press **Delete** below to delete it, or **Keep** to leave it.',
        '',
        '- **No date**: Wifi password for the cabin is pinecone42',
      ].join('\n'),
    )
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(1)
    expect((await ask(user, 'Forget it')).answer.content).not.toContain("I can't change or delete")
  })

  it('says plainly when nothing matches', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Bought new running shoes' })
    const { answer } = await ask(user, 'What is the name of my piano teacher?')
    expect(answer.content).toMatch(/couldn't find anything about \*\*name piano teacher\*\* in your memories/)
    expect(answer.citations).toEqual([])
    // A single digit is not looked for: as typed, "2" is the start of every "2027".
    await t.factory.memory(user.id, { text: 'My passport expires on 14 March 2027' })
    const digit = await ask(user, 'what about 2?')
    expect(digit.answer.content).toMatch(/^I'm not sure what to look for\./)
    expect(digit.answer.citations).toEqual([])
    const found = await ask(user, 'what happens in 2027?')
    expect(found.answer.content).toContain('My passport expires on 14 March 2027')
  })

  it('says what it knows about the user: name, how many memories, tags and the newest', async () => {
    const user = await t.createUser({ name: 'Ana Silva' })
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    expect((await ask(user, 'What do you know about me?', { assistant })).answer.content).toBe(
      "You're **Ana Silva**, and you haven't asked me to remember anything yet. To save a memory, start a message with “Remember”: “Remember that Ana's birthday is on May 12 #family”.",
    )
    for (let day = 1; day <= 6; day++) {
      await t.factory.memory(user.id, {
        text: `Note ${day}`,
        date: `2026-11-0${day}`,
        tags: day > 4 ? ['work'] : [],
        createdAt: new Date(`2026-11-0${day}T12:00:00Z`),
      })
    }
    await t.factory.memory(user.id, {
      text: 'Passport renewed',
      date: '2025-01-10',
      tags: ['travel'],
      createdAt: new Date('2026-11-20T12:00:00Z'),
    })
    for (const question of ['what do you know about me?', 'Tell me about myself', 'What do you remember?']) {
      const { answer } = await ask(user, question, { assistant })
      expect(answer.content, question).toBe(
        [
          "You're **Ana Silva**, and you have **7** memories, 6 of them from the last 30 days.",
          'Your tags, most used first: #work (2), #travel (1).',
          '',
          // Saved last first, whatever their day: the passport was saved after the notes.
          'The ones you saved most recently:',
          '',
          '- **January 10, 2025**: Passport renewed _(#travel)_',
          ...[6, 5, 4, 3].map(
            (day) => `- **November ${day}, 2026**: Note ${day}${day > 4 ? ' _(#work)_' : ''}`,
          ),
          '',
          'Ask me about any of them, or “What did I save this week?”.',
        ].join('\n'),
      )
      expect(answer.citations.map((c) => c.excerpt)).toEqual([
        'Passport renewed',
        'Note 6',
        'Note 5',
        'Note 4',
        'Note 3',
      ])
    }
  })

  it('answers help, greetings (by first name) and anything else with what it can do', async () => {
    const user = await t.createUser({ name: 'Ana Silva' })
    expect((await ask(user, 'What can you do?')).answer.content).toBe(HELP)
    expect((await ask(user, 'help')).answer.content).toBe(HELP)
    expect((await ask(user, 'Hello!')).answer.content).toMatch(
      /^Hello, Ana! You can ask me to remember .* Say “brief me” for today's weather, events and reminders\.$/,
    )
    expect((await ask(user, 'thanks')).answer.content).toBe("You're welcome!")
    expect((await ask(user, "What's my name?")).answer.content).toBe(`You're **Ana Silva** (${user.email}).`)
    expect((await ask(user, 'How are you?')).answer.content).toMatch(
      /^I'm well, thank you for asking! You can ask/,
    )
    // Answers to nothing it asked: a short reply, not the whole help.
    for (const said of ['ok', 'Got it!', 'yes please', 'no thanks', 'Cool.', 'lol', 'hmm', 'sorry']) {
      expect((await ask(user, said)).answer.content, said).toMatch(/^All right\. You can ask me to remember/)
    }
    expect((await ask(user, 'ok, thanks')).answer.content).toBe("You're welcome!")
    for (const said of ['Well done!', 'good job', "you're the best", 'That was helpful, thanks']) {
      expect((await ask(user, said)).answer.content, said).toBe('Thank you, glad to help!')
    }
    // Words that only lead in do not change what is asked.
    expect((await ask(user, 'sorry, what can you do?')).answer.content).toBe(HELP)
    expect((await ask(user, 'ok so what is my name?')).answer.content).toBe(
      `You're **Ana Silva** (${user.email}).`,
    )
    for (const said of ['bye', 'Good night!', 'see you tomorrow', 'thanks, bye']) {
      expect((await ask(user, said)).answer.content, said).toBe(
        'Bye for now! Your memories are here whenever you need them.',
      )
    }
    const other = await ask(user, 'Write me a poem')
    expect(other.answer.content).toContain("I can't answer that without a language model")
    expect(other.answer.content).toContain('**Save a memory**')

    await t.factory.memory(user.id, { text: 'Poem ideas: the sea at Nazaré' })
    const related = await ask(user, 'Write me a poem')
    expect(related.answer.content).toContain('these memories look related')
    expect(related.answer.content).toContain('the sea at Nazaré')
  })

  // Issue 32: the memory it may correct gets a proposal (applied under the answer, not here).
  it('answers a correction ("actually, …") by proposing it for the memory it may correct', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: "My sister Ana's birthday is June 4", date: '2027-06-04' })
    const corrected = await ask(user, "Actually, Ana's birthday is June 5")
    expect(corrected.answer.content).toBe(
      [
        "Change it to “Ana's birthday is June 5”? Press **Apply** below, or **Keep** to leave it.",
        '',
        "- **June 4, 2027**: My sister Ana's birthday is June 4",
      ].join('\n'),
    )
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(1)
    // Nothing named to keep; and "no" that answers nothing, or leads a question, is not a correction.
    expect((await ask(user, "no, it's on Friday")).answer.content).toBe(
      "I can't change memories. If this corrects one, open **Memories** and use that memory's pencil button to edit it.",
    )
    expect((await ask(user, 'no thanks')).answer.content).toMatch(/^All right\./)
    expect((await ask(user, "no, when is Ana's birthday?")).answer.content).toMatch(/^Here's what I found/)
    // The statement hint lowers "My" (and keeps a name's capital, as above).
    expect((await ask(user, 'My car is a blue Fiat')).answer.content).toBe(
      "I haven't saved that. To keep it as a memory, send: “Remember my car is a blue Fiat”.",
    )
  })

  it('introduces itself once per conversation, saying how to connect a model', async () => {
    const user = await t.createUser()
    const first = await ask(user, 'hi', { offlineIntroduced: false })
    expect(first.answer.content).toContain(OFFLINE_INTRODUCTION)
    expect(first.answer.content).toContain('without a language model')
    expect(first.answer.content).toContain('`AI_PROVIDER`')
    const later = await ask(user, 'hi', { offlineIntroduced: true })
    expect(later.answer.content).not.toContain('without a language model')
    expect(later.answer.content).not.toContain(FALLBACK_NOTE)
  })

  it('streams its reply as a few delta events that add up to the answer, and reports tool activity', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Ana loves tulips' })
    await t.factory.memory(user.id, { text: 'Ana plays the cello' })
    const { answer, deltas, events } = await ask(user, 'What do I know about Ana?', {
      offlineIntroduced: false,
    })
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe(answer.content)
    expect(events[0]).toEqual({
      type: 'activity',
      status: 'started',
      activity: { tool: 'search_memories', summary: "Searched memories for 'ana'" },
    })
    expect(events[1]).toMatchObject({ type: 'activity', status: 'finished' })
    expect(events.slice(2).every((e) => e.type === 'delta')).toBe(true)
  })

  it('answers nothing and saves nothing once the request was already aborted', async () => {
    const user = await t.createUser()
    const controller = new AbortController()
    controller.abort()
    const { answer } = await ask(user, 'remember the milk', { signal: controller.signal })
    expect(answer).toMatchObject({ content: '', stopped: true, mode: 'offline' })
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(0)
  })
})

describe('the offline assistant on weather', () => {
  async function userWithWeather(fields: { isEnabled?: boolean } = {}) {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      isEnabled: fields.isEnabled ?? true,
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    return user
  }

  it('tells the weather at a place named, found by the geocoder, without changing the location', async () => {
    const user = await userWithWeather()
    const porto = await ask(user, "What's the weather in Porto?")
    expect(porto.answer.content).toMatch(/^\*\*Weather for today in Porto:\*\* /)
    expect(porto.answer.calls).toEqual([
      { tool: 'get_weather', args: { date: todayIn('UTC'), place: 'Porto' } },
    ])
    expect(porto.answer.activity).toEqual([
      { tool: 'get_weather', summary: 'Checked the weather for today in Porto' },
    ])
    const paris = await ask(user, 'will it rain in Paris tomorrow?')
    expect(paris.answer.content).toMatch(/\*\*Weather for tomorrow in Paris:\*\* /)
    // "And Honolulu?": the question before, there.
    const again = await ask(user, 'and Honolulu?', { before: ["What's the weather in Porto?"] })
    expect(again.answer.content).toMatch(/^\*\*Weather for today in Honolulu:\*\* /)
    expect((await ask(user, "What's the weather in Atlantis?")).answer.content).toBe(
      "I couldn't get the weather: Could not find location 'Atlantis'",
    )
    // The user's own location is as it was.
    expect((await ask(user, "What's the weather like?")).answer.content).toMatch(
      /^\*\*Weather for today in Lisbon:\*\* /,
    )
    expect(weatherPlace('Will it rain in the morning?')).toBeNull()
    expect(weatherPlace('forecast for Saturday')).toBeNull()
    expect(weatherPlace('will it rain in New York tomorrow?')).toBe('New York')
  })

  it('answers what a question asks to decide first: rain or not, an umbrella, what to wear', async () => {
    const user = await userWithWeather()
    const lead = async (message: string) => (await ask(user, message)).answer.content.split('\n')[0]
    expect(await lead('Will it rain tomorrow?')).toBe('**Probably not**: 10% chance of rain tomorrow.')
    expect(await lead('Should I bring an umbrella tomorrow?')).toBe(
      '**Probably not**: only a 10% chance of rain tomorrow.',
    )
    // Several days (not "this week", which is today alone on a Saturday).
    expect(await lead('Is it going to rain in the next few days?')).toBe('**Rain is likely** today (80%).')
    // Next week: the fake's rain is today's only (this weekend is today on a Sunday).
    expect(await lead('Do I need an umbrella next week?')).toBe(
      '**No rain expected**: at most a 10% chance on any of these days.',
    )
    expect(await lead('What should I wear today?')).toBe(
      '**Wear a coat or a warm jacket**, and take an umbrella today.',
    )
    // About one thing to wear: yes or no, with the day's temperatures.
    expect(await lead('Do I need a coat tomorrow?')).toBe('**Yes**: between 8°C and 15°C tomorrow.')
    expect(await lead('should I take my gloves today?')).toBe('**Probably not**: between 8°C and 15°C today.')
    // The forecast follows, without telling the umbrella twice.
    const rain = (await ask(user, 'Will it rain today?')).answer.content
    expect(rain).toMatch(
      /^\*\*Yes, probably\*\*: 80% chance of rain today\.\n\n\*\*Weather for today in Lisbon:\*\* /,
    )
    expect(rain).not.toContain('Take an umbrella.')
    // The weather itself decides nothing.
    expect(await lead("What's the weather like?")).toMatch(
      /^\*\*Weather for today in Lisbon:\*\* .*Take an umbrella\.$/,
    )
  })

  it('answers when the rain stops or comes, whether a day suits being outdoors or is sunny, and the warmest day', async () => {
    const user = await userWithWeather()
    const today = todayIn('UTC')
    const lead = async (message: string) => (await ask(user, message)).answer.content.split('\n')[0]
    const named = (offset: number) => formatDay(addDays(today, offset), { weekday: true, today })
    // The fake forecast: light rain today (80%), then partly cloudy days (10%), each a little warmer by
    // day and colder by night.
    expect(await lead('When will it stop raining?')).toBe('**Tomorrow looks dry**: 10% chance of rain.')
    expect(await lead('when is it going to rain?')).toBe('**Today**: 80% chance of rain.')
    expect(await lead('is tomorrow a good day for a run?')).toBe(
      '**Yes**: 10% chance of rain tomorrow, between 8°C and 15°C.',
    )
    expect(await lead('should I hang the washing out today?')).toBe(
      '**Probably not**: 80% chance of rain today.',
    )
    expect(await lead('Will it be sunny tomorrow?')).toBe('**Partly**: partly cloudy tomorrow.')
    expect(await lead('will it be sunny today?')).toBe('**Probably not**: light rain today.')
    // With no day named, the coming week.
    expect(await lead('Which day will be the warmest?')).toBe(
      `**${named(6)}** is the warmest of these days: up to 16°C.`,
    )
    expect(await lead("what's the coldest day?")).toBe(
      `**${named(6)}** is the coldest of these days: down to 8°C.`,
    )
    expect(await lead('the driest day this week?')).toMatch(
      /^\*\*(?:Tomorrow|.+)\*\* is the driest of these days: 10% chance of rain\.$/,
    )
    // Several days: the good ones (next week: all seven, the fake's rain being today's).
    expect(await lead('should I go hiking next week?')).toMatch(
      /^\*\*[^*]+ look best\*\*: rain unlikely \(10%, 10%, 10%, 10%, 10%, 10% and 10%\)\.$/,
    )
    expect(weatherDecision('is it a good weekend for a hike?')).toBe('outdoors')
    // What decides what, and what is no weather question at all.
    const decisions: Array<[string, ReturnType<typeof weatherDecision>]> = [
      ['when does the rain stop?', 'stop'],
      ['when will it be dry again?', 'stop'],
      ['next rainy day?', 'next rain'],
      ['what is the hottest day this week?', 'warmest'],
      ['rainiest day of the week?', 'wettest'],
      ['should I go running?', 'outdoors'],
      ['can we have a barbecue on Sunday?', 'outdoors'],
      ['nice weather for a bike ride tomorrow?', 'outdoors'],
      ['will there be sunshine on Saturday?', 'sunny'],
      ['will it rain tomorrow?', 'rain'],
    ]
    for (const [question, decision] of decisions) {
      expect(isWeatherTopic(question), question).toBe(true)
      expect(weatherDecision(question), question).toBe(decision)
    }
    for (const question of [
      'is it a good time to call Ana?',
      'should I go to the dentist?',
      'when did I run?',
    ]) {
      expect(isWeatherTopic(question), question).toBe(false)
    }
  })

  it('tells today’s weather at the home location, with an umbrella on a rainy day', async () => {
    const user = await userWithWeather()
    const { answer, activity } = await ask(user, 'Do I need an umbrella today?')
    expect(answer.content).toContain('**Weather for today in Lisbon:**')
    expect(answer.content).toContain('12°C now')
    expect(answer.content).toContain('80% chance of rain')
    expect(answer.content.split('\n')[0]).toBe('**Yes**, take one: 80% chance of rain today.')
    expect(answer.activity).toEqual([{ tool: 'get_weather', summary: 'Checked the weather for today' }])
    expect(activity.map((a) => a.status)).toEqual(['started', 'finished'])
    expect(answer.calls).toEqual([{ tool: 'get_weather', args: { date: todayIn('UTC') } }])
  })

  it('reads "how cold is it?" and "what should I wear?" as weather questions', async () => {
    const user = await userWithWeather()
    for (const question of [
      'How cold is it?',
      'is it going to be hot tomorrow?',
      'What should I wear today?',
      'do I need a coat?',
      'Should I bring my sunglasses tomorrow?',
    ]) {
      const { answer } = await ask(user, question)
      // What to wear is answered first, then the forecast.
      expect(answer.content, question).toMatch(
        /^(?:\*\*(?:Wear|Yes).*\n\n)?\*\*Weather for (?:today|tomorrow) in Lisbon:\*\* /,
      )
    }
    // Not the weather: the words are about something else.
    await t.factory.memory(user.id, { text: 'The blue coat is at the dry cleaner', date: null })
    for (const question of ['Where is my coat?', 'How hot should the oven be for bread?']) {
      const { answer } = await ask(user, question)
      expect(
        answer.calls.map((c) => c.tool),
        question,
      ).toEqual(['search_memories'])
    }
  })

  it('tells the times of sunrise and sunset, and the daylight between', async () => {
    const user = await userWithWeather()
    // The fake's sun rises at 07:38 on the place's today, a minute later each day, and sets at 17:15, a minute earlier.
    const offset = daysBetween(todayIn('Europe/Lisbon'), todayIn('UTC'))
    const tomorrow = await ask(user, 'What time does the sun rise tomorrow?')
    expect(tomorrow.answer.content).toBe(
      `**Sunrise and sunset for tomorrow in Lisbon:** 07:${39 + offset} and 17:${14 - offset}, 9 h ${35 - 2 * offset} min of daylight.`,
    )
    expect(tomorrow.answer.calls).toEqual([
      { tool: 'get_weather', args: { date: addDays(todayIn('UTC'), 1) } },
    ])
    for (const question of ["When's sunset?", 'when does it get dark?', 'what time is sunrise today']) {
      expect((await ask(user, question)).answer.content, question).toMatch(
        /^\*\*Sunrise and sunset for today in Lisbon:\*\* 07:3\d and 17:1\d, 9 h 3\d min of daylight\.$/,
      )
    }
    // A memory about a sunset is not a question about one.
    const told = await ask(user, 'remember the sunset at Cabo da Roca was amazing')
    expect(told.answer.calls.map((c) => c.tool)).toEqual(['create_memory'])
  })

  it('reads a follow-up that names only a day as the question before it, for that day', async () => {
    const user = await userWithWeather()
    const today = todayIn('UTC')
    const tomorrow = await ask(user, 'and tomorrow?', { before: ['Will it rain today?'] })
    expect(tomorrow.answer.content).toMatch(
      /^\*\*Probably not\*\*: 10% chance of rain tomorrow\.\n\n\*\*Weather for tomorrow in Lisbon:\*\* /,
    )
    // A follow-up of a follow-up: the same question again.
    const weekday = formatDay(addDays(today, 3), { weekday: true }).split(',')[0]!
    const later = await ask(user, `what about ${weekday}?`, {
      before: ['Will it rain today?', 'and tomorrow?'],
    })
    expect(later.answer.calls).toEqual([{ tool: 'get_weather', args: { date: addDays(today, 3) } }])
    const sun = await ask(user, 'And tomorrow?', { before: ['When is sunset?'] })
    expect(sun.answer.content).toMatch(/^\*\*Sunrise and sunset for tomorrow in Lisbon:\*\* /)
    // After a question about no days, "and tomorrow?" is a question of its own (what tomorrow holds).
    const own = await ask(user, 'and tomorrow?', { before: ["When is Ana's birthday?"] })
    expect(own.answer.calls.map((c) => c.tool)).not.toContain('get_weather')
    expect(own.answer.content).toBe((await ask(user, 'and tomorrow?')).answer.content)
  })

  it('puts the day of a follow-up where the question had one', () => {
    for (const [said, before, asked] of [
      ['and tomorrow?', 'will it rain today?', 'will it rain tomorrow?'],
      ['What about Saturday?', "what's the weather on Friday?", "what's the weather Saturday?"],
      ['how about next week', 'Any meetings this week?', 'Any meetings next week?'],
      ['and on Friday?', "What's the weather?", "What's the weather on Friday?"],
      ['and Thursday next week?', "what's my first meeting today?", "what's my first meeting next Thursday?"],
      ['and December 3?', 'what do I have on 1 December?', 'what do I have December 3?'],
    ]) {
      expect(askedAgainFor(said!, before), said).toBe(asked)
    }
    expect(askedAgainFor('and tomorrow?', "When is Ana's birthday?")).toBeNull()
    expect(askedAgainFor('and Friday?', 'remember to take an umbrella tomorrow')).toBeNull()
    expect(askedAgainFor('and Friday?', 'I have a meeting tomorrow')).toBeNull()
    expect(askedAgainFor('and the dentist?', 'will it rain today?')).toBeNull()
    expect(askedAgainFor('tomorrow', undefined)).toBeNull()
  })

  it('tells tomorrow’s, a weekday’s and this week’s forecast', async () => {
    const user = await userWithWeather()
    const today = todayIn('UTC')
    const tomorrow = await ask(user, 'will it rain tomorrow?')
    expect(tomorrow.answer.content).toContain('**Weather for tomorrow in Lisbon:**')
    expect(tomorrow.answer.content).toContain('10% chance of rain')
    expect(tomorrow.answer.activity[0]?.summary).toBe('Checked the weather for tomorrow')

    const week = await ask(user, "what's the weather this week")
    expect(week.answer.content).toContain('**Weather in Lisbon:**')
    expect(week.answer.content).toContain('- Today:')

    const weekday = formatDay(addDays(today, 3), { weekday: true }).split(',')[0]!
    const named = await ask(user, `weather on ${weekday}`)
    expect(named.answer.calls).toEqual([{ tool: 'get_weather', args: { date: addDays(today, 3) } }])
  })

  it('says the weather source is off, and what failed when Open-Meteo is down, without throwing', async () => {
    const off = await userWithWeather({ isEnabled: false })
    const offAnswer = await ask(off, "What's the weather like?")
    expect(offAnswer.answer.content).toBe(
      "I couldn't get the weather: The weather data source is turned off; turn it on under Data Sources.",
    )
    expect(offAnswer.answer.activity).toEqual([
      {
        tool: 'get_weather',
        summary:
          'Could not check the weather for today: The weather data source is turned off; turn it on under Data Sources.',
      },
    ])

    const on = await userWithWeather()
    meteo.down = true
    const down = await ask(on, "What's the weather like?")
    expect(down.answer.content).toMatch(/^I couldn't get the weather: \S/)
    expect(down.answer.activity[0]?.summary).toMatch(/^Could not check the weather for today: /)
  })
})

describe('the offline assistant on the day', () => {
  it('gives the daily briefing when asked, as the dashboard writes it, from the same facts', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    await t.factory.memory(user.id, { text: 'Water the plants', date: todayIn('UTC') })
    await t.factory.memory(user.id, { text: 'Review the client brief', date: null })

    const { answer } = await ask(user, 'Brief me')
    const dashboard = await user.api.get<{ content: string; source: string }>('/api/dashboard/briefing')
    expect(dashboard.body.source).toBe('offline')
    expect(answer.content).toBe(dashboard.body.content)
    expect(answer.content).toMatch(/^## Good day/)
    expect(answer.content).toContain('### Weather\n\nIn Lisbon, Portugal: light rain, high 15°C, low 8°C')
    expect(answer.content).toContain('- **09:00–09:30** Team standup')
    expect(answer.content).toContain('**Today**\n\n- Water the plants')

    for (const asked of [
      "What's my briefing?",
      'give me my daily summary',
      'Catch me up',
      'summary of my day',
    ]) {
      expect((await ask(user, asked)).answer.content, asked).toBe(answer.content)
    }
    // A brief that is not the day's: a search.
    expect((await ask(user, "What's in the client brief?")).answer.content).toContain(
      '- **No date**: Review the client brief',
    )
  })
})

describe('the offline assistant on the calendar', () => {
  async function userWithCalendar(icsUrl: string, isEnabled = true) {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'calendar', { isEnabled, configuration: { icsUrl } })
    return user
  }

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

  it('reads the time an availability question asks about', () => {
    expect(availabilityTime('Am I free at 3pm tomorrow?')).toBe(15 * 60)
    expect(availabilityTime('am i busy at 10:30')).toBe(10 * 60 + 30)
    expect(availabilityTime('Are we free at 12 a.m.?')).toBe(0)
    expect(availabilityTime('will I be available at noon on Friday?')).toBe(12 * 60)
    expect(availabilityTime('do I have a meeting at 7?')).toBe(7 * 60)
    // Asked today after the morning's 7 o'clock: the evening's; 07:00 when it is still to come.
    expect(availabilityTime('am I free at 7?', 15 * 60)).toBe(19 * 60)
    expect(availabilityTime('am I free at 7:30?', 6 * 60)).toBe(7 * 60 + 30)
    expect(availabilityTime('am I free at 7am?', 15 * 60)).toBe(7 * 60)
    // The calendar is the user's: not Marta's.
    expect(availabilityTime('is Marta free at 7?')).toBeNull()
    expect(availabilityTime('am I free at 4')).toBe(16 * 60)
    expect(availabilityTime('am I free at 25:00')).toBeNull()
    expect(availabilityTime('am I free on Friday?')).toBeNull()
    expect(availabilityTime('what is at 3pm?')).toBeNull()
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

  it('lists and counts the memories saved on the days a question names, whatever day they are for', async () => {
    // Wednesday 25 November 2026, 07:00 in New York; this week began on Sunday the 22nd.
    const user = await t.createUser({ timezone: 'America/New_York' })
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    const memory = (text: string, date: string | null, savedAt: string) =>
      t.factory.memory(user.id, { text, date, createdAt: new Date(savedAt) })
    await memory('Dentist on December 3', '2026-12-03', '2026-11-24T18:00:00Z')
    await memory('Undated idea: a herb garden', null, '2026-11-24T09:00:00Z')
    await memory('Booked the car service', '2026-11-24', '2026-11-20T10:00:00Z')
    await memory('Pay the rent on Monday', '2026-11-30', '2026-11-25T08:00:00Z')
    // Saved at 22:30 on Saturday the 21st in New York (Sunday in UTC): last week's, not this week's.
    await memory('Late note from Saturday', null, '2026-11-22T03:30:00Z')

    const yesterday = await ask(user, 'What did I save yesterday?', { assistant })
    expect(yesterday.answer.content).toBe(
      [
        'The memories you saved yesterday, newest first:',
        '',
        '- **December 3, 2026**: Dentist on December 3',
        '- **No date**: Undated idea: a herb garden',
      ].join('\n'),
    )
    expect(yesterday.answer.activity).toEqual([
      { tool: 'search_memories', summary: 'Looked for memories saved yesterday' },
    ])
    const week = await ask(user, 'what have I added this week?', { assistant })
    expect(week.answer.content.split('\n')).toEqual([
      'The memories you saved since Sunday, November 22, newest first:',
      '',
      '- **November 30, 2026**: Pay the rent on Monday',
      '- **December 3, 2026**: Dentist on December 3',
      '- **No date**: Undated idea: a herb garden',
    ])
    expect((await ask(user, 'How many memories did I save this week?', { assistant })).answer.content).toBe(
      'You saved **3** memories since Sunday, November 22.',
    )
    expect((await ask(user, 'how many notes did I write today?', { assistant })).answer.content).toBe(
      'You saved **1** memory today.',
    )
    expect((await ask(user, 'What did I write last week?', { assistant })).answer.content).toBe(
      [
        'The memories you saved between November 15 and November 21, newest first:',
        '',
        '- **No date**: Late note from Saturday',
        '- **November 24, 2026**: Booked the car service',
      ].join('\n'),
    )
    // A weekday asked about in the past is the last one, not the next.
    expect((await ask(user, 'what did I save on Monday?', { assistant })).answer.content).toBe(
      'You saved no memories on Monday, November 23.',
    )
    expect((await ask(user, 'What did I do on Monday?', { assistant })).answer.content).toBe(
      'You have no memories for Monday, November 23.',
    )
    expect((await ask(user, 'Anything I wrote on Friday?', { assistant })).answer.content).toBe(
      [
        'The memories you saved on Friday, November 20, newest first:',
        '',
        '- **November 24, 2026**: Booked the car service',
      ].join('\n'),
    )
    // Saved on a day to come is not asked; nor is a day the memories are for.
    const now = new Date('2026-11-25T12:00:00Z')
    for (const question of [
      'What did I save for December 3?',
      'What did I note for this weekend?',
      'what happened yesterday?',
      "what's noted for Friday?",
    ]) {
      expect(daysSavedOn(question, 'UTC', now), question).toBeNull()
    }
    // "for" a name that starts like a month is not a day the memories are for.
    expect(daysSavedOn('How many did I add for Marta this week?', 'UTC', now)).toEqual({
      from: '2026-11-22',
      to: '2026-11-25',
    })
    // The days the memories are for, not when they were saved.
    expect(
      (await ask(user, 'How many memories do I have for this week?', { assistant })).answer.content,
    ).toBe('You have **2** memories for November 22–28.')
    expect((await ask(user, 'What did I note for tomorrow?', { assistant })).answer.content).toBe(
      'You have no memories for tomorrow.',
    )
  })

  it('says how many there are when a span holds more than it lists', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-25T12:00:00Z')
    for (let i = 1; i <= 12; i++) {
      await t.factory.memory(user.id, {
        text: `Errand ${i}`,
        date: '2026-11-25',
        createdAt: new Date(Date.UTC(2026, 10, 25, 8, i)),
      })
    }
    for (let i = 1; i <= 10; i++) {
      await t.factory.memory(user.id, {
        text: `Chore ${i}`,
        date: '2026-11-24',
        createdAt: new Date(Date.UTC(2026, 10, 24, 8, i)),
      })
    }
    const saved = (await ask(user, 'What did I save today?', { assistant })).answer.content.split('\n')
    expect(saved.filter((line) => line.startsWith('- '))).toHaveLength(10)
    expect(saved[2]).toBe('- **November 25, 2026**: Errand 12')
    expect(saved.at(-1)).toBe('These are the newest 10 of 12.')
    const dated = (await ask(user, 'What happened today?', { assistant })).answer.content.split('\n')
    expect(dated.at(-1)).toBe(
      'These are the newest 10 of 12; choose those dates under Memories to see them all.',
    )
    // Ten of ten: nothing left out, nothing said.
    const yesterday = (await ask(user, 'What happened yesterday?', { assistant })).answer.content.split('\n')
    expect(yesterday.filter((line) => line.startsWith('- '))).toHaveLength(10)
    expect(yesterday.at(-1)).toMatch(/^- \*\*November 24, 2026\*\*: Chore \d+$/)
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

describe('any message', () => {
  /** The words the offline assistant reads, and some it must not trip on. */
  const WORDS = `how many much far long days weeks between and from to until since what when where who is it
    that this there her his him she he they them the a my remember remind me note save what's will rain stop
    sunny warmest coldest good day for run walk picnic free next last week month year today tomorrow
    yesterday Monday Friday December March 3 12 2027 1,200 45.20 € $ euros km miles hours minutes spend
    spent paid cost owe Ana Pedro's Paris dentist birthday born old gift get buy weather umbrella coat
    calendar meeting am I busy at 9 7pm + - * / % of ( ) ? ! , . # and Christmas Easter brief me did I`
    .split(/\s+/)
    .filter(Boolean)
  /** Phrases that lead somewhere: a follow-up, a total, a span of days, a weather decision. */
  const PHRASES = [
    'how far did I run',
    'how much did I spend on',
    'how many hours did I work',
    'how many days between',
    'how many weeks from now to',
    'where is it',
    'is it today',
    'when is her birthday',
    "what's the weather there",
    'when will it stop raining',
    'is tomorrow a good day for a walk',
    'when is my next free day',
    'which days am I free',
    'remind me what',
    'and tomorrow',
    'what about Pedro',
    'this week',
    'in November',
  ]
  const sentence = fc
    .array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...PHRASES)), { minLength: 1, maxLength: 10 })
    .map((w) => w.join(' '))

  it('gets an answer in words, whatever mix of those words it is sent, after whatever came before', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    await t.factory.memory(user.id, { text: "Ana's birthday is May 12", date: null })
    await t.factory.memory(user.id, { text: 'Ran 5 km, spent 12 euros on a coffee', date: '2026-11-24' })
    const assistant = offlineAt('2026-11-26T10:00:00Z')
    await fc.assert(
      fc.asyncProperty(sentence, fc.array(sentence, { maxLength: 2 }), async (content, before) => {
        const { answer } = await ask(user, content, { assistant, before })
        expect(answer.mode).toBe('offline')
        expect(answer.content.trim().length).toBeGreaterThan(0)
        expect(answer.content).not.toMatch(/\b(?:undefined|NaN|null|Infinity)\b|\[object /)
      }),
      { numRuns: 150 },
    )
  })
})

describe('another user', () => {
  it("never sees or cites someone else's memories", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    await t.factory.memory(owner.id, { text: 'The safe code is hidden under the stairs' })
    const { answer } = await ask(other, 'Where is the safe code?')
    expect(answer.citations).toEqual([])
    expect(answer.content).not.toContain('stairs')
  })
})
