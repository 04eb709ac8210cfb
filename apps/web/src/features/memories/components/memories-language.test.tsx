import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useMemoriesUi } from '../store'
import { MemoriesPage } from './memories-page'
import { inLanguage } from '../../../test/language'

const memory = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  text: `Memória ${id}`,
  tags: ['casa'],
  date: '2026-01-05',
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
  ...extra,
})

/** The memories API with the given memories; JSON imports say how many they imported. */
function fakeApi(items: ReturnType<typeof memory>[]) {
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC' })),
    http.get('/api/memories/tags', () => HttpResponse.json([{ name: 'casa', count: items.length }])),
    http.get('/api/memories', () =>
      HttpResponse.json({ items, totalCount: items.length, page: 1, pageSize: 12 }),
    ),
    http.post('/api/memories/import', () => HttpResponse.json({ imported: 1 })),
  )
}

inLanguage('pt-PT')
beforeEach(() => {
  useMemoriesUi.getState().reset()
})

describe('the memories page in Portuguese (issue 51)', () => {
  it('says its words in Portuguese, counts "1 memória" and "2 memórias", and writes dates as Portugal does', async () => {
    fakeApi([
      memory('a', {
        private: true,
        lastChange: {
          id: '00000000-0000-4000-8000-000000000001',
          action: 'created',
          by: 'assistant',
          name: null,
          at: '2026-11-26T10:00:00Z',
          before: null,
        },
        attachments: [
          { id: 'f1', name: 'recibo.pdf', type: 'application/pdf', size: 2_516_582, status: 'reading' },
        ],
      }),
      memory('b', { date: '2026-02-30' }),
    ])
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByText('A mostrar 2 de 2 memórias')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Memórias' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Adicionar memória' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Importar' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Pesquisar memórias...')).toBeInTheDocument()
    const quick = screen.getByRole('group', { name: 'Filtros rápidos de data' })
    expect(within(quick).getByRole('button', { name: 'Semana passada' })).toBeInTheDocument()
    expect(within(quick).getByRole('button', { name: 'Este mês' })).toBeInTheDocument()
    expect(await screen.findByRole('group', { name: 'Etiquetas populares' })).toHaveTextContent(
      'Etiquetas populares:casa (2)',
    )

    const [first, second] = screen.getAllByTestId('memory-card')
    // The day as pt-PT writes it, through Intl ("5/01/2026").
    const day = new Intl.DateTimeFormat('pt-PT', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(2026, 0, 5))
    expect(within(first!).getByText(day)).toBeInTheDocument()
    expect(within(second!).getByText('Data inválida')).toBeInTheDocument()
    expect(within(first!).getByRole('img', { name: 'Memória privada' })).toBeInTheDocument()
    expect(within(first!).getByRole('button', { name: 'Editar memória' })).toBeInTheDocument()
    expect(within(first!).getByRole('button', { name: 'Eliminar memória' })).toBeInTheDocument()
    const dayMonth = new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'short', timeZone: 'UTC' })
    expect(within(first!).getByTestId('memory-last-change')).toHaveTextContent(
      `Guardada pelo Remi a partir de uma conversa, ${dayMonth.format(Date.UTC(2026, 10, 26))}Anular`,
    )
    // Sizes with the decimal comma, the reading state in Portuguese.
    expect(within(first!).getByText('2,4 MB')).toBeInTheDocument()
    expect(within(first!).getByText('A ler…')).toBeInTheDocument()

    await user.click(within(first!).getByRole('button', { name: 'Eliminar memória' }))
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar memória' })
    expect(
      within(confirm).getByText(
        'Tem a certeza de que pretende eliminar esta memória? Não é possível anular.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.queryByText(/Showing|Add Memory|Popular tags|Invalid date|Saved by/),
    ).not.toBeInTheDocument()
  })

  it('counts one memory as "1 memória", and the import says so', async () => {
    fakeApi([memory('a')])
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByText('A mostrar 1 de 1 memória')).toBeInTheDocument()
    const file = { format: 'remi-memories', version: 1, memories: [{ text: 'a' }] }
    await user.upload(
      screen.getByLabelText('Ficheiro a importar'),
      new File([JSON.stringify(file)], 'export.json', { type: 'application/json' }),
    )
    expect(await screen.findByText('Importada 1 memória.')).toBeInTheDocument()
  })

  it('the empty page and the new memory form, in Portuguese, checking the tags in Portuguese', async () => {
    fakeApi([])
    const { user } = renderWithProviders(<MemoriesPage />)
    expect(await screen.findByRole('heading', { name: 'Ainda não há memórias' })).toBeInTheDocument()
    expect(screen.getByText('A mostrar 0 de 0 memórias')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Saber mais sobre as memórias' }))
    expect(await screen.findByRole('dialog', { name: 'Sobre as memórias' })).toBeInTheDocument()
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Criar a sua primeira memória' }))
    const dialog = await screen.findByRole('dialog', { name: 'Criar memória' })
    expect(within(dialog).getByPlaceholderText('O que pretende lembrar?')).toBeInTheDocument()
    const tags = within(dialog).getByLabelText('Etiquetas')
    await user.type(tags, Array.from({ length: 25 }, (_, i) => `t${i}`).join(', '))
    expect(tags).toHaveAccessibleDescription(/São permitidas no máximo 20 etiquetas \(esta tem 25\)\./)
    expect(within(dialog).getByLabelText('Lembrar-me')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Criar memória' })).toBeDisabled()
    expect(within(dialog).getByText('Largue aqui fotografias ou ficheiros, ou cole-os')).toBeInTheDocument()
  })
})

describe('the memories page in German (issue 51)', () => {
  it('counts "1 Notiz" and writes "Notizen"', async () => {
    await i18n.changeLanguage('de')
    fakeApi([memory('a')])
    renderWithProviders(<MemoriesPage />)
    expect(await screen.findByText('1 von 1 Notiz angezeigt')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Notizen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Notiz hinzufügen' })).toBeInTheDocument()
  })
})
