import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { chatMessage, CONVERSATION_ID, fakeChatApi, streamAnswer } from '../../../test/chat-fakes'
import { renderWithProviders } from '../../../test/render'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'

const input = () => screen.getByRole('textbox', { name: 'Message' })
const webToggle = () => screen.queryByRole('button', { name: 'Web' })

/** Answers every send at once, as the server would, and keeps the bodies sent. */
function answerSends(api: ReturnType<typeof fakeChatApi>) {
  return streamAnswer('/api/chat/stream', (send, body) => {
    const userMessage = chatMessage({ content: String(body.content), minutesAgo: 0 })
    const answer = chatMessage({ content: 'Here it is.', isUserMessage: false, minutesAgo: 0 })
    api.messages.push(userMessage, answer)
    send('user', { conversationId: CONVERSATION_ID, message: userMessage })
    send('done', { conversationId: CONVERSATION_ID, message: answer })
  })
}

beforeEach(() => useChatStore.getState().reset())

describe('the composer’s Web toggle (issue 50)', () => {
  it('is off by default, sends web: true once turned on, and is off again in another conversation', async () => {
    const api = fakeChatApi({ assistant: { name: 'Remi', model: 'gpt-test', web: true } })
    const calls = answerSends(api)
    const { user } = renderWithProviders(<ChatPage />, { route: '/chat' })
    const toggle = await screen.findByRole('button', { name: 'Web' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')

    await user.type(input(), 'Ferry times to Porto{Enter}')
    await waitFor(() => expect(calls.bodies).toHaveLength(1))
    expect(calls.bodies[0]).not.toHaveProperty('web')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await user.type(input(), 'Search the web for ferry times{Enter}')
    await waitFor(() => expect(calls.bodies).toHaveLength(2))
    expect(calls.bodies[1]).toMatchObject({ content: 'Search the web for ferry times', web: true })
    // Still on for the next message of this conversation.
    expect(webToggle()).toHaveAttribute('aria-pressed', 'true')

    useChatStore.getState().openConversation('7e2d3c4b-5a6f-4071-8b9c-0d1e2f3a4b5c')
    expect(useChatStore.getState().web).toBe(false)
  })

  it('is not shown when the server has no web search', async () => {
    fakeChatApi({ assistant: { name: 'Remi', model: 'gpt-test', web: false } })
    renderWithProviders(<ChatPage />, { route: '/chat' })
    await screen.findByRole('textbox', { name: 'Message' })
    await screen.findByText('gpt-test')
    expect(webToggle()).toBeNull()
  })
})
