import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '../test/fake-event-source'
import { http, HttpResponse, renderWithProviders, server } from '../test/render'
import { reminder } from '../test/reminders'
import { LiveDeliveries } from './live-deliveries'

const delivery = {
  reminderId: reminder().id,
  text: 'Call mum',
  dueAt: '2026-11-26T17:00:00.000Z',
  occurrenceAt: '2026-11-26T17:00:00.000Z',
  late: false,
  actionToken: 'token-1',
}

function setup() {
  const actions: unknown[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    http.post('/api/reminders/actions', async ({ request }) => {
      actions.push(await request.json())
      return HttpResponse.json(reminder({ status: 'done' }))
    }),
  )
  const view = renderWithProviders(<LiveDeliveries />)
  return { ...view, actions }
}

describe('live deliveries in the signed-in shell', () => {
  beforeEach(() => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T16:59:58Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("shows a reminder as a toast headed 'Reminder' with Done and Snooze; Done answers with the action token", async () => {
    const { user, actions } = setup()
    await act(async () => FakeEventSource.latest().emit('reminder', delivery))
    const toast = await screen.findByRole('alert')
    // Not the cyan 'Info' toast: the theme's own subtle shade, headed for what it is.
    expect(toast).not.toHaveClass('bg-info')
    expect(toast.querySelector('strong')).toHaveTextContent(/^Reminder$/)
    expect(toast).toHaveTextContent('Call mum (Due today at 17:00)')
    await user.click(within(toast).getByRole('button', { name: 'Done: Call mum' }))
    expect(await screen.findByText('Done: Call mum')).toBeInTheDocument()
    expect(actions).toEqual([{ token: 'token-1', action: 'done' }])
    expect(screen.queryByText(/Call mum \(/)).not.toBeInTheDocument()
  })

  it('Snooze snoozes for 10 minutes with the action token; a late one says it is late', async () => {
    const { user, actions } = setup()
    await act(async () =>
      FakeEventSource.latest().emit('reminder', {
        ...delivery,
        late: true,
        occurrenceAt: '2026-11-25T09:00:00.000Z',
        actionToken: 'token-2',
      }),
    )
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Call mum (Late: due yesterday at 09:00)')
    await user.click(within(toast).getByRole('button', { name: 'Snooze 10 minutes: Call mum' }))
    expect(await screen.findByText('Snoozed for 10 minutes: Call mum')).toBeInTheDocument()
    expect(actions).toEqual([{ token: 'token-2', action: 'snooze' }])
  })

  it('says what went wrong when the action is refused (a token already used in another tab)', async () => {
    const { user } = setup()
    server.use(
      http.post('/api/reminders/actions', () =>
        HttpResponse.json({ message: 'token: this action was already used.' }, { status: 409 }),
      ),
    )
    await act(async () => FakeEventSource.latest().emit('reminder', delivery))
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Done: Call mum' }))
    expect(await screen.findByText('token: this action was already used.')).toBeInTheDocument()
  })

  it('ignores an event that is not a delivery, and reloads the reminders when the stream opens again', async () => {
    const { queryClient } = setup()
    queryClient.setQueryData(['reminders', {}], [])
    await act(async () => FakeEventSource.latest().emit('reminder', { text: 'no id' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await act(async () => FakeEventSource.latest().open())
    expect(queryClient.getQueryState(['reminders', {}])?.isInvalidated).toBe(true)
  })

  it('clears a reminder’s toast when it is answered in another tab or on the phone, and only that one', async () => {
    const { queryClient } = setup()
    const otherId = '0b7e4f1a-2c3d-4e5f-8a9b-1c2d3e4f5a6b'
    await act(async () => {
      FakeEventSource.latest().emit('reminder', delivery)
      FakeEventSource.latest().emit('reminder', {
        ...delivery,
        reminderId: otherId,
        text: 'Water the plants',
      })
    })
    expect(await screen.findAllByRole('alert')).toHaveLength(2)
    queryClient.setQueryData(['reminders', {}], [])
    await act(async () =>
      FakeEventSource.latest().emit('reminder-updated', { reminderId: delivery.reminderId, change: 'done' }),
    )
    expect(screen.queryByText(/Call mum \(/)).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Water the plants')
    expect(queryClient.getQueryState(['reminders', {}])?.isInvalidated).toBe(true)
    // Something else on that event (not an update) changes nothing.
    await act(async () => FakeEventSource.latest().emit('reminder-updated', { reminderId: 'nope' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Water the plants')
    await act(async () =>
      FakeEventSource.latest().emit('reminder-updated', { reminderId: otherId, change: 'snoozed' }),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("shows a scheduled request's answer as a toast whose Open goes to its conversation", async () => {
    const { user, queryClient } = setup()
    queryClient.setQueryData(['automations'], [])
    await act(async () =>
      FakeEventSource.latest().emit('automation', {
        automationId: '5f0c2a1e-7b3d-4c8e-9a6f-1d2e3f4a5b6c',
        title: 'Summarise my week',
        body: 'Three memories this week.',
        url: '/chat/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      }),
    )
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Summarise my week: Three memories this week.')
    expect(queryClient.getQueryState(['automations'])?.isInvalidated).toBe(true)
    await user.click(within(toast).getByRole('button', { name: 'Open: Summarise my week' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('closes the stream when the signed-in shell goes away', () => {
    const { unmount } = setup()
    const source = FakeEventSource.latest()
    unmount()
    expect(source.readyState).toBe(FakeEventSource.CLOSED)
  })
})
