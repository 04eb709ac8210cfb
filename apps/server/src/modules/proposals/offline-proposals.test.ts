import type { AppliedProposal, MemoryProposalList, SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ integrations: { languageModel: null } })
})
afterAll(() => t.close())

async function send(user: TestUser, content: string) {
  const res = await user.api.post<SendMessageResponse>('/api/chat/send', { content })
  expect(res.status, res.text).toBe(200)
  const proposals = await user.api.get<MemoryProposalList>('/api/proposals', {
    conversationId: res.body.conversationId,
  })
  return { answer: res.body.assistantMessage, proposals: proposals.body.proposals }
}

describe('the offline assistant proposes changes', () => {
  it('"forget the note about the wifi" with two matching memories offers both', async () => {
    const user = await t.createUser()
    const home = await user.api.memories.create({ text: 'Home wifi password is tulip42' })
    const cabin = await user.api.memories.create({ text: 'Cabin wifi is pinecone7' })
    await user.api.memories.create({ text: 'Dentist on Friday' })
    const { answer, proposals } = await send(user, 'forget the note about the wifi')
    expect(answer.content).toContain('These 2 memories match')
    expect(answer.content).toContain('Home wifi password is tulip42')
    expect(answer.content).toContain('Cabin wifi is pinecone7')
    expect(proposals.map((p) => [p.kind, p.memoryId]).sort()).toEqual(
      [
        ['delete', home.id],
        ['delete', cabin.id],
      ].sort(),
    )
    // Nothing changed until one is chosen; choosing one deletes that one only.
    expect((await user.api.memories.list()).totalCount).toBe(3)
    const chosen = proposals.find((p) => p.memoryId === cabin.id)!
    expect((await user.api.post<AppliedProposal>(`/api/proposals/${chosen.id}/apply`, {})).status).toBe(200)
    const left = (await user.api.memories.list()).items.map((m) => m.id)
    expect(left).toContain(home.id)
    expect(left).not.toContain(cabin.id)
  })

  it('"actually …" proposes the correction; "change … to …" too', async () => {
    const user = await t.createUser()
    const birthday = await user.api.memories.create({ text: "My sister Ana's birthday is June 4" })
    const fixed = await send(user, "Actually, Ana's birthday is June 5")
    expect(fixed.proposals).toMatchObject([
      {
        kind: 'update',
        memoryId: birthday.id,
        before: "My sister Ana's birthday is June 4",
        text: "Ana's birthday is June 5",
      },
    ])
    expect(fixed.answer.content).toContain("Change it to “Ana's birthday is June 5”?")

    const gym = await user.api.memories.create({ text: 'Gym locker code is 1234' })
    const changed = await send(user, 'change the gym locker code to 9876')
    expect(changed.proposals).toMatchObject([
      { kind: 'update', memoryId: gym.id, text: 'Gym locker code is 9876' },
    ])
    expect((await user.api.get(`/api/memories/${gym.id}`)).body).toMatchObject({
      text: 'Gym locker code is 1234',
    })
  })

  it('a fact told and not saved gets "Save as memory": a create proposal, saved when applied', async () => {
    const user = await t.createUser()
    const { answer, proposals } = await send(user, 'I parked on level 3, spot B12')
    expect(answer.content).toContain(
      "I haven't saved that. To keep it as a memory, send: “Remember I parked on level 3, spot B12”.",
    )
    expect(proposals).toMatchObject([
      { kind: 'create', text: 'I parked on level 3, spot B12', status: 'pending' },
    ])
    expect((await user.api.memories.list()).totalCount).toBe(0)
    const applied = await user.api.post<AppliedProposal>(`/api/proposals/${proposals[0]!.id}/apply`, {})
    expect(applied.body.memory).toMatchObject({ text: 'I parked on level 3, spot B12' })
    const [saved] = (await user.api.memories.list()).items
    expect(saved?.lastChange).toMatchObject({ action: 'created', by: 'assistant' })
    // The chip knows the memory it saved, so it offers Undo, which removes it.
    expect(applied.body.proposal).toMatchObject({ status: 'applied', memoryId: saved!.id })
    const undo = await user.api.post(`/api/proposals/${proposals[0]!.id}/undo`, {})
    expect(undo.status, undo.text).toBe(200)
    expect((await user.api.memories.list()).totalCount).toBe(0)
  })

  it('nothing to match: says how to change memories, proposes nothing', async () => {
    const user = await t.createUser()
    const { answer, proposals } = await send(user, 'delete the note about the boat')
    expect(answer.content).toMatch(/^I can't change or delete memories/)
    expect(proposals).toEqual([])
  })
})
