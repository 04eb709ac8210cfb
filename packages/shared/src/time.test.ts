import { describe, expect, it } from 'vitest'
import {
  addDays,
  dayBounds,
  daysAgo,
  daysBetween,
  knownTimeZone,
  localDate,
  monthDay,
  quickDateRange,
  startOfLocalDay,
  todayIn,
} from './time.ts'

const iso = (d: Date) => d.toISOString()
const hours = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / 3_600_000

describe('today in the zone', () => {
  it('differs by zone at the same instant', () => {
    const instant = new Date('2026-03-01T03:00:00Z')
    expect(todayIn('UTC', instant)).toBe('2026-03-01')
    expect(todayIn('America/New_York', instant)).toBe('2026-02-28')
    expect(todayIn('Asia/Tokyo', new Date('2026-02-28T15:00:00Z'))).toBe('2026-03-01')
    expect(todayIn('Pacific/Kiritimati', new Date('2026-02-28T11:00:00Z'))).toBe('2026-03-01')
  })

  it('sees the same instant as three different days at the extremes of the clock', () => {
    // 10:30 UTC: Kiritimati (+14) is already on the next day, Pago Pago (-11) still on the previous one.
    const instant = new Date('2026-06-15T10:30:00Z')
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-06-16')
    expect(todayIn('UTC', instant)).toBe('2026-06-15')
    expect(todayIn('Pacific/Pago_Pago', instant)).toBe('2026-06-14')
  })

  it('turns over at local midnight in half-hour zones', () => {
    // St John's is UTC-3:30 in winter: its midnight is 03:30 UTC.
    expect(todayIn('America/St_Johns', new Date('2026-01-10T03:29:59Z'))).toBe('2026-01-09')
    expect(todayIn('America/St_Johns', new Date('2026-01-10T03:30:00Z'))).toBe('2026-01-10')
    // Lord Howe is UTC+11 in its summer (January): its midnight is 13:00 UTC the day before.
    expect(todayIn('Australia/Lord_Howe', new Date('2026-01-09T12:59:59Z'))).toBe('2026-01-09')
    expect(todayIn('Australia/Lord_Howe', new Date('2026-01-09T13:00:00Z'))).toBe('2026-01-10')
  })

  it('reads an instant given as milliseconds like one given as a Date', () => {
    const instant = new Date('2026-12-31T23:30:00Z')
    expect(localDate(instant.getTime(), 'Europe/Lisbon')).toBe('2026-12-31')
    expect(localDate(instant, 'Europe/Berlin')).toBe('2027-01-01')
  })

  it('counts days ago from today in the zone', () => {
    const now = new Date('2026-03-01T03:00:00Z')
    expect(daysAgo(0, 'UTC', now)).toBe('2026-03-01')
    expect(daysAgo(1, 'UTC', now)).toBe('2026-02-28')
    expect(daysAgo(1, 'America/New_York', now)).toBe('2026-02-27')
    expect(daysAgo(30, 'Pacific/Kiritimati', now)).toBe('2026-01-30')
    expect(daysAgo(-1, 'Pacific/Pago_Pago', now)).toBe('2026-03-01')
  })
})

describe('unknown zones', () => {
  it('knows real zones and falls back to UTC otherwise', () => {
    expect(knownTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon')
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC')
    expect(knownTimeZone('')).toBe('UTC')
    expect(knownTimeZone(undefined)).toBe('UTC')
    expect(knownTimeZone(null)).toBe('UTC')
  })

  it('falls back to the zone the caller names', () => {
    expect(knownTimeZone('Mars/Olympus_Mons', 'Asia/Tokyo')).toBe('Asia/Tokyo')
    expect(knownTimeZone('America/St_Johns', 'Asia/Tokyo')).toBe('America/St_Johns')
  })

  it('answers in UTC instead of throwing', () => {
    const instant = new Date('2026-06-15T23:30:00Z')
    expect(todayIn('Mars/Olympus_Mons', instant)).toBe('2026-06-15')
    expect(daysAgo(2, 'Mars/Olympus_Mons', instant)).toBe('2026-06-13')
    expect(iso(startOfLocalDay('2026-06-15', 'Mars/Olympus_Mons'))).toBe('2026-06-15T00:00:00.000Z')
    expect(dayBounds('2026-06-15', '')).toEqual({
      start: new Date('2026-06-15T00:00:00Z'),
      end: new Date('2026-06-16T00:00:00Z'),
    })
  })
})

describe('day arithmetic', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addDays('2026-03-31', -30)).toBe('2026-03-01')
    expect(addDays('2026-03-31', 0)).toBe('2026-03-31')
    expect(addDays('1900-03-01', -1)).toBe('1900-02-28')
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29')
  })

  it('does not move a day whatever the zone of the process (no local-time shift)', () => {
    // A DST weekend in the process's own zone must not matter: these are pure calendar days.
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09')
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02')
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24')
  })

  it('counts whole days between two days', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0)
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28)
    expect(daysBetween('2025-12-31', '2027-01-01')).toBe(366)
    // Across a DST change the count is still in days, not in 24-hour spans.
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2)
  })

  it('gives the month and day for "on this day"', () => {
    expect(monthDay('2026-02-28')).toBe('02-28')
    expect(monthDay('2024-02-29')).toBe('02-29')
    expect(monthDay('1999-12-31')).toBe('12-31')
  })

  it('refuses what is not a YYYY-MM-DD day', () => {
    expect(() => addDays('2026-3-1', 1)).toThrow(RangeError)
    expect(() => daysBetween('yesterday', '2026-03-01')).toThrow(RangeError)
    expect(() => monthDay('03-01')).toThrow(RangeError)
    expect(() => startOfLocalDay('2026-03-01T00:00:00Z', 'UTC')).toThrow(RangeError)
  })
})

describe('day boundaries in the zone', () => {
  it('finds the instant a local day starts, across DST changes', () => {
    expect(iso(startOfLocalDay('2026-03-01', 'UTC'))).toBe('2026-03-01T00:00:00.000Z')
    expect(iso(startOfLocalDay('2026-03-01', 'Asia/Tokyo'))).toBe('2026-02-28T15:00:00.000Z')
    expect(iso(startOfLocalDay('2026-01-15', 'Europe/Lisbon'))).toBe('2026-01-15T00:00:00.000Z')
    expect(iso(startOfLocalDay('2026-07-15', 'Europe/Lisbon'))).toBe('2026-07-14T23:00:00.000Z')
    // New York switches to summer time on 2026-03-08 at 02:00: that day starts at EST, the next at EDT.
    expect(iso(startOfLocalDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z')
    expect(iso(startOfLocalDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z')
    expect(iso(startOfLocalDay('2026-11-01', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z')
    expect(iso(startOfLocalDay('2026-11-02', 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z')
    expect(iso(startOfLocalDay('2026-06-01', 'Asia/Kolkata'))).toBe('2026-05-31T18:30:00.000Z')
  })

  it('gives a 23-hour and a 25-hour day at the DST changes, 24 hours otherwise', () => {
    expect(hours(dayBounds('2026-03-08', 'America/New_York'))).toBe(23)
    expect(hours(dayBounds('2026-11-01', 'America/New_York'))).toBe(25)
    expect(hours(dayBounds('2026-03-29', 'Europe/Lisbon'))).toBe(23)
    expect(hours(dayBounds('2026-10-25', 'Europe/Lisbon'))).toBe(25)
    expect(hours(dayBounds('2026-06-15', 'America/New_York'))).toBe(24)
    const bounds = dayBounds('2026-03-08', 'America/New_York')
    expect(iso(bounds.start)).toBe('2026-03-08T05:00:00.000Z')
    expect(iso(bounds.end)).toBe('2026-03-09T04:00:00.000Z')
  })

  it('handles half-hour offsets and the half-hour DST of Lord Howe', () => {
    // St John's: UTC-3:30 in winter, UTC-2:30 from 2026-03-08 02:00.
    expect(dayBounds('2026-01-10', 'America/St_Johns')).toEqual({
      start: new Date('2026-01-10T03:30:00Z'),
      end: new Date('2026-01-11T03:30:00Z'),
    })
    expect(hours(dayBounds('2026-03-08', 'America/St_Johns'))).toBe(23)
    expect(iso(startOfLocalDay('2026-03-09', 'America/St_Johns'))).toBe('2026-03-09T02:30:00.000Z')
    // Lord Howe moves by only 30 minutes: UTC+11 until 2026-04-05 02:00, then UTC+10:30 until 2026-10-04.
    expect(iso(startOfLocalDay('2026-04-05', 'Australia/Lord_Howe'))).toBe('2026-04-04T13:00:00.000Z')
    expect(hours(dayBounds('2026-04-05', 'Australia/Lord_Howe'))).toBe(24.5)
    expect(iso(startOfLocalDay('2026-04-06', 'Australia/Lord_Howe'))).toBe('2026-04-05T13:30:00.000Z')
    expect(hours(dayBounds('2026-10-04', 'Australia/Lord_Howe'))).toBe(23.5)
  })

  it('places a day at the extreme offsets of +14 and -11', () => {
    expect(dayBounds('2026-01-01', 'Pacific/Kiritimati')).toEqual({
      start: new Date('2025-12-31T10:00:00Z'),
      end: new Date('2026-01-01T10:00:00Z'),
    })
    expect(dayBounds('2026-01-01', 'Pacific/Pago_Pago')).toEqual({
      start: new Date('2026-01-01T11:00:00Z'),
      end: new Date('2026-01-02T11:00:00Z'),
    })
  })

  it('starts a day whose midnight a DST change skipped at its first real instant', () => {
    // Havana springs forward at midnight: 2026-03-08 begins at 01:00 local (UTC-4).
    expect(iso(startOfLocalDay('2026-03-08', 'America/Havana'))).toBe('2026-03-08T05:00:00.000Z')
    expect(hours(dayBounds('2026-03-08', 'America/Havana'))).toBe(23)
  })

  it('gives an empty span for a day the zone skipped', () => {
    // Samoa jumped over 2011-12-30 when it crossed the date line.
    const skipped = dayBounds('2011-12-30', 'Pacific/Apia')
    expect(skipped.end.getTime()).toBe(skipped.start.getTime())
    expect(localDate(skipped.start, 'Pacific/Apia')).toBe('2011-12-31')
  })

  it('keeps every instant of a day inside its bounds', () => {
    for (const zone of [
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'America/St_Johns',
      'Australia/Lord_Howe',
    ]) {
      for (const day of ['2026-01-01', '2026-03-08', '2026-04-05', '2026-10-04', '2026-11-01']) {
        const { start, end } = dayBounds(day, zone)
        expect(localDate(start, zone)).toBe(day)
        expect(localDate(new Date(end.getTime() - 1), zone)).toBe(day)
        expect(localDate(end, zone)).toBe(addDays(day, 1))
      }
    }
  })
})

describe('week and month ranges (spec §9)', () => {
  // 2026-01-07 is a Wednesday.
  it('last week runs from the Sunday before last to the Saturday ending last week', () => {
    expect(quickDateRange('lastWeek', '2026-01-07')).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
  })
  it('this week runs from this week’s Sunday to its Saturday (a note dated next month is not in it)', () => {
    expect(quickDateRange('thisWeek', '2026-01-07')).toEqual({
      startDate: '2026-01-04',
      endDate: '2026-01-10',
    })
    // Sunday 29 November 2026: notes of 18 December and 15 January are past the end.
    expect(quickDateRange('thisWeek', '2026-11-29')).toEqual({
      startDate: '2026-11-29',
      endDate: '2026-12-05',
    })
  })
  it('this month runs from the 1st to its last day', () => {
    expect(quickDateRange('thisMonth', '2026-01-07')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    })
    expect(quickDateRange('thisMonth', '2024-02-10')).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    })
  })
  it('on a Sunday, this week is today and last week ended yesterday', () => {
    expect(quickDateRange('thisWeek', '2026-01-04')).toEqual({
      startDate: '2026-01-04',
      endDate: '2026-01-10',
    })
    expect(quickDateRange('lastWeek', '2026-01-04')).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
  })
  it('on a Saturday, this week started six days ago', () => {
    expect(quickDateRange('thisWeek', '2026-01-10')).toEqual({
      startDate: '2026-01-04',
      endDate: '2026-01-10',
    })
    expect(quickDateRange('lastWeek', '2026-01-10')).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
  })
  it('crosses month and leap-year boundaries', () => {
    expect(quickDateRange('lastWeek', '2024-03-01')).toEqual({
      startDate: '2024-02-18',
      endDate: '2024-02-24',
    })
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
  })
  it("is the user's week: the same instant gives different weeks at +14 and -11", () => {
    // Sunday 2026-01-04 10:30 UTC is already Monday in Kiritimati and still Saturday in Pago Pago.
    const instant = new Date('2026-01-04T10:30:00Z')
    expect(quickDateRange('thisWeek', todayIn('Pacific/Kiritimati', instant))).toEqual({
      startDate: '2026-01-04',
      endDate: '2026-01-10',
    })
    expect(quickDateRange('thisWeek', todayIn('Pacific/Pago_Pago', instant))).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
    expect(
      quickDateRange('thisMonth', todayIn('Pacific/Pago_Pago', new Date('2026-02-01T10:30:00Z'))),
    ).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    })
  })
})
