// Issue 48's hands-free loop through the chat page: dictate, send, and the answer is read aloud when
// "Read answers aloud after dictation" is on; typed messages and the setting off stay quiet.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handsFree } from '../../../lib/hands-free'
import { chatMessage, CONVERSATION_ID, fakeChatApi, streamAnswer } from '../../../test/chat-fakes'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'
import type { FakeUtterance } from '../../../test/speech'
import { speechSynthesis, stubSpeech } from '../../../test/speech'

class FakeRecorder extends EventTarget {
  mimeType = 'audio/webm'
  start() {}
  stop() {
    const data = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1])], { type: 'audio/webm' })
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }))
    this.dispatchEvent(new Event('stop'))
  }
}
const input = () => screen.getByRole('textbox', { name: 'Message' })

function setup(readAloudAfterDictation: boolean) {
  const api = fakeChatApi()
  streamAnswer('/api/chat/stream', (send, body) => {
    const userMessage = chatMessage({ content: String(body.content), minutesAgo: 0 })
    const answer = chatMessage({ content: 'The garage opens at nine.', isUserMessage: false, minutesAgo: 0 })
    api.messages.push(userMessage, answer)
    send('user', { conversationId: CONVERSATION_ID, message: userMessage })
    send('done', { conversationId: CONVERSATION_ID, message: answer })
  })
  server.use(
    http.get('/api/voice', () => HttpResponse.json({ transcription: true, speech: false })),
    http.post('/api/transcriptions', () => HttpResponse.json({ text: 'when does the garage open' })),
    http.get('/api/auth/user/settings/chat', () =>
      HttpResponse.json({ autoSaveFacts: false, readAloudAfterDictation }),
    ),
  )
  return renderWithProviders(<ChatPage />, { route: '/chat' })
}

beforeEach(() => {
  useChatStore.getState().reset()
  handsFree.reset()
  stubSpeech()
  vi.stubGlobal('MediaRecorder', FakeRecorder)
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop() {} }] }) },
    configurable: true,
  })
})
afterEach(() => vi.unstubAllGlobals())

async function dictateAndSend(user: ReturnType<typeof setup>['user']) {
  const dictate = await screen.findByRole('button', { name: 'Dictate' })
  await user.click(dictate)
  await user.click(dictate)
  await waitFor(() => expect(input()).toHaveValue('when does the garage open'))
  await user.click(screen.getByRole('button', { name: 'Send' }))
  await screen.findByText('The garage opens at nine.')
}

describe('hands-free chat', () => {
  it('reads the answer to a dictated message aloud when the setting is on', async () => {
    const { user } = setup(true)
    await dictateAndSend(user)
    await waitFor(() => expect(speechSynthesis.speak).toHaveBeenCalledTimes(1))
    expect((speechSynthesis.speak.mock.calls[0]![0] as FakeUtterance).text).toBe('The garage opens at nine.')
  })

  it('stays quiet with the setting off, and for a typed message', async () => {
    const off = setup(false)
    await dictateAndSend(off.user)
    off.unmount()
    useChatStore.getState().reset()
    const on = setup(true)
    await on.user.type(
      await screen.findByRole('textbox', { name: 'Message' }),
      'when does the garage open{Enter}',
    )
    await screen.findByText('The garage opens at nine.')
    expect(await screen.findAllByRole('button', { name: 'Read aloud' })).not.toHaveLength(0)
    expect(speechSynthesis.speak).not.toHaveBeenCalled()
  })
})
