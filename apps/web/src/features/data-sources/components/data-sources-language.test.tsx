import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ListedDataSource } from '@remi/shared'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { DataSourcesPage } from './data-sources-page'
import { inLanguage } from '../../../test/language'

const SOURCES: ListedDataSource[] = [
  {
    dataSourceType: 'weather',
    isEnabled: true,
    configuration: {
      locationName: 'Lisboa',
      vacationMode: {
        isEnabled: true,
        locationName: 'Faro',
        startDate: '2030-07-01T00:00:00.000Z',
        endDate: '2030-07-03T23:59:59.999Z',
      },
    },
  },
  { dataSourceType: 'calendar', isEnabled: false, configuration: {} },
  { dataSourceType: 'tides', isEnabled: false, configuration: { a: '1', b: '2', c: '3' } },
]

inLanguage('pt-PT')

describe('Data Sources in Portuguese (issue 51)', () => {
  it('says its words in Portuguese, counts in Portuguese, and checks the vacation form in Portuguese', async () => {
    server.use(
      http.get('/api/datasources', () => HttpResponse.json(SOURCES)),
      http.get('/api/datasources/weather', () => HttpResponse.json({ ...SOURCES[0], configuration: {} })),
    )
    renderWithProviders(<DataSourcesPage />, { route: '/data-sources' })
    expect(await screen.findByRole('heading', { name: 'Tempo' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Fontes de dados' })).toBeInTheDocument()
    expect(screen.getByText('Gerir as integrações de dados externos')).toBeInTheDocument()
    const weather = screen.getByTestId('data-source-weather')
    expect(within(weather).getByRole('switch', { name: 'Ativar Tempo' })).toBeChecked()
    expect(within(weather).getByText('Ativa')).toBeInTheDocument()
    expect(within(weather).getByText('Localização')).toBeInTheDocument()
    expect(within(weather).getByText('Modo de férias')).toBeInTheDocument()
    // The vacation's days in Portuguese dates, not the English screens' ISO days.
    const days = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
      new Date('2030-07-01T00:00:00Z'),
      new Date('2030-07-03T00:00:00Z'),
    )
    // (Intl puts thin spaces around the dash; the page's text is matched with its spaces made plain.)
    expect(within(weather).getByText(`Faro (${days.replace(/\s+/g, ' ')})`)).toBeInTheDocument()
    expect(within(weather).queryByText(/2030-07-01/)).not.toBeInTheDocument()
    const calendar = screen.getByTestId('data-source-calendar')
    expect(within(calendar).getByRole('heading', { name: 'Calendário' })).toBeInTheDocument()
    expect(within(calendar).getByText('Nenhum selecionado')).toBeInTheDocument()
    expect(within(calendar).getByText('Inativa')).toBeInTheDocument()
    expect(
      within(screen.getByTestId('data-source-tides')).getByText('+1 outra definição...'),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Testar a ligação' })).toHaveLength(3)

    await userEvent.click(within(weather).getByRole('button', { name: 'Configurar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Configurar Tempo' })
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Modo de férias' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText('Erros no formulário')).toBeInTheDocument()
    expect(within(dialog).getByText('O local das férias é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('A data de início é obrigatória')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
    expect(screen.queryByText(/Data Sources|Configure|Test Connection|Vacation/)).not.toBeInTheDocument()
  })

  it('the empty page, in Portuguese', async () => {
    server.use(http.get('/api/datasources', () => HttpResponse.json([])))
    renderWithProviders(<DataSourcesPage />, { route: '/data-sources' })
    expect(await screen.findByText('Nenhuma fonte de dados disponível')).toBeInTheDocument()
  })
})
