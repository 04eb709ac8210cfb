import { describe, expect, it } from 'vitest'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'
import { answer, clockAt } from './fake-deps.test-support.ts'
import { HELP } from './index.ts'

const clock = clockAt('2026-11-26T10:00:00Z')

describe('help and small talk, on fake tools', () => {
  it('answers help, who it is and the user by name', async () => {
    expect(await answer('What can you do?', {}, clock)).toEqual({ intent: 'help', markdown: HELP, cited: [] })
    expect((await answer('Who are you?', {}, clock)).markdown).toBe(
      `I'm **Remi**, your personal assistant.\n\n${HELP}`,
    )
    const user = { name: 'Rui Costa', email: 'rui@example.com' }
    expect((await answer("What's my name?", { user }, clock)).markdown).toBe(
      "You're **Rui Costa** (rui@example.com).",
    )
    expect((await answer('Good morning', { user }, clock)).markdown).toMatch(/^Hello, Rui! /)
    expect((await answer('thanks, bye', {}, clock)).intent).toBe('farewell')
  })

  it('tells a statement how to keep it', async () => {
    expect((await answer('My favourite colour is green', {}, clock)).markdown).toBe(
      "I haven't saved that. To keep it as a memory, send: “Remember my favourite colour is green”.",
    )
  })
})

describe('sums, units and clocks, on fake tools', () => {
  it('works out a sum in the money it was asked in', async () => {
    expect((await answer('18% of 240 euros', {}, clock)).markdown).toBe('18% of 240 euros = **43.20 euros**')
    expect((await answer('2*3*4', {}, clock)).markdown).toBe('2\\*3\\*4 = **24**')
  })

  it('converts units and tells the time here and in a city', async () => {
    expect((await answer('How many km is 10 miles?', {}, clock)).intent).toBe('conversion')
    expect((await answer('What time is it?', {}, clock)).markdown).toBe(
      'It is 10:00 on Thursday, November 26, 2026 (Europe/Lisbon).',
    )
    expect((await answer('What time is it in Tokyo?', {}, clock)).markdown).toBe(
      'It is 19:00 in Tokyo (Asia/Tokyo).',
    )
    expect((await answer('What time is it in Atlantis?', {}, clock)).markdown).toMatch(
      /^I don't know which time zone/,
    )
  })
})

describe('talk, sums and clocks, through the app', () => {
  startTheApp()

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
})
