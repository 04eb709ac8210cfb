import { describe, expect, it } from 'vitest'
import type { GetWeatherOutput, ToolEvent } from '../tools/index.ts'
import { answer, clockAt } from './fake-deps.test-support.ts'

const clock = clockAt('2026-11-26T10:00:00Z')
const day = (date: string, rain: number, min = 9, max = 15) => ({
  date,
  description: 'Overcast',
  temperatureMin: min,
  temperatureMax: max,
  precipitationProbability: rain,
})
const forecast = (date: string, rain: number): GetWeatherOutput => ({
  date,
  place: 'Lisbon',
  onVacation: false,
  summary: 'Overcast',
  now: null,
  day: { ...day(date, rain), sunrise: '07:39', sunset: '17:14' },
  nextDays: [day('2026-11-28', 10), day('2026-11-29', 80)],
  temperatureUnit: '°C',
})

describe('weather, on fake tools', () => {
  it('decides rain, a coat and the sun times from the forecast', async () => {
    const rain = await answer('Will it rain tomorrow?', { weather: forecast('2026-11-27', 70) }, clock)
    expect(rain.intent).toBe('weather')
    expect(rain.markdown.split('\n')[0]).toBe('**Yes, probably**: 70% chance of rain tomorrow.')
    const coat = await answer('Do I need a coat tomorrow?', { weather: forecast('2026-11-27', 10) }, clock)
    expect(coat.markdown.split('\n')[0]).toBe('**Yes**: between 9°C and 15°C tomorrow.')
    const sun = await answer('When is sunset tomorrow?', { weather: forecast('2026-11-27', 10) }, clock)
    expect(sun.markdown).toBe(
      '**Sunrise and sunset for tomorrow in Lisbon:** 07:39 and 17:14, 9 h 35 min of daylight.',
    )
  })

  it('says so when the weather is not set up', async () => {
    expect((await answer('Will it rain tomorrow?', {}, clock)).markdown).toBe(
      "I couldn't get the weather: Weather is not set up. Add a location in Settings.",
    )
  })
})

const event = (title: string, dayOf: string, from: string, to: string): ToolEvent => ({
  title,
  time: `${from}–${to}`,
  day: dayOf,
  start: `${dayOf}T${from}:00Z`,
  end: `${dayOf}T${to}:00Z`,
  allDay: false,
  location: null,
  calendar: 'Work',
})

describe('calendar, on fake tools', () => {
  const events = [
    event('Standup', '2026-11-26', '11:00', '11:30'),
    event('Dentist', '2026-11-27', '09:30', '10:30'),
  ]

  it('tells the next meeting and whether a time is free', async () => {
    const next = await answer("What's my next meeting?", { events }, clock)
    expect(next.intent).toBe('event')
    expect(next.markdown).toBe('Your next event is **today, 11:00–11:30**: Standup, in 1 hour.')
    const free = await answer('Am I free at 9:45 tomorrow?', { events }, clock)
    expect(free.intent).toBe('calendar')
    expect(free.markdown.split('\n')[0]).toBe('No: at 09:45 tomorrow you have')
  })

  it("lists a day's events and the memories dated on it, citing them", async () => {
    const note = { id: 'n1', text: 'Bring the X-rays to the dentist', tags: [], date: '2026-11-27' }
    const result = await answer('What do I have tomorrow?', { events, memories: [note] }, clock)
    expect(result.markdown).toContain('- 09:30–10:30: Dentist')
    expect(result.markdown).toContain('**From your memories:**')
    expect(result.cited).toEqual([note])
  })
})
