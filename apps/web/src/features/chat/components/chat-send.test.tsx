import type { ChatMessage } from '@remi/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorMessages } from '../../../lib/api-client'
import {
  chatMessage,
  CONVERSATION_ID,
  fakeChatApi,
  gate,
  streamAnswer,
  uuid,
  type SendEvent,
} from '../../../test/chat-fakes'
import { LocationDisplay } from '../../../test/location-display'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'

const conversation = () => screen.getByRole('log', { name: 'Conversation' })
const input = () => screen.getByRole('textbox', { name: 'Message' })
const typing = () => screen.queryByText('Remi is typing...')

function renderChat() {
  return renderWithProviders(
    <>
      <ChatPage />
      <LocationDisplay />
    </>,
    { route: '/chat' },
  )
}

const MEMORY_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
const SAVED_ID = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9'

/** A stored exchange the fake server keeps, as the real one would. */
function stored(api: ReturnType<typeof fakeChatApi>, content: string, answer: Partial<ChatMessage>) {
  const userMessage = chatMessage({ content, minutesAgo: 0 })
  const assistantMessage = chatMessage({ isUserMessage: false, minutesAgo: 0, ...answer })
  return {
    userMessage,
    assistantMessage,
    keepUser: () => api.messages.push(userMessage),
    keepAnswer: () => api.messages.push(assistantMessage),
  }
}

/** Sends `user`, the answer in a few deltas and `done`, storing both like the server. */
function streamWhole(
  api: ReturnType<typeof fakeChatApi>,
  answer: Partial<ChatMessage> & { content: string },
) {
  return streamAnswer('/api/chat/stream', async (send, body) => {
    const exchange = stored(api, String(body.content), answer)
    exchange.keepUser()
    send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
    for (const piece of answer.content.match(/.{1,6}/gs) ?? []) send('delta', { text: piece })
    exchange.keepAnswer()
    send('done', { conversationId: CONVERSATION_ID, message: exchange.assistantMessage })
  })
}

beforeEach(() => useChatStore.getState().reset())
afterEach(() => vi.restoreAllMocks())

describe('chat send: the input', () => {
  it('Enter sends the trimmed text with the CSRF token and clears the input; Shift+Enter adds a line', async () => {
    const api = fakeChatApi()
    const calls = streamWhole(api, { content: 'Noted.' })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')

    await user.click(input())
    await user.paste('  first line')
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    await user.paste('second line  ')
    expect(input()).toHaveValue('  first line\nsecond line  ')
    expect(calls.bodies).toHaveLength(0)

    await user.keyboard('{Enter}')
    expect(input()).toHaveValue('')
    expect(await within(conversation()).findByText('Noted.')).toBeInTheDocument()
    expect(calls.bodies).toEqual([{ content: 'first line\nsecond line' }])
    expect(calls.csrf).toEqual(['test-csrf'])
    expect(screen.getByText(/first line\s+second line/)).toHaveClass('chat-user-text')
  })

  it('an empty chat offers starting questions; choosing one sends it', async () => {
    const api = fakeChatApi()
    const calls = streamWhole(api, { content: 'Noted.' })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    const starters = screen.getByRole('list', { name: 'Starting questions' })
    const buttons = within(starters).getAllByRole('button')
    expect(buttons.length).toBeGreaterThanOrEqual(3)
    await user.click(within(starters).getByRole('button', { name: 'What is coming up this week?' }))
    expect(await within(conversation()).findByText('Noted.')).toBeInTheDocument()
    expect(calls.bodies).toEqual([{ content: 'What is coming up this week?' }])
    expect(screen.queryByRole('list', { name: 'Starting questions' })).not.toBeInTheDocument()
  })

  it('ignores an empty or blank message, and a second one while the first is on its way', async () => {
    const api = fakeChatApi()
    const hold = gate()
    const calls = streamAnswer('/api/chat/stream', async (send, body) => {
      const exchange = stored(api, String(body.content), { content: 'Done.' })
      exchange.keepUser()
      send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
      await hold.promise
      exchange.keepAnswer()
      send('done', { conversationId: CONVERSATION_ID, message: exchange.assistantMessage })
    })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')

    await user.type(input(), '   {Enter}')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
    await user.click(input())
    await user.keyboard('{Enter}')
    expect(calls.bodies).toHaveLength(0)

    await user.clear(input())
    await user.type(input(), 'One{Enter}')
    await waitFor(() => expect(calls.bodies).toHaveLength(1))
    await user.type(input(), 'Two{Enter}')
    expect(input()).toHaveValue('Two')
    hold.open()
    expect(await screen.findByText('Done.')).toBeInTheDocument()
    expect(calls.bodies).toEqual([{ content: 'One' }])
    // Sent with the conversation the first answer named.
    await user.keyboard('{Enter}')
    await waitFor(() => expect(calls.bodies).toHaveLength(2))
    expect(calls.bodies[1]).toEqual({ content: 'Two', conversationId: CONVERSATION_ID })
  })
})

describe('chat send: streaming', () => {
  it("shows 'Sending...', the typing indicator until the first token, then the answer token by token", async () => {
    const api = fakeChatApi()
    const received = gate()
    const firstToken = gate()
    const rest = gate()
    streamAnswer('/api/chat/stream', async (send, body) => {
      const exchange = stored(api, String(body.content), { content: 'Ana was born on **12 May**.' })
      await received.promise
      exchange.keepUser()
      send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
      await firstToken.promise
      send('delta', { text: 'Ana was born ' })
      await rest.promise
      send('delta', { text: 'on **12 May**.' })
      exchange.keepAnswer()
      send('done', { conversationId: CONVERSATION_ID, message: exchange.assistantMessage })
    })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), "When is Ana's birthday?{Enter}")

    // Optimistic message, typing indicator, no empty state.
    expect(await screen.findByText('Sending...')).toBeInTheDocument()
    expect(screen.getByText("When is Ana's birthday?")).toBeInTheDocument()
    expect(typing()).toBeInTheDocument()
    expect(screen.queryByText('Welcome to Remi Chat!')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear History' })).toBeDisabled()

    received.open()
    // Stored: no longer 'Sending...', still typing.
    await waitFor(() => expect(screen.queryByText('Sending...')).not.toBeInTheDocument())
    expect(screen.getAllByText("When is Ana's birthday?")).toHaveLength(1)
    expect(typing()).toBeInTheDocument()

    firstToken.open()
    const streaming = await screen.findByTestId('streaming-answer')
    await waitFor(() => expect(streaming).toHaveTextContent('Ana was born'))
    expect(typing()).not.toBeInTheDocument()
    // The answer being written is busy (not read out token by token); the log announces the stored one.
    expect(streaming.closest('article')).toHaveAttribute('aria-busy', 'true')
    expect(conversation()).toHaveAttribute('aria-live', 'polite')

    rest.open()
    const bold = await within(conversation()).findByText('12 May', { selector: 'strong' })
    expect(bold).toBeInTheDocument()
    expect(screen.queryByTestId('streaming-answer')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear History' })).toBeEnabled()
    expect(within(conversation()).getAllByRole('article')).toHaveLength(2)
  })

  it('says what the assistant is doing while it uses a tool, then shows the activity note and the memories used', async () => {
    const api = fakeChatApi()
    const searched = gate()
    const answer = {
      content: "Ana's birthday is on 12 May.",
      mode: 'tools' as const,
      model: 'gpt-test',
      citations: [
        { id: MEMORY_ID, excerpt: "Ana's birthday is on 12 May #family", date: '2026-05-12' },
        { id: uuid(), excerpt: 'Buy a present for Ana…', date: null },
      ],
      activity: [
        { tool: 'search_memories' as const, summary: "Searched memories for 'Ana'" },
        { tool: 'create_memory' as const, summary: 'Saved a memory', memoryId: SAVED_ID },
      ],
    }
    streamAnswer('/api/chat/stream', async (send, body) => {
      const exchange = stored(api, String(body.content), answer)
      exchange.keepUser()
      send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
      send('activity', {
        status: 'started',
        activity: { tool: 'search_memories', summary: "Searched memories for 'Ana'" },
      })
      await searched.promise
      send('activity', { status: 'finished', activity: answer.activity[0] })
      send('delta', { text: answer.content })
      exchange.keepAnswer()
      send('done', { conversationId: CONVERSATION_ID, message: exchange.assistantMessage })
    })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Ana?{Enter}')

    expect(await screen.findByRole('status')).toHaveTextContent("Searched memories for 'Ana'")
    expect(typing()).not.toBeInTheDocument()
    searched.open()

    const used = await screen.findByRole('list', { name: 'Memories used' })
    const answerBubble = used.closest('article')!
    expect(answerBubble.querySelector('.chat-activity')).toHaveTextContent(
      "Searched memories for 'Ana' · Saved a memory",
    )
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Saved a memory' })).toHaveAttribute(
      'href',
      `/memories?memory=${SAVED_ID}`,
    )
    const chips = within(used).getAllByRole('link')
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      "Open memory: Ana's birthday is on 12 May #family",
      'Open memory: Buy a present for Ana…',
    ])
    // The memory's day as the screen's locale writes it (English keeps the browser's en-GB).
    expect(chips[0]).toHaveTextContent('12 May 2026')
    // The memories page opens '?memory=<id>' for editing.
    expect(chips.map((c) => c.getAttribute('href'))).toEqual([
      `/memories?memory=${MEMORY_ID}`,
      `/memories?memory=${answer.citations[1]!.id}`,
    ])

    await user.click(chips[0]!)
    expect(screen.getByTestId('location')).toHaveTextContent(`/memories?memory=${MEMORY_ID}`)
  })

  it('a server error event shows its text under the stored message; the message stays', async () => {
    const api = fakeChatApi()
    streamAnswer('/api/chat/stream', (send, body) => {
      const exchange = stored(api, String(body.content), { content: '' })
      exchange.keepUser()
      send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
      send('delta', { text: 'Half an ans' })
      send('error', { message: 'The assistant could not answer. Please try again.' })
    })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Tell me{Enter}')
    expect(await screen.findByText('The assistant could not answer. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Half an ans')).toBeInTheDocument()
    expect(screen.getByText('Tell me')).toBeInTheDocument()
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument()
    // There is no answer to regenerate: the server only replaces an answer.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument()
  })

  it('a connection cut before the answer ends is a network error, and the lost connection is shown', async () => {
    fakeChatApi()
    server.use(http.post('/api/chat/stream', () => HttpResponse.error()))
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Anyone there?{Enter}')
    expect(await screen.findByText(errorMessages.network)).toBeInTheDocument()
    expect(screen.getByText('Anyone there?')).toBeInTheDocument()
    expect(screen.getByText(/connection to the server was lost/)).toBeInTheDocument()
  })
})

describe('chat send: failures and the fallback', () => {
  it("a refused message shows its error text; 'Try again' sends it again and 'Edit' gives it back", async () => {
    const api = fakeChatApi()
    let refuse = true
    const calls = streamAnswer('/api/chat/stream', async (send: SendEvent, body) => {
      const exchange = stored(api, String(body.content), { content: 'Got it.' })
      exchange.keepUser()
      send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
      exchange.keepAnswer()
      send('done', { conversationId: CONVERSATION_ID, message: exchange.assistantMessage })
    })
    server.use(
      http.post('/api/chat/stream', () =>
        refuse
          ? HttpResponse.json({ statusCode: 429, error: 'Too Many Requests', message: 'x' }, { status: 429 })
          : undefined,
      ),
    )
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Remember the milk{Enter}')
    expect(await screen.findByText(errorMessages[429])).toBeInTheDocument()
    expect(screen.getByText('Remember the milk')).toBeInTheDocument()
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(input()).toHaveValue('Remember the milk')
    expect(input()).toHaveFocus()
    expect(screen.queryByText(errorMessages[429])).not.toBeInTheDocument()

    await user.keyboard('{Enter}')
    expect(await screen.findByText(errorMessages[429])).toBeInTheDocument()
    refuse = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Got it.')).toBeInTheDocument()
    expect(screen.queryByText(errorMessages[429])).not.toBeInTheDocument()
    expect(screen.getAllByText('Remember the milk')).toHaveLength(1)
    expect(calls.bodies).toEqual([{ content: 'Remember the milk' }])
  })

  it.each([
    ['the stream answers 404', () => HttpResponse.json({ message: 'Route not found' }, { status: 404 })],
    ['the stream is not an event stream', () => HttpResponse.json({ hello: 'proxy' })],
  ])('falls back to chat/send when %s', async (_, streamReply) => {
    const api = fakeChatApi()
    const sends: unknown[] = []
    const hold = gate()
    server.use(
      http.post('/api/chat/stream', streamReply),
      http.post('/api/chat/send', async ({ request }) => {
        const body = (await request.json()) as { content: string }
        sends.push(body)
        await hold.promise
        const exchange = stored(api, body.content, { content: 'Plain **answer**.' })
        exchange.keepUser()
        exchange.keepAnswer()
        return HttpResponse.json({
          conversationId: CONVERSATION_ID,
          userMessage: exchange.userMessage,
          assistantMessage: exchange.assistantMessage,
        })
      }),
    )
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Hi{Enter}')
    await waitFor(() => expect(sends).toEqual([{ content: 'Hi' }]))
    expect(screen.getByText('Sending...')).toBeInTheDocument()
    expect(typing()).toBeInTheDocument()
    // The plain call cannot be stopped.
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
    hold.open()
    expect(await screen.findByText('answer', { selector: 'strong' })).toBeInTheDocument()
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument()
    expect(typing()).not.toBeInTheDocument()
    expect(useChatStore.getState().conversationId).toBe(CONVERSATION_ID)
  })

  it('a failed fallback shows its error on the message', async () => {
    fakeChatApi()
    server.use(
      http.post('/api/chat/stream', () => new HttpResponse(null, { status: 502 })),
      http.post('/api/chat/send', () =>
        HttpResponse.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'Down for maintenance' },
          { status: 503 },
        ),
      ),
    )
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Hi{Enter}')
    expect(await screen.findByText('Down for maintenance')).toBeInTheDocument()
  })
})

describe('chat send: Stop', () => {
  it('Stop closes the stream; the partial answer stays, marked stopped, then its stored copy replaces it', async () => {
    const api = fakeChatApi()
    const never = gate()
    let partial: ChatMessage | null = null
    const calls = streamAnswer('/api/chat/stream', async (send, body, request) => {
      const exchange = stored(api, String(body.content), { content: 'The first part', stopped: true })
      partial = exchange.assistantMessage
      exchange.keepUser()
      send('user', { conversationId: CONVERSATION_ID, message: exchange.userMessage })
      send('delta', { text: 'The first part' })
      // Like the server: a closed request stores what was written so far.
      request.signal.addEventListener('abort', exchange.keepAnswer)
      await never.promise
    })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Write a long story{Enter}')
    await waitFor(() => expect(screen.getByTestId('streaming-answer')).toHaveTextContent('The first part'))

    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(calls.aborted).toBeGreaterThan(0))
    expect(input()).toHaveFocus()
    expect(await screen.findByText('Stopped')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
    // The stored copy (its id) replaces the local one: one answer on screen.
    await waitFor(() => expect(within(conversation()).getByText('The first part').closest('li')).toBeTruthy())
    await waitFor(() => expect(api.messages.some((m) => m.id === partial?.id)).toBe(true))
    await waitFor(() => expect(useChatStore.getState().localAnswers).toEqual([]))
    expect(within(conversation()).getAllByText('The first part')).toHaveLength(1)
    expect(screen.getByText('Stopped')).toBeInTheDocument()
    never.open()
  })

  it('Stop before the server confirmed the message gives the text back to the input', async () => {
    fakeChatApi()
    const never = gate()
    streamAnswer('/api/chat/stream', async () => {
      await never.promise
    })
    const { user } = renderChat()
    await screen.findByText('Welcome to Remi Chat!')
    await user.type(input(), 'Never mind{Enter}')
    expect(input()).toHaveValue('')
    await user.click(await screen.findByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(input()).toHaveValue('Never mind'))
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument()
    expect(await screen.findByText('Welcome to Remi Chat!')).toBeInTheDocument()
    never.open()
  })
})

describe('chat send: the last answer', () => {
  const history = () => [
    chatMessage({ content: 'First question', minutesAgo: 10 }),
    chatMessage({ content: 'First answer', isUserMessage: false, minutesAgo: 9 }),
    chatMessage({ content: 'Second question', minutesAgo: 8 }),
    chatMessage({ content: 'Second **answer**', isUserMessage: false, minutesAgo: 7 }),
  ]

  it('only the last answer has Copy and Regenerate; Copy puts its markdown on the clipboard', async () => {
    fakeChatApi({ messages: history() })
    const { user } = renderChat()
    await screen.findByText('First answer')
    expect(screen.getAllByRole('button', { name: 'Regenerate' })).toHaveLength(1)
    const last = screen.getByText('answer', { selector: 'strong' }).closest('article')!
    expect(within(last).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument()
    await user.click(within(last).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('Second **answer**')
    expect(within(last).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('Regenerate streams a new answer in place of the last one', async () => {
    const messages = history()
    const api = fakeChatApi({ messages })
    const oldAnswer = messages[3]!
    const streamed = gate()
    const calls = streamAnswer('/api/chat/regenerate', async (send) => {
      api.messages = api.messages.filter((m) => m.id !== oldAnswer.id)
      send('delta', { text: 'A fresh ' })
      await streamed.promise
      const fresh = chatMessage({ content: 'A fresh take', isUserMessage: false, minutesAgo: 0 })
      api.messages.push(fresh)
      send('done', { conversationId: CONVERSATION_ID, message: fresh })
    })
    const { user } = renderChat()
    await screen.findByText('First answer')
    await user.click(screen.getByRole('button', { name: 'Regenerate' }))

    await waitFor(() => expect(screen.getByTestId('streaming-answer')).toHaveTextContent('A fresh'))
    expect(screen.queryByText('answer', { selector: 'strong' })).not.toBeInTheDocument()
    expect(calls.bodies).toEqual([{ conversationId: CONVERSATION_ID }])
    expect(calls.csrf).toEqual(['test-csrf'])
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument()

    streamed.open()
    expect(await screen.findByText('A fresh take')).toBeInTheDocument()
    const texts = within(conversation())
      .getAllByRole('article')
      .map((a) => a.querySelector('.markdown-body, .chat-user-text')?.textContent)
    expect(texts).toEqual(['First question', 'First answer', 'Second question', 'A fresh take'])
    expect(
      within(screen.getByText('A fresh take').closest('article')!).getByRole('button', {
        name: 'Regenerate',
      }),
    ).toBeInTheDocument()
  })

  it('Stop during Regenerate keeps the partial answer in the old one’s place, marked stopped', async () => {
    const messages = history()
    const api = fakeChatApi({ messages })
    const oldAnswer = messages[3]!
    const never = gate()
    const partial = chatMessage({ content: 'Half a new', isUserMessage: false, minutesAgo: 0, stopped: true })
    const calls = streamAnswer('/api/chat/regenerate', async (send, _body, request) => {
      send('delta', { text: 'Half a new' })
      // Like the server: a closed request stores what was written so far in place of the old answer.
      request.signal.addEventListener('abort', () => {
        api.messages = [...api.messages.filter((m) => m.id !== oldAnswer.id), partial]
      })
      await never.promise
    })
    const { user } = renderChat()
    await screen.findByText('First answer')
    await user.click(screen.getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(screen.getByTestId('streaming-answer')).toHaveTextContent('Half a new'))

    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(calls.aborted).toBeGreaterThan(0))
    expect(await screen.findByText('Stopped')).toBeInTheDocument()
    // The stored copy replaces the local one: the old answer is gone and the partial shows once.
    await waitFor(() => expect(useChatStore.getState().localAnswers).toEqual([]))
    const texts = within(conversation())
      .getAllByRole('article')
      .map((a) => a.querySelector('.markdown-body, .chat-user-text')?.textContent)
    expect(texts).toEqual(['First question', 'First answer', 'Second question', 'Half a new'])
    expect(screen.getByText('Stopped')).toBeInTheDocument()
    never.open()
  })

  it("a failed regenerate keeps the answer, says why below it, and 'Try again' regenerates", async () => {
    const messages = history()
    const api = fakeChatApi({ messages })
    let refuse = true
    server.use(
      http.post('/api/chat/regenerate', async () => {
        if (refuse) {
          return HttpResponse.json(
            { statusCode: 429, error: 'Too Many Requests', message: 'x' },
            { status: 429 },
          )
        }
        return undefined
      }),
    )
    const { user } = renderChat()
    await screen.findByText('First answer')
    await user.click(screen.getByRole('button', { name: 'Regenerate' }))
    expect(await screen.findByText(errorMessages[429])).toBeInTheDocument()
    expect(screen.getByText('answer', { selector: 'strong' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument()

    refuse = false
    const calls = streamAnswer('/api/chat/regenerate', (send) => {
      const fresh = chatMessage({ content: 'Better now', isUserMessage: false, minutesAgo: 0 })
      api.messages = [...api.messages.slice(0, -1), fresh]
      send('done', { conversationId: CONVERSATION_ID, message: fresh })
    })
    server.use(
      http.post('/api/chat/regenerate', () => (refuse ? HttpResponse.json({}, { status: 429 }) : undefined)),
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Better now')).toBeInTheDocument()
    expect(calls.bodies).toEqual([{ conversationId: CONVERSATION_ID }])
    expect(screen.queryByText(errorMessages[429])).not.toBeInTheDocument()
    expect(screen.queryByText('answer', { selector: 'strong' })).not.toBeInTheDocument()
  })

  it('a regenerate the server refuses as a 404 (nothing to replace) shows the catalogue text', async () => {
    fakeChatApi({ messages: history() })
    server.use(
      http.post('/api/chat/regenerate', () =>
        HttpResponse.json(
          {
            statusCode: 404,
            error: 'Not Found',
            message: 'There is no answer to regenerate in this conversation.',
          },
          { status: 404 },
        ),
      ),
    )
    const { user } = renderChat()
    await screen.findByText('First answer')
    await user.click(screen.getByRole('button', { name: 'Regenerate' }))
    expect(await screen.findByText(errorMessages[404])).toBeInTheDocument()
  })
})
