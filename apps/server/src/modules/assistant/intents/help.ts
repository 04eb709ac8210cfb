import type { Registered } from './types.ts'

/**
 * The lines of the help ("what can you do?"), in this order: an intent names its line with `help`,
 * and its first example is shown there. An intent with examples and no `help` gets a line of its own
 * (titled by its name), so a new intent is in the help until it picks a line; `help: false` keeps
 * one out (small talk, the catch-alls).
 */
export const HELP_TOPICS = {
  save: {
    title: 'Save a memory',
    note: "#hashtags become tags, and a date in the sentence (“on May 12”, “next Friday”, “tomorrow”) becomes the memory's date; “Remind me to …” with no day named is for today.",
  },
  change: {
    title: 'Change or forget a memory',
    note: 'I propose the change under my answer; nothing changes until you apply it.',
  },
  find: { title: 'Find memories' },
  weather: { title: 'Weather' },
  day: { title: 'Your day', note: 'Your calendar and the memories dated those days.' },
  dates: { title: 'Dates and times' },
  reckon: { title: 'Sums and units' },
} satisfies Record<string, { title: string; note?: string }>

export type HelpTopic = keyof typeof HELP_TOPICS

/** The examples the help shows: each listed intent's first, with the intent that answers it. */
export function helpExamples(intents: readonly Registered[]): Array<{ example: string; intent: string }> {
  return intents.flatMap((i) =>
    i.help === false || !i.examples[0] ? [] : [{ example: i.examples[0], intent: i.name }],
  )
}

const titleOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('-', ' ')

/** The help text: one line per topic (then one per intent with none), each with its intents' examples. */
export function writeHelp(intents: readonly Registered[]): string {
  const lines = new Map<string, { title: string; note?: string; examples: string[] }>(
    Object.entries(HELP_TOPICS).map(([topic, line]) => [topic, { ...line, examples: [] }]),
  )
  for (const i of intents) {
    const example = i.examples[0]
    if (i.help === false || !example) continue
    const key = i.help ?? `intent:${i.name}`
    if (!lines.has(key)) lines.set(key, { title: titleOf(i.name), examples: [] })
    lines.get(key)!.examples.push(example)
  }
  const shown = [...lines.values()].filter((line) => line.examples.length)
  return [
    'Here is what I can do:',
    '',
    ...shown.map(
      ({ title, note, examples }) =>
        `- **${title}**: ${examples.map((e) => `“${e}”`).join(', ')}${note ? `. ${note}` : ''}`,
    ),
  ].join('\n')
}
