import { describe, expect, it } from 'vitest'
import { checkRecurrence, fromWall, nextOccurrence, sameWallTime, toWall } from './recurrence.ts'

/** Local 'YYYY-MM-DD HH:mm' of an instant in a zone. */
const local = (instant: Date, zone: string) =>
  toWall(instant, zone).toISOString().slice(0, 16).replace('T', ' ')
const wall = (text: string) => new Date(`${text.replace(' ', 'T')}:00Z`)

/** Every occurrence after the first, up to `n`, walking nextOccurrence as the scheduler does. */
function walk(rule: string, first: Date, zone: string, n: number): string[] {
  const out = [local(first, zone)]
  let at = first
  for (let i = 1; i < n; i++) {
    at = nextOccurrence(rule, first, zone, at)!
    out.push(local(at, zone))
  }
  return out
}

describe('recurrences in the user’s zone, at a fixed clock', () => {
  it('keeps 09:00 at 09:00 across Lisbon’s spring and autumn changes (2026-03-29, 2026-10-25)', () => {
    const zone = 'Europe/Lisbon'
    const first = fromWall(wall('2026-03-27 09:00'), zone)
    const days = walk('FREQ=DAILY', first, zone, 4)
    expect(days).toEqual(['2026-03-27 09:00', '2026-03-28 09:00', '2026-03-29 09:00', '2026-03-30 09:00'])
    // The instants are 24 h apart except across the change, which is 23 h.
    const a = nextOccurrence('FREQ=DAILY', first, zone, fromWall(wall('2026-03-28 09:00'), zone))!
    expect(a.toISOString()).toBe('2026-03-29T08:00:00.000Z')
    const autumn = fromWall(wall('2026-10-24 09:00'), zone)
    expect(walk('FREQ=DAILY', autumn, zone, 3)).toEqual([
      '2026-10-24 09:00',
      '2026-10-25 09:00',
      '2026-10-26 09:00',
    ])
    expect(nextOccurrence('FREQ=DAILY', autumn, zone, autumn)!.toISOString()).toBe('2026-10-25T09:00:00.000Z')
  })

  it('keeps a weekly 08:00 at 08:00 across New York’s changes (2026-03-08, 2026-11-01)', () => {
    const zone = 'America/New_York'
    const first = fromWall(wall('2026-03-02 08:00'), zone) // a Monday
    const mondays = walk('FREQ=WEEKLY;BYDAY=MO', first, zone, 3)
    expect(mondays).toEqual(['2026-03-02 08:00', '2026-03-09 08:00', '2026-03-16 08:00'])
    expect(first.toISOString()).toBe('2026-03-02T13:00:00.000Z')
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=MO', first, zone, first)!.toISOString()).toBe(
      '2026-03-09T12:00:00.000Z',
    )
    const fall = fromWall(wall('2026-10-26 08:00'), zone)
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=MO', fall, zone, fall)!.toISOString()).toBe(
      '2026-11-02T13:00:00.000Z',
    )
  })

  it('moves a time that does not exist that day forward an hour, and back to normal after', () => {
    // New York, 2026-03-08: 02:00 jumps to 03:00, so 02:30 does not exist.
    const zone = 'America/New_York'
    const first = fromWall(wall('2026-03-07 02:30'), zone)
    expect(walk('FREQ=DAILY', first, zone, 3)).toEqual([
      '2026-03-07 02:30',
      '2026-03-08 03:30',
      '2026-03-09 02:30',
    ])
    // Lisbon, 2026-03-29: 01:00 jumps to 02:00.
    expect(local(fromWall(wall('2026-03-29 01:30'), 'Europe/Lisbon'), 'Europe/Lisbon')).toBe(
      '2026-03-29 02:30',
    )
  })

  it('reads a time that happens twice as its first happening', () => {
    // New York, 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(fromWall(wall('2026-11-01 01:30'), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    )
  })

  it('the 1st of every month, and a rule that ends', () => {
    const zone = 'Europe/Lisbon'
    const first = fromWall(wall('2026-12-01 09:00'), zone)
    expect(walk('FREQ=MONTHLY;BYMONTHDAY=1', first, zone, 4)).toEqual([
      '2026-12-01 09:00',
      '2027-01-01 09:00',
      '2027-02-01 09:00',
      '2027-03-01 09:00',
    ])
    const twice = fromWall(wall('2026-12-01 09:00'), zone)
    const second = nextOccurrence('FREQ=DAILY;COUNT=2', twice, zone, twice)!
    expect(nextOccurrence('FREQ=DAILY;COUNT=2', twice, zone, second)).toBeNull()
  })

  it('keeps the local time when moving zone', () => {
    const lisbonNine = fromWall(wall('2027-01-15 09:00'), 'Europe/Lisbon')
    const moved = sameWallTime(lisbonNine, 'Europe/Lisbon', 'America/New_York')
    expect(local(moved, 'America/New_York')).toBe('2027-01-15 09:00')
    expect(moved.toISOString()).toBe('2027-01-15T14:00:00.000Z')
  })

  it.each([
    ['FREQ=MINUTELY;INTERVAL=4', /5 minutes/],
    ['FREQ=SECONDLY;INTERVAL=600', /5 minutes/],
    ['FREQ=HOURLY;BYMINUTE=0,3', /5 minutes/],
    ['FREQ=DAILY;DTSTART=20260101T000000Z', /DTSTART/],
    ['FREQ=YEARLY;COUNT=1', /never happens within 10 years after/],
    // Rules rrule would search for ever, or for seconds, on the server's one thread.
    ['FREQ=DAILY;INTERVAL=-1', /INTERVAL must be a whole number from 1 to 1000/],
    ['FREQ=DAILY;INTERVAL=0', /INTERVAL must be/],
    ['FREQ=DAILY;BYMONTH=13', /BYMONTH must be a whole number from 1 to 12/],
    ['FREQ=DAILY;BYHOUR=25', /BYHOUR must be a whole number from 0 to 23/],
    ['FREQ=MONTHLY;BYMONTHDAY=0', /BYMONTHDAY must be a whole number from -31 to 31, not 0/],
    ['FREQ=MINUTELY;INTERVAL=5;BYMONTH=2;BYMONTHDAY=30', /need FREQ=DAILY or a longer one/],
    ['FREQ=HOURLY;BYYEARDAY=100', /need FREQ=DAILY or a longer one/],
    ['FREQ=MINUTELY;INTERVAL=997;BYHOUR=0;BYMINUTE=0;BYDAY=MO', /INTERVAL must divide 60/],
    ['FREQ=MINUTELY;INTERVAL=10;BYMINUTE=5', /BYMINUTE hold a minute reached from dueAt/],
    ['FREQ=HOURLY;INTERVAL=2;BYHOUR=10', /BYHOUR hold an hour reached from dueAt/],
    ['FREQ=HOURLY;INTERVAL=5;BYHOUR=9', /INTERVAL must divide 24/],
    ['FREQ=MINUTELY;INTERVAL=5;BYHOUR=9;BYDAY=MO;COUNT=1', /never happens within 31 days/],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /never happens within 10 years/],
  ])('refuses %s', (rule, message) => {
    expect(() => checkRecurrence(rule, new Date('2026-06-01T09:00:00Z'), 'UTC')).toThrow(message)
  })

  it.each([
    'FREQ=MINUTELY;INTERVAL=5',
    'FREQ=WEEKLY;BYDAY=MO,WE',
    'FREQ=MONTHLY;BYMONTHDAY=1',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=MINUTELY;INTERVAL=30;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9,10,11',
    'FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYMINUTE=0,30',
    // From 10:00 Lisbon time (the start below): every three hours at 10, 13 and 16.
    'FREQ=HOURLY;INTERVAL=3;BYHOUR=10,13,16',
  ])('accepts %s', (rule) => {
    expect(() => checkRecurrence(rule, new Date('2026-06-01T09:00:07.123Z'), 'Europe/Lisbon')).not.toThrow()
  })
})
