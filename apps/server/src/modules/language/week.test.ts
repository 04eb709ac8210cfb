import { todayIn } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { weekDays } from './week.ts'

describe('the week a summary covers', () => {
  /** Saturday, November 28, 2026, 22:30 in Los Angeles: Sunday the 29th in UTC. */
  const saturdayNight = { today: todayIn('America/Los_Angeles', new Date('2026-11-29T06:30:00Z')) }
  /** Sunday, November 29, 2026, 01:00 in Auckland: still Saturday the 28th in UTC. */
  const sundayMorning = { today: todayIn('Pacific/Auckland', new Date('2026-11-28T12:00:00Z')) }

  it('reads the week from Sunday in the user’s time zone, not UTC’s', () => {
    // Saturday night in Los Angeles is Sunday in UTC: this week is still the one that began on the 22nd.
    expect(weekDays('this', saturdayNight.today)).toEqual({ from: '2026-11-22', to: '2026-11-28' })
    expect(weekDays('last', saturdayNight.today)).toEqual({ from: '2026-11-15', to: '2026-11-21' })
    // Sunday morning in Auckland is Saturday in UTC: a new week of one day.
    expect(weekDays('this', sundayMorning.today)).toEqual({ from: '2026-11-29', to: '2026-11-29' })
    expect(weekDays('last', sundayMorning.today)).toEqual({ from: '2026-11-22', to: '2026-11-28' })
  })
})
