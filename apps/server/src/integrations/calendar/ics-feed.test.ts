import { addDays, todayIn } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startIcsFake, type IcsFake } from '../../test/fakes/ics.ts'
import { createSafeFetch, SafeFetchError, type SafeFetch } from '../safe-fetch.ts'
import { createIcsFeed, httpUrl } from './ics-feed.ts'

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

  it('reads webcal:// links as https://', () => {
    expect(httpUrl('webcal://example.com/cal.ics')).toBe('https://example.com/cal.ics')
    expect(httpUrl('https://example.com/cal.ics')).toBe('https://example.com/cal.ics')
  })
})
