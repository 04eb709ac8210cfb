import { describe, expect, it } from 'vitest'
import { answer, clockAt } from './fake-deps.ts'
import { HELP } from './talk.ts'

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
