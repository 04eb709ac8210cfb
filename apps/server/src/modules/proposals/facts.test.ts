import {
  PROPOSAL_LAPSED,
  PROPOSAL_NOT_UNDOABLE,
  type ApiErrorBody,
  type AppliedProposal,
  type ChatHistory,
  type Memory,
  type MemoryProposal,
  type MemoryProposalList,
  type SendMessageResponse,
} from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/openai.ts'
import { captureLogs } from '../../test/logs.ts'
import { eventData, parseEventStream } from '../../test/sse.ts'
import { NEAR_DUPLICATE, saysNothingNew, similarity } from './extract.ts'
import { FACTS_INSTRUCTIONS } from './index.ts'

/**
 * Issue 32, keeping what was said: after each answer a model wrote, one more call with a structured
 * output picks out facts worth keeping; they become chips under the answer (or are saved at once).
 */

let fake: OpenAIFake
let t: TestApp
beforeAll(async () => {
  fake = await startOpenAIFake({ model: 'gpt-test' })
  t = await buildTestApp({ env: fake.env, assistant: { maxRetries: 0 } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.reset())

async function send(user: TestUser, content: string, conversationId?: string) {
  const res = await user.api.post<SendMessageResponse>('/api/chat/send', {
    content,
    ...(conversationId ? { conversationId } : {}),
  })
  expect(res.status, res.text).toBe(200)
  return res.body
}

/** The proposals under the latest answer once the model has picked out its facts (as the web asks again). */
async function settled(user: TestUser, conversationId: string) {
  for (;;) {
    const res = await user.api.get<MemoryProposalList>('/api/proposals', { conversationId })
    expect(res.status, res.text).toBe(200)
    if (!res.body.extracting) return res.body.proposals
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const memories = async (user: TestUser) => (await user.api.memories.list()).items

describe('a near duplicate', () => {
  it.each([
    ["Ana's birthday is on 5 June", "Ana's birthday is on 4 June", true],
    ["Ana's birthday is on June 5", "My sister Ana's birthday is June 4", true],
    ['I parked on level 3, spot B12', 'Parked on level 2', true],
    ['I parked on level 3, spot B12', 'Gym locker code is 1234', false],
    ['My new gym is on Rua do Ouro', 'Gym locker 12', false],
  ])('%j and the memory %j: %j', (fact, memory, near) => {
    expect(similarity(fact, memory) >= NEAR_DUPLICATE).toBe(near)
  })

  it('says nothing new when all its words are in the memory', () => {
    expect(saysNothingNew("Ana's birthday is on 5 June", "Ana's birthday is on 5 June")).toBe(true)
    expect(saysNothingNew('The spare keys are under the pot', 'Spare key under the blue pot')).toBe(true)
    expect(saysNothingNew("Ana's birthday is on 5 June", "Ana's birthday is on 4 June")).toBe(false)
  })
})

describe('facts picked out after an answer', () => {
  it("the extraction call's structured output becomes chips; pressing one saves the fact", async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('Noted: level 3, spot B12.'))
    fake.enqueueFacts(openaiReply.facts('I parked on level 3, spot B12', 'My gym locker code is 4471'))
    const sent = await send(user, 'I parked on level 3, spot B12, and my gym locker code is 4471')
    // The answer came back whole, and was not held for the facts.
    expect(sent.assistantMessage).toMatchObject({ content: 'Noted: level 3, spot B12.', mode: 'tools' })

    const chips = await settled(user, sent.conversationId)
    expect(chips).toMatchObject([
      { kind: 'create', extracted: true, status: 'pending', text: 'I parked on level 3, spot B12' },
      { kind: 'create', extracted: true, status: 'pending', text: 'My gym locker code is 4471' },
    ])
    // One structured-output request, with the person's message and the instructions; nothing saved yet.
    expect(fake.factRequests).toHaveLength(1)
    const request = fake.factRequests[0]!
    expect(request.raw.response_format).toMatchObject({ type: 'json_schema' })
    expect(JSON.stringify(request.raw.response_format)).toContain('"facts"')
    expect(fake.systemPrompt(request)).toContain(FACTS_INSTRUCTIONS)
    expect(JSON.stringify(request.messages)).toContain('my gym locker code is 4471')
    expect(await memories(user)).toEqual([])

    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${chips[1]!.id}/apply`, {})
    expect(applied.status, applied.text).toBe(200)
    const [saved] = await memories(user)
    expect(saved).toMatchObject({ text: 'My gym locker code is 4471', lastChange: { by: 'assistant' } })
    expect(await memories(user)).toHaveLength(1)
  })

  it('a fact that says something new about a memory is an update of it, not a second memory', async () => {
    const user = await t.createUser()
    const ana = await user.api.memories.create({ text: "Ana's birthday is on 4 June", tags: ['family'] })
    await user.api.memories.create({ text: 'Dentist on Friday at 10' })
    fake.enqueue(openaiReply.text('Got it, the 5th.'))
    fake.enqueueFacts(openaiReply.facts("Ana's birthday is on 5 June"))
    const sent = await send(user, "Oh and Ana's birthday is on 5 June, I had it wrong")

    const chips = await settled(user, sent.conversationId)
    expect(chips).toMatchObject([
      {
        kind: 'update',
        extracted: true,
        memoryId: ana.id,
        before: "Ana's birthday is on 4 June",
        text: "Ana's birthday is on 5 June",
      },
    ])
    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${chips[0]!.id}/apply`, {})
    expect(applied.status, applied.text).toBe(200)
    expect((await user.api.get<Memory>(`/api/memories/${ana.id}`)).body).toMatchObject({
      text: "Ana's birthday is on 5 June",
      tags: ['family'],
      lastChange: { action: 'updated', by: 'assistant', before: { text: "Ana's birthday is on 4 June" } },
    })
    expect(await memories(user)).toHaveLength(2)

    // Said again: nothing new, so no chip at all.
    fake.enqueue(openaiReply.text('Yes, the 5th.'))
    fake.enqueueFacts(openaiReply.facts("Ana's birthday is on 5 June"))
    const again = await send(user, "Ana's birthday is on 5 June, right?", sent.conversationId)
    expect(await settled(user, again.conversationId)).toEqual([])
  })

  it('with "Save facts from chats automatically" on, they are saved at once; Undo removes one', async () => {
    const user = await t.createUser()
    const setting = await user.api.put('/api/auth/user/settings/chat', { autoSaveFacts: true })
    expect(setting.status, setting.text).toBe(200)
    fake.enqueue(openaiReply.text('Good to know.'))
    fake.enqueueFacts(openaiReply.facts('The spare key is under the blue pot'))
    const sent = await send(user, 'The spare key is under the blue pot, by the way')

    const [done] = await settled(user, sent.conversationId)
    expect(done).toMatchObject({
      kind: 'create',
      extracted: true,
      status: 'applied',
      text: 'The spare key is under the blue pot',
    })
    const saved = await user.api.get<Memory>(`/api/memories/${done!.memoryId}`)
    expect(saved.body).toMatchObject({
      text: 'The spare key is under the blue pot',
      lastChange: { action: 'created', by: 'assistant' },
    })
    // Already applied: pressing it again is refused.
    expect((await user.api.post(`/api/proposals/${done!.id}/apply`, {})).status).toBe(409)

    // Undo through the proposal: another person cannot; the memory goes; the proposal says undone for
    // good (a reloaded page offers no second Undo), and a second Undo is refused.
    const other = await t.createUser()
    expect((await other.api.post(`/api/proposals/${done!.id}/undo`, {})).status).toBe(404)
    const undo = await user.api.post<MemoryProposal>(`/api/proposals/${done!.id}/undo`, {})
    expect(undo.status, undo.text).toBe(200)
    expect(undo.body.status).toBe('undone')
    expect((await user.api.get(`/api/memories/${done!.memoryId}`)).status).toBe(404)
    expect(await memories(user)).toEqual([])
    const listed = await user.api.get<MemoryProposalList>('/api/proposals', {
      conversationId: sent.conversationId,
    })
    expect(listed.body.proposals.map((p) => [p.id, p.status])).toEqual([[done!.id, 'undone']])
    const again = await user.api.post<ApiErrorBody>(`/api/proposals/${done!.id}/undo`, {})
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(PROPOSAL_NOT_UNDOABLE)
    expect(await memories(user)).toEqual([])
  })

  it('a private memory never appears in the extraction request: only the message goes', async () => {
    const user = await t.createUser()
    const secret = await user.api.memories.create({
      text: 'The studio alarm code is 8812',
      private: true,
    })
    const open = await user.api.memories.create({ text: 'The studio is on Rua Augusta 12' })
    fake.enqueue(openaiReply.text('Noted.'))
    fake.enqueueFacts(openaiReply.facts('The studio alarm code is now 9920'))
    const sent = await send(user, 'The studio alarm code is now 9920')

    // Recall leaves private memories out of the comparison too: the fact is offered as a new one.
    const chips = await settled(user, sent.conversationId)
    expect(chips).toMatchObject([
      { kind: 'create', memoryId: null, text: 'The studio alarm code is now 9920' },
    ])
    expect(fake.factRequests).toHaveLength(1)
    const everything = JSON.stringify([...fake.requests, ...fake.factRequests].map((r) => r.raw))
    expect(everything).toContain('9920')
    expect(everything).not.toContain('8812')
    expect(everything).not.toContain(secret.id)
    // Only the person's message goes: not even the open memories.
    expect(JSON.stringify(fake.factRequests[0]!.raw)).not.toContain(open.text)
  })

  it('a told fact the model picks nothing out of still gets "Save as memory"', async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('Okay.'))
    const sent = await send(user, 'I left the umbrella at the office')
    const [card] = await settled(user, sent.conversationId)
    expect(fake.factRequests).toHaveLength(1)
    expect(card).toMatchObject({
      kind: 'create',
      extracted: false,
      text: 'I left the umbrella at the office',
    })
    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${card!.id}/apply`, {})
    expect(applied.body.memory).toMatchObject({ text: 'I left the umbrella at the office' })

    // A question holds no fact: nothing is offered.
    fake.enqueue(openaiReply.text('At the office.'))
    const asked = await send(user, 'Where did I leave the umbrella?', sent.conversationId)
    expect(await settled(user, asked.conversationId)).toEqual([])
  })

  it("regenerating an answer lapses its proposals, and the old answer's facts do not come back", async () => {
    const user = await t.createUser()
    const gym = await user.api.memories.create({ text: 'Gym locker 12' })
    fake.enqueue(openaiReply.toolCall('delete_memory', { id: gym.id }), openaiReply.text('Proposed.'))
    fake.enqueueFacts(openaiReply.facts('My new gym is on Rua do Ouro'))
    const sent = await send(user, 'I changed gyms, my new gym is on Rua do Ouro')
    const before = await settled(user, sent.conversationId)
    expect(before.map((p) => [p.kind, p.extracted])).toEqual([
      ['delete', false],
      ['create', true],
    ])

    fake.enqueue(openaiReply.text('Your new gym is on Rua do Ouro.'))
    const res = await user.api.post('/api/chat/regenerate', { conversationId: sent.conversationId })
    expect(res.status).toBe(200)
    expect(eventData(parseEventStream(res.text), 'done')!.message.content).toBe(
      'Your new gym is on Rua do Ouro.',
    )

    // The new answer's own proposals replace the old ones: no fact picked out this time, so the told
    // fact's "Save as memory".
    const after = await settled(user, sent.conversationId)
    expect(after).toMatchObject([
      { kind: 'create', extracted: false, text: 'I changed gyms, my new gym is on Rua do Ouro' },
    ])
    expect(after.map((p) => p.id)).not.toEqual(expect.arrayContaining([before[1]!.id]))
    for (const old of before) {
      const late = await user.api.post(`/api/proposals/${old.id}/apply`, {})
      expect(late.status).toBe(409)
      expect(late.text).toContain(PROPOSAL_LAPSED)
    }
    expect((await user.api.get(`/api/memories/${gym.id}`)).status).toBe(200)
    expect(await memories(user)).toHaveLength(1)
  })
})

describe('extraction failing or timing out', () => {
  let slow: TestApp
  const logs = captureLogs('warn')
  beforeAll(async () => {
    slow = await buildTestApp({
      env: fake.env,
      assistant: { maxRetries: 0 },
      logger: logs.logger,
      factsTimeoutMs: 150,
    })
  })
  afterAll(() => slow.close())

  const warnings = () =>
    logs
      .text()
      .split('\n')
      .filter((line) => line.includes('could not pick out facts'))

  it('leaves the answer intact, changes nothing, and is logged once for the model, not per message', async () => {
    const user = await slow.createUser()
    await user.api.memories.create({ text: 'Parking at work is on level 2' })
    fake.enqueue(openaiReply.text('Level 3 it is.'))
    fake.enqueueFacts(openaiReply.hang())
    const res = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'I parked on level 3, spot B12',
    })
    expect(res.status, res.text).toBe(200)
    const { conversationId } = res.body
    expect(res.body.assistantMessage.content).toBe('Level 3 it is.')

    // No chip; the told fact still has its "Save as memory" (made without the model).
    expect(await settled(user, conversationId)).toMatchObject([
      { kind: 'create', extracted: false, status: 'pending', text: 'I parked on level 3, spot B12' },
    ])
    expect((await user.api.memories.list()).items.map((m) => m.text)).toEqual([
      'Parking at work is on level 2',
    ])

    fake.enqueue(openaiReply.text('Sure.'))
    fake.enqueueFacts(openaiReply.serverError())
    const second = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'My sister lives in Porto',
      conversationId,
    })
    expect(second.body.assistantMessage.content).toBe('Sure.')
    await settled(user, conversationId)
    expect(fake.factRequests).toHaveLength(2)

    const history = await user.api.get<ChatHistory>('/api/chat/history', { conversationId })
    expect(history.body.messages.map((m) => m.content)).toEqual([
      'I parked on level 3, spot B12',
      'Level 3 it is.',
      'My sister lives in Porto',
      'Sure.',
    ])
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toContain('gpt-test')
    // Never the person's words in the log.
    expect(logs.text()).not.toContain('spot B12')
    expect(logs.text()).not.toContain('Porto')
  })
})
