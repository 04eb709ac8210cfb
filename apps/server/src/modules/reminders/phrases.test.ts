import { describe, expect, it } from 'vitest'
import { confirmation, matchByWords, readReminderRequest } from './phrases.ts'
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
    expect(matchByWords(reminders, 'plants')).toEqual([{ text: 'water the plants' }])
    expect(matchByWords(reminders, 'plant')).toEqual([{ text: 'water the plants' }])
    expect(matchByWords(reminders, 'dentist')).toEqual([])
  })

  it('matches a reminder by whole words, short ones too, never by a part of another word', () => {
    const reminders = [
      { text: 'Parents evening at school' },
      { text: 'Call mum' },
      { text: 'See the GP about my knee' },
      { text: 'Pay the rent' },
      { text: 'Fix the TV' },
    ]
    expect(matchByWords(reminders, 'gp')).toEqual([{ text: 'See the GP about my knee' }])
    expect(matchByWords(reminders, 'tv')).toEqual([{ text: 'Fix the TV' }])
    expect(matchByWords(reminders, 'rent')).toEqual([{ text: 'Pay the rent' }])
    // "all" is inside "call", and no words at all name nothing.
    expect(matchByWords(reminders, 'all')).toEqual([])
    expect(matchByWords(reminders, 'the')).toEqual([])
  })

  // Parts of the day at the hours calendar apps' reminders use; a clock time said in words.
  const at = (message: string, clock: { now: Date; timeZone: string }) => {
    const r = readReminderRequest(message, clock)
    if (r?.kind !== 'create') throw new Error(`not a create: ${message}`)
    return { text: r.text, local: local(r.dueAt, clock.timeZone), dueAt: r.dueAt.toISOString() }
  }
  // The same Thursday at 10:00 in Lisbon.
  const lisbonMorning = { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'Europe/Lisbon' }

  it('"tomorrow evening" is 18:00, "tonight" 20:00, "this afternoon" 13:00', () => {
    expect(at('remind me to call mum tomorrow evening', lisbon)).toMatchObject({
      text: 'call mum',
      local: '2026-11-27 18:00',
    })
    expect(at('remind me to take the bins out tonight', lisbon)).toMatchObject({
      text: 'take the bins out',
      local: '2026-11-26 20:00',
    })
    expect(at('remind me this afternoon to call the bank', lisbonMorning)).toMatchObject({
      text: 'call the bank',
      local: '2026-11-26 13:00',
    })
    expect(at('remind me to water the plants tomorrow morning', lisbon)).toMatchObject({
      local: '2026-11-27 09:00',
    })
    // An evening's hour where the next day starts summer time (New York, Sunday March 14, 2027).
    const saturday = { now: new Date('2027-03-13T15:00:00Z'), timeZone: 'America/New_York' }
    expect(at('remind me to set the clocks tomorrow evening', saturday)).toMatchObject({
      local: '2027-03-14 18:00',
      dueAt: '2027-03-14T22:00:00.000Z',
    })
    // Said when its part of the day has begun: the later hour chrono-node gives it still stands.
    const afternoon = { now: new Date('2026-11-26T14:00:00Z'), timeZone: 'Europe/Lisbon' }
    expect(at('remind me this afternoon to call the bank', afternoon).local).toBe('2026-11-26 15:00')
  })

  it('"on the 15th": the next 15th, skipping a month without the day', () => {
    expect(at('remind me on the 15th to pay the rent', lisbon)).toMatchObject({
      text: 'pay the rent',
      local: '2026-12-15 09:00',
    })
    expect(at('remind me on the 26th at 8pm to call Ana', lisbon).local).toBe('2026-11-26 20:00')
    // From January 31: February has no 30th, so March's, in Lisbon's summer time (UTC+1).
    const january = { now: new Date('2027-01-31T12:00:00Z'), timeZone: 'Europe/Lisbon' }
    expect(at('remind me on the 30th to renew the lease', january)).toMatchObject({
      local: '2027-03-30 09:00',
      dueAt: '2027-03-30T08:00:00.000Z',
    })
  })

  it('"next Friday at noon", "in half an hour", "at half past 3"', () => {
    expect(at('remind me next Friday at noon to renew the car insurance', lisbon)).toMatchObject({
      text: 'renew the car insurance',
      local: '2026-12-04 12:00',
    })
    expect(at('remind me in half an hour to take the cake out', lisbon)).toMatchObject({
      text: 'take the cake out',
      dueAt: '2026-11-26T18:30:00.000Z',
    })
    expect(at('remind me at half past 3 to call Ana', lisbonMorning)).toMatchObject({
      text: 'call Ana',
      local: '2026-11-26 15:30',
    })
    // Said at 18:00, half past 3 has gone today: tomorrow's.
    expect(at('remind me at half past three to call Ana', lisbon).local).toBe('2026-11-27 15:30')
    expect(at('remind me to leave at quarter to 9 tomorrow', lisbon)).toMatchObject({
      text: 'leave',
      local: '2026-11-27 08:45',
    })
    expect(at('remind me at quarter past 10pm to lock up', lisbon).local).toBe('2026-11-26 22:15')
    // An hour without am or pm: in the half of the day its part says, else from 1 to 6 the afternoon's.
    expect(at('remind me to lock up at 9 tonight', lisbonMorning).local).toBe('2026-11-26 21:00')
    const dog = readReminderRequest('remind me every evening at 7 to walk the dog', lisbon)
    expect(dog).toMatchObject({ text: 'walk the dog', recurrence: 'FREQ=DAILY' })
    expect(local((dog as { dueAt: Date }).dueAt, lisbon.timeZone)).toBe('2026-11-26 19:00')
    expect(at('remind me at 5 to call mum', lisbonMorning).local).toBe('2026-11-26 17:00')
    expect(at('remind me at 5am to call mum', lisbonMorning).local).toBe('2026-11-27 05:00')
  })

  it('leaves other messages alone', () => {
    for (const text of ['remember that Ana likes tea', 'what is the weather tomorrow?', 'remind me']) {
      expect(readReminderRequest(text, lisbon)).toBeNull()
    }
  })
})
