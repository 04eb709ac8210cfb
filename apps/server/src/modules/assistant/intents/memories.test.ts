import { describe, expect, it } from 'vitest'
import { askedAgainFor, isGiftQuestion, timeOrder, withOtherWords } from '../../language/index.ts'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'
import { answer, clockAt, fakeDeps } from './fake-deps.test-support.ts'
import { remember } from './remember.ts'

const clock = clockAt('2026-11-26T10:00:00Z')
const dentist = { id: 'd1', text: 'Dentist appointment moved to Friday', tags: [], date: '2026-06-05' }
const shoes = { id: 's1', text: 'Bought new running shoes', tags: ['sport'], date: null }

describe('memories, on fake tools', () => {
  it('saves what to remember with its day and tags, and cites it', async () => {
    const text = 'Remember the dentist is on December 3 #health'
    const deps = fakeDeps({}, clock, text)
    const matched = remember.claim(text, clock)!
    const result = await matched.answer({ ...deps, passOn: () => Promise.reject(new Error('not passed on')) })
    expect(deps.created).toEqual([
      { id: 'new-1', text: 'The dentist is on December 3', tags: ['health'], date: '2026-12-03' },
    ])
    expect(result.markdown).toContain('**Date:** Thursday, December 3, 2026')
    expect(result.cited).toEqual(deps.created)
  })

  it('answers a question from the memories holding its words, citing those it shows', async () => {
    const result = await answer('When is the dentist?', { memories: [dentist, shoes] }, clock)
    expect(result.intent).toBe('search')
    expect(result.markdown).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **June 5, 2026**: Dentist appointment moved to Friday',
      ].join('\n'),
    )
    expect(result.cited).toEqual([dentist])
  })

  it('says which address is the current one, the newest, and marks the others older', async () => {
    const old = {
      id: 'a1',
      text: 'My address is 12 Rua Augusta, Lisbon',
      tags: ['address'],
      date: '2025-02-01',
    }
    const moved = {
      id: 'a2',
      text: 'New address: 3 Rua do Ouro, Porto',
      tags: ['address'],
      date: '2026-10-01',
    }
    const result = await answer("What's my current address?", { memories: [old, moved] }, clock)
    expect(result.intent).toBe('search')
    expect(result.markdown).toBe(
      [
        'The newest is the current one; the others are older:',
        '',
        '- **October 1, 2026**: New address: 3 Rua do Ouro, Porto _(#address)_ **(current)**',
        '- **February 1, 2025**: My address is 12 Rua Augusta, Lisbon _(#address)_ _(older)_',
      ].join('\n'),
    )
    expect(result.cited).toEqual([moved, old])
  })

  it('lists tagged memories, and passes a word that is no tag of the user on', async () => {
    const tagged = await answer('Show my #sport memories', { memories: [dentist, shoes] }, clock)
    expect(tagged.intent).toBe('tagged')
    expect(tagged.cited).toEqual([shoes])
    // "family" is not one of the user's tags: the intents after "tagged" answer.
    const notATag = await answer('show me my family memories', { memories: [dentist, shoes] }, clock)
    expect(notATag.intent).not.toBe('tagged')
  })

  it('says what it cannot change, and shows the likely memories', async () => {
    const result = await answer('Delete the dentist memory', { memories: [dentist, shoes] }, clock)
    expect(result.intent).toBe('change')
    expect(result.markdown).toMatch(/^I can't change or delete memories\./)
    expect(result.cited).toEqual([dentist])
  })

  it('adds up what the memories give', async () => {
    const runs = [
      { id: 'r1', text: 'Morning run, 5 km in 28 minutes', tags: [], date: '2026-11-24' },
      { id: 'r2', text: 'A run of 8.5 km along the river', tags: [], date: '2026-11-25' },
    ]
    const result = await answer('How far did I run this week?', { memories: runs }, clock)
    expect(result.intent).toBe('total')
    expect(result.markdown.split('\n')[0]).toBe('**13.5 km** in all, from 2 memories for November 22–26:')
    expect(result.cited).toEqual([runs[1], runs[0]])
  })
})

describe('memory questions, through the app', () => {
  startTheApp()

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

  it('asks "did you mean …?" with the words the memories use when a misspelt search finds nothing', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Dentist appointment with Dr. Silva', date: '2026-12-03' })
    await t.factory.memory(user.id, { text: 'Marta is allergic to peanuts' })
    // A name is not corrected by recall (it may be someone new): the search finds nothing, then asks.
    const { answer } = await ask(user, 'Who is Marat?')
    expect(answer.content).toBe(
      [
        'I found nothing about **marat**. Did you mean **marta**?',
        '',
        '- **No date**: Marta is allergic to peanuts',
      ].join('\n'),
    )
    expect(answer.activity.map((a) => a.summary)).toEqual([
      "Searched memories for 'marat'",
      "Searched memories for 'marta'",
    ])
    expect(answer.citations.map((c) => c.excerpt)).toEqual(['Marta is allergic to peanuts'])
    // A longer word the notes spell otherwise is read as they spell it by recall itself.
    expect((await ask(user, 'When is the dentsit?')).answer.content).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **December 3, 2026**: Dentist appointment with Dr. Silva',
      ].join('\n'),
    )
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
})
