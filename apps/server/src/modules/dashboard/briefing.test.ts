import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider'
import type { Briefing } from '@remi/shared'
import { MockLanguageModelV4 } from 'ai/test'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { captureLogs } from '../../test/logs.ts'
import {
  startIcsFake,
  startOpenMeteoFake,
  storedLocation,
  type IcsFake,
  type OpenMeteoFake,
} from '../../test/fakes/index.ts'

/** A Monday; Lisbon is on UTC until 29 March, so the ICS fake's UTC day is the user's day. */
const NOW = new Date('2026-03-16T10:00:00.000Z')
const MINUTE = 60_000

const LISBON = storedLocation('Lisbon')
const PARIS = storedLocation('Paris')

const reply = (text: string): LanguageModelV4GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 20, text: 20, reasoning: 0 },
  },
  warnings: [],
})

let meteo: OpenMeteoFake
let ics: IcsFake
/** No model: every briefing is the template's. */
let offline: TestApp
/** A mock model whose answer each test chooses. */
let withModel: TestApp
let answer: (options: { abortSignal?: AbortSignal | undefined }) => Promise<LanguageModelV4GenerateResult>
const model = new MockLanguageModelV4({ doGenerate: (options) => answer(options) })

beforeAll(async () => {
  ;[meteo, ics] = await Promise.all([startOpenMeteoFake(), startIcsFake()])
  const env = {
    WEATHER_API_URL: meteo.url,
    GEOCODING_API_URL: meteo.url,
    ALLOW_PRIVATE_NETWORK_URLS: 'true',
    GOOGLE_CALENDAR_API_URL: 'http://127.0.0.1:1',
    MICROSOFT_GRAPH_API_URL: 'http://127.0.0.1:1',
  }
  offline = await buildTestApp({ env, integrations: { languageModel: null } })
  withModel = await buildTestApp({
    env,
    integrations: { languageModel: { model, provider: 'test', modelId: 'mock' } },
    briefingModelTimeoutMs: 200,
  })
})
afterAll(async () => {
  await Promise.all([offline?.close(), withModel?.close()])
  await Promise.all([meteo?.close(), ics?.close()])
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  meteo.down = false
  model.doGenerateCalls.length = 0
  answer = async () => reply('## Hello from the model')
})
afterEach(() => {
  vi.useRealTimers()
})

async function lisbonUser(t: TestApp, name = 'Ana') {
  return t.createUser({ timezone: 'Europe/Lisbon', name })
}
const weather = {
  on: (
    t: TestApp,
    user: TestUser,
    configuration: Record<string, unknown> = { locationName: 'Lisbon', location: LISBON },
  ) => t.factory.dataSource(user.id, 'weather', { isEnabled: true, configuration }),
  off: (t: TestApp, user: TestUser) =>
    t.factory.dataSource(user.id, 'weather', {
      isEnabled: false,
      configuration: { locationName: 'Lisbon', location: LISBON },
    }),
  failing: async (t: TestApp, user: TestUser) => {
    meteo.down = true
    await weather.on(t, user)
  },
}
const calendar = {
  on: (t: TestApp, user: TestUser) =>
    t.factory.dataSource(user.id, 'calendar', {
      isEnabled: true,
      configuration: { icsUrl: ics.calendarUrl },
    }),
  off: (t: TestApp, user: TestUser) =>
    t.factory.dataSource(user.id, 'calendar', {
      isEnabled: false,
      configuration: { icsUrl: ics.calendarUrl },
    }),
  failing: (t: TestApp, user: TestUser) =>
    t.factory.dataSource(user.id, 'calendar', {
      isEnabled: true,
      configuration: { icsUrl: `${ics.origin}/no-such-calendar.ics` },
    }),
}

async function getBriefing(user: TestUser) {
  const res = await user.api.get<Briefing>('/api/dashboard/briefing')
  expect(res.status, res.text).toBe(200)
  return res.body
}

describe('GET /api/dashboard/briefing: what it says', () => {
  it('writes the day from the weather, the calendar and the memories (offline template)', async () => {
    const t = offline
    const user = await lisbonUser(t)
    await weather.on(t, user)
    await calendar.on(t, user)
    await t.factory.memory(user.id, { text: 'Pay the electricity bill', date: '2026-03-16' })
    await t.factory.memory(user.id, { text: "Maria's birthday", tags: ['birthday'], date: '2026-03-19' })
    await t.factory.memory(user.id, { text: 'Far away: dentist check-up', date: '2026-03-24' })
    await t.factory.memory(user.id, {
      text: 'Last week',
      date: '2026-03-10',
      createdAt: new Date('2026-03-14T12:00:00Z'),
    })

    const briefing = await getBriefing(user)
    expect(briefing).toMatchObject({
      date: '2026-03-16',
      source: 'offline',
      generatedAt: NOW.toISOString(),
      sections: { weather: 'ok', calendar: 'ok', memories: 'ok' },
    })
    const c = briefing.content
    expect(c).toContain('## Good day, Ana!')
    expect(c).toContain('Today is **Monday, March 16, 2026**.')
    // The fake's Lisbon: 12.3 °C now, high +3, low −4, 80% rain today.
    expect(c).toMatch(
      /In Lisbon, Portugal: light rain, high 15°C, low 8°C, 80% chance of rain\. Sunrise 07:\d\d, sunset 17:\d\d\./,
    )
    // All-day first, then by local start; the moved and cancelled standups are other days.
    const events = [
      '**All day** Company holiday',
      '**09:00–09:30** Team standup',
      '**15:00–16:00** Dentist (Rua Augusta 1, Lisbon)',
    ]
    const at = events.map((e) => c.indexOf(e))
    expect(
      at.every((i) => i >= 0),
      c,
    ).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(c).toContain('- Pay the electricity bill')
    expect(c).toContain("- Thursday, March 19 (in 3 days): Maria's birthday")
    expect(c).not.toContain('Far away')
    // Created this week (since Sunday the 15th): the three made now; not the one made on Saturday.
    expect(c).toContain('You added 3 memories this week.')
    // Rain comes first among the suggestions.
    expect(c).toContain('Take an umbrella: 80% chance of rain in Lisbon, Portugal today.')
  })

  it("in the person's language: a Portuguese account's briefing is written in Portuguese (issue 51)", async () => {
    const t = offline
    const user = await lisbonUser(t)
    expect((await user.api.put('/api/auth/user/settings', { language: 'pt-PT' })).status).toBe(200)
    await t.factory.memory(user.id, { text: 'Pagar a luz', date: '2026-03-16' })
    await t.factory.memory(user.id, { text: 'Anos da Maria', date: '2026-03-19' })
    const c = (await getBriefing(user)).content
    expect(c).toContain('## Bom dia, Ana!\n\nHoje é **segunda-feira, 16 de março de 2026**.')
    expect(c).toContain('_O tempo está desligado. Ligue-o em Fontes de dados._')
    expect(c).toContain('- quinta-feira, 19 de março (daqui a 3 dias): Anos da Maria')
    expect(c).toContain('Adicionou 2 memórias esta semana.')
    // Back in English, the stored Portuguese one is not answered again: the language is one of its facts.
    expect((await user.api.put('/api/auth/user/settings', { language: 'en' })).status).toBe(200)
    expect((await getBriefing(user)).content).toContain('Today is **Monday, March 16, 2026**.')
  })

  it("a memory for today written on an earlier day is due; one written today is the day's note", async () => {
    const t = offline
    const user = await lisbonUser(t)
    // The memory form opens on today's date, so what a person notes today is dated today.
    await t.factory.memory(user.id, {
      text: 'Had lunch with Ana',
      date: '2026-03-16',
      createdAt: new Date('2026-03-16T09:00:00Z'),
    })
    const noted = await getBriefing(user)
    expect(noted.content).toContain('**Today**\n\n- Had lunch with Ana')
    expect(noted.content).not.toContain('### Suggestion')

    await t.factory.memory(user.id, {
      text: 'Water the plants',
      date: '2026-03-16',
      createdAt: new Date('2026-03-15T20:00:00Z'),
    })
    const planned = await getBriefing(user)
    expect(planned.content).toContain('- Had lunch with Ana')
    expect(planned.content).toContain('Start with what is due today: “Water the plants”.')
  })

  it('a note written today that names another day is about that day, not today', async () => {
    const t = offline
    const user = await lisbonUser(t)
    const written = new Date('2026-03-16T09:00:00Z')
    // Saved without choosing a date: the form (and the API) date it today.
    await t.factory.memory(user.id, {
      text: "Mum's birthday is 14 March. She loves orchids.",
      date: '2026-03-16',
      createdAt: written,
    })
    await t.factory.memory(user.id, {
      text: 'Dinner with Rui on 19 March',
      date: '2026-03-16',
      createdAt: written,
    })
    const briefing = await getBriefing(user)
    expect(briefing.content).not.toContain('**Today**')
    expect(briefing.content).not.toContain("Mum's birthday")
    expect(briefing.content).toContain(
      '**In the next 7 days**\n\n- Thursday, March 19 (in 3 days): Dinner with Rui on 19 March',
    )
    expect(briefing.content).not.toContain('Today: ')
  })

  it.each([
    ['off', 'failing'],
    ['failing', 'off'],
    ['failing', 'failing'],
  ] as const)('weather %s and calendar %s: one short line each, never an error', async (w, cal) => {
    const t = offline
    const user = await lisbonUser(t)
    await weather[w](t, user)
    await calendar[cal](t, user)
    const briefing = await getBriefing(user)

    const expected = {
      off: 'off',
      failing: { failed: expect.any(String) },
    }
    expect(briefing.sections).toEqual({ weather: expected[w], calendar: expected[cal], memories: 'ok' })
    const c = briefing.content
    expect(c).toContain(
      w === 'off' ? '_Weather is off. Turn it on under Data Sources._' : '_Weather is unavailable: ',
    )
    expect(c).toContain(
      cal === 'off' ? '_Calendar is off. Turn it on under Data Sources._' : '_Calendar is unavailable: ',
    )
    expect(c).not.toContain('Lisbon')
    expect(c).not.toContain('Dentist')
    if (cal === 'failing') {
      expect(briefing.sections.calendar).toEqual({ failed: expect.stringContaining('ICS') })
    }
  })

  it('a busy dry day suggests the first event; no name gives a plain greeting', async () => {
    const t = offline
    const user = await lisbonUser(t, '')
    await calendar.on(t, user)
    const briefing = await getBriefing(user)
    expect(briefing.content).toContain('## Good day!')
    expect(briefing.content).toContain(
      'A busy day with 3 events: your first event, Team standup, starts at 09:00.',
    )
    expect(briefing.sections).toEqual({ weather: 'off', calendar: 'ok', memories: 'ok' })
  })

  it('a birthday ahead is the suggestion when it does not rain', async () => {
    const t = offline
    const user = await lisbonUser(t)
    await calendar.on(t, user)
    await t.factory.memory(user.id, { text: 'Birthday of Jo', date: '2026-03-18' })
    const briefing = await getBriefing(user)
    expect(briefing.content).toContain(
      'Coming up in 2 days (Wednesday, March 18): “Birthday of Jo”. Plan a card or a gift now.',
    )
  })

  it.each([
    [
      'inside',
      '2026-03-14T00:00:00.000Z',
      '2026-03-20T23:59:59.999Z',
      'You are on vacation in Paris, France: ',
    ],
    ['outside', '2026-04-01T00:00:00.000Z', '2026-04-10T23:59:59.999Z', 'In Lisbon, Portugal: '],
  ])('today %s the vacation range', async (_, startDate, endDate, line) => {
    const t = offline
    const user = await lisbonUser(t)
    await weather.on(t, user, {
      locationName: 'Lisbon',
      location: LISBON,
      vacationMode: { isEnabled: true, locationName: 'Paris', startDate, endDate, location: PARIS },
    })
    const briefing = await getBriefing(user)
    expect(briefing.sections.weather).toBe('ok')
    expect(briefing.content).toContain(line)
  })

  it('"on this day" reaches across years, latest first, and leaves today and other days out', async () => {
    const t = offline
    const user = await lisbonUser(t)
    await t.factory.memory(user.id, { text: 'First day at the new job', date: '2025-03-16' })
    await t.factory.memory(user.id, { text: 'Trip to Porto', date: '2019-03-16' })
    await t.factory.memory(user.id, { text: 'A day later', date: '2025-03-17' })
    await t.factory.memory(user.id, { text: 'Great-grandmother was born', date: '1900-03-16' })
    // Undated: its day is the day it was written.
    await t.factory.memory(user.id, {
      text: 'Wrote this note',
      date: null,
      createdAt: new Date('2024-03-16T09:00:00Z'),
    })
    const briefing = await getBriefing(user)
    const c = briefing.content
    expect(c).toContain('**On this day**')
    const lines = [
      '- 2025 (1 year ago): First day at the new job',
      '- 2024 (2 years ago): Wrote this note',
      '- 2019 (7 years ago): Trip to Porto',
      '- 1900 (126 years ago): Great-grandmother was born',
    ]
    const at = lines.map((l) => c.indexOf(l))
    expect(
      at.every((i) => i >= 0),
      c,
    ).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(c).not.toContain('A day later')
  })

  it('memory and calendar text is shown as text, not as markdown', async () => {
    const t = offline
    const user = await lisbonUser(t)
    await t.factory.memory(user.id, {
      text: '[click](https://evil.example) <b>bold</b> *x*',
      date: '2026-03-16',
    })
    const briefing = await getBriefing(user)
    expect(briefing.content).toContain('- \\[click\\](<https://evil.example>) \\<b\\>bold\\</b\\> \\*x\\*')
  })

  it('an address in a memory stays an autolink with no backslash in it', async () => {
    const t = offline
    const user = await lisbonUser(t)
    // Escaped whole it was `\<https://…\>`, which the page linked to `https://…%5C%3E`.
    await t.factory.memory(user.id, { text: 'Form at <https://example.org/a_b?c=1>', date: '2026-03-16' })
    await t.factory.memory(user.id, { text: 'See https://example.org/x_y.', date: '2026-03-16' })
    const briefing = await getBriefing(user)
    expect(briefing.content).toContain('- Form at <https://example.org/a_b?c=1>\n')
    expect(briefing.content).toContain('- See <https://example.org/x_y>.\n')
  })
})

describe('GET /api/dashboard/briefing: birthdays and anniversaries come back every year', () => {
  const MUM = "Mum's birthday is 14 March. She loves orchids."
  /** Written last November, dated the day it was written (as the memory form does). */
  const WRITTEN = new Date('2025-11-10T10:00:00Z')

  /** A user in `zone` with these notes, and the briefing they read at `at`. */
  async function briefingAt(at: string, zone: string, notes: Parameters<TestApp['factory']['memory']>[1][]) {
    const t = offline
    vi.setSystemTime(new Date(at))
    const user = await t.createUser({ timezone: zone, name: 'Ana' })
    for (const note of notes) await t.factory.memory(user.id, note)
    return (await getBriefing(user)).content
  }

  it('a birthday note written last year shows in the days before the day it names, then on it (Auckland, near midnight)', async () => {
    const mum = { text: MUM, date: '2025-11-10', createdAt: WRITTEN }
    // 00:30 on Saturday 7 March in Auckland (UTC+13) is still the 6th in UTC, eight days before.
    const weekBefore = await briefingAt('2026-03-06T11:30:00Z', 'Pacific/Auckland', [mum])
    expect(weekBefore).toContain(`**In the next 7 days**\n\n- Saturday, March 14 (in 7 days): ${MUM}`)
    expect(weekBefore).toContain(
      `Coming up in 7 days (Saturday, March 14): “${MUM}” Plan a card or a gift now.`,
    )
    // 23:30 on the 13th there: tomorrow.
    const eve = await briefingAt('2026-03-13T10:30:00Z', 'Pacific/Auckland', [mum])
    expect(eve).toContain(`- Saturday, March 14 (tomorrow): ${MUM}`)
    // 00:30 on the 14th there (the 13th in UTC): today.
    const day = await briefingAt('2026-03-13T11:30:00Z', 'Pacific/Auckland', [mum])
    expect(day).toContain(`**Today**\n\n- ${MUM}`)
    expect(day).toContain(`Today: “${MUM}” A message or a call would be welcome.`)
    expect(day).not.toContain('**In the next 7 days**')
    // The day after, it waits for next year.
    const after = await briefingAt('2026-03-14T11:30:00Z', 'Pacific/Auckland', [mum])
    expect(after).not.toContain('Mum')
  })

  it('by its tag, or dated on purpose to the day in an earlier year; once, not under "on this day" too', async () => {
    const notes = [
      { text: 'Jo: 18 March', tags: ['Bday'], date: '2025-11-10', createdAt: WRITTEN },
      { text: 'Our wedding anniversary', date: '2012-03-16', createdAt: WRITTEN },
      // Found by "on this day" as well: written on the day last year.
      { text: "Rui's birthday is 16 March", date: '2025-03-16', createdAt: new Date('2025-03-16T09:00:00Z') },
    ]
    const c = await briefingAt('2026-03-16T10:00:00Z', 'Europe/Lisbon', notes)
    expect(c).toContain("**Today**\n\n- Our wedding anniversary\n- Rui's birthday is 16 March\n")
    expect(c).toContain('- Wednesday, March 18 (in 2 days): Jo: 18 March')
    expect(c).not.toContain('**On this day**')
  })

  it('29 February is 28 February in a common year, and itself in a leap year', async () => {
    // Written in a common year too.
    const leo = {
      text: "Leo's birthday: 29 February",
      date: '2025-06-01',
      createdAt: new Date('2025-06-01T09:00:00Z'),
    }
    expect(await briefingAt('2027-02-21T10:00:00Z', 'Europe/Lisbon', [leo])).toContain(
      "- Sunday, February 28 (in 7 days): Leo's birthday: 29 February",
    )
    expect(await briefingAt('2027-02-28T10:00:00Z', 'Europe/Lisbon', [leo])).toContain(
      "Today: “Leo's birthday: 29 February”. A message or a call would be welcome.",
    )
    expect(await briefingAt('2028-02-28T10:00:00Z', 'Europe/Lisbon', [leo])).toContain(
      "- Tuesday, February 29 (tomorrow): Leo's birthday: 29 February",
    )
  })

  it('a private birthday note never shows', async () => {
    const t = offline
    const user = await t.createUser({ timezone: 'Europe/Lisbon', name: 'Ana' })
    await user.api.memories.create({ text: MUM, date: '2025-11-10', private: true })
    await user.api.memories.create({ text: "Pedro's birthday", date: '2000-03-16', private: true })
    for (const at of ['2026-03-10T10:00:00Z', '2026-03-14T10:00:00Z', '2026-03-16T10:00:00Z']) {
      vi.setSystemTime(new Date(at))
      const c = (await getBriefing(user)).content
      expect(c).not.toContain('birthday')
      expect(c).not.toContain('Coming up')
    }
  })

  it('a note that is not a birthday does not come back, nor a birthday named another way', async () => {
    const notes = [
      { text: 'Dinner with Rui on 14 March', date: '2025-11-10', createdAt: WRITTEN },
      { text: "Sam's birthday party next Saturday", date: '2025-11-10', createdAt: WRITTEN },
      { text: 'Bought a birthday card for 2 euros', date: '2025-11-10', createdAt: WRITTEN },
      // Its text names a day of a year to come.
      { text: 'Ana turns 40 on 14 March 2030, a big birthday', date: '2025-11-10', createdAt: WRITTEN },
    ]
    const c = await briefingAt('2026-03-14T10:00:00Z', 'Europe/Lisbon', notes)
    expect(c).not.toContain('**Today**')
    expect(c).not.toContain('**In the next 7 days**')
    expect(c).not.toContain('Coming up')
  })

  it('a birthday also dated in the window is listed once', async () => {
    const notes = [
      // Dated on purpose to this year's day.
      { text: "Maria's birthday on 19 March", date: '2026-03-19', createdAt: WRITTEN },
      // Written today, dated today, naming a day ahead.
      {
        text: "Mum's anniversary is 20 March",
        date: '2026-03-16',
        createdAt: new Date('2026-03-16T09:00:00Z'),
      },
      // Dated on purpose today.
      { text: 'Birthday of Jo, 16 March', date: '2026-03-16', createdAt: WRITTEN },
    ]
    const c = await briefingAt('2026-03-16T10:00:00Z', 'Europe/Lisbon', notes)
    const count = (line: string) => c.split('\n').filter((l) => l === line).length
    expect(count("- Thursday, March 19 (in 3 days): Maria's birthday on 19 March"), c).toBe(1)
    expect(count("- Friday, March 20 (in 4 days): Mum's anniversary is 20 March"), c).toBe(1)
    expect(count('- Birthday of Jo, 16 March'), c).toBe(1)
    expect(c.match(/^- /gm)).toHaveLength(3)
  })
})

describe('GET /api/dashboard/briefing: stored, and rewritten only when due', () => {
  it('the second GET answers the stored briefing without writing again', async () => {
    const t = withModel
    const user = await lisbonUser(t)
    const first = await getBriefing(user)
    expect(first.source).toBe('ai')
    vi.setSystemTime(new Date(NOW.getTime() + 5 * MINUTE))
    const second = await getBriefing(user)
    expect(second).toEqual(first)
    expect(model.doGenerateCalls).toHaveLength(1)
  })

  it('changed weather or calendar rewrite it only once it is over 30 minutes old; unchanged inputs never', async () => {
    const t = offline
    const user = await lisbonUser(t)
    await weather.on(t, user)
    const first = await getBriefing(user)
    expect(first.sections.weather).toBe('ok')
    const asked = meteo.requests.length

    meteo.down = true
    vi.setSystemTime(new Date(NOW.getTime() + 29 * MINUTE))
    expect(await getBriefing(user)).toEqual(first)
    expect(meteo.requests.length).toBe(asked) // fresh: Open-Meteo is not asked again

    vi.setSystemTime(new Date(NOW.getTime() + 31 * MINUTE))
    const second = await getBriefing(user)
    expect(second.sections.weather).toMatchObject({ failed: expect.any(String) })
    expect(second.generatedAt).toBe(new Date(NOW.getTime() + 31 * MINUTE).toISOString())

    // Nothing changed since: hours later it is still the same briefing.
    vi.setSystemTime(new Date(NOW.getTime() + 5 * 60 * MINUTE))
    expect(await getBriefing(user)).toEqual(second)
  })

  it('a change to the memories shows on the next visit; one the briefing does not tell leaves it as it is', async () => {
    const t = offline
    const user = await lisbonUser(t)
    await weather.on(t, user)
    const old = await t.factory.memory(user.id, { text: 'Passport renewed', date: '2025-01-10' })
    const first = await getBriefing(user)
    expect(first.content).not.toContain('Buy flowers')

    vi.setSystemTime(new Date(NOW.getTime() + 2 * MINUTE))
    const created = await user.api.post<{ id: string }>('/api/memories', {
      text: 'Buy flowers',
      tags: [],
      date: '2026-03-16',
    })
    expect(created.status).toBe(201)
    vi.setSystemTime(new Date(NOW.getTime() + 3 * MINUTE))
    const second = await getBriefing(user)
    expect(second.content).toContain('- Buy flowers')
    expect(second.generatedAt).toBe(new Date(NOW.getTime() + 3 * MINUTE).toISOString())

    // Deleted: gone from the next one too.
    expect((await user.api.delete(`/api/memories/${created.body.id}`)).status).toBe(204)
    const third = await getBriefing(user)
    expect(third.content).not.toContain('Buy flowers')

    // An old memory edited changes nothing the briefing tells: the same briefing, not written again.
    const edited = await user.api.put(`/api/memories/${old.id}`, {
      text: 'Passport renewed (10 years)',
      tags: [],
      date: '2025-01-10',
    })
    expect(edited.status).toBe(200)
    vi.setSystemTime(new Date(NOW.getTime() + 10 * MINUTE))
    const asked = meteo.requests.length
    expect(await getBriefing(user)).toEqual(third) // the facts are gathered again, and are the same
    expect(meteo.requests.length).toBeGreaterThan(asked)
    const again = meteo.requests.length
    expect(await getBriefing(user)).toEqual(third) // and it is current again: nothing is fetched
    expect(meteo.requests.length).toBe(again)
  })

  it('a new local day gets a new briefing', async () => {
    const t = offline
    const user = await lisbonUser(t)
    const first = await getBriefing(user)
    vi.setSystemTime(new Date('2026-03-17T00:05:00.000Z'))
    const next = await getBriefing(user)
    expect(next.date).toBe('2026-03-17')
    expect(next.content).toContain('Tuesday, March 17, 2026')
    expect(first.date).toBe('2026-03-16')
  })

  it('is kept per user', async () => {
    const t = offline
    const ana = await lisbonUser(t, 'Ana')
    const bo = await lisbonUser(t, 'Bo')
    await getBriefing(ana)
    expect((await getBriefing(bo)).content).toContain('## Good day, Bo!')
    expect((await getBriefing(ana)).content).toContain('## Good day, Ana!')
  })
})

describe('the model writes it', () => {
  it('from the facts alone: no tools, and the prompt says to use only them', async () => {
    const t = withModel
    const user = await lisbonUser(t)
    await weather.on(t, user)
    await t.factory.memory(user.id, { text: 'Pay the electricity bill', date: '2026-03-16' })
    answer = async () => reply('```markdown\n## Morning, Ana\n\nRain in Lisbon.\n```')

    const briefing = await getBriefing(user)
    expect(briefing).toMatchObject({
      source: 'ai',
      content: '## Morning, Ana\n\nRain in Lisbon.\n',
      date: '2026-03-16',
    })
    expect(briefing.sections).toEqual({ weather: 'ok', calendar: 'off', memories: 'ok' })

    expect(model.doGenerateCalls).toHaveLength(1)
    const call = model.doGenerateCalls[0]!
    expect(call.tools ?? []).toEqual([])
    const prompt = JSON.stringify(call.prompt)
    expect(prompt).toContain('Use only these facts')
    expect(prompt).toContain('Pay the electricity bill')
    expect(prompt).toContain('Lisbon, Portugal')
    expect(prompt).toContain('\\"calendar\\": {\\n    \\"status\\": \\"off\\"')
  })

  it('in the language chosen in Settings: the model is told to write in it', async () => {
    const t = withModel
    const user = await lisbonUser(t)
    expect((await user.api.put('/api/auth/user/settings', { language: 'de' })).status).toBe(200)
    await getBriefing(user)
    const prompt = JSON.stringify(model.doGenerateCalls.at(-1)!.prompt)
    expect(prompt).toContain('Write it in German: the headings and every sentence.')
    expect(prompt).toContain('Montag, 16. März 2026')
  })

  it.each([
    ['fails', async () => Promise.reject(new Error('503 from the provider'))],
    ['answers nothing', async () => reply('')],
    ['answers only spaces', async () => reply(' \n ')],
    [
      'hangs (and stops when aborted)',
      ({ abortSignal }: { abortSignal?: AbortSignal | undefined }) =>
        new Promise<LanguageModelV4GenerateResult>((_, reject) => {
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason))
        }),
    ],
    ['hangs (and ignores the abort)', () => new Promise<LanguageModelV4GenerateResult>(() => {})],
  ])('when the model %s, the template writes it (source offline)', async (_, behaviour) => {
    const t = withModel
    const user = await lisbonUser(t)
    answer = behaviour
    const briefing = await getBriefing(user)
    expect(briefing.source).toBe('offline')
    expect(briefing.content).toContain('## Good day, Ana!')
    expect(model.doGenerateCalls.length).toBeGreaterThanOrEqual(1)
  })

  it('logs why the model failed, never the facts it was sent', async () => {
    const logs = captureLogs()
    const logged = await buildTestApp({
      logger: logs.logger,
      integrations: { languageModel: { model, provider: 'test', modelId: 'mock' } },
      briefingModelTimeoutMs: 200,
    })
    try {
      const user = await logged.createUser({ name: 'Ana Secretname', timezone: 'Europe/Lisbon' })
      await logged.factory.memory(user.id, { text: 'Private: the safe code is 4711', date: '2026-03-16' })
      // What a provider's error carries (the AI SDK's APICallError): the whole request body.
      answer = async (options) =>
        Promise.reject(Object.assign(new Error('Bad gateway'), { requestBodyValues: options }))
      const res = await user.api.get<Briefing>('/api/dashboard/briefing')
      expect(res.body.source).toBe('offline')
      const text = logs.text()
      expect(text).toContain('briefing model failed')
      expect(text).toContain('Bad gateway')
      expect(text).not.toContain('4711')
      expect(text).not.toContain('Secretname')
    } finally {
      await logged.close()
    }
  })

  it('after a failure the model gets another go once the briefing is 30 minutes old', async () => {
    const t = withModel
    const user = await lisbonUser(t)
    answer = async () => Promise.reject(new Error('down'))
    expect((await getBriefing(user)).source).toBe('offline')
    answer = async () => reply('Back again')
    vi.setSystemTime(new Date(NOW.getTime() + 10 * MINUTE))
    expect((await getBriefing(user)).source).toBe('offline')
    vi.setSystemTime(new Date(NOW.getTime() + 31 * MINUTE))
    expect(await getBriefing(user)).toMatchObject({ source: 'ai', content: 'Back again\n' })
  })
})

describe('POST /api/dashboard/briefing/regenerate', () => {
  it('writes a new one whatever is stored', async () => {
    const t = withModel
    const user = await lisbonUser(t)
    answer = async () => reply('First')
    const first = await getBriefing(user)
    answer = async () => reply('Second')
    vi.setSystemTime(new Date(NOW.getTime() + MINUTE))
    const res = await user.api.post<Briefing>('/api/dashboard/briefing/regenerate')
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ content: 'Second\n', source: 'ai', date: first.date })
    expect(res.body.generatedAt).not.toBe(first.generatedAt)
    expect(await getBriefing(user)).toEqual(res.body)
  })

  it('is limited to 10 an hour per user, with the usual 429 body', async () => {
    const t = offline
    const user = await lisbonUser(t)
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(new Date(NOW.getTime() + i * 1000))
      expect((await user.api.post('/api/dashboard/briefing/regenerate')).status).toBe(200)
    }
    const refused = await user.api.post('/api/dashboard/briefing/regenerate')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    })
    // Another user has a limit of their own; reading is not limited by it.
    const other = await lisbonUser(t, 'Bo')
    expect((await other.api.post('/api/dashboard/briefing/regenerate')).status).toBe(200)
    expect((await user.api.get('/api/dashboard/briefing')).status).toBe(200)
  })

  it('needs the CSRF token', async () => {
    const user = await lisbonUser(offline)
    const res = await offline.app.inject({
      method: 'POST',
      url: '/api/dashboard/briefing/regenerate',
      headers: { cookie: user.headers.cookie },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CSRF_TOKEN' })
  })

  it('needs a session, like reading', async () => {
    // A CSRF token without a session: the refusal is about the session.
    const csrf = await offline.app.inject('/api/auth/csrf-token')
    const cookie = csrf.cookies.find((c) => c.name === 'remi_csrf')!
    const headers = { cookie: `remi_csrf=${cookie.value}`, 'x-csrf-token': csrf.json().csrfToken }
    for (const res of [
      await offline.anonymous.get('/api/dashboard/briefing'),
      await offline.anonymous.request('POST', '/api/dashboard/briefing/regenerate', { headers, payload: {} }),
    ]) {
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' })
    }
  })
})
