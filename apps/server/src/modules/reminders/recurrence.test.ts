import { describe, expect, it } from 'vitest'
import { checkRecurrence, fromWall, nextOccurrence, ruleFor, sameWallTime, toWall } from './recurrence.ts'

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
    // Rules no time matches: rrule walked them to the year 9999 (MINUTELY for ever, DAILY 9–14 s).
    [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
      /this repeat rule is too complex to work out \(or it never happens\)/,
    ],
    ['FREQ=MINUTELY;BYSETPOS=2', /this repeat rule is too complex/],
    ['FREQ=MINUTELY;INTERVAL=5;BYSETPOS=2', /this repeat rule is too complex/],
    ['FREQ=HOURLY;BYSETPOS=2', /this repeat rule is too complex/],
    ['FREQ=DAILY;BYSETPOS=2', /this repeat rule is too complex/],
    ['FREQ=MONTHLY;BYSETPOS=40', /this repeat rule is too complex/],
    ['FREQ=YEARLY;BYSETPOS=366;BYMONTH=2', /this repeat rule is too complex/],
    // Counted rules are walked from their first time each time: all their times within the bound.
    ['FREQ=MINUTELY;INTERVAL=5;COUNT=100000', /this repeat rule is too complex/],
    // Each period makes a time per position and per second named.
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1,2,3,4,5,-1,-2,-3,-4,-5,6', /BYSETPOS may name at most 10 positions/],
    ['FREQ=DAILY;BYSECOND=0,30', /BYSECOND may name one second/],
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
    // Rare, but within the work bound: once every four years, the last weekday of a month.
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=DAILY;COUNT=365',
  ])('accepts %s', (rule) => {
    expect(() => checkRecurrence(rule, new Date('2026-06-01T09:00:07.123Z'), 'Europe/Lisbon')).not.toThrow()
  })
})

describe('recurrences within a bound on the work', () => {
  /** The next time as rrule finds it walking from the first time, unbounded (small spans only). */
  function walked(rule: string, first: Date, zone: string, after: Date): Date | null {
    const full = ruleFor(rule, first, zone)
    let cursor = toWall(after, zone)
    for (let i = 0; i < 5; i++) {
      const wall = full.after(cursor, false)
      if (!wall) return null
      const instant = fromWall(wall, zone)
      if (instant.getTime() > after.getTime()) return instant
      cursor = wall
    }
    return null
  }

  it('a rule that selects nothing has no next time, answered at once (the scheduler, Done, a zone move)', () => {
    const first = new Date('2026-06-01T09:00:00Z')
    for (const rule of [
      'FREQ=MINUTELY;BYSETPOS=2',
      'FREQ=DAILY;BYSETPOS=2',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    ]) {
      expect(nextOccurrence(rule, first, 'UTC', new Date('2026-06-02T00:00:00Z'))).toBeNull()
    }
  })

  it('finds the next time of a rule by the minute ten years on from near then, not by walking ten years', () => {
    const first = new Date('2026-06-01T09:00:07Z')
    const after = new Date('2036-04-27T13:42:30Z')
    // Every 5 minutes from 09:00:07: 13:45:07 (rrule walked a million minutes to find it: 3.75 s).
    expect(nextOccurrence('FREQ=MINUTELY;INTERVAL=5', first, 'UTC', after)!.toISOString()).toBe(
      '2036-04-27T13:45:07.000Z',
    )
    expect(nextOccurrence('FREQ=MINUTELY;INTERVAL=7', first, 'Europe/Lisbon', after)!.toISOString()).toBe(
      walkedFrom('FREQ=MINUTELY;INTERVAL=7', first, 'Europe/Lisbon', after),
    )
    expect(nextOccurrence('FREQ=HOURLY;INTERVAL=5', first, 'UTC', after)!.toISOString()).toBe(
      '2036-04-27T17:00:07.000Z',
    )
  })

  it('by the minute at named hours on named days: no day skipped, from any start time', () => {
    const rule = 'FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYMINUTE=0,30;BYDAY=MO'
    // rrule stepped the days it leaves out by the hours left in them: from a Sunday 08:30 by 16 hours
    // for ever (never 09:00), from a Monday 09:00 past some Mondays.
    expect(() => checkRecurrence(rule, new Date('2026-01-04T08:30:00Z'), 'UTC')).not.toThrow()
    expect(walk(rule, new Date('2026-01-05T09:00:00Z'), 'UTC', 5)).toEqual([
      '2026-01-05 09:00',
      '2026-01-05 09:30',
      '2026-01-12 09:00',
      '2026-01-12 09:30',
      '2026-01-19 09:00',
    ])
    const later = nextOccurrence(
      rule,
      new Date('2026-01-05T09:00:00Z'),
      'UTC',
      new Date('2028-02-29T10:00:00Z'),
    )
    expect(later!.toISOString()).toBe('2028-03-06T09:00:00.000Z')
  })

  /** The reference over a long span: the rule restarted by hand a whole number of periods later. */
  function walkedFrom(rule: string, first: Date, zone: string, after: Date): string {
    const minutes = Number(/INTERVAL=(\d+)/.exec(rule)![1])
    const steps = Math.floor((after.getTime() - first.getTime()) / (minutes * 60_000)) - 2
    return walked(rule, new Date(first.getTime() + steps * minutes * 60_000), zone, after)!.toISOString()
  }

  it.each([
    ['FREQ=MONTHLY', '2026-01-31 09:00'], // the 31st: only months that have one
    ['FREQ=MONTHLY;INTERVAL=5', '2026-03-31 08:30'],
    ['FREQ=YEARLY', '2024-02-29 07:00'], // 29 February: leap years only
    ['FREQ=YEARLY;INTERVAL=3;BYMONTH=3,9;BYDAY=-1SU', '2026-03-29 10:00'],
    ['FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO', '2026-01-05 09:00'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30 17:00'],
    ['FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1;BYHOUR=9,18', '2026-01-31 09:00'],
    ['FREQ=WEEKLY;INTERVAL=3', '2026-01-07 12:15'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;WKST=SU', '2026-01-02 06:45'],
    ['FREQ=DAILY;INTERVAL=9', '2026-01-01 23:59'],
    ['FREQ=DAILY;INTERVAL=7;BYMONTH=2,3;BYMONTHDAY=29', '2026-03-29 09:00'],
    ['FREQ=DAILY;BYHOUR=8,20;BYMINUTE=15', '2026-01-01 08:15'],
    ['FREQ=HOURLY;INTERVAL=7;BYDAY=SA', '2026-01-03 01:00'],
    ['FREQ=DAILY;UNTIL=20280301T000000Z', '2026-01-01 09:00'],
  ])('gives %s the times walking from its first time gives (from %s)', (rule, start) => {
    for (const zone of ['UTC', 'Europe/Lisbon']) {
      const first = fromWall(wall(start), zone)
      for (const later of ['2027-02-28 08:59', '2028-02-29 10:00', '2028-12-31 23:30', '2029-07-04 12:00']) {
        const after = fromWall(wall(later), zone)
        expect(nextOccurrence(rule, first, zone, after)?.toISOString(), `${zone} after ${later}`).toBe(
          walked(rule, first, zone, after)?.toISOString(),
        )
      }
    }
  })
})
