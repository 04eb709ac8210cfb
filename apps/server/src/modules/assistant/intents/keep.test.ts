import type { MemoryList } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { t, ask, startTheApp } from './through-the-app.test-support.ts'

describe('keeping and changing what it is told, through the app', () => {
  startTheApp()

  it('does not save what it is told without "remember", and says how to keep it', async () => {
    const user = await t.createUser()
    for (const [told, kept] of [
      ['I have a meeting with Pedro tomorrow at 10', 'Remember I have a meeting with Pedro tomorrow at 10'],
      ['My favourite colour is green.', 'Remember my favourite colour is green'],
      ['We’re out of olive oil', 'Remember we’re out of olive oil'],
    ]) {
      const { answer } = await ask(user, told!)
      expect(answer.content, told).toBe(`I haven't saved that. To keep it as a memory, send: “${kept}”.`)
      expect(answer.calls, told).toEqual([])
    }
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(0)
    // Asked, not told: these stay questions.
    expect((await ask(user, 'I wonder what is on tomorrow')).answer.calls.map((c) => c.tool)).toEqual([
      'get_calendar_events',
      'search_memories',
      'search_memories',
    ])
    expect((await ask(user, 'my schedule this week')).answer.calls[0]?.tool).toBe('get_calendar_events')
    await t.factory.memory(user.id, { text: 'The spare key is with the neighbour', date: null })
    expect((await ask(user, 'I forgot where the spare key is')).answer.content).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **No date**: The spare key is with the neighbour',
      ].join('\n'),
    )
  })

  // Issue 32: a memory found is proposed for deleting (proposals.test.ts, offline-proposals.test.ts apply it).
  it('proposes deleting the memory it probably means, and deletes nothing', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Wifi password for the cabin is pinecone42', date: null })
    const { answer } = await ask(user, 'Please delete the wifi memory')
    expect(answer.content).toBe(
      [
        'Delete this memory? Press **Delete** below to delete it, or **Keep** to leave it.',
        '',
        '- **No date**: Wifi password for the cabin is pinecone42',
      ].join('\n'),
    )
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(1)
    expect((await ask(user, 'Forget it')).answer.content).not.toContain("I can't change or delete")
  })

  // Issue 32: the memory it may correct gets a proposal (applied under the answer, not here).
  it('answers a correction ("actually, …") by proposing it for the memory it may correct', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: "My sister Ana's birthday is June 4", date: '2027-06-04' })
    const corrected = await ask(user, "Actually, Ana's birthday is June 5")
    expect(corrected.answer.content).toBe(
      [
        "Change it to “Ana's birthday is June 5”? Press **Apply** below, or **Keep** to leave it.",
        '',
        "- **June 4, 2027**: My sister Ana's birthday is June 4",
      ].join('\n'),
    )
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(1)
    // Nothing named to keep; and "no" that answers nothing, or leads a question, is not a correction.
    expect((await ask(user, "no, it's on Friday")).answer.content).toBe(
      "I can't change memories. If this corrects one, open **Memories** and use that memory's pencil button to edit it.",
    )
    expect((await ask(user, 'no thanks')).answer.content).toMatch(/^All right\./)
    expect((await ask(user, "no, when is Ana's birthday?")).answer.content).toMatch(/^Here's what I found/)
    // The statement hint lowers "My" (and keeps a name's capital, as above).
    expect((await ask(user, 'My car is a blue Fiat')).answer.content).toBe(
      "I haven't saved that. To keep it as a memory, send: “Remember my car is a blue Fiat”.",
    )
  })
})
