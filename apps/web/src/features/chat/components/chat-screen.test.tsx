import type { ChatMessage, ConversationSummary } from '@remi/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chatMessage, gate, uuid } from '../../../test/chat-fakes'
import { signedIn } from '../../../test/fixtures'
import { LocationDisplay } from '../../../test/location-display'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { ChatScreen } from './chat-screen'

interface FakeConversation extends ConversationSummary {
  messages: ChatMessage[]
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

/**
 * The conversations API in memory, as the server answers it: newest first, paged, searched, created,
 * renamed, deleted; each conversation's history by its id (404 for any other id).
 */
function fakeConversations(conversations: FakeConversation[]) {
  const state = {
    conversations,
    listQueries: [] as URLSearchParams[],
    historyQueries: [] as URLSearchParams[],
    renames: [] as unknown[],
    deletes: [] as string[],
    clears: [] as string[],
    listFails: false,
    /** Held open until the test lets the delete finish. */
    deleteGate: null as ReturnType<typeof gate> | null,
  }
  server.use(
    signedIn(),
    http.get('/api/chat/conversations', ({ request }) => {
      const query = new URL(request.url).searchParams
      state.listQueries.push(query)
      if (state.listFails) {
        return HttpResponse.json({ statusCode: 500, error: 'x', message: 'down' }, { status: 500 })
      }
      const page = Number(query.get('page') ?? 1)
      const size = Number(query.get('pageSize') ?? 30)
      const search = query.get('search')?.toLowerCase()
      const all = search
        ? state.conversations.flatMap((c) => {
            const hit = c.messages.findLast((m) => m.content.toLowerCase().includes(search))
            if (!hit) return []
            const at = hit.content.toLowerCase().indexOf(search)
            const parts = [
              { text: hit.content.slice(0, at), match: false },
              { text: hit.content.slice(at, at + search.length), match: true },
              { text: hit.content.slice(at + search.length), match: false },
            ].filter((p) => p.text)
            return [{ ...c, snippet: { messageId: hit.id, createdUtc: hit.createdUtc, parts } }]
          })
        : state.conversations
      const items = all
        .slice((page - 1) * size, page * size)
        .map(({ messages: _messages, ...summary }) => summary)
      return HttpResponse.json({ items, totalCount: all.length })
    }),
    http.post('/api/chat/conversations', () => {
      const created: FakeConversation = {
        id: uuid(),
        title: null,
        createdAt: new Date().toISOString(),
        lastMessageAt: null,
        messageCount: 0,
        messages: [],
      }
      state.conversations.unshift(created)
      const { messages: _messages, ...summary } = created
      return HttpResponse.json(summary, { status: 201 })
    }),
    http.patch('/api/chat/conversations/:id', async ({ request, params }) => {
      const body = (await request.json()) as { title: string }
      state.renames.push(body)
      const found = state.conversations.find((c) => c.id === params.id)
      if (!found) return HttpResponse.json({ statusCode: 404, message: 'x' }, { status: 404 })
      found.title = body.title
      const { messages: _messages, ...summary } = found
      return HttpResponse.json(summary)
    }),
    http.delete('/api/chat/conversations/:id', async ({ params }) => {
      state.deletes.push(String(params.id))
      await state.deleteGate?.promise
      state.conversations = state.conversations.filter((c) => c.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.delete('/api/chat/clear', ({ request }) => {
      const id = new URL(request.url).searchParams.get('conversationId') ?? ''
      state.clears.push(id)
      const found = state.conversations.find((c) => c.id === id)
      if (!found) return HttpResponse.json({ statusCode: 404, message: 'x' }, { status: 404 })
      Object.assign(found, { messages: [], title: null, messageCount: 0, lastMessageAt: null })
      return new HttpResponse(null, { status: 204 })
    }),
    http.get('/api/chat/history', ({ request }) => {
      const query = new URL(request.url).searchParams
      state.historyQueries.push(query)
      const id = query.get('conversationId')
      const found = id ? state.conversations.find((c) => c.id === id) : state.conversations[0]
      if (id && !found) {
        return HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Conversation not found.', code: 'NOT_FOUND' },
          { status: 404 },
        )
      }
      const messages = found?.messages ?? []
      const page = Number(query.get('page') ?? 1)
      const size = Number(query.get('pageSize') ?? 30)
      const newestFirst = [...messages].reverse()
      return HttpResponse.json({
        conversationId: found?.id ?? null,
        messages: newestFirst.slice((page - 1) * size, page * size).reverse(),
        totalCount: messages.length,
        assistant: { name: 'Remi', model: null },
      })
    }),
  )
  return state
}

function conversation(fields: Partial<FakeConversation> & { minutes: number }): FakeConversation {
  const { minutes, ...rest } = fields
  return {
    id: uuid(),
    title: 'Untitled',
    createdAt: minutesAgo(minutes + 10),
    lastMessageAt: minutesAgo(minutes),
    messageCount: rest.messages?.length ?? 2,
    messages: [],
    ...rest,
  }
}

function renderScreen(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/chat" element={<ChatScreen />} />
        <Route path="/chat/:conversationId" element={<ChatScreen />} />
      </Routes>
      <LocationDisplay />
    </>,
    { route },
  )
}

const list = () => screen.getByRole('navigation', { name: 'Conversations' })
const location = () => screen.getByTestId('location')
const rowTitles = () =>
  within(list())
    .queryAllByRole('link')
    .map((a) => a.querySelector('.chat-conversation-title')?.textContent)

beforeEach(() => useChatStore.getState().reset())
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('conversation list: states', () => {
  it("shows 'Loading conversations...', then the conversations newest first with their time", async () => {
    const answer = gate()
    const trip = conversation({ title: 'Trip to Lisbon', minutes: 5 })
    const state = fakeConversations([trip, conversation({ title: null, minutes: 90, messageCount: 0 })])
    server.use(
      http.get('/api/chat/conversations', async () => {
        await answer.promise
        return HttpResponse.json({
          items: state.conversations.map(({ messages: _m, ...c }) => c),
          totalCount: 2,
        })
      }),
    )
    renderScreen('/chat')
    expect(await within(list()).findByText('Loading conversations...')).toBeInTheDocument()
    answer.open()
    await within(list()).findByText('Trip to Lisbon')
    expect(rowTitles()).toEqual(['Trip to Lisbon', 'New chat'])
    expect(within(list()).getByText('5 minutes ago')).toBeInTheDocument()
    // Intl.RelativeTimeFormat in the screen's language: 90 minutes round to 2 hours.
    expect(within(list()).getByText('2 hours ago')).toBeInTheDocument()
  })

  it("says when there are none, and the chat's empty state shows", async () => {
    fakeConversations([])
    renderScreen('/chat')
    expect(await within(list()).findByText('No conversations yet.')).toBeInTheDocument()
    expect(await screen.findByText('Welcome to Remi Chat!')).toBeInTheDocument()
  })

  it("a failed load says so with 'Retry', which loads it again", async () => {
    const state = fakeConversations([conversation({ title: 'Back again', minutes: 1 })])
    state.listFails = true
    const { user } = renderScreen('/chat')
    expect(await within(list()).findByText('Failed to load conversations')).toBeInTheDocument()
    state.listFails = false
    await user.click(within(list()).getByRole('button', { name: 'Retry' }))
    expect(await within(list()).findByText('Back again')).toBeInTheDocument()
  })

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observed.push(callback)
        }
        observe() {}
        disconnect() {}
      },
    )
    const many = Array.from({ length: 35 }, (_, i) =>
      conversation({ title: `Chat ${i + 1}`, minutes: i + 1 }),
    )
    const state = fakeConversations(many)
    renderScreen('/chat')
    await within(list()).findByText('Chat 30')
    expect(within(list()).queryByText('Chat 31')).not.toBeInTheDocument()
    expect(within(list()).getByRole('button', { name: 'Load more conversations' })).toBeInTheDocument()
    observed.at(-1)!([{ isIntersecting: true }])
    expect(await within(list()).findByText('Chat 35')).toBeInTheDocument()
    expect(state.listQueries.map((q) => q.get('page'))).toEqual(['1', '2'])
    expect(rowTitles()).toHaveLength(35)
    expect(within(list()).queryByRole('button', { name: 'Load more conversations' })).not.toBeInTheDocument()
  })
})

describe('conversation list: routes and actions', () => {
  it('/chat/:id shows that conversation, highlighted in the list', async () => {
    const other = conversation({
      title: 'Newest',
      minutes: 1,
      messages: [chatMessage({ content: 'newest words' })],
    })
    const opened = conversation({
      title: 'Older one',
      minutes: 60,
      messages: [chatMessage({ content: 'the older words', minutesAgo: 60 })],
    })
    const state = fakeConversations([other, opened])
    renderScreen(`/chat/${opened.id}`)
    expect(await screen.findByText('the older words')).toBeInTheDocument()
    expect(screen.queryByText('newest words')).not.toBeInTheDocument()
    expect(state.historyQueries.at(-1)!.get('conversationId')).toBe(opened.id)
    const link = await within(list()).findByRole('link', { name: /Older one/ })
    expect(link).toHaveAttribute('aria-current', 'page')
    expect(link.closest('li')).toHaveClass('active')
    expect(within(list()).getByRole('link', { name: /Newest/ })).not.toHaveAttribute('aria-current')
  })

  it('/chat shows the newest conversation; opening another from the list shows it', async () => {
    const newest = conversation({
      title: 'Newest',
      minutes: 1,
      messages: [chatMessage({ content: 'hi new' })],
    })
    const older = conversation({ title: 'Older', minutes: 9, messages: [chatMessage({ content: 'hi old' })] })
    fakeConversations([newest, older])
    const { user } = renderScreen('/chat')
    expect(await screen.findByText('hi new')).toBeInTheDocument()
    expect(await within(list()).findByRole('link', { name: /Newest/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await user.click(within(list()).getByRole('link', { name: /Older/ }))
    expect(await screen.findByText('hi old')).toBeInTheDocument()
    expect(location()).toHaveTextContent(`/chat/${older.id}`)
    expect(useChatStore.getState().conversationId).toBe(older.id)
  })

  it("'New chat' makes an empty conversation and opens it; a message goes to it", async () => {
    const state = fakeConversations([
      conversation({ title: 'Old', minutes: 3, messages: [chatMessage({ content: 'old text' })] }),
    ])
    const sent: unknown[] = []
    server.use(
      http.post('/api/chat/stream', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ statusCode: 503, message: 'x' }, { status: 503 })
      }),
      http.post('/api/chat/send', () =>
        HttpResponse.json({ statusCode: 503, message: 'x' }, { status: 503 }),
      ),
    )
    const { user } = renderScreen('/chat')
    await screen.findByText('old text')
    await user.click(within(list()).getByRole('button', { name: 'New chat' }))
    const created = state.conversations[0]!
    await waitFor(() => expect(location()).toHaveTextContent(`/chat/${created.id}`))
    expect(await screen.findByText('Welcome to Remi Chat!')).toBeInTheDocument()
    expect(screen.queryByText('old text')).not.toBeInTheDocument()
    expect(await within(list()).findByRole('link', { name: /New chat/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'first words{Enter}')
    await waitFor(() => expect(sent).toEqual([{ content: 'first words', conversationId: created.id }]))
  })

  it('renames inline: Enter saves the trimmed title, a blank one is refused, Escape cancels', async () => {
    const trip = conversation({ title: 'Trip', minutes: 2 })
    const state = fakeConversations([trip])
    const { user } = renderScreen('/chat')
    await user.click(await within(list()).findByRole('button', { name: 'Rename Trip' }))
    const field = within(list()).getByRole('textbox', { name: 'Conversation title' })
    expect(field).toHaveValue('Trip')
    await user.clear(field)
    await user.type(field, '   ')
    expect(within(list()).getByText('A title needs at least one character.')).toBeInTheDocument()
    expect(within(list()).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.type(field, '{Escape}')
    expect(within(list()).getByRole('link', { name: /Trip/ })).toBeInTheDocument()
    expect(state.renames).toEqual([])

    await user.click(within(list()).getByRole('button', { name: 'Rename Trip' }))
    const again = within(list()).getByRole('textbox', { name: 'Conversation title' })
    await user.clear(again)
    await user.type(again, '  Lisbon in May  {Enter}')
    expect(await within(list()).findByRole('link', { name: /Lisbon in May/ })).toBeInTheDocument()
    expect(state.renames).toEqual([{ title: 'Lisbon in May' }])
  })

  it("deletes after the spec's confirm modal ('Deleting...' with the buttons disabled); the open one goes back to /chat", async () => {
    const keep = conversation({
      title: 'Keep',
      minutes: 1,
      messages: [chatMessage({ content: 'keep text' })],
    })
    const gone = conversation({
      title: 'Gone',
      minutes: 5,
      messages: [chatMessage({ content: 'gone text' })],
    })
    const state = fakeConversations([keep, gone])
    state.deleteGate = gate()
    const { user } = renderScreen(`/chat/${gone.id}`)
    await screen.findByText('gone text')
    await user.click(await within(list()).findByRole('button', { name: 'Delete Gone' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Delete Conversation' })).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Delete “Gone” and all its messages?')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText('Deleting...')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: /Deleting/ })).toBeDisabled()
    state.deleteGate.open()
    await waitFor(() => expect(location()).toHaveTextContent(/^\/chat$/))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.deletes).toEqual([gone.id])
    expect(await screen.findByText('keep text')).toBeInTheDocument()
    await waitFor(() => expect(rowTitles()).toEqual(['Keep']))
  })
})

describe('Clear History', () => {
  it('clears the open conversation only; it stays open, untitled, and the others keep theirs', async () => {
    const other = conversation({
      title: 'Other',
      minutes: 1,
      messages: [chatMessage({ content: 'other text' })],
    })
    const open = conversation({
      title: 'Open',
      minutes: 5,
      messages: [chatMessage({ content: 'open text' })],
    })
    const state = fakeConversations([other, open])
    const { user } = renderScreen(`/chat/${open.id}`)
    await screen.findByText('open text')
    await user.click(screen.getByRole('button', { name: 'Clear History' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }))
    expect(await screen.findByText('Welcome to Remi Chat!')).toBeInTheDocument()
    expect(state.clears).toEqual([open.id])
    expect(location()).toHaveTextContent(`/chat/${open.id}`)
    expect(useChatStore.getState().conversationId).toBe(open.id)
    await waitFor(() => expect(rowTitles()).toEqual(['Other', 'New chat']))
    expect(within(list()).getByRole('link', { name: /New chat/ })).toHaveAttribute('aria-current', 'page')
  })
})

describe('search across conversations', () => {
  it('shows title, highlighted snippet and day; opening one loads back to the message and scrolls to it', async () => {
    const scrolled: Element[] = []
    // scrollIntoView would scroll the locked page too (it slid under the top bar): never used here.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    // The word is in the oldest of 45 messages: two pages back from the newest.
    const messages = Array.from({ length: 45 }, (_, i) =>
      chatMessage({
        content: i === 0 ? 'The ferry to Cacilhas leaves at nine' : `message ${i}`,
        minutesAgo: 100 - i,
      }),
    )
    const found = messages[0]!
    const trip = conversation({ title: 'Lisbon trip', minutes: 55, messages })
    const state = fakeConversations([
      conversation({ title: 'Cooking', minutes: 1, messages: [chatMessage({ content: 'pasta' })] }),
      trip,
    ])
    const { user } = renderScreen('/chat')
    await screen.findByText('pasta')
    await user.type(within(list()).getByRole('searchbox', { name: 'Search conversations' }), 'ferry')
    const results = await within(list()).findByRole('list', { name: 'Search results' })
    expect(state.listQueries.at(-1)!.get('search')).toBe('ferry')
    const [hit] = within(results).getAllByRole('link')
    expect(hit).toHaveTextContent('Lisbon trip')
    expect(hit!.querySelector('mark')).toHaveTextContent(/^ferry$/)
    // The day as the screen's locale writes it (English keeps the browser's en-GB).
    const day = new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', year: 'numeric' })
    expect(hit).toHaveTextContent(day.format(new Date(found.createdUtc)))

    await user.click(hit!)
    expect(location()).toHaveTextContent(`/chat/${trip.id}?message=${found.id}`)
    const article = await screen.findByText('The ferry to Cacilhas leaves at nine')
    await waitFor(() => expect(article.closest('li')).toHaveClass('chat-found'))
    expect(scrolled).toEqual([])
    expect(article.closest('li')).toHaveClass('chat-found')
    const pages = state.historyQueries
      .filter((q) => q.get('conversationId') === trip.id)
      .map((q) => q.get('page'))
    expect(pages).toEqual(['1', '2'])
    // Following the newest message stopped, so the view stays on the one found.
    expect(useChatStore.getState().autoScroll).toBe(false)
  })

  it('says when no message matches', async () => {
    fakeConversations([
      conversation({ title: 'A', minutes: 1, messages: [chatMessage({ content: 'hello' })] }),
    ])
    const { user } = renderScreen('/chat')
    await user.type(await within(list()).findByRole('searchbox', { name: 'Search conversations' }), '?!')
    expect(await within(list()).findByText('No messages match “?!”.')).toBeInTheDocument()
  })
})

describe('not found', () => {
  it("an unknown (or another user's) conversation shows the spec's 404 text and a way back", async () => {
    const mine = conversation({ title: 'Mine', minutes: 1, messages: [chatMessage({ content: 'my words' })] })
    fakeConversations([mine])
    const { user } = renderScreen('/chat/00000000-0000-4000-8000-ffffffffffff')
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument()
    expect(screen.getByText('The requested resource was not found.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to your conversations' }))
    expect(location()).toHaveTextContent(/^\/chat$/)
    expect(await screen.findByText('my words')).toBeInTheDocument()
  })

  it('an id that is not a UUID is not found without asking the server', async () => {
    const state = fakeConversations([])
    renderScreen('/chat/not-a-conversation')
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument()
    expect(state.historyQueries).toEqual([])
  })
})
