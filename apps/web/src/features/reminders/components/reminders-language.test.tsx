import { screen, within } from '@testing-library/react'
import type { Automation, Reminder } from '@remi/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { reminder } from '../../../test/reminders'
import { doneMessage } from '../lib/done-message'
import { formatDuration } from '../lib/due'
import { describeRecurrence } from '../lib/recurrence'
import { RemindersPage } from './reminders-page'
import { UpcomingRemindersCard } from './upcoming-reminders-card'
import { inLanguage } from '../../../test/language'

const NOW = new Date('2099-01-02T09:00:00Z')
const TOMORROW = reminder({
  text: 'Ligar à mãe',
  dueAt: '2099-01-03T17:00:00.000Z',
  nextAt: '2099-01-03T17:00:00.000Z',
  recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
})
const AUTOMATION: Automation = {
  id: '5f0c2a1e-7b3d-4c8e-9a6f-1d2e3f4a5b6c',
  prompt: 'Resume a minha semana',
  schedule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0',
  scheduleText: 'every Friday at 17:00',
  timezone: 'UTC',
  channels: ['app', 'email'],
  paused: true,
  nextRunAt: null,
  lastRunAt: null,
  conversationId: null,
  createdAt: '2098-12-01T10:00:00.000Z',
}

function serve(reminders: Reminder[]) {
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    http.get('/api/automations', () => HttpResponse.json({ automations: [AUTOMATION] })),
    http.get('/api/reminders', ({ request }) =>
      HttpResponse.json({
        reminders: new URL(request.url).searchParams.get('status') === 'scheduled' ? reminders : [],
      }),
    ),
  )
}

inLanguage('pt-PT')
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the reminders screens in Portuguese (issue 51)', () => {
  it('says the page, its rows, their times and repeats, and the automations in Portuguese', async () => {
    serve([TOMORROW])
    const { user } = renderWithProviders(<RemindersPage />, { route: '/reminders' })
    expect(screen.getByRole('heading', { name: 'Lembretes', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Adicionar lembrete' })).toBeInTheDocument()
    const tabs = screen.getByRole('navigation', { name: 'Lembretes por estado' })
    expect(within(tabs).getByRole('link', { name: 'Próximos' })).toHaveAttribute('aria-current', 'page')
    const list = await screen.findByRole('list', { name: 'Próximos lembretes' })
    const row = within(list).getByRole('listitem')
    // Tomorrow, as Intl says it in Portuguese, the time 24-hour; the repeat with its plural.
    expect(row).toHaveTextContent('Amanhã às 17:00 · A cada 2 semanas: terça-feira')
    expect(within(row).getByRole('button', { name: 'Concluído: Ligar à mãe' })).toHaveTextContent('Concluído')
    expect(within(row).getByRole('button', { name: 'Editar: Ligar à mãe' })).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Adiar: Ligar à mãe' }))
    expect(screen.getByRole('button', { name: '10 minutos' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '1 hora' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '1 dia' })).toBeInTheDocument()

    const automations = await screen.findByRole('list', { name: 'Automatizações' })
    expect(within(automations).getByRole('listitem')).toHaveTextContent(
      'Every Friday at 17:00 · Em pausa · Na aplicação, E-mail',
    )
    expect(
      within(automations).getByRole('button', { name: 'Retomar: Resume a minha semana' }),
    ).toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: 'Cancelar: Ligar à mãe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar lembrete' })
    expect(dialog).toHaveTextContent('Cancelar “Ligar à mãe”? Não voltará a ser enviado.')
    // The shared modal's own buttons (common namespace).
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument()
    expect(screen.queryByText(/Upcoming|Add Reminder|Tomorrow|Every 2 weeks/)).not.toBeInTheDocument()
  })

  it('opens the form in Portuguese, with the repeats offered and the zone said', async () => {
    serve([])
    const { user } = renderWithProviders(<RemindersPage />, { route: '/reminders' })
    expect(await screen.findByRole('heading', { name: 'Nenhum lembrete próximo.' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Adicionar lembrete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Criar lembrete' })
    expect(within(dialog).getByLabelText(/Lembrar-me de/)).toBeInTheDocument()
    const repeats = within(dialog).getByLabelText('Repetição')
    expect(
      within(repeats)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Não se repete', 'Todos os dias', 'Todas as semanas', 'Todos os meses', 'Todos os anos'])
    expect(within(dialog).getByText('As horas estão no fuso UTC')).toBeInTheDocument()
  })

  it("says the dashboard card's words in Portuguese", async () => {
    serve([])
    renderWithProviders(<UpcomingRemindersCard />)
    expect(screen.getByRole('heading', { name: 'Próximos lembretes' })).toBeInTheDocument()
    expect(screen.getByText('Próximos 7 dias')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Todos os lembretes' })).toBeInTheDocument()
    expect(await screen.findByText(/^Nenhum lembrete nos próximos 7 dias\./)).toBeInTheDocument()
  })

  it('says when a repeating reminder is next, and repeats, in each language', async () => {
    const answer = reminder({
      text: 'Regar as plantas',
      recurrence: 'FREQ=DAILY',
      nextAt: '2099-01-05T08:00:00.000Z',
    })
    expect(doneMessage(answer, 'UTC', NOW)).toBe(
      'Concluído: Regar as plantas. Próximo: segunda-feira, 5 de janeiro às 08:00',
    )
    expect(describeRecurrence('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Todos os meses, no dia 1')
    expect(describeRecurrence('FREQ=DAILY;INTERVAL=1')).toBe('Todos os dias')
    await i18n.changeLanguage('de')
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=MO,WE,FR')).toBe('Jeden Montag, Mittwoch und Freitag')
    expect(describeRecurrence('FREQ=MONTHLY;BYMONTHDAY=22')).toBe('Jeden Monat am 22.')
    expect(doneMessage(answer, 'UTC', NOW)).toBe(
      'Erledigt: Regar as plantas. Nächste: Montag, 5. Januar um 08:00',
    )
    await i18n.changeLanguage('fr')
    expect(describeRecurrence('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Tous les mois, le 1er')
    expect(describeRecurrence('FREQ=DAILY;INTERVAL=3')).toBe('Tous les 3 jours')
    await i18n.changeLanguage('es')
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=SA,SU')).toBe('Cada sábado y domingo')
    const atOne = reminder({ recurrence: 'FREQ=DAILY', nextAt: '2099-01-03T01:00:00.000Z' })
    expect(doneMessage(atOne, 'UTC', NOW)).toBe('Hecho: Call mum. Siguiente: mañana a la 01:00')
  })

  it('keeps English words in English whatever the browser speaks', async () => {
    await i18n.changeLanguage('en')
    Object.defineProperty(window.navigator, 'languages', { value: ['de-DE'], configurable: true })
    try {
      expect(describeRecurrence('FREQ=WEEKLY;BYDAY=MO,TU')).toBe('Every Monday and Tuesday')
      expect(formatDuration(60)).toBe('1 hour')
    } finally {
      Object.defineProperty(window.navigator, 'languages', { value: ['en-GB'], configurable: true })
    }
  })
})
