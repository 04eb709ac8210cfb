import type { CreateReminderBody, Reminder } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { classify } from './index.ts'
import { clockAt, fakeDeps, type Fakes } from './fake-deps.test-support.ts'
import type { Answered, Clock, Deps } from './types.ts'

/** Thursday, November 26, 2026, 10:00 in Lisbon. */
const clock = clockAt('2026-11-26T10:00:00Z')

/** A fake reminders service: keeps what it is given, as the real one would answer it. */
function fakeReminders(existing: Reminder[] = []) {
  const reminders = [...existing]
  const service = {
    async create(_userId: string, body: CreateReminderBody): Promise<Reminder> {
      const made: Reminder = {
        id: `r-${reminders.length + 1}`,
        text: body.text,
        dueAt: body.dueAt,
        nextAt: body.dueAt,
        recurrence: body.recurrence ?? null,
        timezone: clock.timeZone,
        status: 'scheduled',
        memoryId: body.memoryId ?? null,
      } as Reminder
      reminders.push(made)
      return made
    },
    list: async () => reminders.filter((r) => r.status === 'scheduled'),
    async patch(_userId: string, id: string, body: { status?: string }) {
      const found = reminders.find((r) => r.id === id)!
      Object.assign(found, body)
      return found
    },
  }
  return { reminders, service: service as unknown as NonNullable<Deps['services']['reminders']> }
}

async function ask(
  text: string,
  fakes: Fakes,
  service: ReturnType<typeof fakeReminders>['service'],
  at: Clock = clock,
) {
  const deps = fakeDeps(fakes, at, text)
  const withReminders = { ...deps, services: { ...deps.services, reminders: service } }
  const from = async (start: number): Promise<Answered & { intent: string }> => {
    const { matched, index } = classify(text, at, start)
    const answered = await matched.answer({ ...withReminders, passOn: () => from(index + 1) })
    return { intent: matched.name, ...answered }
  }
  return { ...(await from(0)), created: deps.created }
}

describe('reminders in words, on fake tools', () => {
  it('makes a reminder at the time said, says exactly when, and saves no memory beside it', async () => {
    const { reminders, service } = fakeReminders()
    const asked = await ask('remind me to call mum tomorrow at 5pm', {}, service)
    expect(asked.intent).toBe('reminders')
    expect(reminders).toEqual([
      expect.objectContaining({ text: 'Call mum', dueAt: '2026-11-27T17:00:00.000Z', recurrence: null }),
    ])
    expect(asked.markdown).toBe("I'll remind you to call mum on Friday, November 27 at 17:00.")
    // A reminder is a reminder: a memory beside it cluttered the list and outlived a cancel.
    expect(asked.created).toEqual([])

    const soon = await ask('remind me in 20 minutes to check the oven', {}, service)
    expect(soon.markdown).toContain("I'll remind you to check the oven on Thursday, November 26 at 10:20.")
    expect(reminders[1]).toMatchObject({ dueAt: '2026-11-26T10:20:00.000Z' })
  })

  it('makes repeating reminders, and says they repeat', async () => {
    const { reminders, service } = fakeReminders()
    const weekly = await ask('remind me every Monday at 8 to water the plants', {}, service)
    expect(weekly.markdown).toContain(
      "I'll remind you to water the plants every Monday at 08:00, starting Monday, November 30 at 08:00.",
    )
    expect(weekly.markdown).not.toContain("I don't repeat reminders")
    const monthly = await ask('remind me on the 1st of every month to pay the rent', {}, service)
    expect(monthly.markdown).toContain(
      'on the 1st of every month at 09:00, starting Tuesday, December 1 at 09:00.',
    )
    expect(reminders.map((r) => r.recurrence)).toEqual(['FREQ=WEEKLY;BYDAY=MO', 'FREQ=MONTHLY;BYMONTHDAY=1'])
    // Said without "remind me": a repeat and a time are a reminder too.
    const bare = await ask('every Monday at 8 water the plants', {}, service)
    expect(bare.intent).toBe('reminders')
    expect(bare.markdown).toBe(
      "I'll remind you to water the plants every Monday at 08:00, starting Monday, November 30 at 08:00.",
    )
    expect(reminders[2]).toMatchObject({ text: 'Water the plants', recurrence: 'FREQ=WEEKLY;BYDAY=MO' })
  })

  it('reminds the day before a memory’s day, found through the memory search', async () => {
    const { reminders, service } = fakeReminders()
    const dentist = { id: 'm-1', text: 'Dentist at 3pm', tags: [], date: '2026-12-03' }
    const asked = await ask('remind me about the dentist the day before', { memories: [dentist] }, service)
    expect(asked.markdown).toBe('I’ll remind you of: Dentist at 3pm on Wednesday, December 2 at 09:00.')
    expect(asked.cited).toEqual([dentist])
    expect(reminders).toEqual([expect.objectContaining({ dueAt: '2026-12-02T09:00:00.000Z' })])
    const none = await ask('remind me about the vet the day before', { memories: [dentist] }, service)
    expect(none.markdown).toBe('I found no memory with a day about “vet”. Save it with its day first.')
    expect(reminders).toHaveLength(1)
  })

  it('lists the reminders and cancels one by its words', async () => {
    const { reminders, service } = fakeReminders()
    expect((await ask('what are my reminders?', {}, service)).markdown).toBe(
      'You have no reminders. Say “remind me to … tomorrow at 9” to make one.',
    )
    await ask('remind me every Monday at 8 to water the plants', {}, service)
    await ask('remind me to call mum tomorrow at 5pm', {}, service)
    expect((await ask('what are my reminders?', {}, service)).markdown).toBe(
      [
        'Your reminders:',
        '',
        '- Water the plants every Monday at 08:00, starting Monday, November 30 at 08:00.',
        '- Call mum on Friday, November 27 at 17:00.',
      ].join('\n'),
    )
    const cancelled = await ask('cancel the plants reminder', {}, service)
    expect(cancelled).toMatchObject({
      intent: 'reminders',
      markdown: 'Cancelled the reminder to water the plants.',
    })
    expect(reminders.map((r) => r.status)).toEqual(['cancelled', 'scheduled'])
    expect((await ask('cancel the plants reminder', {}, service)).markdown).toBe(
      'You have no reminder about “plants”. Ask “what are my reminders?”.',
    )
  })

  it('asks which when more than one reminder has the words, and cancels none by a part of a word', async () => {
    const { reminders, service } = fakeReminders()
    await ask('remind me to call mum tomorrow at 5pm', {}, service)
    await ask('remind me to call the plumber tomorrow at 6pm', {}, service)
    const which = await ask('cancel the call reminder', {}, service)
    expect(which.markdown).toBe(
      'More than one reminder is about “call”: “Call mum”, “Call the plumber”. Say “cancel the … reminder” with more of its words.',
    )
    expect((await ask('cancel all reminders', {}, service)).markdown).toBe(
      'You have no reminder about “all”. Ask “what are my reminders?”.',
    )
    expect(reminders.map((r) => r.status)).toEqual(['scheduled', 'scheduled'])
    await ask('cancel the plumber reminder', {}, service)
    expect(reminders.map((r) => r.status)).toEqual(['scheduled', 'cancelled'])
  })

  it('leaves a "remind me …" with no time, or on a holiday, to `remember`', async () => {
    const { reminders, service } = fakeReminders()
    const asked = await ask('Remind me to call the plumber', {}, service)
    expect(asked.intent).toBe('remember')
    const holiday = await ask('remind me on Easter Monday to call grandma', {}, service)
    expect(holiday.intent).toBe('remember')
    expect(reminders).toEqual([])
  })
})
