import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chatMessage, CONVERSATION_ID, fakeChatApi, uuid } from '../../../test/chat-fakes'
import { testUser } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { chatHistoryQueryOptions } from '../api/get-chat-history'
import type * as historyModule from '../lib/history'
import { buildTimeline } from '../lib/history'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'

vi.mock('../lib/history', async (importOriginal) => {
  const actual = await importOriginal<typeof historyModule>()
  return { ...actual, buildTimeline: vi.fn(actual.buildTimeline) }
})

const conversation = () => screen.getByRole('log', { name: 'Conversation' })
const input = () => screen.getByRole('textbox', { name: 'Message' })
const bubbles = () =>
  within(conversation())
    .getAllByRole('article')
    .map((a) => a.textContent)

function renderChat() {
  return renderWithProviders(<ChatPage />, { route: '/chat' })
}

beforeEach(() => useChatStore.getState().reset())
afterEach(() => vi.restoreAllMocks())

describe('chat page: history states and texts', () => {
  it("shows 'Loading chat history...', then the title, the messages and the assistant badge", async () => {
    fakeChatApi({
      messages: [
        chatMessage({ content: 'Hi there', minutesAgo: 6 }),
        chatMessage({ content: 'Hello! I am **Remi**.', isUserMessage: false, minutesAgo: 5 }),
      ],
    })
    renderChat()
    expect(screen.getByRole('heading', { level: 1, name: 'Chat with Remi' })).toBeInTheDocument()
    expect(screen.getByText('Loading chat history...')).toBeInTheDocument()
    await screen.findByText('Hi there')
    expect(screen.queryByText('Loading chat history...')).not.toBeInTheDocument()
    expect(screen.getByText('Offline assistant')).toBeInTheDocument()

    const [user, assistant] = within(conversation()).getAllByRole('article')
    // User on the right, the assistant on the left with the sender label 'Remi' and markdown.
    expect(user!.parentElement).toHaveClass('chat-row-user')
    expect(assistant!.parentElement).toHaveClass('chat-row-assistant')
    expect(within(assistant!).getByText('Remi', { selector: '.chat-sender' })).toBeInTheDocument()
    expect(within(user!).queryByText('Remi', { selector: '.chat-sender' })).not.toBeInTheDocument()
    expect(within(assistant!).getByText('Remi', { selector: 'strong' })).toBeInTheDocument()
    // English relative time.
    expect(within(user!).getByText('6 minutes ago')).toBeInTheDocument()
    expect(within(assistant!).getByText('5 minutes ago')).toBeInTheDocument()
  })

  it('names the model when one answers', async () => {
    fakeChatApi({ assistant: { name: 'Remi', model: 'gpt-4o-mini' } })
    renderChat()
    expect(await screen.findByText('gpt-4o-mini')).toBeInTheDocument()
    expect(screen.queryByText('Offline assistant')).not.toBeInTheDocument()
  })

  it('orders messages by creation time whatever order they arrive in', async () => {
    const api = fakeChatApi()
    api.messages = [
      chatMessage({ content: 'third', minutesAgo: 1 }),
      chatMessage({ content: 'first', minutesAgo: 30 }),
      chatMessage({ content: 'second', isUserMessage: false, minutesAgo: 10 }),
    ]
    renderChat()
    await screen.findByText('first')
    expect(bubbles().map((t) => t?.match(/first|second|third/)?.[0])).toEqual(['first', 'second', 'third'])
  })

  it("shows the empty state, with 'Clear History' disabled", async () => {
    fakeChatApi()
    renderChat()
    expect(await screen.findByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeInTheDocument()
    expect(screen.getByText('Start a conversation with your AI assistant.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear History' })).toBeDisabled()
  })

  it("shows 'Failed to load chat history' with 'Retry', which loads it again", async () => {
    const api = fakeChatApi({ messages: [chatMessage({ content: 'Back again' })] })
    api.historyFails = true
    const { user } = renderChat()
    expect(await screen.findByText('Failed to load chat history')).toBeInTheDocument()
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument()
    expect(screen.queryByText('Welcome to Remi Chat!')).not.toBeInTheDocument()
    api.historyFails = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Back again')).toBeInTheDocument()
    expect(screen.queryByText('Failed to load chat history')).not.toBeInTheDocument()
  })

  it('asks for page 1 of the current conversation, and caches it 2 minutes without refetching on focus', async () => {
    const api = fakeChatApi({ messages: [chatMessage()] })
    const { queryClient } = renderChat()
    await screen.findByText('Hello')
    expect(Object.fromEntries(api.historyQueries[0]!)).toEqual({ page: '1', pageSize: '30' })
    expect(chatHistoryQueryOptions()).toMatchObject({ staleTime: 2 * 60_000, refetchOnWindowFocus: false })
    act(() => {
      window.dispatchEvent(new Event('focus'))
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(queryClient.getQueryState(chatHistoryQueryOptions().queryKey)?.isInvalidated).toBe(false)
    expect(api.historyQueries).toHaveLength(1)
  })

  it("shows 'Error displaying message' for one broken message and keeps the others", async () => {
    const api = fakeChatApi()
    api.messages = [
      chatMessage({ content: 'Fine before', minutesAgo: 3 }),
      {
        ...chatMessage({ isUserMessage: false, minutesAgo: 2 }),
        content: { not: 'text' } as unknown as string,
      },
      chatMessage({ content: 'Fine after', minutesAgo: 1 }),
    ]
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderChat()
    expect(await screen.findByText('Error displaying message')).toBeInTheDocument()
    expect(screen.getByText('Fine before')).toBeInTheDocument()
    expect(screen.getByText('Fine after')).toBeInTheDocument()
  })

  it("shows 'Unable to load chat messages' when the list itself cannot be drawn, and the composer stays", async () => {
    fakeChatApi({ messages: [chatMessage({ content: 'ok' })] })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const actual = vi.mocked(buildTimeline).getMockImplementation()!
    vi.mocked(buildTimeline).mockImplementation(() => {
      throw new Error('cannot draw the list')
    })
    try {
      renderChat()
      expect(await screen.findByText('Unable to load chat messages')).toBeInTheDocument()
      expect(input()).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Chat with Remi' })).toBeInTheDocument()
    } finally {
      vi.mocked(buildTimeline).mockImplementation(actual)
    }
  })

  it('skips entries of the history that are not messages at all', async () => {
    const api = fakeChatApi()
    api.messages = [chatMessage({ content: 'still here' }), null as never, 'junk' as never]
    renderChat()
    expect(await screen.findByText('still here')).toBeInTheDocument()
    expect(bubbles()).toHaveLength(1)
  })

  it('locks body scrolling while the page is open and restores it after', async () => {
    fakeChatApi()
    document.body.style.overflow = 'auto'
    const { unmount } = renderChat()
    expect(document.body.style.overflow).toBe('hidden')
    await screen.findByText('Welcome to Remi Chat!')
    unmount()
    expect(document.body.style.overflow).toBe('auto')
    document.body.style.overflow = ''
  })

  it('renders raw HTML and javascript: links inert, from the person and from the assistant', async () => {
    const api = fakeChatApi()
    api.messages = [
      chatMessage({ content: '<img src=x onerror=alert(1)>', minutesAgo: 4 }),
      chatMessage({ content: '[x](javascript:alert(1))', minutesAgo: 3 }),
      chatMessage({
        content: 'Echo: <img src=x onerror=alert(1)> and [click](javascript:alert(1))',
        isUserMessage: false,
        minutesAgo: 2,
      }),
    ]
    renderChat()
    // The person's text is shown exactly as typed.
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument()
    expect(screen.getByText('[x](javascript:alert(1))')).toBeInTheDocument()
    const log = conversation()
    expect(log.querySelector('img')).toBeNull()
    expect(log.querySelector('[onerror]')).toBeNull()
    expect(
      [...log.querySelectorAll('a')].filter((a) => /javascript:/i.test(a.getAttribute('href') ?? '')),
    ).toEqual([])
    expect(within(log).getByText('click').tagName).toBe('SPAN')
  })
})

describe('chat page: older messages and scrolling', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => chatMessage({ content: `Message ${i + 1}.`, minutesAgo: n - i + 10 }))

  it('loads the older page above, keeping creation order, until everything is there', async () => {
    const api = fakeChatApi({ messages: many(35) })
    const { user } = renderChat()
    await screen.findByText('Message 35.')
    expect(screen.queryByText('Message 5.')).not.toBeInTheDocument()
    expect(screen.getByText('Message 6.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Load older messages' }))
    await screen.findByText('Message 1.')
    expect(Object.fromEntries(api.historyQueries.at(-1)!)).toEqual({
      page: '2',
      pageSize: '30',
      conversationId: CONVERSATION_ID,
    })
    const order = bubbles().map((t) => Number(t?.match(/Message (\d+)\./)?.[1]))
    expect(order).toEqual(Array.from({ length: 35 }, (_, i) => i + 1))
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument()
  })

  it("scrolling near the top loads older messages; scrolled up shows 'Jump to latest', which goes back down", async () => {
    const api = fakeChatApi({ messages: many(35) })
    const { user } = renderChat()
    await screen.findByText('Message 35.')
    const region = screen.getByRole('region', { name: 'Messages' })
    let top = 0
    Object.defineProperties(region, {
      scrollHeight: { configurable: true, get: () => 3000 },
      clientHeight: { configurable: true, get: () => 400 },
      scrollTop: { configurable: true, get: () => top, set: (v: number) => (top = v) },
    })
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()

    top = 1500
    fireEvent.scroll(region)
    const jump = await screen.findByRole('button', { name: 'Jump to latest' })
    expect(api.historyQueries).toHaveLength(1)

    top = 20
    fireEvent.scroll(region)
    await screen.findByText('Message 1.')
    expect(api.historyQueries.at(-1)?.get('page')).toBe('2')

    await user.click(jump)
    expect(top).toBe(3000)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
  })
})

describe('chat page: clear history', () => {
  it("asks in 'Clear Chat History', deletes, shows the empty state and drops temporary messages", async () => {
    const api = fakeChatApi({ messages: [chatMessage({ content: 'Old stuff' })] })
    server.use(
      http.post('/api/chat/stream', () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
          { status: 429 },
        ),
      ),
    )
    const { user } = renderChat()
    await screen.findByText('Old stuff')
    await user.type(input(), 'Will fail{Enter}')
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear History' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Clear Chat History' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }))

    expect(await screen.findByText('Welcome to Remi Chat!')).toBeInTheDocument()
    expect(api.clears).toBe(1)
    expect(screen.queryByText('Old stuff')).not.toBeInTheDocument()
    expect(screen.queryByText('Will fail')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Clear History' })).toBeDisabled()
    // The open conversation was cleared, not left (issue 33): the next message goes on in it.
    expect(useChatStore.getState().conversationId).toBe(CONVERSATION_ID)
  })

  it('Cancel keeps everything; a failed clear says why and keeps the messages', async () => {
    const api = fakeChatApi({ messages: [chatMessage({ content: 'Keep me' })] })
    const { user } = renderChat()
    await screen.findByText('Keep me')
    await user.click(screen.getByRole('button', { name: 'Clear History' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.clears).toBe(0)

    api.clearFails = true
    await user.click(screen.getByRole('button', { name: 'Clear History' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }))
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument()
    expect(screen.getByText('Keep me')).toBeInTheDocument()
  })
})

describe('chat page: another user', () => {
  it("starts from scratch when a different user opens the chat (nothing of the last one's stays)", async () => {
    useChatStore.setState({
      ownerId: 'someone-else',
      conversationId: uuid(),
      messageInput: 'their draft',
      temporaryMessages: [
        {
          id: 't1',
          content: 'their secret',
          timestamp: new Date().toISOString(),
          isPending: false,
          error: 'x',
        },
      ],
    })
    fakeChatApi()
    renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    expect(screen.queryByText('their secret')).not.toBeInTheDocument()
    expect(input()).toHaveValue('')
    expect(useChatStore.getState()).toMatchObject({ ownerId: testUser.id, conversationId: null })
  })
})
