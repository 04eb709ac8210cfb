import { describe, expect, it } from 'vitest'
import { parseChatEvent } from './answer-stream'

describe('chat stream events', () => {
  it('reads the contract events and checks their data', () => {
    expect(parseChatEvent({ event: 'delta', data: '{"text":"Hi"}' })).toEqual({
      event: 'delta',
      data: { text: 'Hi' },
    })
    expect(parseChatEvent({ event: 'error', data: '{"message":"Nope"}' })).toEqual({
      event: 'error',
      data: { message: 'Nope' },
    })
  })

  it('ignores unknown events, broken JSON and data that breaks the contract', () => {
    expect(parseChatEvent({ event: 'message', data: '{"text":"Hi"}' })).toBeNull()
    expect(parseChatEvent({ event: 'toString', data: '{}' })).toBeNull()
    expect(parseChatEvent({ event: 'delta', data: '{"text":' })).toBeNull()
    expect(parseChatEvent({ event: 'delta', data: '{"text":42}' })).toBeNull()
    expect(parseChatEvent({ event: 'done', data: '{"conversationId":"not-a-uuid","message":{}}' })).toBeNull()
  })
})
