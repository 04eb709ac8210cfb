import { describe, expect, it } from 'vitest'
import { daysSavedOn } from '../../language/index.ts'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'

describe('counts, lists and tags of memories, through the app', () => {
  startTheApp()

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
})
