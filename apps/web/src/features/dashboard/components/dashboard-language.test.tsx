import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { DashboardPage } from './dashboard-page'
import { inLanguage } from '../../../test/language'

const card = (label: string) => screen.getByRole('heading', { name: label }).closest('a')!

inLanguage('pt-PT')

describe('the dashboard in Portuguese (issue 51)', () => {
  it('says its words in Portuguese and writes times as Portugal does', async () => {
    server.use(
      http.get('/api/dashboard/stats', () =>
        HttpResponse.json({ totalMemories: 42, recentMemories: 7, activeChats: 2 }),
      ),
      http.get('/api/dashboard/briefing', () =>
        HttpResponse.json({
          content: '## Bom dia, Ada',
          date: '2026-11-22',
          source: 'ai',
          generatedAt: '2026-11-22T08:05:00.000Z',
          sections: { weather: { failed: 'a Open-Meteo não respondeu' }, calendar: 'off', memories: 'ok' },
        }),
      ),
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect(screen.getByRole('heading', { name: 'Painel' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Bom dia, Ada' })).toBeInTheDocument()
    expect(within(card('Total de memórias')).getByText('42')).toBeInTheDocument()
    expect(within(card('Memórias recentes')).getByText('Últimos 30 dias')).toBeInTheDocument()
    expect(within(card('Conversas ativas')).getByText('2')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Resumo do dia' })).toBeInTheDocument()
    expect(screen.getByText('Informações geradas por IA')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Gerar de novo' })).toBeInTheDocument()
    // The server's reason stays as the server wrote it, in the Portuguese sentence.
    expect(
      screen.getByText(/^Tempo: não foi possível ler \(a Open-Meteo não respondeu\)\./),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Calendário: não está configurado, por isso fica de fora\./)).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Abrir Fontes de dados' })).toHaveLength(2)
    // Times as pt-PT writes them (24-hour).
    expect(screen.getByText(/^Última atualização: \d{2}:\d{2}$/)).toBeInTheDocument()
    expect(screen.getByText(/^Gerado às \d{2}:\d{2} pelo modelo de linguagem$/)).toBeInTheDocument()
    expect(screen.queryByText(/Dashboard|Daily Briefing|Regenerate|Last updated/)).not.toBeInTheDocument()
  })

  it('says the offline template wrote the briefing, and the errors, in Portuguese', async () => {
    server.use(
      http.get('/api/dashboard/stats', () =>
        HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 }),
      ),
      http.get('/api/dashboard/briefing', () =>
        HttpResponse.json({
          content: 'Hoje é **domingo**.',
          date: '2026-11-22',
          source: 'offline',
          generatedAt: null,
          sections: {},
        }),
      ),
    )
    renderWithProviders(<DashboardPage />, { route: '/dashboard' })
    expect(await screen.findByText('Estatísticas indisponíveis')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Carregar as estatísticas de novo' })).toBeInTheDocument()
    expect(
      screen.getByText('Escrito a partir das suas notas e fontes de dados, sem um modelo de IA'),
    ).toBeInTheDocument()
    expect(screen.getByText('Gerado pelo modelo automático (sem modelo de linguagem)')).toBeInTheDocument()
  })
})
