import { describe, expect, it } from 'vitest'
import { confirmation, pickByWords, readReminderRequest } from './phrases.ts'
import { toWall } from './recurrence.ts'

// A fixed clock: Thursday, November 26, 2026, 18:00 in Lisbon (UTC+0 in winter).
const lisbon = { now: new Date('2026-11-26T18:00:00Z'), timeZone: 'Europe/Lisbon' }
// The same instant in New York is 13:00 (UTC-5).
const newYork = { now: new Date('2026-11-26T18:00:00Z'), timeZone: 'America/New_York' }
const local = (d: Date, zone: string) => toWall(d, zone).toISOString().slice(0, 16).replace('T', ' ')

describe('reminders in words (offline, at a fixed clock)', () => {
  it('"remind me to call mum tomorrow at 5pm": 17:00 tomorrow in the user’s zone, said exactly', () => {
    const r = readReminderRequest('remind me to call mum tomorrow at 5pm', lisbon)
    expect(r).toEqual({
      kind: 'create',
      text: 'call mum',
      dueAt: new Date('2026-11-27T17:00:00Z'),
      recurrence: null,
    })
    expect(confirmation(r as never, lisbon.timeZone)).toBe(
      "I'll remind you to call mum on Friday, November 27 at 17:00.",
    )
    const ny = readReminderRequest('Remind me to call mum tomorrow at 5pm', newYork)
    expect(ny).toMatchObject({ dueAt: new Date('2026-11-27T22:00:00Z') })
  })

  it('"in 20 minutes"', () => {
    const r = readReminderRequest('remind me in 20 minutes to check the oven', lisbon)
    expect(r).toEqual({
      kind: 'create',
      text: 'check the oven',
      dueAt: new Date('2026-11-26T18:20:00Z'),
      recurrence: null,
    })
  })

  it('"every Monday at 8 to water the plants": weekly, first on the coming Monday at 08:00', () => {
    const r = readReminderRequest('remind me every Monday at 8 to water the plants', lisbon)
    expect(r).toMatchObject({ kind: 'create', text: 'water the plants', recurrence: 'FREQ=WEEKLY;BYDAY=MO' })
    if (r?.kind !== 'create') throw new Error('not a create')
    expect(local(r.dueAt, lisbon.timeZone)).toBe('2026-11-30 08:00')
    expect(confirmation(r, lisbon.timeZone)).toBe(
      "I'll remind you to water the plants every Monday at 08:00, starting Monday, November 30 at 08:00.",
    )
  })

  it('"on the 1st of every month to pay the rent": monthly, first on December 1 at 09:00', () => {
    const r = readReminderRequest('remind me on the 1st of every month to pay the rent', lisbon)
    expect(r).toMatchObject({ kind: 'create', text: 'pay the rent', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1' })
    if (r?.kind !== 'create') throw new Error('not a create')
    expect(local(r.dueAt, lisbon.timeZone)).toBe('2026-12-01 09:00')
    expect(confirmation(r, lisbon.timeZone)).toBe(
      "I'll remind you to pay the rent on the 1st of every month at 09:00, starting Tuesday, December 1 at 09:00.",
    )
  })

  it('"remind me about the dentist the day before": a day before the memory’s day, at 09:00', () => {
    expect(readReminderRequest('remind me about the dentist the day before', lisbon)).toEqual({
      kind: 'before-memory',
      about: 'dentist',
      daysBefore: 1,
      hour: 9,
      minute: 0,
    })
  })

  it('"what are my reminders?" and "cancel the plants reminder"', () => {
    expect(readReminderRequest('what are my reminders?', lisbon)).toEqual({ kind: 'list' })
    expect(readReminderRequest('cancel the plants reminder', lisbon)).toEqual({
      kind: 'cancel',
      words: 'plants',
    })
    const reminders = [{ text: 'call mum' }, { text: 'water the plants' }]
    expect(pickByWords(reminders, 'plants')).toEqual({ text: 'water the plants' })
    expect(pickByWords(reminders, 'dentist')).toBeUndefined()
  })

  it('leaves other messages alone', () => {
    for (const text of ['remember that Ana likes tea', 'what is the weather tomorrow?', 'remind me']) {
      expect(readReminderRequest(text, lisbon)).toBeNull()
    }
  })
})
