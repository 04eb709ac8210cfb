import { describe, expect, it } from 'vitest'
import { HELP } from '../offline.ts'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'
import { answer, clockAt } from './fake-deps.test-support.ts'

const clock = clockAt('2026-11-26T10:00:00Z')

describe('dates, on fake tools', () => {
  it('names a day, counts the days to one, and answers calendar facts', async () => {
    expect((await answer('What day is December 3?', {}, clock)).markdown).toBe(
      'December 3, 2026 is a Thursday, in 7 days.',
    )
    expect((await answer('How many days until Christmas?', {}, clock)).markdown).toBe(
      '**29 days**, until Friday, December 25, 2026.',
    )
    expect((await answer('Is 2028 a leap year?', {}, clock)).markdown).toMatch(
      /^Yes: 2028 will be a leap year/,
    )
  })

  it('counts to the day a memory gives, and cites that memory', async () => {
    const party = { id: 'm1', text: "Ana's party is on December 5", tags: [], date: '2026-12-05' }
    const result = await answer("How many days until Ana's party?", { memories: [party] }, clock)
    expect(result.intent).toBe('days-until')
    expect(result.markdown).toContain('**9 days**, until Saturday, December 5, 2026.')
    expect(result.cited).toEqual([party])
    const unknown = await answer('How many days until the wedding?', {}, clock)
    expect(unknown.markdown).toMatch(/^I don't know when \*\*the wedding\*\* is\./)
    expect(unknown.cited).toEqual([])
  })

  it('gives a holiday its day and the memories that name it', async () => {
    const brunch = { id: 'm2', text: "Easter brunch at Ana's", tags: [], date: null }
    const result = await answer('When is Easter?', { memories: [brunch] }, clock)
    expect(result.markdown.split('\n')[0]).toBe('**Easter** is on Sunday, March 28, 2027, in 122 days.')
    expect(result.cited).toEqual([brunch])
  })
})

describe('dates, through the app', () => {
  startTheApp()

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
})
