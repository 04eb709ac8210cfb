import { screen, waitFor, within } from '@testing-library/react'
import type { Reminder } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { LocationDisplay } from '../../../test/location-display'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { reminder } from '../../../test/reminders'
import { UpcomingRemindersCard } from './upcoming-reminders-card'

const CALL = reminder({})
const PLANTS = reminder({
  id: '7a2d3b0f-1e5c-4d2f-8b68-4c3a9f8e7d6b',
  text: 'Water the plants',
  recurrence: 'FREQ=WEEKLY;BYDAY=MO',
  dueAt: '2099-01-05T08:00:00.000Z',
  nextAt: '2099-01-05T08:00:00.000Z',
})

function setup(list: Reminder[] | 'fail') {
  const asked: URLSearchParams[] = []
  const patches: { id: string; body: unknown }[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    http.get('/api/reminders', ({ request }) => {
      asked.push(new URL(request.url).searchParams)
      return list === 'fail'
        ? HttpResponse.json({ message: 'down' }, { status: 503 })
        : HttpResponse.json({ reminders: list })
    }),
    http.patch('/api/reminders/:id', async ({ params, request }) => {
      const body = await request.json()
      patches.push({ id: String(params.id), body })
      return HttpResponse.json({ ...CALL, status: 'done' })
    }),
  )
  const view = renderWithProviders(
    <>
      <UpcomingRemindersCard />
      <LocationDisplay />
    </>,
    { route: '/dashboard' },
  )
  return { ...view, asked, patches }
}

describe('Upcoming reminders card', () => {
  it('asks for the scheduled ones of the next 7 days and lists them with when they fire and repeat', async () => {
    const before = Date.now()
    const { asked } = setup([CALL, PLANTS])
    const list = await screen.findByRole('list', { name: 'Upcoming reminders' })
    const [call, plants] = within(list).getAllByRole('listitem')
    expect(call).toHaveTextContent('Call mum')
    expect(call).toHaveTextContent('Friday, January 2, 2099 at 17:00')
    expect(plants).toHaveTextContent('Monday, January 5, 2099 at 08:00 · Every Monday')
    expect(within(call!).getByRole('button', { name: 'Done: Call mum' })).toBeVisible()
    expect(within(call!).getByRole('button', { name: 'Snooze: Call mum' })).toBeVisible()
    expect(asked[0]?.get('status')).toBe('scheduled')
    const to = Date.parse(asked[0]!.get('to')!)
    expect(to - before).toBeGreaterThanOrEqual(7 * 24 * 3600_000)
    expect(to - before).toBeLessThan(7 * 24 * 3600_000 + 60_000)
  })

  it('Done marks one done and says so', async () => {
    const { user, patches } = setup([CALL])
    await user.click(await screen.findByRole('button', { name: 'Done: Call mum' }))
    expect(await screen.findByText('Done: Call mum')).toBeInTheDocument()
    expect(patches).toEqual([{ id: CALL.id, body: { status: 'done' } }])
  })

  it('Done on a repeating one finishes that occurrence and says when the next one is', async () => {
    const { user, patches } = setup([PLANTS])
    server.use(
      http.patch('/api/reminders/:id', async ({ params, request }) => {
        patches.push({ id: String(params.id), body: await request.json() })
        return HttpResponse.json({ ...PLANTS, nextAt: '2099-01-12T08:00:00.000Z' })
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Done: Water the plants' }))
    expect(
      await screen.findByText('Done: Water the plants. Next: Monday, January 12, 2099 at 08:00'),
    ).toBeInTheDocument()
    expect(patches).toEqual([{ id: PLANTS.id, body: { status: 'done' } }])
  })

  it('Snooze moves one later than it was due, by the chosen time', async () => {
    const { user, patches } = setup([reminder({ nextAt: new Date(Date.now() + 3600_000).toISOString() })])
    await user.click(await screen.findByRole('button', { name: 'Snooze: Call mum' }))
    await user.click(await screen.findByRole('button', { name: '10 minutes' }))
    expect(await screen.findByText('Snoozed by 10 minutes: Call mum')).toBeInTheDocument()
    // An hour from now, and ten minutes more (rounded up to the minute).
    expect(patches).toEqual([{ id: CALL.id, body: { snooze: { minutes: 70 } } }])
  })

  it('says when there is nothing in the next 7 days, and links to all reminders', async () => {
    const { user } = setup([])
    expect(await screen.findByText(/No reminders in the next 7 days/)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'All reminders' }))
    expect(screen.getByTestId('location')).toHaveTextContent('/reminders')
  })

  it('shows a warning with a retry when they cannot be loaded', async () => {
    const { user, asked } = setup('fail')
    expect(await screen.findByText('Reminders Unavailable')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry Loading Reminders' }))
    await waitFor(() => expect(asked).toHaveLength(2))
  })
})
