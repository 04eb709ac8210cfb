import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { todayIn, type DataSource } from '@remi/shared'
import { HttpResponse, http, renderWithProviders, server } from '../../../test/render'
import { DataSourcesPage } from './data-sources-page'

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)

/** The datasources API for one page visit; `puts` records every PUT body. */
function mockApi(
  sources: DataSource[],
  availableOptions: DataSource['availableOptions'] = { calendars: [] },
) {
  const puts: Record<string, unknown>[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: '' })),
    http.get('/api/datasources', () => HttpResponse.json(sources)),
    http.get('/api/datasources/:type', ({ params }) => {
      const source = sources.find((s) => s.dataSourceType === params.type)!
      return HttpResponse.json(params.type === 'calendar' ? { ...source, availableOptions } : source)
    }),
    http.put('/api/datasources/:type', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>
      puts.push(body)
      const source = sources.find((s) => s.dataSourceType === params.type)!
      return HttpResponse.json({ ...source, ...body })
    }),
  )
  return puts
}

const weather: DataSource = {
  dataSourceType: 'weather',
  isEnabled: true,
  configuration: { locationName: 'Lisbon', vacationMode: null },
}
const calendar: DataSource = { dataSourceType: 'calendar', isEnabled: false, configuration: {} }

async function openConfigure(type: 'weather' | 'calendar') {
  const rendered = renderWithProviders(<DataSourcesPage />)
  const card = await screen.findByTestId(`data-source-${type}`)
  await rendered.user.click(within(card).getByRole('button', { name: 'Configure' }))
  const dialog = await screen.findByRole('dialog')
  return { ...rendered, dialog: within(dialog) }
}

describe('Configure Weather', () => {
  it('loads the stored configuration', async () => {
    mockApi([
      {
        ...weather,
        configuration: {
          locationName: 'Lisbon',
          vacationMode: {
            isEnabled: true,
            locationName: 'Paris',
            startDate: '2030-07-01T00:00:00.000Z',
            endDate: '2030-07-10T23:59:59.999Z',
          },
        },
      },
    ])
    const { dialog } = await openConfigure('weather')
    expect(dialog.getByText('Configure Weather')).toBeInTheDocument()
    expect(await dialog.findByLabelText('Location')).toHaveValue('Lisbon')
    expect(dialog.getByRole('switch', { name: 'Vacation Mode' })).toBeChecked()
    expect(dialog.getByLabelText(/Vacation Location/)).toHaveValue('Paris')
    // Shown as dates: the date part only.
    expect(dialog.getByLabelText(/Start Date/)).toHaveValue('2030-07-01')
    expect(dialog.getByLabelText(/End Date/)).toHaveValue('2030-07-10')
  })

  it('gives the start date a minimum of today and the end date a minimum of the start', async () => {
    mockApi([weather])
    const { dialog, user } = await openConfigure('weather')
    await user.click(await dialog.findByRole('switch', { name: 'Vacation Mode' }))
    const start = dialog.getByLabelText(/Start Date/)
    const end = dialog.getByLabelText(/End Date/)
    expect(start).toHaveAttribute('min', localToday())
    expect(end).toHaveAttribute('min', localToday())
    await user.type(start, '2030-07-05')
    expect(end).toHaveAttribute('min', '2030-07-05')
  })

  it('lists every vacation problem under Form Validation Errors and sends nothing', async () => {
    const puts = mockApi([weather])
    const { dialog, user } = await openConfigure('weather')
    await user.click(await dialog.findByRole('switch', { name: 'Vacation Mode' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(dialog.getByText('Form Validation Errors')).toBeInTheDocument()
    expect(dialog.getByText('Vacation location is required')).toBeInTheDocument()
    expect(dialog.getByText('Start date is required')).toBeInTheDocument()
    expect(dialog.getByText('End date is required')).toBeInTheDocument()
    expect(puts).toEqual([])
  })

  it.each([
    ['on the start day', '2030-07-05'],
    ['before the start', '2030-07-04'],
  ])('refuses an end date %s', async (_label, endDate) => {
    const puts = mockApi([weather])
    const { dialog, user } = await openConfigure('weather')
    await user.click(await dialog.findByRole('switch', { name: 'Vacation Mode' }))
    await user.type(dialog.getByLabelText(/Vacation Location/), 'Paris')
    await user.type(dialog.getByLabelText(/Start Date/), '2030-07-05')
    await user.type(dialog.getByLabelText(/End Date/), endDate)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(dialog.getByText('End date must be after start date')).toBeInTheDocument()
    expect(dialog.queryByText('Vacation location is required')).not.toBeInTheDocument()
    expect(puts).toEqual([])
  })

  it('does not check the vacation when it is off', async () => {
    const puts = mockApi([weather])
    const { dialog, user } = await openConfigure('weather')
    await user.clear(await dialog.findByLabelText('Location'))
    await user.type(dialog.getByLabelText('Location'), 'Porto')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(puts).toEqual([
      {
        dataSourceType: 'weather',
        isEnabled: true,
        configuration: {
          locationName: 'Porto',
          vacationMode: { isEnabled: false, locationName: '', startDate: null, endDate: null },
        },
      },
    ])
  })

  it('sends vacation days as the UTC start and end of day, then closes', async () => {
    const puts = mockApi([weather])
    const { dialog, user } = await openConfigure('weather')
    await user.click(await dialog.findByRole('switch', { name: 'Vacation Mode' }))
    await user.type(dialog.getByLabelText(/Vacation Location/), 'Paris')
    await user.type(dialog.getByLabelText(/Start Date/), '2030-07-01')
    await user.type(dialog.getByLabelText(/End Date/), '2030-07-10')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(puts[0]).toEqual({
      dataSourceType: 'weather',
      isEnabled: true,
      configuration: {
        locationName: 'Lisbon',
        vacationMode: {
          isEnabled: true,
          locationName: 'Paris',
          startDate: '2030-07-01T00:00:00.000Z',
          endDate: '2030-07-10T23:59:59.999Z',
        },
      },
    })
  })

  it("keeps the dialog open with the server's reason when the save is refused", async () => {
    mockApi([weather])
    server.use(
      http.put('/api/datasources/weather', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: "Could not find location 'Atlantis'" },
          { status: 400 },
        ),
      ),
    )
    const { dialog, user } = await openConfigure('weather')
    await user.clear(await dialog.findByLabelText('Location'))
    await user.type(dialog.getByLabelText('Location'), 'Atlantis')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByText("Could not find location 'Atlantis'")).toBeInTheDocument()
    // The toast says the server's sentence too, not the generic "Failed to update … reverted".
    const toast = (await screen.findAllByRole('alert')).find((a) => a.classList.contains('toast'))
    expect(toast).toHaveTextContent("Could not find location 'Atlantis'")
    expect(screen.queryByText(/Failed to update Weather configuration/)).not.toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('Cancel closes the dialog and clears its errors', async () => {
    mockApi([weather])
    const { dialog, user } = await openConfigure('weather')
    await user.click(await dialog.findByRole('switch', { name: 'Vacation Mode' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(dialog.getByText('Form Validation Errors')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(
      within(screen.getByTestId('data-source-weather')).getByRole('button', { name: 'Configure' }),
    )
    const reopened = within(await screen.findByRole('dialog'))
    expect(await reopened.findByLabelText('Location')).toHaveValue('Lisbon')
    expect(reopened.queryByText('Form Validation Errors')).not.toBeInTheDocument()
  })
})

describe('Configure Calendar', () => {
  it('offers the account calendars and saves the choice with its name, also on this device', async () => {
    const puts = mockApi([calendar], {
      calendars: [
        { id: 'primary@example.test', name: 'Ana Silva' },
        { id: 'work@group', name: 'Work' },
      ],
    })
    const { dialog, user } = await openConfigure('calendar')
    expect(dialog.getByText('Configure Calendar')).toBeInTheDocument()
    const select = await dialog.findByLabelText('Calendar')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not selected', 'Ana Silva', 'Work'])
    await user.selectOptions(select, 'work@group')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(puts).toEqual([
      {
        dataSourceType: 'calendar',
        isEnabled: false,
        configuration: { calendarId: 'work@group', calendarName: 'Work', icsUrl: '' },
      },
    ])
    expect(window.localStorage.getItem('remi.calendarId')).toBe('work@group')
  })

  it('shows the options error as a warning under the select, and takes an ICS link', async () => {
    const puts = mockApi([calendar], {
      calendars: [],
      error: 'Sign in again with Google to allow calendar access.',
    })
    const { dialog, user } = await openConfigure('calendar')
    expect(await dialog.findByText('Sign in again with Google to allow calendar access.')).toBeInTheDocument()
    await user.type(dialog.getByLabelText('ICS URL'), 'https://example.com/family.ics')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]!.configuration).toEqual({
      calendarId: null,
      calendarName: null,
      icsUrl: 'https://example.com/family.ics',
    })
    expect(window.localStorage.getItem('remi.calendarId')).toBeNull()
  })

  it('keeps a stored calendar the account cannot list right now', async () => {
    mockApi([{ ...calendar, configuration: { calendarId: 'old@group', calendarName: 'Old team' } }], {
      calendars: [{ id: 'work@group', name: 'Work' }],
    })
    const { dialog } = await openConfigure('calendar')
    const select = await dialog.findByLabelText('Calendar')
    expect(select).toHaveValue('old@group')
    expect(within(select).getByRole('option', { name: 'Old team' })).toBeInTheDocument()
  })
})
