import { screen, within } from '@testing-library/react'
import type { Automation } from '@remi/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { AutomationsList } from './automations-list'

const WEEKLY: Automation = {
  id: '5f0c2a1e-7b3d-4c8e-9a6f-1d2e3f4a5b6c',
  prompt: 'Summarise my week',
  schedule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0',
  scheduleText: 'every Friday at 17:00',
  timezone: 'UTC',
  channels: ['app', 'push', 'email'],
  paused: false,
  nextRunAt: '2099-01-02T17:00:00.000Z',
  lastRunAt: '2098-12-26T17:00:00.000Z',
  conversationId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  createdAt: '2098-12-01T10:00:00.000Z',
}
const PAUSED: Automation = {
  ...WEEKLY,
  id: '6a1d3b2f-8c4e-4d9f-8b7a-2e3f4a5b6c7d',
  prompt: 'What is due today?',
  schedule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0',
  scheduleText: 'every day at 07:00',
  channels: ['email'],
  paused: true,
  nextRunAt: null,
  lastRunAt: null,
  conversationId: null,
}

function setup(list: Automation[] | 'fail' = [WEEKLY, PAUSED]) {
  const writes: { method: string; path: string; body?: unknown }[] = []
  server.use(
    http.get('/api/automations', () =>
      list === 'fail'
        ? HttpResponse.json({ message: 'The database is not answering.' }, { status: 503 })
        : HttpResponse.json({ automations: list }),
    ),
    http.patch('/api/automations/:id', async ({ params, request }) => {
      const body = await request.json()
      writes.push({ method: 'PATCH', path: `/api/automations/${params.id}`, body })
      return HttpResponse.json({ ...WEEKLY, paused: true, nextRunAt: null })
    }),
    http.post('/api/automations', async ({ request }) => {
      const body = (await request.json()) as { prompt: string }
      writes.push({ method: 'POST', path: '/api/automations', body })
      if (body.prompt === 'refused')
        return HttpResponse.json({ message: 'You already have 50 automations.' }, { status: 400 })
      return HttpResponse.json({ ...WEEKLY, ...body }, { status: 201 })
    }),
    http.post('/api/automations/:id/run', ({ params }) => {
      writes.push({ method: 'POST', path: `/api/automations/${params.id}/run` })
      return HttpResponse.json(WEEKLY)
    }),
    http.delete('/api/automations/:id', ({ params }) => {
      writes.push({ method: 'DELETE', path: `/api/automations/${params.id}` })
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return { ...renderWithProviders(<AutomationsList zone="UTC" />, { route: '/reminders' }), writes }
}

describe('AutomationsList (the reminders page)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2099-01-02T09:00:00Z') }))
  afterEach(() => vi.useRealTimers())

  it('shows each prompt, its schedule in words, the next run and the channels, with its buttons', async () => {
    setup()
    const list = await screen.findByRole('list', { name: 'Automations' })
    const [weekly, paused] = within(list).getAllByRole('listitem')
    expect(weekly).toHaveTextContent('Summarise my week')
    expect(weekly).toHaveTextContent(/Every Friday at 17:00 · Next today at 17:00 · In the app, Push, E-mail/)
    expect(within(weekly!).getByRole('link', { name: 'Answers: Summarise my week' })).toHaveAttribute(
      'href',
      `/chat/${WEEKLY.conversationId}`,
    )
    expect(
      within(weekly!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Run now', 'Pause', 'Edit', 'Delete'])
    expect(paused).toHaveTextContent(/Every day at 07:00 · Paused · E-mail/)
    // Not run yet: no answers to open.
    expect(within(paused!).queryByRole('link')).not.toBeInTheDocument()
    expect(within(paused!).getByRole('button', { name: 'Resume: What is due today?' })).toBeInTheDocument()
  })

  it('pauses, resumes, runs now and deletes (after asking) with one call each', async () => {
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'Pause: Summarise my week' }))
    await user.click(screen.getByRole('button', { name: 'Resume: What is due today?' }))
    await user.click(screen.getByRole('button', { name: 'Run now: Summarise my week' }))
    expect(await screen.findByText('Running: Summarise my week')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete: What is due today?' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(
      'Delete “What is due today?”? It will not run again; its answers stay in the chat.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await vi.waitFor(() => expect(writes).toHaveLength(4))
    expect(writes).toEqual([
      { method: 'PATCH', path: `/api/automations/${WEEKLY.id}`, body: { paused: true } },
      { method: 'PATCH', path: `/api/automations/${PAUSED.id}`, body: { paused: false } },
      { method: 'POST', path: `/api/automations/${WEEKLY.id}/run` },
      { method: 'DELETE', path: `/api/automations/${PAUSED.id}` },
    ])
  })

  it('makes one with the form: what to ask, a plain schedule written as its rule, where it goes', async () => {
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'New Automation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Automation' })
    const create = within(dialog).getByRole('button', { name: 'Create Automation' })
    expect(create).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/^Ask Remi/), 'What did I spend this week?')
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Every week')
    await user.selectOptions(within(dialog).getByLabelText('On'), 'Sunday')
    const time = within(dialog).getByLabelText(/^At/)
    await user.clear(time)
    await user.type(time, '18:30')
    await user.click(within(dialog).getByLabelText('E-mail'))
    expect(dialog).toHaveTextContent('Times are in UTC.')
    await user.click(create)
    await vi.waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/automations',
      body: {
        prompt: 'What did I spend this week?',
        schedule: 'FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=30',
        channels: ['app', 'push'],
      },
    })
    expect(await screen.findByText('Automation created')).toBeInTheDocument()
  })

  it('edits one: only what changed is sent; a rule from chat it cannot show is kept as it is', async () => {
    const custom = {
      ...PAUSED,
      schedule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;BYHOUR=9',
      scheduleText: 'every other Tuesday at 09:00',
    }
    const { user, writes } = setup([WEEKLY, custom])
    await user.click(await screen.findByRole('button', { name: 'Edit: Summarise my week' }))
    let dialog = await screen.findByRole('dialog', { name: 'Edit Automation' })
    expect(within(dialog).getByLabelText('Repeats')).toHaveValue('weekly')
    expect(within(dialog).getByLabelText('On')).toHaveValue('FR')
    const time = within(dialog).getByLabelText(/^At/)
    expect(time).toHaveValue('17:00')
    await user.clear(time)
    await user.type(time, '16:00')
    await user.click(within(dialog).getByRole('button', { name: 'Update Automation' }))
    await vi.waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]!.body).toEqual({ schedule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=16;BYMINUTE=0' })
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Edit: What is due today?' }))
    dialog = await screen.findByRole('dialog', { name: 'Edit Automation' })
    expect(within(dialog).getByLabelText('Repeats')).toHaveDisplayValue(
      'As it is: every other Tuesday at 09:00',
    )
    const prompt = within(dialog).getByLabelText(/^Ask Remi/)
    await user.clear(prompt)
    await user.type(prompt, 'What is due this fortnight?')
    await user.click(within(dialog).getByRole('button', { name: 'Update Automation' }))
    await vi.waitFor(() => expect(writes).toHaveLength(2))
    expect(writes[1]!.body).toEqual({ prompt: 'What is due this fortnight?' })
  })

  it("says the server's refusal in the form and keeps what was typed", async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'New Automation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Automation' })
    await user.type(within(dialog).getByLabelText(/^Ask Remi/), 'refused')
    await user.click(within(dialog).getByRole('button', { name: 'Create Automation' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have 50 automations.')
    expect(within(dialog).getByLabelText(/^Ask Remi/)).toHaveValue('refused')
  })

  it('says how to make one when there is none', async () => {
    setup([])
    expect(await screen.findByRole('heading', { name: 'No automations yet.' })).toBeInTheDocument()
    expect(screen.getByText(/every Friday at 5pm summarise my week and send it to me/)).toBeInTheDocument()
  })

  it('says so, with Try Again, when the list cannot be loaded', async () => {
    setup('fail')
    expect(await screen.findByText('Unable to Load Automations')).toBeInTheDocument()
    expect(screen.getByText('The database is not answering.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible()
  })
})
