import { addDays, todayIn } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startIcsFake, type IcsFake } from '../../test/fakes/ics.ts'
import { createSafeFetch, SafeFetchError, type SafeFetch } from '../safe-fetch.ts'
import { createIcsFeed, httpUrl, IcsReadError } from './ics-feed.ts'

let ics: IcsFake
let safeFetch: SafeFetch
beforeAll(async () => {
  ics = await startIcsFake()
  safeFetch = createSafeFetch({ allowPrivateNetwork: true })
})
afterAll(async () => {
  await safeFetch.close()
  await ics.close()
})

const at = (day: string, time = '00:00:00') => new Date(`${day}T${time}Z`)

describe('ICS feed', () => {
  it('expands the weekly event, drops the EXDATE week, applies the RECURRENCE-ID change and keeps all-day events', async () => {
    const today = todayIn('UTC')
    const feed = createIcsFeed(safeFetch)
    const calendar = await feed.load(ics.calendarUrl, {
      from: at(addDays(today, -8)),
      to: at(addDays(today, 9)),
    })
    expect(calendar.name).toBe('Family')
    const summary = calendar.events
      .map((e) => `${e.start} ${e.title}`)
      .filter((line) => line.slice(0, 10) >= addDays(today, -8) && line.slice(0, 10) < addDays(today, 9))
      .sort()
    const lisbonHour =
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Lisbon',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(at(today, '15:00:00')) === '15'
        ? '15'
        : '14'
    expect(summary).toEqual([
      `${today} Company holiday`,
      `${today}T09:00:00.000Z Team standup`,
      `${today}T${lisbonHour}:00:00.000Z Dentist`,
      `${addDays(today, 7)}T11:00:00.000Z Team standup (moved)`,
    ])
    const holiday = calendar.events.find((e) => e.title === 'Company holiday')!
    expect(holiday).toMatchObject({ allDay: true, start: today, end: addDays(today, 1), calendar: 'Family' })
    const dentist = calendar.events.find((e) => e.title === 'Dentist')!
    expect(dentist.location).toBe('Rua Augusta 1, Lisbon')
    expect(Date.parse(dentist.end) - Date.parse(dentist.start)).toBe(60 * 60 * 1000)
  })

  it('refuses an answer that is not a calendar', async () => {
    const feed = createIcsFeed(safeFetch)
    const error = await feed
      .load(ics.notCalendarUrl, { from: new Date(), to: new Date() })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SafeFetchError)
    expect((error as Error).message).toBe('The link did not return a calendar (ICS) file.')
  })

  it('keeps a feed per owner and URL: another read, of another window too, downloads nothing until it expires', async () => {
    let clock = Date.now()
    const feed = createIcsFeed(safeFetch, { cacheTtlMs: 60_000, now: () => clock })
    try {
      const url = ics.copyUrl('kept')
      const today = todayIn('UTC')
      const day = { from: at(today), to: at(addDays(today, 1)) }
      const week = { from: at(addDays(today, -7)), to: at(addDays(today, 8)) }
      const titles = async (range: typeof day, owner: string) =>
        (await feed.load(url, range, owner)).events.map((e) => e.title).sort()

      expect(await titles(day, 'alice')).toEqual(['Company holiday', 'Dentist', 'Team standup'])
      expect(await titles(day, 'alice')).toEqual(['Company holiday', 'Dentist', 'Team standup'])
      // Another window is expanded again from the feed kept, still right (the moved and cancelled weeks).
      expect((await titles(week, 'alice')).filter((t) => t.startsWith('Team standup'))).toEqual([
        'Team standup',
        'Team standup (moved)',
      ])
      expect(ics.requestsFor(url)).toBe(1)
      // Reads at once share one download.
      await Promise.all([titles(day, 'carol'), titles(week, 'carol')])
      expect(ics.requestsFor(url)).toBe(2)
      // Another person's read downloads their own.
      await titles(day, 'bob')
      expect(ics.requestsFor(url)).toBe(3)
      clock += 59_000
      await titles(day, 'alice')
      expect(ics.requestsFor(url)).toBe(3)
      clock += 1_000
      expect(await titles(day, 'alice')).toEqual(['Company holiday', 'Dentist', 'Team standup'])
      expect(ics.requestsFor(url)).toBe(4)
    } finally {
      await feed.close()
    }
  })

  it('refuses a hostile feed with a sentence, and keeps that answer instead of reading it again', async () => {
    // Counting to 5 000 occurrences takes its time on a loaded machine: the time limit is not what is tested.
    const feed = createIcsFeed(safeFetch, { timeLimitMs: 20_000 })
    try {
      const url = ics.hostileUrl('minutely')
      const today = todayIn('UTC')
      const range = { from: at(today), to: at(addDays(today, 1)) }
      for (let i = 0; i < 2; i++) {
        const error = await feed.load(url, range, 'mallory').catch((e: unknown) => e)
        expect(error).toBeInstanceOf(IcsReadError)
        expect((error as Error).message).toBe(
          'The ICS calendar has more than 5,000 events in the days asked; Remi reads at most 5,000 at a time.',
        )
      }
      expect(ics.requestsFor(url)).toBe(1)
    } finally {
      await feed.close()
    }
  })

  it('ends a read that runs over the time limit, and reads the next feed with a new worker', async () => {
    // 90 000 exceptions in unknown time zones keep node-ical's parser busy for seconds, in one step it
    // cannot be stopped in: the worker is ended.
    const feed = createIcsFeed(safeFetch, { timeLimitMs: 2000 })
    try {
      const today = todayIn('UTC')
      const range = { from: at(today), to: at(addDays(today, 1)) }
      const error = await feed.load(ics.hostileUrl('slow-parse'), range, 'mallory').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(IcsReadError)
      expect((error as Error).message).toBe(
        'Reading the ICS calendar took more than 2 seconds, so Remi stopped.',
      )
      // Kept as unreadable: no second download, no second parse.
      await expect(feed.load(ics.hostileUrl('slow-parse'), range, 'mallory')).rejects.toThrow('2 seconds')
      expect(ics.requestsFor(ics.hostileUrl('slow-parse'))).toBe(1)
      const calendar = await feed.load(ics.calendarUrl, range, 'alice')
      expect(calendar.events.map((e) => e.title).sort()).toEqual([
        'Company holiday',
        'Dentist',
        'Team standup',
      ])
    } finally {
      await feed.close()
    }
  })

  it('reads webcal:// links as https://', () => {
    expect(httpUrl('webcal://example.com/cal.ics')).toBe('https://example.com/cal.ics')
    expect(httpUrl('https://example.com/cal.ics')).toBe('https://example.com/cal.ics')
  })
})
