/**
 * Imports keep their notes' files (issue 49): a Google Keep Takeout, an Evernote export and a Bear backup,
 * each made here with a PNG, a PDF and a file too big to attach, import a memory with the PNG and the PDF
 * as attachments (byte for byte), read like uploaded files (the memory is found by a word only in the PDF);
 * the big one is skipped and reported in words. Also the real exports among the fixtures (an Evernote
 * PNG, a Bear JPEG) and the allowance: a file past it is reported, the import still done.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ATTACHMENT_TOO_LARGE, type Memory, type NoteImport, type NoteImportCreated } from '@remi/shared'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryAttachments } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { pdfOf } from '../../test/files.ts'
import { openArchive, readSmall } from './parsers/archive.ts'
import { multipartOf, zipOf } from './test-files.ts'

const fixtures = new URL('./fixtures/', import.meta.url).pathname
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
/** One byte more than an attachment may be (its contents never read: the size refuses it). */
const BIG = Buffer.alloc(20 * 1024 * 1024 + 1)

let t: TestApp

beforeAll(async () => {
  // An allowance of 2 MB each: the last test reaches it.
  t = await buildTestApp({
    background: true,
    jobs: { pollingIntervalSeconds: 1 },
    env: { ATTACHMENTS_MAX_MB_PER_USER: '2' },
  })
}, 60_000)
afterAll(() => t?.close())

async function importAll(who: TestUser, name: string, data: Buffer | string) {
  const { body, contentType } = multipartOf([{ name, data }])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...who.headers, 'content-type': contentType },
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(201)
  const created = res.json<NoteImportCreated>()
  expect((await who.api.post(`/api/imports/${created.id}/start`)).status).toBe(202)
  let done: NoteImport | undefined
  await vi.waitFor(
    async () => {
      done = (await who.api.get<NoteImport>(`/api/imports/${created.id}`)).body
      expect(done.status).toBe('done')
    },
    { timeout: 60_000, interval: 100 },
  )
  return { preview: created.preview, done: done! }
}

/** The memory whose first line is `title`, once its files are read. */
async function readMemory(who: TestUser, title: string): Promise<Memory> {
  let memory: Memory | undefined
  await vi.waitFor(
    async () => {
      const { items } = await who.api.memories.list({ pageSize: 100 })
      memory = items.find((m) => m.text.split('\n')[0] === title)
      expect(memory?.attachments?.length).toBeGreaterThan(0)
      expect(memory!.attachments!.some((a) => a.status === 'reading')).toBe(false)
    },
    { timeout: 60_000, interval: 200 },
  )
  return memory!
}

/** Each attachment's name and the SHA-256 of its bytes as served. */
async function served(who: TestUser, memory: Memory) {
  const out: Record<string, string> = {}
  for (const a of memory.attachments ?? []) {
    const res = await t.app.inject({ url: `/api/attachments/${a.id}`, headers: who.headers })
    expect(res.statusCode).toBe(200)
    out[a.name] = sha256(res.rawPayload)
  }
  return out
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a8' } })
    .png()
    .toBuffer()

/** What each format's test checks: both files attached and read, the big one reported, the PDF's word found. */
async function expectKept(
  who: TestUser,
  result: { preview: NoteImport; done: NoteImport },
  title: string,
  files: { png: Buffer; pdf: Buffer },
  word: string,
) {
  const { preview, done } = result
  expect(preview.counts).toMatchObject({ toImport: 1, files: 2, filesLeftOut: 1 })
  expect(preview.summary).toBe('1 note found: 1 to import; 2 files to attach, 1 not attached')
  expect(preview.preview[0]!.files).toEqual(['photo.png', 'scan.pdf'])
  expect(preview.skipped).toEqual([
    { note: title, reason: `“big.png” not attached: ${ATTACHMENT_TOO_LARGE}` },
  ])
  expect(done.summary).toBe('1 note found: 1 to import; 2 files attached, 1 not attached')

  const memory = await readMemory(who, title)
  expect(memory.attachments!.map((a) => [a.name, a.type, a.status])).toEqual([
    ['photo.png', 'image/png', 'ready'],
    ['scan.pdf', 'application/pdf', 'ready'],
  ])
  expect(await served(who, memory)).toEqual({ 'photo.png': sha256(files.png), 'scan.pdf': sha256(files.pdf) })
  const found = await who.api.memories.list({ searchTerm: word })
  expect(found.items.map((m) => m.id)).toEqual([memory.id])
}

describe('imports keep their notes’ files', () => {
  it('Google Keep: the files a Takeout note names, beside it in the archive', async () => {
    const who = await t.createUser()
    const files = { png: await png(), pdf: pdfOf(['Invoice', 'Paid to Quillwortco']) }
    const note = {
      title: 'Garage invoice',
      textContent: 'Brakes done',
      userEditedTimestampUsec: 1_700_000_000_000_000,
      isTrashed: false,
      isArchived: false,
      attachments: [
        { filePath: 'photo.png', mimetype: 'image/png' },
        { filePath: 'scan.pdf', mimetype: 'application/pdf' },
        { filePath: 'big.png', mimetype: 'image/png' },
      ],
    }
    const zip = zipOf([
      { name: 'Takeout/Keep/Garage invoice.json', data: Buffer.from(JSON.stringify(note)) },
      { name: 'Takeout/Keep/photo.png', data: files.png },
      { name: 'Takeout/Keep/scan.pdf', data: files.pdf },
      { name: 'Takeout/Keep/big.png', data: BIG },
    ])
    const result = await importAll(who, 'takeout.zip', zip)
    await expectKept(who, result, 'Garage invoice', files, 'quillwortco')
  }, 120_000)

  it('Evernote: a note’s resources (base64 in the .enex), named by their file-name', async () => {
    const who = await t.createUser()
    const files = { png: await png(), pdf: pdfOf(['Warranty', 'Valid at Bergamotte stores']) }
    const resource = (data: Buffer, mime: string, name: string) =>
      `<resource><data encoding="base64">\n${data.toString('base64').replace(/.{76}/g, '$&\n')}\n</data><mime>${mime}</mime><resource-attributes><file-name>${name}</file-name></resource-attributes></resource>`
    const hash = (data: Buffer) => createHash('md5').update(data).digest('hex')
    const enex = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">
<en-export><note><title>Fridge warranty</title><content><![CDATA[<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd"><en-note><div>Bought in May</div><en-media hash="${hash(files.png)}" type="image/png"/><en-media hash="${hash(files.pdf)}" type="application/pdf"/></en-note>]]></content><created>20260101T000000Z</created>${resource(files.png, 'image/png', 'photo.png')}${resource(files.pdf, 'application/pdf', 'scan.pdf')}${resource(BIG, 'image/png', 'big.png')}</note></en-export>`
    const result = await importAll(who, 'Appliances.enex', enex)
    await expectKept(who, result, 'Fridge warranty', files, 'bergamotte')
  }, 120_000)

  it('Bear: the files of a TextBundle’s assets folder', async () => {
    const who = await t.createUser()
    const files = { png: await png(), pdf: pdfOf(['Recipe card', 'Add the Tamarillo jam']) }
    const bundle = 'Bear Notes 2026-01-01.bear2bk/Cake.textbundle'
    const zip = zipOf([
      {
        name: `${bundle}/text.md`,
        data: Buffer.from(
          '# Cake\n\nGran’s recipe\n\n![](assets/photo.png)\n\n[scan.pdf](assets/scan.pdf)\n',
        ),
      },
      { name: `${bundle}/info.json`, data: Buffer.from('{"net.shinyfrog.bear": {"trashed": 0,},}') },
      { name: `${bundle}/assets/photo.png`, data: files.png },
      { name: `${bundle}/assets/scan.pdf`, data: files.pdf },
      { name: `${bundle}/assets/big.png`, data: BIG },
    ])
    const result = await importAll(who, 'Notes.bear2bk', zip)
    await expectKept(who, result, 'Cake', files, 'tamarillo')
  }, 120_000)

  it('the real exports: an Evernote note’s PNG and a Bear note’s JPEG come along byte for byte', async () => {
    const who = await t.createUser()
    const enex = readFileSync(join(fixtures, 'evernote', 'image-size.enex'), 'utf8')
    const base64 = /<data[^>]*>([\s\S]*?)<\/data>/.exec(enex)![1]!
    const title = /<title>([^<]*)<\/title>/.exec(enex)![1]!
    await importAll(who, 'image-size.enex', enex)
    const evernote = await readMemory(who, title)
    expect(evernote.attachments!.map((a) => a.type)).toEqual(['image/png'])
    expect(Object.values(await served(who, evernote))).toEqual([sha256(Buffer.from(base64, 'base64'))])

    const bear = join(fixtures, 'bear', 'backup.bear2bk')
    const { done } = await importAll(who, 'backup.bear2bk', readFileSync(bear))
    expect(done.counts.files).toBe(1)
    const archive = await openArchive(bear)
    const acorn = archive.files.find((f) => f.name.endsWith('/assets/acorn.jpeg'))!
    const bytes = await readSmall(acorn)
    archive.close()
    const memory = await readMemory(who, 'File with asset, content, and a tag')
    expect(memory.attachments!.map((a) => [a.name, a.type, a.status])).toEqual([
      ['acorn.jpeg', 'image/jpeg', 'ready'],
    ])
    // A JPEG is shown re-encoded without its metadata; the file kept is the one in the backup.
    const [stored] = await t.db
      .select({ data: memoryAttachments.data })
      .from(memoryAttachments)
      .where(eq(memoryAttachments.id, memory.attachments![0]!.id))
    expect(sha256(stored!.data)).toBe(sha256(bytes))
  }, 120_000)

  it('a file past the person’s allowance is reported, and the rest of the import is done', async () => {
    const who = await t.createUser()
    // 1.5 MB each (a PDF's header, then padding): the first fits the 2 MB allowance, the second not.
    const pdf = (n: number) => Buffer.concat([pdfOf([`Page ${n}`]), Buffer.alloc(1_500_000, 0x20)])
    const note = (title: string, file: string) => ({
      title,
      textContent: 'Scanned',
      userEditedTimestampUsec: 1_700_000_000_000_000,
      attachments: [{ filePath: file, mimetype: 'application/pdf' }],
    })
    const zip = zipOf([
      { name: 'Takeout/Keep/One.json', data: Buffer.from(JSON.stringify(note('One', 'one.pdf'))) },
      { name: 'Takeout/Keep/one.pdf', data: pdf(1) },
      { name: 'Takeout/Keep/Two.json', data: Buffer.from(JSON.stringify(note('Two', 'two.pdf'))) },
      { name: 'Takeout/Keep/two.pdf', data: pdf(2) },
    ])
    const { preview, done } = await importAll(who, 'takeout.zip', zip)
    expect(preview.counts).toMatchObject({ toImport: 2, files: 1, filesLeftOut: 1 })
    expect(preview.skipped).toEqual([
      {
        note: 'Two',
        reason: expect.stringMatching(/^“two\.pdf” not attached: This file would take your files past 2 MB/),
      },
    ])
    expect(done.counts.created).toBe(2)
    expect((await readMemory(who, 'One')).attachments!.map((a) => a.name)).toEqual(['one.pdf'])
  }, 120_000)
})
