import { describe, expect, it } from 'vitest'
import { askedAgainFor } from './follow-ups.ts'

describe('a follow-up read against the question before it', () => {
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
})
