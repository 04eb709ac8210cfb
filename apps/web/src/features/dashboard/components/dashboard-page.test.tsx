import { screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadPage } from '../../../lib/browser'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { briefingQueryOptions } from '../api/get-briefing'
import { dashboardStatsQueryOptions } from '../api/get-dashboard-stats'
import { DashboardPage } from './dashboard-page'

vi.mock('../../../lib/browser', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn(), replaceAddress: vi.fn() }))

const STATS = { totalMemories: 42, recentMemories: 7, activeChats: 2 }
const BRIEFING = {
  content: '## Good morning, Ada\n\n**Light rain** in Lisbon, 17°/11°.\n\n- 09:30 Dentist',
  date: '2026-11-22',
  source: 'offline',
  generatedAt: '2026-11-22T08:05:00.000Z',
  sections: { weather: 'ok', calendar: 'off', memories: 'ok' },
}
const failure = () => HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 })

function answer(stats: () => Response | Promise<Response>, briefing: () => Response | Promise<Response>) {
  let statsCalls = 0
  let briefingCalls = 0
  server.use(
    http.get('/api/dashboard/stats', () => {
      statsCalls += 1
      return stats()
    }),
    http.get('/api/dashboard/briefing', () => {
      briefingCalls += 1
      return briefing()
    }),
  )
  return { stats: () => statsCalls, briefing: () => briefingCalls }
}

const card = (label: string) => screen.getByRole('heading', { name: label }).closest('a')!

beforeEach(() => vi.mocked(reloadPage).mockReset())

describe('dashboard', () => {
  it('shows skeletons and "Loading dashboard..." while loading, then the counts and the briefing', async () => {
    answer(
      async () => {
        await delay(50)
        return HttpResponse.json(STATS)
      },
      async () => {
        await delay(50)
        return HttpResponse.json(BRIEFING)
      },
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...')
    expect(screen.getByText('AI-generated insights')).toBeInTheDocument()
    expect(await screen.findByText('42')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument())
    expect(within(card('Total Memories')).getByText('42')).toBeInTheDocument()
    expect(within(card('Recent Memories')).getByText('7')).toBeInTheDocument()
    expect(within(card('Active Chats')).getByText('2')).toBeInTheDocument()
    expect(screen.getByText(/^Last updated: \d/)).toBeInTheDocument()
  })

  it("renders a model's briefing as markdown, says how it was written and links the sources left out", async () => {
    answer(
      () => HttpResponse.json(STATS),
      () =>
        HttpResponse.json({
          ...BRIEFING,
          source: 'ai',
          sections: { weather: { failed: 'Open-Meteo did not answer' }, calendar: 'off', memories: 'ok' },
        }),
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect((await screen.findByText('Light rain')).tagName).toBe('STRONG')
    expect(screen.getByRole('heading', { name: 'Good morning, Ada' })).toBeInTheDocument()
    expect(screen.getByText(/by the language model/)).toBeInTheDocument()
    expect(screen.getByText(/Weather: could not be read \(Open-Meteo did not answer\)/)).toBeInTheDocument()
    expect(screen.getByText(/Calendar: not set up/)).toBeInTheDocument()
    const links = screen.getAllByRole('link', { name: 'Open Data Sources' })
    expect(links).toHaveLength(2)
    for (const link of links) expect(link).toHaveAttribute('href', '/data-sources')
  })

  it('the offline template says itself which sources are left out: no second line under it', async () => {
    answer(
      () => HttpResponse.json(STATS),
      () =>
        HttpResponse.json({
          ...BRIEFING,
          content: '## Good day, Ada!\n\n_Calendar is off. Turn it on under Data Sources._',
        }),
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    // "Data Sources" in its sentence is a link to the page, not italic text.
    const sentence = await screen.findByText(/Calendar is off\. Turn it on under/)
    expect(sentence).toHaveTextContent('Calendar is off. Turn it on under Data Sources.')
    expect(within(sentence).getByRole('link', { name: 'Data Sources' })).toHaveAttribute(
      'href',
      '/data-sources',
    )
    expect(screen.getByText(/by the offline template/)).toBeInTheDocument()
    // The offline template is no AI: the card does not say 'AI-generated insights' over it.
    expect(screen.queryByText('AI-generated insights')).not.toBeInTheDocument()
    expect(screen.getByText(/without an AI model/)).toBeInTheDocument()
    expect(screen.queryByText(/Calendar: not set up/)).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Open Data Sources' })).not.toBeInTheDocument()
  })

  it('accepts a briefing sent as a plain string, and counts missing from the stats as 0', async () => {
    answer(
      () => HttpResponse.json({ totalMemories: 3 }),
      () => HttpResponse.json('Plain **string** briefing'),
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect((await screen.findByText('string')).tagName).toBe('STRONG')
    expect(within(card('Total Memories')).getByText('3')).toBeInTheDocument()
    expect(within(card('Recent Memories')).getByText('0')).toBeInTheDocument()
    expect(within(card('Active Chats')).getByText('0')).toBeInTheDocument()
  })

  it('links the stat cards to the memories (recent: the last-30-days view) and the chat', async () => {
    answer(
      () => HttpResponse.json(STATS),
      () => HttpResponse.json(BRIEFING),
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    await screen.findByText('42')
    expect(card('Total Memories')).toHaveAttribute('href', '/memories')
    expect(card('Recent Memories')).toHaveAttribute('href', '/memories?range=recent')
    expect(card('Active Chats')).toHaveAttribute('href', '/chat')
  })

  it('both failing: "Dashboard Unavailable"; Try Again refetches both, Refresh Page reloads', async () => {
    const calls = answer(failure, failure)
    const { user } = renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect(await screen.findByText('Dashboard Unavailable')).toBeInTheDocument()
    const before = { stats: calls.stats(), briefing: calls.briefing() }
    server.use(
      http.get('/api/dashboard/stats', () => HttpResponse.json(STATS)),
      http.get('/api/dashboard/briefing', () => HttpResponse.json(BRIEFING)),
    )
    await user.click(screen.getByRole('button', { name: 'Refresh Page' }))
    expect(reloadPage).toHaveBeenCalledOnce()
    expect(before.stats).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('42')).toBeInTheDocument()
    expect(await screen.findByText('Light rain')).toBeInTheDocument()
  })

  it('only the stats failing: the warning with "Retry Loading Stats", the briefing still shown', async () => {
    const calls = answer(failure, () => HttpResponse.json(BRIEFING))
    const { user } = renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect(await screen.findByText('Statistics Unavailable')).toBeInTheDocument()
    expect(screen.getByText('Light rain')).toBeInTheDocument()
    expect(screen.queryByText('Dashboard Unavailable')).not.toBeInTheDocument()
    const briefingCalls = calls.briefing()
    server.use(http.get('/api/dashboard/stats', () => HttpResponse.json(STATS)))
    await user.click(screen.getByRole('button', { name: 'Retry Loading Stats' }))
    expect(await screen.findByText('42')).toBeInTheDocument()
    expect(calls.briefing()).toBe(briefingCalls)
  })

  it('only the briefing failing: the warning with "Retry Loading Briefing", the counts still shown', async () => {
    answer(() => HttpResponse.json(STATS), failure)
    const { user } = renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect(await screen.findByText('Daily Briefing Unavailable')).toBeInTheDocument()
    expect(screen.getByText('42')).toBeInTheDocument()
    server.use(http.get('/api/dashboard/briefing', () => HttpResponse.json(BRIEFING)))
    await user.click(screen.getByRole('button', { name: 'Retry Loading Briefing' }))
    expect(await screen.findByText('Light rain')).toBeInTheDocument()
  })

  it('Regenerate shows a spinner, then the new briefing; a refusal shows its message', async () => {
    answer(
      () => HttpResponse.json(STATS),
      () => HttpResponse.json(BRIEFING),
    )
    let regenerations = 0
    server.use(
      http.post('/api/dashboard/briefing/regenerate', async ({ request }) => {
        expect(request.headers.get('x-csrf-token')).toBe('test-csrf')
        regenerations += 1
        await delay(30)
        if (regenerations > 1) {
          return HttpResponse.json({ statusCode: 429, message: 'slow down' }, { status: 429 })
        }
        return HttpResponse.json({ ...BRIEFING, content: 'A **fresh** briefing', source: 'ai' })
      }),
    )
    const { user } = renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    await screen.findByText('Light rain')
    await user.click(screen.getByRole('button', { name: 'Regenerate' }))
    expect(screen.getByRole('button', { name: 'Regenerating...' })).toBeDisabled()
    expect((await screen.findByText('fresh')).tagName).toBe('STRONG')
    expect(screen.getByText(/by the language model/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Regenerate' }))
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument()
    expect(screen.getByText('fresh')).toBeInTheDocument()
  })

  it('caches stats 5 minutes and the briefing 30, without refetching on focus', () => {
    expect(dashboardStatsQueryOptions()).toMatchObject({ staleTime: 5 * 60_000, refetchOnWindowFocus: false })
    expect(briefingQueryOptions()).toMatchObject({ staleTime: 30 * 60_000, refetchOnWindowFocus: false })
  })
})
