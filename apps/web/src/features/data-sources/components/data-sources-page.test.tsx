import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import type { ListedDataSource } from '@remi/shared'
import { HttpResponse, http, renderWithProviders, server } from '../../../test/render'
import { DataSourcesPage } from './data-sources-page'

const weather = (overrides: Partial<ListedDataSource> = {}): ListedDataSource => ({
  dataSourceType: 'weather',
  isEnabled: true,
  configuration: {
    locationName: 'Lisbon',
    location: { name: 'Lisbon', latitude: 38.7, longitude: -9.1, timezone: 'Europe/Lisbon' },
  },
  ...overrides,
})
const calendar = (overrides: Partial<ListedDataSource> = {}): ListedDataSource => ({
  dataSourceType: 'calendar',
  isEnabled: false,
  configuration: {},
  ...overrides,
})

/** A fake of the datasources API over an in-memory list; records the writes it receives. */
function mockApi(
  initial: ListedDataSource[],
  options: { availableOptions?: ListedDataSource['availableOptions'] } = {},
) {
  let sources = structuredClone(initial)
  const calls = {
    list: 0,
    puts: [] as { type: string; body: Record<string, unknown> }[],
    tests: [] as string[],
  }
  server.use(
    http.get('/api/datasources', () => {
      calls.list += 1
      return HttpResponse.json(sources)
    }),
    http.get('/api/datasources/:type', ({ params }) => {
      const source = sources.find((s) => s.dataSourceType === params.type)
      if (!source) return HttpResponse.json({ statusCode: 404, message: 'Not found' }, { status: 404 })
      return HttpResponse.json(
        params.type === 'calendar'
          ? { ...source, availableOptions: options.availableOptions ?? { calendars: [] } }
          : source,
      )
    }),
    http.put('/api/datasources/:type', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.puts.push({ type: String(params.type), body })
      sources = sources.map((s) =>
        s.dataSourceType === params.type
          ? {
              ...s,
              isEnabled: (body.isEnabled as boolean) ?? s.isEnabled,
              configuration: { ...s.configuration, ...(body.configuration as object) },
            }
          : s,
      )
      return HttpResponse.json(sources.find((s) => s.dataSourceType === params.type))
    }),
  )
  return calls
}

const card = (type: string) => screen.findByTestId(`data-source-${type}`)

describe('DataSourcesPage', () => {
  it('shows the heading, the subtitle and a loading state', async () => {
    server.use(
      http.get('/api/datasources', async () => {
        await delay(50)
        return HttpResponse.json([weather(), calendar()])
      }),
    )
    renderWithProviders(<DataSourcesPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeInTheDocument()
    expect(screen.getByText('Manage external data integrations')).toBeInTheDocument()
    expect(screen.getByText('Loading data sources...')).toBeInTheDocument()
    expect(await card('weather')).toBeInTheDocument()
  })

  it('shows one card per source with its settings', async () => {
    mockApi([
      weather({
        configuration: {
          locationName: 'Lisbon',
          vacationMode: {
            isEnabled: true,
            locationName: 'Paris',
            startDate: '2030-07-01T00:00:00.000Z',
            endDate: '2030-07-10T23:59:59.999Z',
          },
        },
      }),
      calendar(),
    ])
    renderWithProviders(<DataSourcesPage />)
    const weatherCard = within(await card('weather'))
    expect(weatherCard.getByRole('heading', { name: 'Weather' })).toBeInTheDocument()
    expect(weatherCard.getByText('Location')).toBeInTheDocument()
    expect(weatherCard.getByText('Lisbon')).toBeInTheDocument()
    expect(weatherCard.getByText('Vacation Mode')).toBeInTheDocument()
    expect(weatherCard.getByText('Paris (2030-07-01 - 2030-07-10)')).toBeInTheDocument()
    expect(weatherCard.getByRole('button', { name: 'Test Connection' })).toBeEnabled()
    expect(weatherCard.getByRole('button', { name: 'Configure' })).toBeEnabled()
    const calendarCard = within(await card('calendar'))
    expect(calendarCard.getByText('Calendar Name')).toBeInTheDocument()
    expect(calendarCard.getByText('Not selected')).toBeInTheDocument()
    expect(calendarCard.getByRole('switch', { name: 'Enable Calendar' })).not.toBeChecked()
  })

  it('hides an inactive vacation and names the chosen calendar', async () => {
    mockApi([
      weather({
        configuration: {
          locationName: 'Lisbon',
          vacationMode: { isEnabled: false, locationName: 'Paris', startDate: null, endDate: null },
        },
      }),
      calendar({ isEnabled: true, configuration: { calendarId: 'work', calendarName: 'Work' } }),
    ])
    renderWithProviders(<DataSourcesPage />)
    expect(within(await card('weather')).queryByText('Vacation Mode')).not.toBeInTheDocument()
    expect(within(await card('calendar')).getByText('Work')).toBeInTheDocument()
  })

  it('lists the first 2 settings and counts the rest', async () => {
    mockApi([
      {
        dataSourceType: 'email',
        isEnabled: false,
        configuration: { server: 'imap.example.com', user: 'ana', folder: 'Inbox', port: 993 },
      },
    ])
    renderWithProviders(<DataSourcesPage />)
    const emailCard = within(await card('email'))
    expect(emailCard.getByText('imap.example.com')).toBeInTheDocument()
    expect(emailCard.getByText('ana')).toBeInTheDocument()
    expect(emailCard.queryByText('Inbox')).not.toBeInTheDocument()
    expect(emailCard.getByText('+2 more settings...')).toBeInTheDocument()
  })

  it('warns that an unknown type cannot be configured yet', async () => {
    mockApi([{ dataSourceType: 'email', isEnabled: false, configuration: {} }])
    const { user } = renderWithProviders(<DataSourcesPage />)
    await user.click(within(await card('email')).getByRole('button', { name: 'Configure' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Configure Email')).toBeInTheDocument()
    expect(within(dialog).getByText('Configuration for Email is not yet implemented.')).toBeInTheDocument()
  })

  it('shows the empty state', async () => {
    mockApi([])
    renderWithProviders(<DataSourcesPage />)
    expect(await screen.findByText('No Data Sources Available')).toBeInTheDocument()
    expect(
      screen.getByText(
        'No data sources are currently configured. Check back later or contact your administrator.',
      ),
    ).toBeInTheDocument()
  })

  it('shows the load failure and tries again', async () => {
    let attempts = 0
    server.use(
      http.get('/api/datasources', () => {
        attempts += 1
        return attempts === 1
          ? HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 })
          : HttpResponse.json([weather()])
      }),
    )
    const { user } = renderWithProviders(<DataSourcesPage />)
    expect(await screen.findByText('Data Sources Unavailable')).toBeInTheDocument()
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await card('weather')).toBeInTheDocument()
    expect(screen.queryByText('Data Sources Unavailable')).not.toBeInTheDocument()
  })
})

describe('enable switch', () => {
  it('sends the full item with isEnabled flipped, updates at once and refetches', async () => {
    const calls = mockApi([weather({ isEnabled: false }), calendar()])
    server.use(
      http.put('/api/datasources/weather', async ({ request }) => {
        calls.puts.push({ type: 'weather', body: (await request.json()) as Record<string, unknown> })
        await delay(100)
        return HttpResponse.json(weather({ isEnabled: true }))
      }),
    )
    const { user } = renderWithProviders(<DataSourcesPage />)
    const weatherCard = within(await card('weather'))
    expect(weatherCard.getByRole('button', { name: 'Test Connection' })).toBeDisabled()
    const listCallsBefore = calls.list
    await user.click(weatherCard.getByRole('switch', { name: 'Enable Weather' }))
    // Optimistic: checked before the server has answered.
    expect(weatherCard.getByRole('switch', { name: 'Enable Weather' })).toBeChecked()
    expect(weatherCard.getByRole('button', { name: 'Test Connection' })).toBeEnabled()
    await waitFor(() => expect(calls.puts).toHaveLength(1))
    expect(calls.puts[0]!.body).toEqual({
      dataSourceType: 'weather',
      isEnabled: true,
      configuration: weather().configuration,
    })
    await waitFor(() => expect(calls.list).toBeGreaterThan(listCallsBefore))
  })

  it.each([
    ['weather', 'Weather', weather()],
    ['calendar', 'Calendar', calendar()],
  ])('puts the %s switch back and says so when the update fails', async (type, label, source) => {
    const calls = mockApi([source])
    let failed = false
    server.use(
      http.put(`/api/datasources/${type}`, async () => {
        await delay(50)
        failed = true
        return HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 })
      }),
      // The refetch after the failure never answers: only the revert itself can put the switch back.
      http.get('/api/datasources', async () => {
        calls.list += 1
        if (failed) await delay('infinite')
        return HttpResponse.json([source])
      }),
    )
    const { user, queryClient } = renderWithProviders(<DataSourcesPage />)
    const detailKey = ['datasources', 'detail', type]
    queryClient.setQueryData(detailKey, source)
    const switchControl = within(await card(type)).getByRole<HTMLInputElement>('switch', {
      name: `Enable ${label}`,
    })
    const before = source.isEnabled
    await user.click(switchControl)
    expect(switchControl.checked).toBe(!before)
    expect(queryClient.getQueryData<ListedDataSource>(detailKey)?.isEnabled).toBe(!before)
    expect(
      await screen.findByText(`Failed to update ${label} configuration. Your changes have been reverted.`),
    ).toBeInTheDocument()
    expect(switchControl.checked).toBe(before)
    expect(queryClient.getQueryData<ListedDataSource>(detailKey)?.isEnabled).toBe(before)
    await waitFor(() => expect(calls.list).toBe(2))
  })

  it('uses the generic name for another type', async () => {
    mockApi([{ dataSourceType: 'email', isEnabled: false, configuration: {} }])
    server.use(
      http.put('/api/datasources/email', () =>
        HttpResponse.json({ statusCode: 404, message: 'nope' }, { status: 404 }),
      ),
    )
    const { user } = renderWithProviders(<DataSourcesPage />)
    await user.click(within(await card('email')).getByRole('switch', { name: 'Enable Email' }))
    expect(
      await screen.findByText('Failed to update Data Source configuration. Your changes have been reverted.'),
    ).toBeInTheDocument()
  })
})

describe('Test Connection', () => {
  it('shows the outcome as a toast', async () => {
    mockApi([weather()])
    const tested: string[] = []
    server.use(
      http.post('/api/datasources/:type/test', ({ params }) => {
        tested.push(String(params.type))
        return HttpResponse.json({ success: true, message: '12°C, light rain in Lisbon' })
      }),
    )
    const { user } = renderWithProviders(<DataSourcesPage />)
    await user.click(within(await card('weather')).getByRole('button', { name: 'Test Connection' }))
    expect(await screen.findByText('12°C, light rain in Lisbon')).toBeInTheDocument()
    expect(screen.getByText('Success')).toBeInTheDocument()
    expect(tested).toEqual(['weather'])
  })

  it('shows what failed as an error toast', async () => {
    mockApi([calendar({ isEnabled: true, configuration: { icsUrl: 'https://example.com/a.ics' } })])
    server.use(
      http.post('/api/datasources/calendar/test', () =>
        HttpResponse.json({ success: false, message: 'The ICS calendar could not be loaded: HTTP 404.' }),
      ),
    )
    const { user } = renderWithProviders(<DataSourcesPage />)
    await user.click(within(await card('calendar')).getByRole('button', { name: 'Test Connection' }))
    expect(await screen.findByText('The ICS calendar could not be loaded: HTTP 404.')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
  })
})
