import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { reminder } from '../../../test/reminders'
import { daysBetween, quickDateRange, todayIn } from '@remi/shared'
import { useMemoriesUi } from '../store'
import { MemoriesPage } from './memories-page'

interface FakeMemory {
  id: string
  text: string
  tags: string[]
  date: string | null
  createdAt: string
}

const TZ = 'Pacific/Kiritimati'

/** A small in-memory stand-in for the memories API that records what it was asked. */
function fakeApi(initial: FakeMemory[], options: { knownTags?: string[] } = {}) {
  const state = {
    memories: [...initial],
    listQueries: [] as URLSearchParams[],
    tagLoads: 0,
    created: [] as unknown[],
    updated: [] as unknown[],
    deleted: [] as string[],
    imported: [] as unknown[],
    hold: null as Promise<void> | null,
  }
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: TZ })),
    http.get('/api/memories/tags', () => {
      state.tagLoads++
      if (options.knownTags) return HttpResponse.json(options.knownTags.map((name) => ({ name, count: 1 })))
      // As the server counts: over every memory, most used first.
      const counts = new Map<string, number>()
      for (const m of state.memories) for (const t of m.tags) counts.set(t, (counts.get(t) ?? 0) + 1)
      return HttpResponse.json(
        [...counts]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      )
    }),
    http.get('/api/memories/export', ({ request }) => {
      const format = new URL(request.url).searchParams.get('format')
      return new HttpResponse(format === 'json' ? '{"format":"remi-memories"}' : '# Remi memories', {
        headers: {
          'content-type': format === 'json' ? 'application/json' : 'text/markdown',
          'content-disposition': `attachment; filename="remi-memories-2026-01-07.${format === 'json' ? 'json' : 'md'}"`,
        },
      })
    }),
    http.get('/api/memories/:id', ({ params }) => {
      const m = state.memories.find((x) => x.id === params.id)
      return m ? HttpResponse.json(m) : HttpResponse.json({ message: 'Memory not found.' }, { status: 404 })
    }),
    http.get('/api/memories', ({ request }) => {
      const q = new URL(request.url).searchParams
      state.listQueries.push(q)
      const term = q.get('searchTerm')?.toLowerCase()
      const tags = q.get('tags')?.toLowerCase().split(',') ?? []
      const matching = state.memories.filter(
        (m) =>
          (!term || m.text.toLowerCase().includes(term)) &&
          tags.every((t) => m.tags.some((x) => x.toLowerCase() === t)),
      )
      const page = Number(q.get('page') ?? 1)
      const size = Number(q.get('pageSize') ?? 12)
      return HttpResponse.json({
        items: matching.slice((page - 1) * size, page * size),
        totalCount: matching.length,
        page,
        pageSize: size,
      })
    }),
    http.post('/api/memories/import', async ({ request }) => {
      const body = (await request.json()) as { memories?: unknown[] }
      state.imported.push(body)
      if (!Array.isArray(body.memories)) {
        return HttpResponse.json({ message: 'body.memories: memories must be a list.' }, { status: 400 })
      }
      return HttpResponse.json({ imported: body.memories.length, created: body.memories.length, updated: 0 })
    }),
    http.post('/api/memories', async ({ request }) => {
      const body = (await request.json()) as { text: string; tags: string; date: string | null }
      state.created.push(body)
      if (state.hold) await state.hold
      const m = {
        id: `new-${state.created.length}`,
        text: body.text,
        tags: body.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        date: body.date,
        createdAt: '2026-01-07T10:00:00Z',
      }
      state.memories.unshift(m)
      return HttpResponse.json(m, { status: 201 })
    }),
    http.put('/api/memories/:id', async ({ request, params }) => {
      const body = (await request.json()) as { text: string; tags: string; date: string | null }
      state.updated.push({ id: params.id, ...body })
      if (state.hold) await state.hold
      const m = state.memories.find((x) => x.id === params.id)!
      Object.assign(m, {
        text: body.text,
        tags: body.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        date: body.date,
      })
      return HttpResponse.json(m)
    }),
    http.delete('/api/memories/:id', async ({ params }) => {
      state.deleted.push(String(params.id))
      if (state.hold) await state.hold
      state.memories = state.memories.filter((x) => x.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return state
}

/** Lets a test hold the next write open to see its busy state. */
function holdWrites(state: ReturnType<typeof fakeApi>) {
  let release: () => void = () => {}
  state.hold = new Promise<void>((resolve) => (release = resolve))
  return () => {
    state.hold = null
    release()
  }
}

const memory = (i: number, fields: Partial<FakeMemory> = {}): FakeMemory => ({
  id: `m${i}`,
  text: `Memory number ${i}`,
  tags: [],
  date: '2026-01-05',
  createdAt: '2026-01-05T09:00:00Z',
  ...fields,
})

/** The open dialog, checked by its title (the shared Modal does not label the dialog by it). */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(title)
  return dialog
}

const lastQuery = (state: ReturnType<typeof fakeApi>) => state.listQueries.at(-1)!

beforeEach(() => useMemoriesUi.getState().reset())
afterEach(() => vi.restoreAllMocks())

describe('memories page: list states', () => {
  it("shows a spinner, then the heading, 'Showing N of total memories' and the cards", async () => {
    fakeApi([
      memory(1, { text: 'Dentist on Tuesday', tags: ['health', 'errands'], date: '2026-01-05' }),
      memory(2, { text: 'Undated idea', date: null, createdAt: '2026-02-10T12:00:00Z' }),
    ])
    renderWithProviders(<MemoriesPage />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading memories...')
    expect(await screen.findByText('Showing 2 of 2 memories')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Memories' })).toBeInTheDocument()
    const cards = screen.getAllByTestId('memory-card')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByText('Dentist on Tuesday')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('Jan 5, 2026')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('health')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('errands')).toBeInTheDocument()
    // No date: the card reads createdAt instead, as a day in the user's zone (UTC+14).
    expect(within(cards[1]!).getByText('Feb 11, 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Memory' })).toBeInTheDocument()
    expect(screen.getByTestId('memory-grid')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More Memories' })).not.toBeInTheDocument()
  })

  it("shows 'No date' and 'Invalid date' on cards", async () => {
    server.use(
      http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: TZ })),
      http.get('/api/memories/tags', () => HttpResponse.json([])),
      http.get('/api/memories', () =>
        HttpResponse.json({
          items: [
            { id: 'a', content: 'read as content', tags: 'x, y' },
            { id: 'b', text: 'bad date', tags: [], date: 'someday' },
          ],
          totalCount: 2,
        }),
      ),
    )
    renderWithProviders(<MemoriesPage />)
    const [first, second] = await screen.findAllByTestId('memory-card')
    expect(within(first!).getByText('read as content')).toBeInTheDocument()
    expect(within(first!).getByText('No date')).toBeInTheDocument()
    expect(within(first!).getByText('y')).toBeInTheDocument()
    expect(within(second!).getByText('Invalid date')).toBeInTheDocument()
  })

  it("truncates at 150 characters with 'Show more' / 'Show less'", async () => {
    const long = `${'a'.repeat(150)}THE END`
    fakeApi([memory(1, { text: long })])
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByText(`${'a'.repeat(150)}...`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getByText(long)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show less' }))
    expect(screen.getByText(`${'a'.repeat(150)}...`)).toBeInTheDocument()
  })

  it("shows the empty state; 'Create Your First Memory' opens the create modal and 'Learn About Memories' explains", async () => {
    fakeApi([])
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByRole('heading', { name: 'No Memories Yet' })).toBeInTheDocument()
    expect(screen.getByText('Showing 0 of 0 memories')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Learn About Memories' }))
    const about = await findDialog('About Memories')
    expect(within(about).getByText(/A memory is a short note you want Remi to keep/)).toBeInTheDocument()
    await user.click(within(about).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Create Your First Memory' }))
    await findDialog('Create Memory')
  })

  it("shows 'Unable to Load Memories' with likely causes; 'Try Again' loads again", async () => {
    let fail = true
    fakeApi([memory(1)])
    server.use(
      http.get('/api/memories', () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({ items: [memory(1)], totalCount: 1 }),
      ),
    )
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByRole('heading', { name: 'Unable to Load Memories' })).toBeInTheDocument()
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument()
    expect(screen.getByText(/network connection/)).toBeInTheDocument()
    expect(screen.getByText(/server is busy/)).toBeInTheDocument()
    expect(screen.getByText(/session has expired/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Showing 1 of 1 memories')).toBeInTheDocument()
  })
})

describe('memories page: grid', () => {
  it('uses the plain grid under 20 items and the virtualized grid from 20', async () => {
    fakeApi(Array.from({ length: 19 }, (_, i) => memory(i)))
    const first = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 12 of 19 memories')
    expect(screen.getByTestId('memory-grid')).toBeInTheDocument()
    first.unmount()

    useMemoriesUi.getState().reset()
    const state = fakeApi(Array.from({ length: 25 }, (_, i) => memory(i)))
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 12 of 25 memories')
    await user.click(screen.getByRole('button', { name: 'Load More Memories' }))
    expect(await screen.findByText('Showing 24 of 25 memories')).toBeInTheDocument()
    expect(screen.getByTestId('memory-grid-virtual')).toBeInTheDocument()
    expect(screen.queryByTestId('memory-grid')).not.toBeInTheDocument()
    expect(lastQuery(state).get('page')).toBe('2')
  })

  it("'Load More Memories' appends the next page until all are loaded", async () => {
    const state = fakeApi(
      Array.from({ length: 30 }, (_, i) => memory(i, { text: `Memory ${String(i).padStart(2, '0')}` })),
    )
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByText('Showing 12 of 30 memories')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load More Memories' }))
    expect(await screen.findByText('Showing 24 of 30 memories')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load More Memories' }))
    expect(await screen.findByText('Showing 30 of 30 memories')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More Memories' })).not.toBeInTheDocument()
    expect(state.listQueries.map((q) => [q.get('page'), q.get('pageSize')])).toEqual([
      ['1', '12'],
      ['2', '12'],
      ['3', '12'],
    ])
  })
})

describe('memories page: filters', () => {
  it('debounces search by 300 ms and sends only what was typed last', async () => {
    const state = fakeApi([memory(1, { text: 'Dentist appointment' }), memory(2, { text: 'Garden' })])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 2 of 2 memories')
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'dent')
    expect(await screen.findByText('Showing 1 of 1 memories')).toBeInTheDocument()
    expect(state.listQueries.map((q) => q.get('searchTerm'))).toEqual([null, 'dent'])
  })

  it('waits for the pause before searching', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const state = fakeApi([memory(1, { text: 'Dentist' })])
      const { user } = renderWithProviders(<MemoriesPage />)
      await screen.findByText('Showing 1 of 1 memories')
      await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'x')
      act(() => vi.advanceTimersByTime(250))
      expect(state.listQueries.map((q) => q.get('searchTerm'))).toEqual([null])
      act(() => vi.advanceTimersByTime(100))
      await waitFor(() => expect(state.listQueries.map((q) => q.get('searchTerm'))).toEqual([null, 'x']))
    } finally {
      vi.useRealTimers()
    }
  })

  it("quick date filters use the week rules in the user's timezone; choosing the active one clears it", async () => {
    const state = fakeApi([memory(1)])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 1 of 1 memories')
    const today = todayIn(TZ)
    const range = (q: URLSearchParams) => [q.get('startDate'), q.get('endDate')]

    await user.click(screen.getByRole('button', { name: 'Last Week' }))
    const last = quickDateRange('lastWeek', today)
    await waitFor(() => expect(range(lastQuery(state))).toEqual([last.startDate, last.endDate]))
    expect(screen.getByRole('button', { name: 'Last Week' })).toHaveAttribute('aria-pressed', 'true')

    // This week and this month end (Saturday, the month's last day): later notes are not in them.
    await user.click(screen.getByRole('button', { name: 'This Week' }))
    const week = quickDateRange('thisWeek', today)
    await waitFor(() => expect(range(lastQuery(state))).toEqual([week.startDate, week.endDate]))
    expect(daysBetween(week.startDate, week.endDate)).toBe(6)

    await user.click(screen.getByRole('button', { name: 'This Month' }))
    await waitFor(() =>
      expect(range(lastQuery(state))).toEqual([
        `${today.slice(0, 8)}01`,
        quickDateRange('thisMonth', today).endDate,
      ]),
    )
    expect(lastQuery(state).get('endDate')?.slice(0, 7)).toBe(today.slice(0, 7))

    // Choosing it again clears the range: back to the first, unfiltered list (answered from the cache).
    await user.click(screen.getByRole('button', { name: 'This Month' }))
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'false')
    expect(useMemoriesUi.getState().filters).toMatchObject({ startDate: '', endDate: '' })
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument()
  })

  it("'Advanced' opens date and tag fields; 'Clear' shows only with a filter and resets them all", async () => {
    const state = fakeApi([memory(1, { tags: ['work'] })])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 1 of 1 memories')
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Advanced' }))
    await user.type(screen.getByLabelText('Start date'), '2026-01-01')
    await waitFor(() => expect(lastQuery(state).get('startDate')).toBe('2026-01-01'))
    await user.type(
      screen.getByLabelText('Tags', { selector: '#memories-advanced-filters input' }),
      'work, home',
    )
    await waitFor(() => expect(lastQuery(state).get('tags')).toBe('work,home'))
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'abc')
    await waitFor(() => expect(lastQuery(state).get('searchTerm')).toBe('abc'))

    expect(await screen.findByText('No memories match these filters.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    // Back to the unfiltered list (the first answer, still fresh in the cache).
    expect(await screen.findByText('Showing 1 of 1 memories')).toBeInTheDocument()
    expect(useMemoriesUi.getState().filters).toEqual({
      searchTerm: '',
      tags: [],
      startDate: '',
      endDate: '',
      pageSize: 12,
    })
    expect(screen.getByRole('searchbox', { name: 'Search memories' })).toHaveValue('')
    expect(screen.getByLabelText('Start date')).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument()
  })

  it("'Clear all filters' under an empty result also empties the search box and the search stays cleared", async () => {
    const state = fakeApi([memory(1, { text: 'Garden' })])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 1 of 1 memories')
    const search = screen.getByRole('searchbox', { name: 'Search memories' })
    await user.type(search, 'zzz')
    expect(await screen.findByText('No memories match these filters.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }))
    expect(await screen.findByText('Showing 1 of 1 memories')).toBeInTheDocument()
    expect(search).toHaveValue('')
    // Longer than the debounce: the old text must not come back as a search.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(useMemoriesUi.getState().filters.searchTerm).toBe('')
    expect(search).toHaveValue('')
    expect(screen.getByText('Showing 1 of 1 memories')).toBeInTheDocument()
    expect(state.listQueries.map((q) => q.get('searchTerm'))).toEqual([null, 'zzz'])
  })

  it('a quick date filter or a new search starts again at page 1', async () => {
    const state = fakeApi(Array.from({ length: 15 }, (_, i) => memory(i)))
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 12 of 15 memories')
    await user.click(screen.getByRole('button', { name: 'Load More Memories' }))
    expect(await screen.findByText('Showing 15 of 15 memories')).toBeInTheDocument()
    expect(lastQuery(state).get('page')).toBe('2')

    await user.click(screen.getByRole('button', { name: 'This Week' }))
    await waitFor(() => expect(lastQuery(state).get('startDate')).not.toBeNull())
    expect(lastQuery(state).get('page')).toBe('1')

    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'Memory')
    await waitFor(() => expect(lastQuery(state).get('searchTerm')).toBe('Memory'))
    expect(lastQuery(state).get('page')).toBe('1')
  })

  it('counts popular tags over every memory, not the cards loaded so far', async () => {
    // 15 memories, 12 loaded: 'family' is on 5, of which only 3 are on the first page.
    const items = Array.from({ length: 15 }, (_, i) =>
      memory(i, { tags: i < 3 || i >= 13 ? ['family'] : ['other'] }),
    )
    fakeApi(items)
    renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 12 of 15 memories')
    const group = await screen.findByRole('group', { name: 'Popular tags' })
    expect(within(group).getByRole('button', { name: 'family (5)' })).toBeInTheDocument()
  })

  it("shows the top 10 tags, 6 at first with '+N more'; a tag filters the list", async () => {
    // 'top' on all 12, 'second' on 6, and ten one-off tags: 12 distinct, the top 10 are shown.
    const items = Array.from({ length: 12 }, (_, i) =>
      memory(i, { tags: ['top', ...(i % 2 ? ['second'] : []), ...(i < 10 ? [`o${i}`] : [])] }),
    )
    const state = fakeApi(items)
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 12 of 12 memories')
    const group = await screen.findByRole('group', { name: 'Popular tags' })
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['top (12)', 'second (6)', 'o0 (1)', 'o1 (1)', 'o2 (1)', 'o3 (1)', '+4 more'])
    await user.click(within(group).getByRole('button', { name: '+4 more' }))
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['top (12)', 'second (6)', ...Array.from({ length: 8 }, (_, i) => `o${i} (1)`), 'Show fewer'])

    await user.click(within(group).getByRole('button', { name: 'second (6)' }))
    await waitFor(() => expect(lastQuery(state).get('tags')).toBe('second'))
    expect(await screen.findByText('Showing 6 of 6 memories')).toBeInTheDocument()
    expect(
      within(screen.getByRole('group', { name: 'Popular tags' })).getByRole('button', { name: 'second (6)' }),
    ).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument()
  })
})

describe('memories page: create, edit, delete', () => {
  it("creates: today's date in the user's zone, submit disabled while blank, Quick Tags, suggestions, 'Creating...'", async () => {
    const known = [
      'work',
      'workout',
      'homework',
      'networking',
      'health',
      'home',
      'hobby',
      'reading',
      'writing',
    ]
    const state = fakeApi([], { knownTags: known })
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByRole('heading', { name: 'No Memories Yet' })
    await user.click(screen.getByRole('button', { name: 'Add Memory' }))
    const dialog = await findDialog('Create Memory')
    expect(within(dialog).getByLabelText('Date')).toHaveValue(todayIn(TZ))
    const submit = within(dialog).getByRole('button', { name: 'Create Memory' })
    expect(submit).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/Memory/), '   ')
    expect(submit).toBeDisabled()

    const quick = await within(dialog).findByRole('group', { name: 'Quick Tags' })
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(known.slice(0, 8))
    await user.click(within(quick).getByRole('button', { name: 'health' }))
    const tags = within(dialog).getByLabelText('Tags')
    expect(tags).toHaveValue('health')
    await user.type(tags, ', o')
    const suggestions = () => within(dialog).getByRole('group', { name: 'Tag suggestions' })
    expect(within(suggestions()).getAllByRole('button')).toHaveLength(5)
    await user.clear(tags)
    await user.type(tags, 'health, wor')
    expect(
      within(suggestions())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['work', 'workout', 'homework', 'networking'])
    await user.click(within(suggestions()).getByRole('button', { name: 'workout' }))
    expect(tags).toHaveValue('health, workout, ')

    await user.clear(within(dialog).getByLabelText(/Memory/))
    await user.type(within(dialog).getByLabelText(/Memory/), '  Buy running shoes ')
    await user.clear(within(dialog).getByLabelText('Date'))
    const loadsBefore = state.listQueries.length
    const tagLoadsBefore = state.tagLoads
    const release = holdWrites(state)
    await user.click(submit)
    const busy = await within(dialog).findByRole('button', { name: 'Creating...' })
    expect(busy).toBeDisabled()
    release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.created).toEqual([{ text: 'Buy running shoes', tags: 'health, workout, ', date: null }])
    expect(await screen.findByText('Buy running shoes')).toBeInTheDocument()
    expect(state.listQueries.length).toBeGreaterThan(loadsBefore)
    await waitFor(() => expect(state.tagLoads).toBeGreaterThan(tagLoadsBefore))
  })

  it("a failed create keeps the modal open with what was typed and says the server's reason", async () => {
    fakeApi([])
    server.use(
      http.post('/api/memories', () =>
        HttpResponse.json({ message: 'At most 20 tags are allowed.' }, { status: 400 }),
      ),
    )
    const { user } = renderWithProviders(<MemoriesPage />)
    await user.click(await screen.findByRole('button', { name: 'Add Memory' }))
    const dialog = await findDialog('Create Memory')
    await user.type(within(dialog).getByLabelText(/Memory/), 'kept')
    await user.click(within(dialog).getByRole('button', { name: 'Create Memory' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The memory was not created: At most 20 tags are allowed.',
    )
    expect(within(dialog).getByRole('button', { name: 'Create Memory' })).toBeEnabled()
    expect(within(dialog).getByLabelText(/Memory/)).toHaveValue('kept')
    // Typing again puts the refusal away.
    await user.type(within(dialog).getByLabelText(/Memory/), '!')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('checks tags and the date as the server does before saving: 25 tags, a 120-character tag, 9999', async () => {
    const state = fakeApi([])
    const { user } = renderWithProviders(<MemoriesPage />)
    await user.click(await screen.findByRole('button', { name: 'Add Memory' }))
    const dialog = await findDialog('Create Memory')
    await user.type(within(dialog).getByLabelText(/Memory/), 'Many tags')
    const tags = within(dialog).getByLabelText('Tags')
    const submit = within(dialog).getByRole('button', { name: 'Create Memory' })
    await user.click(tags)
    await user.paste(Array.from({ length: 25 }, (_, i) => `tag${i}`).join(', '))
    expect(tags).toHaveAccessibleDescription('At most 20 tags are allowed (this has 25).')
    expect(submit).toBeDisabled()
    await user.clear(tags)
    await user.paste('x'.repeat(120))
    expect(tags).toHaveAccessibleDescription(/Each tag must be at most 50 characters/)
    await user.clear(tags)
    const date = within(dialog).getByLabelText('Date')
    await user.clear(date)
    await user.type(date, '9999-12-31')
    expect(date).toHaveAccessibleDescription('Choose a date between 1900 and 2100.')
    expect(submit).toBeDisabled()
    await user.clear(date)
    await user.type(date, '2026-01-05')
    expect(submit).toBeEnabled()
    await user.click(submit)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.created).toEqual([{ text: 'Many tags', tags: '', date: '2026-01-05' }])
  })

  it("edits: prefilled, no Quick Tags, 'Updating...', then the list shows the change", async () => {
    const state = fakeApi([memory(1, { text: 'Old text', tags: ['a', 'b'], date: '2026-01-05' })], {
      knownTags: ['a', 'b', 'c'],
    })
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Old text')
    await user.click(screen.getByRole('button', { name: 'Edit memory' }))
    const dialog = await findDialog('Edit Memory')
    expect(within(dialog).getByLabelText(/Memory/)).toHaveValue('Old text')
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('a, b')
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-01-05')
    expect(within(dialog).queryByRole('group', { name: 'Quick Tags' })).not.toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText(/Memory/))
    await user.type(within(dialog).getByLabelText(/Memory/), 'New text')
    const release = holdWrites(state)
    await user.click(within(dialog).getByRole('button', { name: 'Update Memory' }))
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled()
    release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.updated).toEqual([{ id: 'm1', text: 'New text', tags: 'a, b', date: '2026-01-05' }])
    expect(await screen.findByText('New text')).toBeInTheDocument()
  })

  it("deletes through the confirm modal, showing 'Deleting...' with the buttons disabled", async () => {
    const state = fakeApi([memory(1, { text: 'Delete me' }), memory(2, { text: 'Keep me' })])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Delete me')
    await user.click(
      within(screen.getAllByTestId('memory-card')[0]!).getByRole('button', { name: 'Delete memory' }),
    )
    const dialog = await findDialog('Delete Memory')
    const release = holdWrites(state)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.deleted).toEqual(['m1'])
    expect(await screen.findByText('Showing 1 of 1 memories')).toBeInTheDocument()
    expect(screen.queryByText('Delete me')).not.toBeInTheDocument()
  })

  it('cancelling the delete confirm deletes nothing', async () => {
    const state = fakeApi([memory(1, { text: 'Stay' })])
    const { user } = renderWithProviders(<MemoriesPage />)
    await user.click(await screen.findByRole('button', { name: 'Delete memory' }))
    await user.click(
      within(await findDialog('Delete Memory')).getByRole('button', {
        name: 'Cancel',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.deleted).toEqual([])
  })
})

describe('memories page: export and import', () => {
  it('downloads an export as a file named by the server', async () => {
    fakeApi([memory(1)])
    const created: Blob[] = []
    const clicked: string[] = []
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (created.push(b), 'blob:export'),
      revokeObjectURL: () => {},
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 1 of 1 memories')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await user.click(await screen.findByRole('button', { name: 'Markdown' }))
    await waitFor(() => expect(clicked).toEqual(['remi-memories-2026-01-07.md']))
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(created[0]!)
    })
    expect(text).toBe('# Remi memories')
  })

  it('imports a JSON export, says how many, and reloads the list', async () => {
    const state = fakeApi([])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByRole('heading', { name: 'No Memories Yet' })
    const file = { format: 'remi-memories', version: 1, memories: [{ text: 'a' }, { text: 'b' }] }
    state.memories.push(memory(1, { text: 'a' }), memory(2, { text: 'b' }))
    await user.upload(
      screen.getByLabelText('Import file'),
      new File([JSON.stringify(file)], 'export.json', { type: 'application/json' }),
    )
    expect(await screen.findByText('Imported 2 memories.')).toBeInTheDocument()
    expect(state.imported).toEqual([file])
    expect(await screen.findByText('Showing 2 of 2 memories')).toBeInTheDocument()
  })

  it('tells what is wrong with a file the server refuses or that is not JSON', async () => {
    const state = fakeApi([])
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByRole('heading', { name: 'No Memories Yet' })
    const input = screen.getByLabelText('Import file')
    await user.upload(
      input,
      new File(['{"format":"remi-memories"}'], 'bad.json', { type: 'application/json' }),
    )
    expect(await screen.findByText('body.memories: memories must be a list.')).toBeInTheDocument()
    await user.upload(input, new File(['not json'], 'notes.json', { type: 'application/json' }))
    expect(await screen.findByText('That file is not a Remi JSON export.')).toBeInTheDocument()
    expect(state.imported).toHaveLength(1)
  })
})

describe('memories page: views linked from other pages', () => {
  it('?range=recent lists the last 30 days through today in the user’s zone', async () => {
    // A moment when the user's zone (UTC+14) is already on the next day: the range must wait for it.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T15:00:00Z'))
    onTestFinished(() => void vi.useRealTimers())
    const state = fakeApi([memory(1)])
    renderWithProviders(<MemoriesPage />, { route: '/memories?range=recent' })
    const today = todayIn(TZ)
    expect(today).toBe('2026-11-25')
    await waitFor(() =>
      expect(state.listQueries.some((q) => q.get('endDate') === today && q.get('startDate'))).toBe(true),
    )
    const recent = state.listQueries.find((q) => q.get('endDate') === today)!
    expect(daysBetween(recent.get('startDate')!, today)).toBe(30)
  })

  it("'Remind me' makes a reminder for the memory at 09:00 on its date, in the user's zone", async () => {
    fakeApi([memory(1, { text: 'Dentist check-up', date: '2099-03-04' })])
    const posted: unknown[] = []
    server.use(
      http.post('/api/reminders', async ({ request }) => {
        posted.push(await request.json())
        return HttpResponse.json(reminder({ memoryId: 'm1' }), { status: 201 })
      }),
    )
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Dentist check-up')
    await user.click(screen.getByRole('button', { name: 'Edit memory' }))
    const dialog = await findDialog('Edit Memory')
    await user.click(within(dialog).getByLabelText('Remind me'))
    expect(within(dialog).getByLabelText(/^Reminder date/, { selector: 'input' })).toHaveValue('2099-03-04')
    expect(within(dialog).getByLabelText(/^Reminder time/, { selector: 'input' })).toHaveValue('09:00')
    await user.click(within(dialog).getByRole('button', { name: 'Update Memory' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // 09:00 at UTC+14 is 19:00 the day before in UTC.
    expect(posted).toEqual([
      { text: 'Dentist check-up', dueAt: '2099-03-03T19:00:00.000Z', timezone: TZ, memoryId: 'm1' },
    ])
  })

  it('an edited memory says when its reminders still to come fire, with a link to them; one without says nothing', async () => {
    fakeApi([memory(1, { text: 'Water the ferns' }), memory(2, { text: 'No reminder here' })])
    const asked: URLSearchParams[] = []
    server.use(
      http.get('/api/reminders', ({ request }) => {
        const q = new URL(request.url).searchParams
        asked.push(q)
        return HttpResponse.json({
          reminders:
            q.get('memoryId') === 'm1'
              ? [
                  reminder({ memoryId: 'm1', nextAt: '2099-01-02T19:00:00.000Z' }),
                  reminder({
                    id: 'b',
                    memoryId: 'm1',
                    recurrence: 'FREQ=WEEKLY',
                    nextAt: '2099-01-05T19:00:00.000Z',
                  }),
                ]
              : [],
        })
      }),
    )
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Water the ferns')
    const [first, second] = screen.getAllByRole('button', { name: 'Edit memory' })
    await user.click(first!)
    let dialog = await findDialog('Edit Memory')
    // Shown in the user's zone (UTC+14): 19:00 UTC is 09:00 the next day.
    expect(
      await within(dialog).findByText(
        'Reminders set for Saturday, January 3, 2099 at 09:00; Tuesday, January 6, 2099 at 09:00 (repeats).',
        { exact: false },
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'See reminders' })).toHaveAttribute('href', '/reminders')
    expect(asked.map((q) => [q.get('memoryId'), q.get('status')])).toEqual([['m1', 'scheduled']])
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(second!)
    dialog = await findDialog('Edit Memory')
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]!.get('memoryId')).toBe('m2')
    expect(within(dialog).queryByRole('link', { name: 'See reminders' })).not.toBeInTheDocument()
    expect(within(dialog).queryByText(/Reminders? set for/)).not.toBeInTheDocument()
  })

  it('?memory=<id> opens that memory for editing', async () => {
    fakeApi([memory(1, { text: 'Cited by the assistant' })])
    renderWithProviders(<MemoriesPage />, { route: '/memories?memory=m1' })
    const dialog = await findDialog('Edit Memory')
    expect(within(dialog).getByDisplayValue('Cited by the assistant')).toBeInTheDocument()
  })
})
