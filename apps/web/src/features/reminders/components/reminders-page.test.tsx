import { todayIn } from '@remi/shared'
import { screen, waitFor, within } from '@testing-library/react'
import type { Reminder } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { reminder } from '../../../test/reminders'
import { RemindersPage } from './reminders-page'

const UPCOMING = reminder({})
const SENT = reminder({
  id: '7a2d3b0f-1e5c-4d2f-8b68-4c3a9f8e7d6b',
  text: 'Renew the car insurance',
  status: 'sent',
  nextAt: null,
  lastSentAt: '2099-01-01T09:00:00.000Z',
  late: true,
})
const DONE = reminder({
  id: '8b3e4c1a-2f6d-4e3a-9c79-5d4b0a9f8e7c',
  text: 'Book the dentist',
  status: 'done',
  nextAt: null,
  updatedAt: '2099-01-01T10:30:00.000Z',
})

function setup(answers: Partial<Record<Reminder['status'], Reminder[] | 'fail'>> = {}) {
  const lists = { scheduled: [UPCOMING], sent: [SENT], done: [DONE], cancelled: [], ...answers }
  const writes: { method: string; path: string; body?: unknown }[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    // The page's automations (automations-list.test.tsx): none here.
    http.get('/api/automations', () => HttpResponse.json({ automations: [] })),
    http.get('/api/reminders', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') as Reminder['status']
      const list = lists[status]
      return list === 'fail'
        ? HttpResponse.json({ message: 'Server error' }, { status: 503 })
        : HttpResponse.json({ reminders: list })
    }),
    http.post('/api/reminders', async ({ request }) => {
      const body = await request.json()
      writes.push({ method: 'POST', path: '/api/reminders', body })
      return HttpResponse.json(reminder(body as Partial<Reminder>), { status: 201 })
    }),
    http.patch('/api/reminders/:id', async ({ params, request }) => {
      const body = await request.json()
      writes.push({ method: 'PATCH', path: `/api/reminders/${params.id}`, body })
      return HttpResponse.json(UPCOMING)
    }),
    http.delete('/api/reminders/:id', ({ params }) => {
      writes.push({ method: 'DELETE', path: `/api/reminders/${params.id}` })
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return { ...renderWithProviders(<RemindersPage />, { route: '/reminders' }), writes }
}

describe('Reminders page', () => {
  it('lists the upcoming ones first, then sent and done in their tabs, each with its actions', async () => {
    const { user } = setup()
    expect(screen.getByRole('heading', { level: 1, name: 'Reminders' })).toBeInTheDocument()
    const upcoming = await screen.findByRole('list', { name: 'Upcoming reminders' })
    expect(upcoming).toHaveTextContent('Call mum')
    expect(upcoming).toHaveTextContent('Friday, January 2, 2099 at 17:00')
    for (const name of ['Done: Call mum', 'Snooze: Call mum', 'Edit: Call mum', 'Cancel: Call mum']) {
      expect(within(upcoming).getByRole('button', { name })).toBeVisible()
    }
    expect(screen.getByRole('link', { name: 'Upcoming' })).toHaveAttribute('aria-current', 'page')

    await user.click(screen.getByRole('link', { name: 'Sent' }))
    const sent = await screen.findByRole('list', { name: 'Sent reminders' })
    expect(sent).toHaveTextContent('Renew the car insurance')
    expect(sent).toHaveTextContent('Sent Thursday, January 1, 2099 at 09:00 (late)')

    await user.click(screen.getByRole('link', { name: 'Done' }))
    const done = await screen.findByRole('list', { name: 'Done reminders' })
    expect(done).toHaveTextContent('Book the dentist')
    expect(done).toHaveTextContent('Done Thursday, January 1, 2099 at 10:30')
    expect(within(done).getByRole('button', { name: 'Delete: Book the dentist' })).toBeVisible()
    expect(within(done).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument()
  })

  it('shows "Loading reminders...", then the empty text of the tab', async () => {
    setup({ scheduled: [] })
    // The reminders' spinner, beside the automations' own.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading reminders...')
    expect(await screen.findByText('No upcoming reminders.')).toBeInTheDocument()
  })

  it('shows "Unable to Load Reminders" with Try Again when the list fails', async () => {
    setup({ scheduled: 'fail' })
    expect(await screen.findByText('Unable to Load Reminders')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
  })

  it('cancels one after confirming', async () => {
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'Cancel: Call mum' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Reminder' })
    expect(dialog).toHaveTextContent('Cancel “Call mum”? It will not be sent again.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Reminder' }))
    expect(await screen.findByText('Cancelled: Call mum')).toBeInTheDocument()
    expect(writes).toEqual([
      { method: 'PATCH', path: `/api/reminders/${UPCOMING.id}`, body: { status: 'cancelled' } },
    ])
  })

  it('edits only what changed, the time read in the user zone', async () => {
    const { user, writes } = setup()
    await user.click(await screen.findByRole('button', { name: 'Edit: Call mum' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reminder' })
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2099-01-02')
    expect(within(dialog).getByLabelText(/^Time/)).toHaveValue('17:00')
    const time = within(dialog).getByLabelText(/^Time/)
    await user.clear(time)
    await user.type(time, '18:30')
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Every week')
    await user.click(within(dialog).getByRole('button', { name: 'Update Reminder' }))
    expect(await screen.findByText('Reminder updated')).toBeInTheDocument()
    expect(writes).toEqual([
      {
        method: 'PATCH',
        path: `/api/reminders/${UPCOMING.id}`,
        body: { dueAt: '2099-01-02T18:30:00.000Z', recurrence: 'FREQ=WEEKLY' },
      },
    ])
  })

  it('keeps a repeat the form has no choice for, said in words', async () => {
    const { user } = setup({ scheduled: [reminder({ recurrence: 'FREQ=WEEKLY;BYDAY=MO' })] })
    await user.click(await screen.findByRole('button', { name: 'Edit: Call mum' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reminder' })
    expect(within(dialog).getByLabelText('Repeats')).toHaveDisplayValue('Every Monday')
  })

  it('creates one with the date, the time and the zone it was picked in; a refusal shows in the form', async () => {
    const { user, writes } = setup()
    server.use(
      http.post('/api/reminders', () =>
        HttpResponse.json({ message: 'dueAt: must be in the future.' }, { status: 400 }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Add Reminder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Reminder' })
    const create = within(dialog).getByRole('button', { name: 'Create Reminder' })
    expect(create).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/^Remind me to/), 'Pay the rent')
    const date = within(dialog).getByLabelText(/^Date/)
    // The picker starts at today in the person's zone, and a past day is said at once, not sent.
    expect(date).toHaveAttribute('min', todayIn('UTC'))
    await user.clear(date)
    await user.type(date, '2000-01-01')
    expect(date).toHaveAccessibleDescription('That time has passed: choose a later date or time.')
    expect(create).toBeDisabled()
    await user.clear(date)
    await user.type(date, '2099-02-01')
    await user.click(create)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('dueAt: must be in the future.')
    expect(dialog).toBeInTheDocument()

    server.use(
      http.post('/api/reminders', async ({ request }) => {
        const body = await request.json()
        writes.push({ method: 'POST', path: '/api/reminders', body })
        return HttpResponse.json(reminder(body as Partial<Reminder>), { status: 201 })
      }),
    )
    await user.clear(date)
    await user.type(date, '2099-03-01')
    await user.click(create)
    expect(await screen.findByText('Reminder created')).toBeInTheDocument()
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/reminders',
          body: {
            text: 'Pay the rent',
            dueAt: '2099-03-01T09:00:00.000Z',
            recurrence: null,
            timezone: 'UTC',
          },
        },
      ]),
    )
  })
})
