/**
 * Files on memories (issue 49), through the API on a real database and the real job queue: a PDF, a
 * DOCX and a photo of printed words (made here) are read and found by a word only in the file, by the
 * search box and by recall; thumbnails; limits (20 MB, the allowance, pixel and zip bombs); SVG served
 * as a download; another person's file is not found; a model and an MCP client get a file's name and
 * the part of its words that answers, never a private memory's.
 */
import type { AddressInfo } from 'node:net'
import { deflateRawSync, crc32 } from 'node:zlib'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  ATTACHMENT_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  type Attachment,
  type CreatedAccessToken,
  type Memory,
} from '@remi/shared'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { docxOf, multipartOf, pdfOf, pngClaiming, zipOf } from '../../test/files.ts'
import { scriptedModel, systemPromptOf, textParts } from '../../test/mock-model.ts'
import { createAssistant } from '../assistant/index.ts'
import { DOCX_TOO_BIG } from './zip-size.ts'

let t: TestApp
let user: TestUser

beforeAll(async () => {
  // An allowance of 1 MB each, so the test reaches it with small files.
  t = await buildTestApp({
    background: true,
    jobs: { pollingIntervalSeconds: 1 },
    env: { ATTACHMENTS_MAX_MB_PER_USER: '1' },
  })
  user = await t.createUser()
}, 60_000)
afterAll(() => t?.close())

async function attach(who: TestUser, memoryId: string, name: string, data: Buffer | string) {
  const { body, contentType } = multipartOf([{ name, data }])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/memories/${memoryId}/attachments`,
    headers: { ...who.headers, 'content-type': contentType },
    payload: body,
  })
  return { status: res.statusCode, body: res.json<Attachment & { message?: string }>() }
}

/** The memory once its files are read (none still "reading"). */
async function whenRead(who: TestUser, memoryId: string): Promise<Memory> {
  let memory: Memory | undefined
  await vi.waitFor(
    async () => {
      const res = await who.api.get<Memory>(`/api/memories/${memoryId}`)
      expect(res.body.attachments?.some((a) => a.status === 'reading')).toBe(false)
      memory = res.body
    },
    { timeout: 60_000, interval: 200 },
  )
  return memory!
}

async function foundBySearchAndRecall(who: TestUser, word: string, memoryId: string) {
  const list = await who.api.memories.list({ searchTerm: word })
  expect(list.items.map((m) => m.id)).toEqual([memoryId])
  const recalled = await t.app.services.recall.find(who.id, { query: `what about the ${word}?`, limit: 8 })
  expect(recalled.map((m) => m.id)).toContain(memoryId)
}

/** Printed words on white, rendered from SVG text by sharp: what OCR reads. */
const photoOfWords = (words: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="white"/><text x="20" y="120" font-family="DejaVu Sans, sans-serif" font-size="64" fill="black">${words}</text></svg>`,
    ),
  )
    .png()
    .toBuffer()

describe('files on memories', () => {
  it('reads a PDF, a DOCX and a photo of words; each memory is found by a word only in its file', async () => {
    const pdfMemory = await user.api.memories.create({ text: 'Contract for the flat' })
    const pdf = await attach(
      user,
      pdfMemory.id,
      'lease.pdf',
      pdfOf(['Lease agreement', 'Deposit held by Zanzibarco']),
    )
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201)
    expect(pdf.body).toMatchObject({ name: 'lease.pdf', type: 'application/pdf', status: 'reading' })

    const docxMemory = await user.api.memories.create({ text: 'Letter from school' })
    const docx = await attach(
      user,
      docxMemory.id,
      'letter.docx',
      docxOf(['Dear parents,', 'The quokka trip is on Monday.']),
    )
    expect(docx.status, JSON.stringify(docx.body)).toBe(201)
    expect(docx.body.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')

    const photoMemory = await user.api.memories.create({ text: 'Shop receipt' })
    const photo = await attach(user, photoMemory.id, 'receipt.png', await photoOfWords('Receipt kumquat 42'))
    expect(photo.status, JSON.stringify(photo.body)).toBe(201)
    expect(photo.body).toMatchObject({ type: 'image/png', width: 900, height: 200 })

    const readPdf = await whenRead(user, pdfMemory.id)
    expect(readPdf.attachments).toEqual([expect.objectContaining({ status: 'ready', pages: 1 })])
    expect((await whenRead(user, docxMemory.id)).attachments![0]!.status).toBe('ready')
    expect((await whenRead(user, photoMemory.id)).attachments![0]!.status).toBe('ready')

    await foundBySearchAndRecall(user, 'zanzibarco', pdfMemory.id)
    await foundBySearchAndRecall(user, 'quokka', docxMemory.id)
    await foundBySearchAndRecall(user, 'kumquat', photoMemory.id)
    // Deleting the file takes its words out of the search.
    expect((await user.api.delete(`/api/attachments/${docx.body.id}`)).status).toBe(204)
    expect((await user.api.memories.list({ searchTerm: 'quokka' })).items).toEqual([])
  }, 120_000)

  it("makes thumbnails: the photo small and without its metadata, a PDF's first page", async () => {
    const memory = await user.api.memories.create({ text: 'Holiday photo' })
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'taken at home' } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const photo = await attach(user, memory.id, 'beach.jpg', jpeg)
    expect(photo.status).toBe(201)
    const thumb = await t.app.inject({
      url: `/api/attachments/${photo.body.id}/thumbnail`,
      headers: user.headers,
    })
    expect(thumb.statusCode).toBe(200)
    expect(thumb.headers['content-type']).toBe('image/webp')
    const meta = await sharp(thumb.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 213 })
    expect(meta.exif).toBeUndefined()
    // Shown in place with its sniffed type, and without the metadata.
    const shown = await t.app.inject({ url: `/api/attachments/${photo.body.id}`, headers: user.headers })
    expect(shown.headers['content-type']).toBe('image/jpeg')
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="beach.jpg"/)
    expect(shown.headers['x-content-type-options']).toBe('nosniff')
    expect(shown.headers['content-security-policy']).toMatch(/^sandbox/)
    expect((await sharp(shown.rawPayload).metadata()).exif).toBeUndefined()

    // A PDF's first page, drawn once it is read: a page-shaped WebP (US Letter, 612 × 792 points).
    const pdf = await attach(user, memory.id, 'ticket.pdf', pdfOf(['Boarding pass']))
    await whenRead(user, memory.id)
    const page = await t.app.inject({
      url: `/api/attachments/${pdf.body.id}/thumbnail`,
      headers: user.headers,
    })
    expect(page.statusCode).toBe(200)
    expect(await sharp(page.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 414 })
    // Dark text on the white page: not a blank picture.
    const { channels } = await sharp(page.rawPayload).stats()
    expect(channels[0]!.min).toBeLessThan(128)
    // The PDF itself is a download, byte for byte.
    const file = await t.app.inject({ url: `/api/attachments/${pdf.body.id}`, headers: user.headers })
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="ticket.pdf"/)
    expect(file.rawPayload.equals(pdfOf(['Boarding pass']))).toBe(true)
  }, 60_000)

  it('keeps a photo cut short: a download, with an icon for its thumbnail', async () => {
    const memory = await user.api.memories.create({ text: 'Half a photo' })
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a53' } })
      .jpeg()
      .toBuffer()
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2))
    const added = await attach(user, memory.id, 'cut.jpg', cut)
    expect(added.body).toMatchObject({ type: 'image/jpeg', width: 400, height: 300 })
    const res = await t.app.inject({ url: `/api/attachments/${added.body.id}`, headers: user.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment;/)
    expect(res.rawPayload.equals(cut)).toBe(true)
    const thumb = await t.app.inject({
      url: `/api/attachments/${added.body.id}/thumbnail`,
      headers: user.headers,
    })
    expect(thumb.statusCode).toBe(200)
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp')
    await whenRead(user, memory.id)
  })

  it('serves an SVG with a script only as a download', async () => {
    const memory = await user.api.memories.create({ text: 'A drawing' })
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'
    const added = await attach(user, memory.id, 'drawing.svg', svg)
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ type: 'image/svg+xml', status: 'ready' })
    const res = await t.app.inject({ url: `/api/attachments/${added.body.id}`, headers: user.headers })
    expect(res.headers['content-disposition']).toMatch(/^attachment;/)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toMatch(/^sandbox/)
    expect(res.body).toBe(svg)
  })

  it('refuses a file over 20 MB, one past the allowance (naming it), and a pixel bomb; a zip bomb is not read', async () => {
    const memory = await user.api.memories.create({ text: 'Big files' })
    const big = await attach(user, memory.id, 'big.txt', Buffer.alloc(21 * 1024 * 1024, 'a'))
    expect(big).toMatchObject({ status: 413, body: { message: ATTACHMENT_TOO_LARGE } })

    const other = await t.createUser()
    const theirs = await other.api.memories.create({ text: 'Notes' })
    expect((await attach(other, theirs.id, 'a.txt', Buffer.alloc(700_000, 'a'))).status).toBe(201)
    const past = await attach(other, theirs.id, 'b.txt', Buffer.alloc(400_000, 'b'))
    expect(past.status).toBe(413)
    expect(past.body.message).toContain('ATTACHMENTS_MAX_MB_PER_USER')
    expect(past.body.message).toContain('1 MB')

    const bomb = await attach(user, memory.id, 'huge.png', pngClaiming(20_000, 20_000))
    expect(bomb).toMatchObject({ status: 413, body: { message: IMAGE_TOO_MANY_PIXELS } })

    // 80 MB of zeros in 16 KB: the document is refused before any reader unpacks it.
    const zeros = Buffer.alloc(16 * 1024 * 1024)
    const shared = { bytes: deflateRawSync(zeros), size: zeros.length, crc: crc32(zeros) }
    const zipBomb = zipOf([
      {
        name: '[Content_Types].xml',
        data: Buffer.from(
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
      },
      ...Array.from({ length: 5 }, (_, i) => ({ name: `word/media/z${i}.bin`, deflated: shared })),
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ])
    const docx = await attach(user, memory.id, 'bomb.docx', zipBomb)
    expect(docx.status, JSON.stringify(docx.body)).toBe(201)
    const read = await whenRead(user, memory.id)
    expect(read.attachments).toEqual([expect.objectContaining({ status: 'failed', reason: DOCX_TOO_BIG })])
  }, 60_000)

  it("answers 404 for another person's file or memory, and deletes a memory's files with it", async () => {
    const memory = await user.api.memories.create({ text: 'Mine' })
    const added = await attach(user, memory.id, 'note.md', '# Shopping\n\nmilk')
    expect(added.body.type).toBe('text/markdown')
    const stranger = await t.createUser()
    for (const url of [`/api/attachments/${added.body.id}`, `/api/attachments/${added.body.id}/thumbnail`])
      expect((await stranger.api.get(url)).status).toBe(404)
    expect((await stranger.api.delete(`/api/attachments/${added.body.id}`)).status).toBe(404)
    expect((await attach(stranger, memory.id, 'x.txt', 'hello')).status).toBe(404)

    expect((await user.api.get<Memory>(`/api/memories/${memory.id}`)).body.attachments).toEqual([
      expect.objectContaining({ id: added.body.id, name: 'note.md', size: 16 }),
    ])
    // A memory made from a file alone says its name, then the file's first line once read.
    const named = await user.api.memories.create({ text: 'list.md' })
    await attach(user, named.id, 'list.md', '\n# Groceries for Sunday\n\n- milk')
    await vi.waitFor(
      async () =>
        expect((await user.api.get<Memory>(`/api/memories/${named.id}`)).body.text).toBe(
          'Groceries for Sunday',
        ),
      { timeout: 30_000, interval: 200 },
    )

    expect((await user.api.delete(`/api/memories/${memory.id}`)).status).toBe(204)
    expect((await user.api.get(`/api/attachments/${added.body.id}`)).status).toBe(404)
  })
})

describe("files' words for a model and MCP clients", () => {
  it("gives the model the file's excerpt with its name, and an MCP client its name and words; never a private memory's", async () => {
    const who = await t.createUser()
    const memory = await who.api.memories.create({ text: 'Insurance papers' })
    const policy = `${'Terms and conditions apply. '.repeat(30)}The insurer is Frobozzle Mutual, renewal in March. ${'More small print. '.repeat(30)}`
    await attach(who, memory.id, 'policy.txt', policy)
    const secret = await who.api.memories.create({ text: 'Medical letter', private: true })
    const scan = await attach(who, secret.id, 'scan.txt', 'Diagnosis letter from the Frobozzle clinic')
    await whenRead(who, memory.id)
    await whenRead(who, secret.id)

    // The model: the memory's line in the prompt carries the part of the file that holds the words.
    const scripted = scriptedModel([textParts('Frobozzle Mutual.')])
    const assistant = createAssistant({
      services: t.app.services,
      languageModel: scripted.languageModel,
      env: { ai: { tools: 'off' } },
    })
    await assistant.answer({
      userId: who.id,
      content: 'who is my frobozzle insurer?',
      history: [],
      offlineIntroduced: false,
      signal: new AbortController().signal,
      onEvent: () => {},
    })
    const system = systemPromptOf(scripted.calls[0]!)
    expect(system).toMatch(
      /Insurance papers \[file "policy\.txt": …[^\]]*The insurer is Frobozzle Mutual, renewal in March\.[^\]]*…\]/,
    )
    expect(system).not.toContain('Diagnosis')

    // An MCP client: the file's name and words in search_memories, and its bytes never (a token's 404).
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const created = await who.api.post<CreatedAccessToken>('/api/auth/tokens', { name: 'MCP', scope: 'read' })
    const client = new Client({ name: 'remi-test-client', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${created.body.token}` } },
      }),
    )
    try {
      const result = (await client.callTool({
        name: 'search_memories',
        arguments: { query: 'frobozzle' },
      })) as CallToolResult
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')
      expect(text).toContain('[file "policy.txt": …')
      expect(text).toContain('Frobozzle Mutual')
      expect(text).not.toContain('scan.txt')
      expect(text).not.toContain('Diagnosis')
    } finally {
      await client.close()
    }
    const bearer = { authorization: `Bearer ${created.body.token}` }
    expect(
      (await t.app.inject({ url: `/api/attachments/${scan.body.id}`, headers: bearer })).statusCode,
    ).toBe(404)
  }, 60_000)
})
