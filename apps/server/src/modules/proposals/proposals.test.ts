import {
  PROPOSAL_CHANGED_SINCE,
  PROPOSAL_LAPSED,
  PROPOSAL_STALE,
  PROPOSAL_USED,
  todayIn,
  type ApiErrorBody,
  type AppliedProposal,
  type Memory,
  type MemoryProposal,
  type MemoryProposalList,
  type SendMessageResponse,
} from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/openai.ts'

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
const proposalsOf = async (user: TestUser, conversationId: string) => {
  const res = await user.api.get<MemoryProposalList>('/api/proposals', { conversationId })
  expect(res.status, res.text).toBe(200)
  return res.body.proposals
}
const memoryOf = (user: TestUser, id: string) => user.api.get<Memory>(`/api/memories/${id}`)

/** Ana's birthday saved as 4 June, and the model proposing 5 June in a chat (update_memory). */
async function proposeCorrection() {
  const user = await t.createUser()
  const m = await user.api.memories.create({ text: "Ana's birthday is on 4 June", tags: ['family'] })
  fake.enqueue(
    openaiReply.toolCall('update_memory', { id: m.id, text: "Ana's birthday is on 5 June" }),
    openaiReply.text('I proposed the correction.'),
  )
  return { user, m, sent: await send(user, "actually, Ana's birthday is on 5 June") }
}

describe('delete_memory and update_memory propose; the person applies or keeps', () => {
  it('a streamed delete_memory call leaves the memory and stores a proposal; Apply deletes, a second Apply is 409', async () => {
    const user = await t.createUser()
    const wifi = await user.api.memories.create({ text: 'Old wifi password is tulip42', tags: ['home'] })
    fake.enqueue(
      openaiReply.toolCall('delete_memory', { id: wifi.id }),
      openaiReply.text('I proposed deleting the old wifi password: press Delete to confirm.'),
    )
    const sent = await send(user, 'Forget the old wifi password')
    expect(sent.assistantMessage.activity).toEqual([
      { tool: 'delete_memory', summary: 'Proposed deleting a memory', memoryId: wifi.id },
    ])
    // The tool result told the model nothing changed yet.
    const toolResult = fake.requests[1]!.messages.find((m) => m.role === 'tool')!
    expect(JSON.stringify(toolResult.content)).toContain('Not changed yet')
    expect((await memoryOf(user, wifi.id)).status).toBe(200)

    const [proposal] = await proposalsOf(user, sent.conversationId)
    expect(proposal).toMatchObject({
      kind: 'delete',
      memoryId: wifi.id,
      before: 'Old wifi password is tulip42',
      status: 'pending',
    })
    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${proposal!.id}/apply`, {})
    expect(applied.status, applied.text).toBe(200)
    expect(applied.body).toMatchObject({ proposal: { status: 'applied' }, memory: null })
    expect((await memoryOf(user, wifi.id)).status).toBe(404)

    const again = await user.api.post(`/api/proposals/${proposal!.id}/apply`, {})
    expect(again.status).toBe(409)
    expect(again.text).toContain(PROPOSAL_USED)
    // The deletion is the assistant's, and undoable.
    const undo = await user.api.post<{ memory: Memory }>(`/api/memories/${wifi.id}/undo`, {})
    expect(undo.body.memory.text).toBe('Old wifi password is tulip42')
  })

  it('Keep leaves the memory; applying after Keep is 409; another user gets 404', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Gym locker 12' })
    fake.enqueue(openaiReply.toolCall('delete_memory', { id: m.id }), openaiReply.text('Proposed.'))
    const sent = await send(user, 'delete the note about the gym locker')
    const [proposal] = await proposalsOf(user, sent.conversationId)

    const other = await t.createUser()
    expect((await other.api.post(`/api/proposals/${proposal!.id}/apply`, {})).status).toBe(404)
    expect((await other.api.get('/api/proposals', { conversationId: sent.conversationId })).body).toEqual({
      proposals: [],
      extracting: false,
    })

    const kept = await user.api.post<MemoryProposal>(`/api/proposals/${proposal!.id}/keep`, {})
    expect(kept.status, kept.text).toBe(200)
    expect(kept.body.status).toBe('kept')
    expect((await memoryOf(user, m.id)).status).toBe(200)
    expect((await user.api.post(`/api/proposals/${proposal!.id}/apply`, {})).status).toBe(409)
    expect((await user.api.post('/api/proposals/not-an-id/apply', {})).status).toBe(400)
  })

  it('an update_memory proposal applied changes the memory, keeps a version, and Undo restores it', async () => {
    const { user, m, sent } = await proposeCorrection()
    expect((await memoryOf(user, m.id)).body.text).toBe("Ana's birthday is on 4 June")
    const [proposal] = await proposalsOf(user, sent.conversationId)
    expect(proposal).toMatchObject({
      kind: 'update',
      before: "Ana's birthday is on 4 June",
      text: "Ana's birthday is on 5 June",
    })
    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${proposal!.id}/apply`, {})
    expect(applied.body.memory).toMatchObject({ text: "Ana's birthday is on 5 June", tags: ['family'] })
    const changed = (await memoryOf(user, m.id)).body
    expect(changed.lastChange).toMatchObject({
      action: 'updated',
      by: 'assistant',
      before: { text: "Ana's birthday is on 4 June" },
    })
    const undo = await user.api.post<{ memory: Memory }>(`/api/memories/${m.id}/undo`, {})
    expect(undo.body.memory.text).toBe("Ana's birthday is on 4 June")
  })

  it('Apply leaves a memory whose text was changed since the proposal; tags added since stay', async () => {
    const { user, m, sent: first } = await proposeCorrection()
    const [update] = await proposalsOf(user, first.conversationId)
    // A tag added before Apply: the change is to the text, the tag stays.
    await user.api.put(`/api/memories/${m.id}`, {
      text: "Ana's birthday is on 4 June",
      tags: 'family, birthdays',
    })
    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${update!.id}/apply`, {})
    expect(applied.status, applied.text).toBe(200)
    expect((await memoryOf(user, m.id)).body).toMatchObject({
      text: "Ana's birthday is on 5 June",
      tags: ['family', 'birthdays'],
    })

    fake.enqueue(
      openaiReply.toolCall('delete_memory', { id: m.id }),
      openaiReply.text('I proposed deleting it.'),
    )
    const second = await send(user, 'forget the note about Ana', first.conversationId)
    const [remove] = (await proposalsOf(user, second.conversationId)).filter((p) => p.kind === 'delete')
    // The text edited before Apply: the deletion is refused and the edit kept.
    await user.api.put(`/api/memories/${m.id}`, {
      text: "Ana's birthday is on 5 June (she turns 40)",
      tags: 'family, birthdays',
    })
    const refused = await user.api.post<ApiErrorBody>(`/api/proposals/${remove!.id}/apply`, {})
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(PROPOSAL_STALE)
    expect((await memoryOf(user, m.id)).body.text).toBe("Ana's birthday is on 5 June (she turns 40)")
  })

  it("a chip's Undo takes back the chat's change only while it is the memory's last one", async () => {
    const { user, m, sent } = await proposeCorrection()
    const [proposal] = await proposalsOf(user, sent.conversationId)
    expect((await user.api.post(`/api/proposals/${proposal!.id}/apply`, {})).status).toBe(200)
    // The person then edits the memory themselves: the chip's Undo must not take their edit back.
    const edited = await user.api.put<Memory>(`/api/memories/${m.id}`, {
      text: "Ana's birthday is on 5 June (she turns 40)",
      tags: 'family, birthdays',
    })
    expect(edited.status, edited.text).toBe(200)
    const undo = await user.api.post<ApiErrorBody>(`/api/proposals/${proposal!.id}/undo`, {})
    expect(undo.status).toBe(409)
    expect(undo.body.message).toBe(PROPOSAL_CHANGED_SINCE)
    expect((await memoryOf(user, m.id)).body).toMatchObject({
      text: "Ana's birthday is on 5 June (she turns 40)",
      tags: ['family', 'birthdays'],
    })
    // Still applied: nothing was taken back.
    const [after] = await proposalsOf(user, sent.conversationId)
    expect(after!.status).toBe('applied')
  })

  it('lapses when the next message is sent: 409 with a readable message', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Parking on level 2' })
    fake.enqueue(openaiReply.toolCall('delete_memory', { id: m.id }), openaiReply.text('Proposed.'))
    const sent = await send(user, 'forget where I parked')
    const [proposal] = await proposalsOf(user, sent.conversationId)
    fake.enqueue(openaiReply.text('Sure.'))
    await send(user, 'thanks', sent.conversationId)
    expect(await proposalsOf(user, sent.conversationId)).toEqual([])
    const late = await user.api.post(`/api/proposals/${proposal!.id}/apply`, {})
    expect(late.status).toBe(409)
    expect(late.text).toContain(PROPOSAL_LAPSED)
    expect((await memoryOf(user, m.id)).status).toBe(200)
  })

  it("another user's memory id is not found, and no proposal is made", async () => {
    const owner = await t.createUser()
    const theirs = await owner.api.memories.create({ text: 'Owner only' })
    const user = await t.createUser()
    fake.enqueue(openaiReply.toolCall('delete_memory', { id: theirs.id }), openaiReply.text('Could not.'))
    const sent = await send(user, 'delete that')
    expect(JSON.stringify(fake.requests[1]!.messages.find((m) => m.role === 'tool')!.content)).toContain(
      'No memory has that id',
    )
    expect(await proposalsOf(user, sent.conversationId)).toEqual([])
    expect((await memoryOf(owner, theirs.id)).status).toBe(200)
  })
})

describe('private memories never reach the model', () => {
  it('not in the prompt, a tool result, a proposal or the briefing’s model call', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const today = todayIn('Europe/Lisbon')
    const secret = await user.api.memories.create({
      text: 'Wifi password for the studio is zebra-velvet-81',
      date: today,
      private: true,
    })
    const open = await user.api.memories.create({ text: 'Wifi at home is on the router label', date: today })

    fake.enqueue(
      openaiReply.toolCalls([
        { name: 'search_memories', arguments: { query: 'wifi password studio' } },
        { name: 'delete_memory', arguments: { id: secret.id } },
        { name: 'update_memory', arguments: { id: secret.id, text: 'changed' } },
      ]),
      openaiReply.text('Your home wifi is on the router label.'),
    )
    const sent = await send(user, 'What is the wifi password for the studio?')
    expect(await proposalsOf(user, sent.conversationId)).toEqual([])

    fake.enqueue(openaiReply.text('Good morning. Wifi at home is on the router label.'))
    const briefing = await user.api.post('/api/dashboard/briefing/regenerate', {})
    expect(briefing.status, briefing.text).toBe(200)

    expect(fake.requests.length).toBeGreaterThanOrEqual(3)
    const everything = JSON.stringify(fake.requests.map((r) => r.raw))
    expect(everything).toContain(open.text)
    expect(everything).not.toContain('zebra-velvet-81')
    // Its id is only where the scripted model itself wrote it (its tool calls), never in what Remi sent back.
    const fromRemi = JSON.stringify(
      fake.requests.flatMap((r) => r.messages.filter((m) => m.role !== 'assistant')),
    )
    expect(fromRemi).not.toContain(secret.id)
    expect(fromRemi).toContain('No memory has that id')
    // The briefing's request was one of them, and it had the open memory of today.
    expect(JSON.stringify(fake.requests.at(-1)!.raw)).toContain(open.text)
  })
})
