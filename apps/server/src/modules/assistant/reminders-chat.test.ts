import type { MemoryList, Reminder, SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createAssistantTools } from './tools/index.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Reminders = { reminders: Reminder[] }

describe('reminders in words, through the app (offline assistant)', () => {
  it('"remind me …" makes a reminder and no memory; the list and a cancel in words follow', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const askedAt = Date.now()
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'remind me in 20 minutes to check the oven',
    })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.assistantMessage.content).toMatch(
      /I'll remind you to check the oven on \w+, \w+ \d+ at \d\d:\d\d\.\n/,
    )

    const listed = await user.api.get<Reminders>('/api/reminders')
    expect(listed.body.reminders).toHaveLength(1)
    const reminder = listed.body.reminders[0]!
    expect(reminder).toMatchObject({ text: 'Check the oven', status: 'scheduled', recurrence: null })
    const minutes = (Date.parse(reminder.dueAt) - askedAt) / 60_000
    expect(minutes).toBeGreaterThan(19)
    expect(minutes).toBeLessThan(21)
    // A reminder is a reminder: no memory beside it (it cluttered the list and outlived a cancel).
    expect(reminder.memoryId).toBeNull()
    expect((await user.api.get<MemoryList>('/api/memories')).body.items).toEqual([])

    const weekly = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'remind me every Monday at 8 to water the plants',
    })
    expect(weekly.body.assistantMessage.content).toContain(
      "I'll remind you to water the plants every Monday at 08:00, starting Monday,",
    )
    const all = (await user.api.get<Reminders>('/api/reminders')).body.reminders
    expect(all.map((r) => r.recurrence)).toEqual(expect.arrayContaining([null, 'FREQ=WEEKLY;BYDAY=MO']))

    const asked = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'what are my reminders?',
    })
    expect(asked.body.assistantMessage.content).toMatch(
      /^Your reminders:\n\n- Check the oven on .*\n- Water the plants every Monday/,
    )

    const cancelled = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'cancel the plants reminder',
    })
    expect(cancelled.body.assistantMessage.content).toBe('Cancelled the reminder to water the plants.')
    const left = (await user.api.get<Reminders>('/api/reminders?status=scheduled')).body.reminders
    expect(left.map((r) => r.text)).toEqual(['Check the oven'])

    // Another user sees none of them.
    const other = await t.createUser()
    expect((await other.api.get<Reminders>('/api/reminders')).body.reminders).toEqual([])
  })
})

describe('the model’s reminder tools', () => {
  it('create_reminder, list_reminders and cancel_reminder act on the user’s reminders, as on MCP', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const tools = createAssistantTools({ ...t.services, reminders: t.app.reminders }, user.id)
    const dueAt = new Date(Date.now() + 3600_000).toISOString()
    const created = await tools.createReminder({ text: 'Call the vet', dueAt })
    expect(created).toMatchObject({ reminder: { text: 'Call the vet', status: 'scheduled' } })
    const id = 'reminder' in created ? created.reminder.id : ''
    expect((await user.api.get<Reminders>('/api/reminders')).body.reminders.map((r) => r.id)).toEqual([id])
    expect(await tools.listReminders({})).toMatchObject({ reminders: [{ id }] })
    // Refusals are the tool's answer, named as the API names them.
    const past = await tools.createReminder({ text: 'x', dueAt: '2020-01-01T00:00:00Z' })
    expect(past).toEqual({ error: expect.stringMatching(/^dueAt/) })
    const other = await t.createUser()
    const theirs = createAssistantTools({ ...t.services, reminders: t.app.reminders }, other.id)
    expect(await theirs.cancelReminder({ id })).toEqual({ error: 'Reminder not found.' })
    expect(await tools.cancelReminder({ id })).toMatchObject({ reminder: { id, status: 'cancelled' } })
    expect(await tools.listReminders({})).toEqual({ reminders: [] })
    expect(tools.calls.map((c) => c.tool)).toEqual([
      'create_reminder',
      'list_reminders',
      'create_reminder',
      'cancel_reminder',
      'list_reminders',
    ])
  })

  it("list_reminders leaves out the reminders of private memories (their text is the memory's)", async () => {
    const user = await t.createUser()
    const secret = await user.api.memories.create({ text: 'Renew the studio alarm code 8812', private: true })
    const open = await user.api.memories.create({ text: 'Water the ferns' })
    const dueAt = new Date(Date.now() + 3600_000).toISOString()
    for (const m of [secret, open])
      expect((await user.api.post('/api/reminders', { text: m.text, dueAt, memoryId: m.id })).status).toBe(
        201,
      )
    // The person sees both; the model only the one of a memory it may read.
    expect((await user.api.get<Reminders>('/api/reminders')).body.reminders).toHaveLength(2)
    const tools = createAssistantTools({ ...t.services, reminders: t.app.reminders }, user.id)
    expect(await tools.listReminders({})).toMatchObject({ reminders: [{ text: 'Water the ferns' }] })
    expect(JSON.stringify(await tools.listReminders({}))).not.toContain('8812')
  })
})
