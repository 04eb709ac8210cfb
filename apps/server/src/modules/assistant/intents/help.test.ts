import { describe, expect, it } from 'vitest'
import { clockAt } from './fake-deps.test-support.ts'
import { helpExamples, writeHelp } from './help.ts'
import { classify, HELP, INTENTS } from './index.ts'
import { intent, said, when } from './types.ts'

const clock = clockAt('2026-11-26T10:00:00Z')

describe('the help ("what can you do?"), written from the registry', () => {
  it.each(helpExamples(INTENTS))('shows $example, which $intent answers', ({ example, intent }) => {
    expect(HELP).toContain(`“${example}”`)
    expect(classify(example, clock).matched.name).toBe(intent)
  })

  it('shows one example of every intent that does not keep out of it, on its topic line', () => {
    const listed = INTENTS.filter((i) => i.help !== false && i.examples.length)
    expect(helpExamples(INTENTS).map((e) => e.intent)).toEqual(listed.map((i) => i.name))
    expect(HELP).toMatch(/^Here is what I can do:\n\n- \*\*Save a memory\*\*: “Remember that Ana's birthday/)
    expect(HELP).toMatch(/^- \*\*Weather\*\*: “Will it rain tomorrow\?”$/m)
    expect(HELP).toMatch(/^- \*\*Sums and units\*\*: “What is 15% of 80\?”, “How many km is 10 miles\?”$/m)
    // Small talk and the catch-alls are not things to try.
    for (const kept of ['How are you?', 'dentist', '…', 'What can you do?'])
      expect(HELP).not.toContain(`“${kept}”`)
  })

  it('shows a new intent: on its topic line, or on a line of its own until it picks one', () => {
    const tide = intent({
      name: 'high-tide',
      examples: ['When is high tide?', 'Tides this week?'],
      match: (text) => when(/\btide\b/i.test(text)),
      answer: () => said('At 14:02.'),
    })
    const help = writeHelp([...INTENTS, tide])
    expect(help).toContain('\n- **High tide**: “When is high tide?”')
    expect(help).not.toContain('Tides this week?')
    expect(writeHelp([...INTENTS, { ...tide, help: 'weather' }])).toContain(
      '- **Weather**: “Will it rain tomorrow?”, “When is high tide?”',
    )
    expect(writeHelp([...INTENTS, { ...tide, help: false }])).toBe(HELP)
  })
})
