import { beforeEach, describe, expect, it } from 'vitest'
import { useChatStore } from './store'

const state = () => useChatStore.getState()

beforeEach(() => state().reset())

describe('chat store', () => {
  it("starts with spec §3's defaults", () => {
    expect(state()).toMatchObject({
      conversationId: null,
      messageInput: '',
      isTyping: false,
      autoScroll: true,
      isConnected: true,
      temporaryMessages: [],
    })
  })

  it('Stop aborts a stream only; a reset or another user aborts whatever runs', () => {
    const stream = new AbortController()
    state().beginAnswer({
      draft: { afterId: null, replacesId: null, text: '', activity: [] },
      controller: stream,
    })
    state().disallowStop()
    state().stop()
    expect(stream.signal.aborted).toBe(false)

    state().claim('user-1')
    expect(stream.signal.aborted).toBe(true)
    expect(state()).toMatchObject({ ownerId: 'user-1', isSending: false, draft: null, controller: null })

    const next = new AbortController()
    state().beginAnswer({
      draft: { afterId: null, replacesId: null, text: '', activity: [] },
      controller: next,
    })
    state().claim('user-1')
    expect(next.signal.aborted).toBe(false)
    state().stop()
    expect(next.signal.aborted).toBe(true)
  })

  it('clearing the conversation drops temporary messages and local answers', () => {
    state().setConversationId('c1')
    state().beginAnswer({
      temporary: { id: 't', content: 'x', timestamp: '', isPending: true },
      draft: { afterId: null, replacesId: null, text: '', activity: [] },
      controller: new AbortController(),
    })
    state().endAnswer()
    state().addLocalAnswer({ id: 'l', afterId: 'q', replacesId: null, content: '', createdUtc: '' })
    state().clearConversation()
    expect(state()).toMatchObject({ conversationId: null, temporaryMessages: [], localAnswers: [] })
  })
})
