import { CHAT_LIMITS, type ConnectedToolCall, type ConversationSummary } from '@remi/shared'
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { chatMessage, fakeChatApi } from '../../../test/chat-fakes'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'
import { ConversationRow } from './conversation-row'
import { formatRelative } from './relative-time'
import { ToolCallCards } from './tool-call-cards'
import { inLanguage } from '../../../test/language'

const CONVERSATION_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b'
const ANSWER_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d'

inLanguage('pt-PT')
beforeEach(() => {
  useChatStore.getState().reset()
})

describe('the chat in Portuguese (issue 51)', () => {
  it('says its words in Portuguese, with relative times as Portugal writes them', async () => {
    fakeChatApi({
      messages: [
        chatMessage({ content: 'Olá', minutesAgo: 6 }),
        chatMessage({ content: 'Olá! Sou o **Remi**.', isUserMessage: false, minutesAgo: 5 }),
      ],
    })
    renderWithProviders(<ChatPage />, { route: '/chat' })
    expect(screen.getByRole('heading', { level: 1, name: 'Conversa com Remi' })).toBeInTheDocument()
    expect(screen.getByText('A carregar o histórico da conversa...')).toBeInTheDocument()
    await screen.findByText('Olá')
    expect(screen.getByText('Assistente offline')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Limpar histórico' })).toBeEnabled()
    const log = screen.getByRole('log', { name: 'Conversa' })
    const [user, answer] = within(log).getAllByRole('article')
    expect(within(user!).getByText('há 6 minutos')).toBeInTheDocument()
    expect(within(answer!).getByText('há 5 minutos')).toBeInTheDocument()
    expect(within(answer!).getByRole('button', { name: 'Copiar' })).toBeInTheDocument()
    expect(within(answer!).getByRole('button', { name: 'Gerar de novo' })).toBeInTheDocument()
    const input = screen.getByRole('textbox', { name: 'Mensagem' })
    expect(input).toHaveAttribute('placeholder', 'Mensagem para Remi...')
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled()
    expect(screen.getByLabelText('Anexar ficheiros', { selector: 'input' })).toBeInTheDocument()
    expect(
      screen.queryByText(/Chat with|Clear History|Offline assistant|minutes ago|Regenerate/),
    ).not.toBeInTheDocument()
  })

  it('asks the starting questions in Portuguese, offline those its Portuguese reads', async () => {
    fakeChatApi({ assistant: { name: 'Remi', model: 'gpt-4o-mini' } })
    const { unmount } = renderWithProviders(<ChatPage />, { route: '/chat' })
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Conversa do Remi!' })).toBeInTheDocument()
    const starters = screen.getByRole('list', { name: 'Perguntas para começar' })
    expect(within(starters).getByRole('button', { name: 'De que te lembras sobre mim?' })).toBeInTheDocument()
    unmount()

    useChatStore.getState().reset()
    fakeChatApi()
    renderWithProviders(<ChatPage />, { route: '/chat' })
    const offline = await screen.findByRole('list', { name: 'Perguntas para começar' })
    // The offline assistant reads reminders, remembering, the weather and the days in Portuguese.
    expect(
      within(offline)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Lembra-me de ligar à mãe amanhã às 18h',
      'Lembra-te de que o meu passaporte expira em março de 2027',
      'Como está o tempo amanhã?',
      'Quantos dias faltam para o Natal?',
    ])
  })

  it('counts the title limit with the plural forms, and names an untitled conversation', async () => {
    const conversation: ConversationSummary = {
      id: CONVERSATION_ID,
      title: null,
      createdAt: new Date(Date.now() - 90 * 60_000).toISOString(),
      lastMessageAt: null,
      messageCount: 0,
    }
    const { user } = renderWithProviders(
      <ul>
        <ConversationRow conversation={conversation} active={false} now={Date.now()} onDelete={() => {}} />
      </ul>,
    )
    expect(screen.getByText('Nova conversa')).toBeInTheDocument()
    expect(screen.getByText('há 2 horas')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Mudar o nome de Nova conversa' }))
    const field = screen.getByRole('textbox', { name: 'Título da conversa' })
    fireEvent.change(field, { target: { value: 'x'.repeat(CHAT_LIMITS.titleMax + 1) } })
    expect(
      screen.getByText(`Um título tem no máximo ${CHAT_LIMITS.titleMax} caracteres.`),
    ).toBeInTheDocument()
    fireEvent.change(field, { target: { value: ' ' } })
    expect(screen.getByText('Um título precisa de pelo menos um carácter.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
  })

  it('asks before a tool runs, the tool named in bold', async () => {
    const call: ConnectedToolCall = {
      id: '0e1d2c3b-4a59-4687-9a5b-4c3d2e1f0a9b',
      conversationId: CONVERSATION_ID,
      serverName: 'Notas',
      tool: 'add_note',
      arguments: { text: 'Comprar leite' },
      status: 'pending',
      result: null,
      createdAt: '2026-11-26T10:00:00.000Z',
    }
    let current = call
    server.use(
      http.get('/api/mcp-servers/calls', () => HttpResponse.json([current])),
      http.post('/api/mcp-servers/calls/:id/run', () => {
        current = { ...call, status: 'ran', result: 'Nota 3 adicionada' }
        return HttpResponse.json(current)
      }),
    )
    useChatStore.getState().setConversationId(CONVERSATION_ID)
    const { user } = renderWithProviders(
      <ToolCallCards
        answerId={ANSWER_ID}
        activity={[{ tool: 'connected_tool', summary: 'Notas › add_note' }]}
      />,
    )
    const card = await screen.findByTestId('tool-call')
    expect(card).toHaveTextContent('Executar add_note em Notas? {"text":"Comprar leite"}')
    expect(within(card).getByText('add_note', { selector: 'strong' })).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Executar' }))
    expect(await screen.findByText('Executado: Nota 3 adicionada')).toBeInTheDocument()
  })
})

describe('relative times in each language', () => {
  const now = Date.UTC(2026, 10, 30, 12, 0)
  it.each([
    ['en-GB', 'now', '6 minutes ago', '2 hours ago', '3 days ago'],
    ['pt-PT', 'agora', 'há 6 minutos', 'há 2 horas', 'há 3 dias'],
    ['es', 'ahora', 'hace 6 minutos', 'hace 2 horas', 'hace 3 días'],
    ['fr', 'maintenant', 'il y a 6 minutes', 'il y a 2 heures', 'il y a 3 jours'],
    ['de', 'jetzt', 'vor 6 Minuten', 'vor 2 Stunden', 'vor 3 Tagen'],
  ])('%s', (locale, seconds, minutes, hours, days) => {
    const ago = (ms: number) => formatRelative(now - ms, now, locale)
    expect(ago(10_000)).toBe(seconds)
    expect(ago(6 * 60_000)).toBe(minutes)
    expect(ago(90 * 60_000)).toBe(hours)
    expect(ago(3 * 24 * 3600_000)).toBe(days)
  })
})
