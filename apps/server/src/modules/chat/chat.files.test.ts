/**
 * Files sent in the chat (issue 49): uploaded onto a memory of the person's, then sent with the message
 * as attachmentIds; the answer is about them. Offline: it says it saved them and what it read. With a
 * model: the file's name and words are in the message, and a photo is shown as an image only when the
 * model sees (AI_VISION). Another person's file, or a private memory's for a model, is 404.
 */
import type { Attachment, ChatHistory, Memory, SendMessageResponse } from '@remi/shared'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'
import { multipartOf } from '../../test/files.ts'
import { parseEventStream } from '../../test/sse.ts'

async function attach(t: TestApp, who: TestUser, memoryId: string, name: string, data: Buffer | string) {
  const { body, contentType } = multipartOf([{ name, data }])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/memories/${memoryId}/attachments`,
    headers: { ...who.headers, 'content-type': contentType },
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Attachment>()
}

/** What the composer does: a memory named after the files, the files on it. */
async function saveFiles(t: TestApp, who: TestUser, files: Array<{ name: string; data: Buffer | string }>) {
  const memory = await who.api.memories.create({ text: files.map((f) => f.name).join(', ') })
  const attached = []
  for (const file of files) attached.push(await attach(t, who, memory.id, file.name, file.data))
  return { memory, attached }
}

const send = (who: TestUser, body: Record<string, unknown>) =>
  who.api.post<SendMessageResponse & { error?: { message: string } }>('/api/chat/send', body)

/** A photo: a coloured square, bigger than a model is shown (2000 px a side). */
const photo = () =>
  sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer()

describe('offline assistant', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ background: true, jobs: { pollingIntervalSeconds: 1 }, chatFileWaitMs: 20_000 })
  }, 60_000)
  afterAll(() => t?.close())

  it('a file sent alone is saved on a memory; the answer names it and quotes what it read', async () => {
    const user = await t.createUser()
    const words = 'Fridge receipt from Cool Appliances, total 499 euros, paid by card'
    const { memory, attached } = await saveFiles(t, user, [{ name: 'receipt.txt', data: words }])

    const res = await send(user, { content: '', attachmentIds: [attached[0]!.id] })
    expect(res.status, res.text).toBe(200)
    // A message of files alone reads as their names and carries them.
    expect(res.body.userMessage.content).toBe('receipt.txt')
    expect(res.body.userMessage.attachments).toEqual([
      { id: attached[0]!.id, name: 'receipt.txt', type: 'text/plain', memoryId: memory.id },
    ])
    const answer = res.body.assistantMessage.content
    expect(answer).toContain('I saved **receipt.txt** as a memory')
    // The answer waited for the job to read the file's words.
    expect(answer).toContain('total 499 euros')

    // The memory holds the file, and is found by a word only in it.
    const saved = await user.api.get<Memory>(`/api/memories/${memory.id}`)
    expect(saved.body.attachments?.map((a) => a.name)).toEqual(['receipt.txt'])
    const found = await user.api.memories.list({ searchTerm: 'appliances' })
    expect(found.items.map((m) => m.id)).toEqual([memory.id])

    // The history shows the message with its file.
    const history = await user.api.get<ChatHistory>('/api/chat/history')
    const mine = history.body.messages.find((m) => m.isUserMessage)
    expect(mine?.attachments?.map((a) => a.id)).toEqual([attached[0]!.id])
  })

  it('regenerating the answer reads the files again', async () => {
    const user = await t.createUser()
    const { attached } = await saveFiles(t, user, [{ name: 'ticket.txt', data: 'Train to Porto, seat 42' }])
    const sent = await send(user, { content: 'My ticket', attachmentIds: [attached[0]!.id] })
    expect(sent.status, sent.text).toBe(200)
    const again = await user.api.post('/api/chat/regenerate', { conversationId: sent.body.conversationId })
    expect(again.status, again.text).toBe(200)
    const done = parseEventStream(again.text).find((e) => e.event === 'done')
    expect((done?.data as { message: { content: string } }).message.content).toContain(
      'I saved **ticket.txt** as a memory',
    )
    expect((done?.data as { message: { content: string } }).message.content).toContain('seat 42')
  })

  it('the message is kept as typed, beside its files', async () => {
    const user = await t.createUser()
    const { attached } = await saveFiles(t, user, [
      { name: 'letter.md', data: '# School trip\nThe trip to the zoo is on Friday.' },
      { name: 'notes.txt', data: 'Bring a packed lunch.' },
    ])
    const res = await send(user, {
      content: 'The school letter',
      attachmentIds: attached.map((a) => a.id),
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.userMessage.content).toBe('The school letter')
    expect(res.body.userMessage.attachments?.map((a) => a.name)).toEqual(['letter.md', 'notes.txt'])
    expect(res.body.assistantMessage.content).toContain('I saved **letter.md** and **notes.txt** as a memory')
    expect(res.body.assistantMessage.content).toContain('packed lunch')
  })

  it("another person's file, an unknown id and a deleted file are 404; nothing is stored", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const { attached } = await saveFiles(t, owner, [{ name: 'secret.txt', data: 'The safe code is 4711' }])
    for (const ids of [[attached[0]!.id], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await send(other, { content: 'What does it say?', attachmentIds: ids })
      expect(res.status).toBe(404)
    }
    // A file and another's together: still 404.
    const mine = await saveFiles(t, other, [{ name: 'mine.txt', data: 'hello' }])
    const mixed = await send(other, {
      content: 'x',
      attachmentIds: [mine.attached[0]!.id, attached[0]!.id],
    })
    expect(mixed.status).toBe(404)
    const history = await other.api.get<ChatHistory>('/api/chat/history')
    expect(history.body.messages).toEqual([])

    expect((await other.api.delete(`/api/attachments/${mine.attached[0]!.id}`)).status).toBe(204)
    expect((await send(other, { content: 'x', attachmentIds: [mine.attached[0]!.id] })).status).toBe(404)
  })

  it("an access token's message cannot carry a private memory's file (404); a session's can", async () => {
    const user = await t.createUser()
    const memory = await user.api.memories.create({ text: 'Passport', private: true })
    const file = await attach(t, user, memory.id, 'passport.txt', 'Passport number X1234567')
    const token = await user.api.post<{ token: string }>('/api/auth/tokens', {
      name: 'Phone',
      scope: 'write',
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { authorization: `Bearer ${token.body.token}` },
      payload: { content: 'Read this', attachmentIds: [file.id] },
    })
    expect(res.statusCode, res.body).toBe(404)
    // The offline assistant, asked by the person in the app, may read their own private file back.
    expect((await send(user, { content: 'Read this', attachmentIds: [file.id] })).status).toBe(200)
  })

  it('refuses a blank message without files, bad ids and more than 10 files (400)', async () => {
    const user = await t.createUser()
    for (const body of [
      { content: '   ' },
      { content: '', attachmentIds: [] },
      { content: 'x', attachmentIds: ['not-a-uuid'] },
      { content: 'x', attachmentIds: Array.from({ length: 11 }, () => crypto.randomUUID()) },
    ]) {
      const res = await send(user, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('with a model', () => {
  let fake: OpenAIFake
  let seeing: TestApp
  let blind: TestApp
  beforeAll(async () => {
    fake = await startOpenAIFake({ model: 'gpt-test' })
    // No job queue here: a photo's words stay "being read", so the answer waits only this long for them.
    const options = { assistant: { maxRetries: 0 }, chatFileWaitMs: 300 }
    seeing = await buildTestApp({ ...options, env: { ...fake.env, AI_VISION: 'on' } })
    blind = await buildTestApp({ ...options, env: { ...fake.env, AI_VISION: 'off' } })
  }, 60_000)
  afterAll(async () => {
    await seeing?.close()
    await blind?.close()
    await fake?.close()
  })
  beforeEach(() => fake.reset())

  /** The parts of the last user message the fake was sent. */
  const lastUserParts = () => {
    const messages = fake.requests.at(-1)!.raw.messages as Array<{ role: string; content: unknown }>
    const content = messages.at(-1)!.content
    expect(messages.at(-1)!.role).toBe('user')
    return (Array.isArray(content) ? content : [{ type: 'text', text: content }]) as Array<{
      type: string
      text?: string
      image_url?: { url: string }
    }>
  }

  it('AI_VISION=on: a photo is shown as an image (a JPEG at most 1568 px a side) beside its name', async () => {
    const user = await seeing.createUser()
    const { attached } = await saveFiles(seeing, user, [{ name: 'boarding-pass.jpg', data: await photo() }])
    fake.enqueue(openaiReply.text('I saved your boarding pass; it is a blue square.'))
    const res = await user.api.post('/api/chat/stream', {
      content: 'What is this?',
      attachmentIds: [attached[0]!.id],
    })
    expect(res.status, res.text).toBe(200)
    expect(parseEventStream(res.text).map((e) => e.event)).toContain('done')

    const parts = lastUserParts()
    expect(parts[0]!.type).toBe('text')
    expect(parts[0]!.text).toContain('What is this?')
    expect(parts[0]!.text).toContain('File "boarding-pass.jpg" (the image is attached below)')
    expect(parts[0]!.text).toContain('saved as a new memory')
    const images = parts.filter((p) => p.type === 'image_url')
    expect(images).toHaveLength(1)
    const url = images[0]!.image_url!.url
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true)
    const meta = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata()
    expect([meta.width, meta.height]).toEqual([1568, 941])
  })

  it('AI_VISION=off: the model gets the name only, no image', async () => {
    const user = await blind.createUser()
    const { attached } = await saveFiles(blind, user, [{ name: 'boarding-pass.jpg', data: await photo() }])
    fake.enqueue(openaiReply.text('Saved.'))
    const res = await send(user, { content: 'What is this?', attachmentIds: [attached[0]!.id] })
    expect(res.status, res.text).toBe(200)
    const parts = lastUserParts()
    expect(parts.map((p) => p.type)).toEqual(['text'])
    expect(parts[0]!.text).toContain('File "boarding-pass.jpg". Its words are still being read.')
  })

  it("a private memory's file is never given to a model: 404, and no request is made", async () => {
    const user = await seeing.createUser()
    const memory = await user.api.memories.create({ text: 'Passport scan', private: true })
    const file = await attach(seeing, user, memory.id, 'passport.jpg', await photo())
    const res = await send(user, { content: 'Read this', attachmentIds: [file.id] })
    expect(res.status).toBe(404)
    expect(fake.requests).toHaveLength(0)
  })
})
