import type { TodayFacts } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { escapeMarkdown } from '../../lib/markdown.ts'
import { unwrapFence } from './briefing-model.ts'
import { renderBriefing } from './briefing-template.ts'
import { factsHash, oneLine, onThisDayKeys, sectionsOf, suggest } from './today-facts.ts'

const base: Omit<TodayFacts, 'suggestion'> = {
  date: '2026-03-16',
  weekday: 'Monday',
  dateText: 'Monday, March 16, 2026',
  timeZone: 'Europe/Lisbon',
  userName: 'Ana',
  weather: {
    status: 'ok',
    place: 'Lisbon, Portugal',
    onVacation: false,
    description: 'Partly cloudy',
    high: 18,
    low: 9,
    unit: '°C',
    rainChance: 10,
    sunrise: '06:21',
    sunset: '18:30',
  },
  calendar: {
    status: 'ok',
    events: [
      { title: 'Holiday', allDay: true, start: null, end: null, location: null, calendar: 'Family' },
      { title: 'Gym', allDay: false, start: '07:30', end: '08:30', location: null, calendar: 'Family' },
      { title: 'Night shift', allDay: false, start: '22:00', end: null, location: null, calendar: 'Work' },
    ],
    total: 3,
    unreadable: [],
  },
  memories: { status: 'ok', dueToday: [], upcoming: [], onThisDay: [], addedThisWeek: 1 },
}
const memory = (text: string, extra: object = {}) => ({
  id: 'x',
  text,
  tags: [],
  date: '2026-03-18',
  ...extra,
})

describe('suggest', () => {
  it('quotes a memory that ends a sentence without a second full stop', () => {
    const facts = {
      ...base,
      calendar: { status: 'off' },
      memories: {
        ...base.memories,
        dueToday: [{ ...memory("Mum's birthday. She loves orchids."), plannedAhead: true }],
      },
    } as typeof base
    expect(suggest(facts)?.text).toBe(
      "Today: “Mum's birthday. She loves orchids.” A message or a call would be welcome.",
    )
    const cut = {
      ...facts,
      memories: { ...facts.memories, dueToday: [{ ...memory('Jo’s birthday …'), plannedAhead: true }] },
    } as typeof base
    expect(suggest(cut)?.text).toBe('Today: “Jo’s birthday …” A message or a call would be welcome.')
    const plain = {
      ...facts,
      memories: { ...facts.memories, dueToday: [{ ...memory('Birthday of Jo'), plannedAhead: true }] },
    } as typeof base
    expect(suggest(plain)?.text).toBe('Today: “Birthday of Jo”. A message or a call would be welcome.')
  })

  it('rain first, then a birthday ahead, then the first timed event, then what is due', () => {
    const rainy = { ...base, weather: { ...base.weather, rainChance: 60 } } as typeof base
    expect(suggest(rainy)?.kind).toBe('umbrella')
    const drizzle = {
      ...base,
      weather: { ...base.weather, rainChance: null, description: 'Light drizzle' },
    } as typeof base
    expect(suggest(drizzle)?.text).toBe('Take an umbrella: light drizzle in Lisbon, Portugal today.')

    const birthday = {
      ...base,
      memories: {
        ...base.memories,
        upcoming: [{ ...memory('Lunch with Jo', { tags: ['Birthday'] }), daysAhead: 1 }],
      },
    } as typeof base
    expect(suggest(birthday)).toEqual({
      kind: 'reminder',
      text: 'Coming up tomorrow (Wednesday, March 18): “Lunch with Jo”. Plan a card or a gift now.',
    })

    // The all-day event has no time: the first timed one is named.
    expect(suggest(base)).toEqual({
      kind: 'first_event',
      text: 'A busy day with 3 events: your first event, Gym, starts at 07:30.',
    })
    const calm = { ...base, calendar: { ...base.calendar, total: 2 } } as typeof base
    expect(suggest(calm)?.text).toBe('Your first event, Gym, starts at 07:30.')

    const today = (text: string, plannedAhead: boolean) => ({
      ...memory(text, { date: '2026-03-16' }),
      plannedAhead,
    })
    const quietDay = (dueToday: ReturnType<typeof today>[]) =>
      ({ ...base, calendar: { status: 'off' }, memories: { ...base.memories, dueToday } }) as typeof base
    const quiet = quietDay([today('Had lunch with Ana', false), today('Water the plants', true)])
    expect(suggest(quiet)).toEqual({
      kind: 'due_today',
      text: 'Start with what is due today: “Water the plants”.',
    })
    // A note written today on today's date (the memory form's default) is not something due.
    expect(suggest(quietDay([today('Had lunch with Ana', false)]))).toBeNull()
    expect(suggest({ ...quiet, memories: base.memories })).toBeNull()
  })
})

describe('the template', () => {
  it('gives times as facts say: a range, from, all day', () => {
    const content = renderBriefing({ ...base, suggestion: null })
    expect(content).toContain('- **All day** Holiday\n- **07:30–08:30** Gym\n- **From 22:00** Night shift')
    expect(content).toContain('You added 1 memory this week.')
    expect(content).not.toContain('### Suggestion')
  })

  it('gives the weather with the times of sunrise and sunset when the forecast has them', () => {
    expect(renderBriefing({ ...base, suggestion: null })).toContain(
      '### Weather\n\nIn Lisbon, Portugal: partly cloudy, high 18°C, low 9°C, 10% chance of rain. Sunrise 06:21, sunset 18:30.\n',
    )
    const noSun = { ...base, weather: { ...base.weather, sunrise: null, sunset: null }, suggestion: null }
    expect(renderBriefing(noSun as TodayFacts)).toContain('10% chance of rain.\n')
  })

  it('greets by first name', () => {
    expect(renderBriefing({ ...base, userName: 'Marta Silva', suggestion: null })).toMatch(
      /^## Good day, Marta!\n/,
    )
    expect(renderBriefing({ ...base, userName: null, suggestion: null })).toMatch(/^## Good day!\n/)
  })

  it('says how many events were left out', () => {
    const content = renderBriefing({
      ...base,
      calendar: { ...base.calendar, total: 25 } as TodayFacts['calendar'],
      suggestion: null,
    })
    expect(content).toContain('- …and 22 more events')
  })

  it('a failed section shows its reason in one line', () => {
    const facts = {
      ...base,
      memories: { status: 'failed', reason: 'It could not be read right now.' },
      suggestion: null,
    } as TodayFacts
    expect(renderBriefing(facts)).toContain(
      '### Memories\n\n_Memories are unavailable: It could not be read right now._',
    )
    expect(sectionsOf(facts)).toEqual({
      weather: 'ok',
      calendar: 'ok',
      memories: { failed: 'It could not be read right now.' },
    })
  })
})

describe("the template in the person's language (issue 51)", () => {
  const full = (language: TodayFacts['language'], dateText: string, addedThisWeek: number): TodayFacts => ({
    ...base,
    language,
    dateText,
    memories: {
      status: 'ok',
      dueToday: [{ ...memory('Pay the rent'), plannedAhead: true }],
      upcoming: [
        { ...memory("Rui's birthday", { date: '2026-03-17' }), daysAhead: 1 },
        { ...memory('Dentist', { date: '2026-03-19' }), daysAhead: 3 },
      ],
      onThisDay: [{ ...memory('Moved to Lisbon', { date: '2025-03-16' }), yearsAgo: 1 }],
      addedThisWeek,
    },
    suggestion: null,
  })

  it('English reads exactly as it always did, every section', () => {
    expect(renderBriefing(full('en', 'Monday, March 16, 2026', 2))).toBe(
      [
        '## Good day, Ana!',
        '',
        'Today is **Monday, March 16, 2026**.',
        '',
        '### Weather',
        '',
        'In Lisbon, Portugal: partly cloudy, high 18°C, low 9°C, 10% chance of rain. Sunrise 06:21, sunset 18:30.',
        '',
        "### Today's events",
        '',
        '- **All day** Holiday',
        '- **07:30–08:30** Gym',
        '- **From 22:00** Night shift',
        '',
        '### Memories',
        '',
        '**Today**',
        '',
        '- Pay the rent',
        '',
        '**In the next 7 days**',
        '',
        "- Tuesday, March 17 (tomorrow): Rui's birthday",
        '- Thursday, March 19 (in 3 days): Dentist',
        '',
        '**On this day**',
        '',
        '- 2025 (1 year ago): Moved to Lisbon',
        '',
        'You added 2 memories this week.',
        '',
      ].join('\n'),
    )
  })

  it('Portuguese: headings, sentences, days and plurals ("1 memória", "2 memórias")', () => {
    const content = renderBriefing(full('pt-PT', 'segunda-feira, 16 de março de 2026', 2))
    expect(content).toMatch(/^## Bom dia, Ana!\n\nHoje é \*\*segunda-feira, 16 de março de 2026\*\*\.\n/)
    expect(content).toContain(
      'Em Lisbon, Portugal: parcialmente nublado, máxima 18°C, mínima 9°C, 10% de probabilidade de chuva. Nascer do sol 06:21, pôr do sol 18:30.',
    )
    expect(content).toContain(
      '### Eventos de hoje\n\n- **Todo o dia** Holiday\n- **07:30–08:30** Gym\n- **A partir das 22:00** Night shift',
    )
    expect(content).toContain(
      "**Nos próximos 7 dias**\n\n- terça-feira, 17 de março (amanhã): Rui's birthday\n- quinta-feira, 19 de março (daqui a 3 dias): Dentist",
    )
    expect(content).toContain('- 2025 (há 1 ano): Moved to Lisbon')
    expect(content).toContain('Adicionou 2 memórias esta semana.')
    expect(renderBriefing(full('pt-PT', '', 1))).toContain('Adicionou 1 memória esta semana.')
    expect(content).not.toMatch(/Today|Weather|Memories|added|memory|ago|tomorrow/)
  })

  it('the suggestion is written in the language too', () => {
    const pt = { ...base, language: 'pt-PT' } as typeof base
    expect(suggest(pt)?.text).toBe(
      'Um dia cheio, com 3 eventos: o seu primeiro evento, Gym, começa às 07:30.',
    )
    expect(suggest({ ...pt, weather: { ...pt.weather, rainChance: 60 } } as typeof base)?.text).toBe(
      'Leve um guarda-chuva: 60% de probabilidade de chuva em Lisbon, Portugal hoje.',
    )
    const birthday = {
      ...base,
      language: 'de',
      memories: { ...base.memories, upcoming: [{ ...memory('Geburtstag von Jo'), daysAhead: 3 }] },
    } as typeof base
    expect(suggest(birthday)?.text).toBe(
      'Bald, in 3 Tagen (Mittwoch, 18. März): „Geburtstag von Jo“. Denk jetzt schon an eine Karte oder ein Geschenk.',
    )
    const calm = { ...base, language: 'es', calendar: { ...base.calendar, total: 2 } } as typeof base
    expect(suggest(calm)?.text).toBe('Tu primer evento, Gym, empieza a las 07:30.')
    const drizzle = {
      ...base,
      language: 'fr',
      weather: { ...base.weather, rainChance: null, description: 'Light drizzle' },
    } as typeof base
    expect(suggest(drizzle)?.text).toBe('Prenez un parapluie : bruine légère à Lisbon, Portugal aujourd’hui.')
  })

  it('the other three languages have their own words too', () => {
    expect(renderBriefing(full('es', '', 1))).toContain('Has añadido 1 recuerdo esta semana.')
    expect(renderBriefing(full('fr', '', 2))).toContain('Vous avez ajouté 2 souvenirs cette semaine.')
    expect(renderBriefing(full('de', '', 2))).toContain('### Heutige Termine')
  })
})

describe('helpers', () => {
  it('"on this day" on 28 February of a common year also means 29 February', () => {
    expect(onThisDayKeys('2026-02-28')).toEqual(['02-28', '02-29'])
    expect(onThisDayKeys('2028-02-28')).toEqual(['02-28'])
    expect(onThisDayKeys('2028-02-29')).toEqual(['02-29'])
    expect(onThisDayKeys('2026-03-16')).toEqual(['03-16'])
  })

  it('oneLine flattens and shortens at a word', () => {
    expect(oneLine('a\n\n b\tc ', 10)).toBe('a b c')
    expect(oneLine('alpha beta gamma delta', 15)).toBe('alpha beta…')
  })

  it('escapes markdown and unwraps a fenced answer', () => {
    expect(escapeMarkdown('# [a](b) *c* <i>')).toBe('\\# \\[a\\](b) \\*c\\* \\<i\\>')
    expect(unwrapFence('```markdown\n# Hi\n```')).toBe('# Hi')
    expect(unwrapFence('Hi ```x``` there')).toBe('Hi ```x``` there')
  })

  it('the hash changes with the facts and with who writes', () => {
    const facts = { ...base, suggestion: null }
    expect(factsHash(facts, 'template')).toBe(factsHash({ ...facts }, 'template'))
    expect(factsHash(facts, 'template')).not.toBe(factsHash(facts, 'model:test:mock'))
    expect(factsHash(facts, 'template')).not.toBe(factsHash({ ...facts, userName: 'Bo' }, 'template'))
  })
})
