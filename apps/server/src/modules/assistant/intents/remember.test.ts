import type { MemoryList } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'

describe('remembering, through the app', () => {
  startTheApp()

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
})
