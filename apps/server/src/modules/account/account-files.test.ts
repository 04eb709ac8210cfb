/**
 * Memories' files in the account's life (issue 49): Undo of a deletion brings them back byte for byte;
 * the export is a zip of the JSON and the files; its import puts them back (byte for byte, found by
 * their words, within the allowance, for the signed-in person only); an old JSON export still imports;
 * a bad zip (a '../' name, too many entries, a zip bomb, no JSON) is a 400.
 */
import { createHash } from 'node:crypto'
import { deflateRawSync } from 'node:zlib'
import {
  ACCOUNT_ZIP_ENTRIES_MAX,
  type AccountExport,
  type Attachment,
  type ImportAccountResult,
  type Memory,
} from '@remi/shared'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { multipartOf, pdfOf, zipOf } from '../../test/files.ts'

let t: TestApp
beforeAll(async () => {
  // An allowance of 1 MB each, so the quota is reached with small files.
  t = await buildTestApp({
    background: true,
    jobs: { pollingIntervalSeconds: 1 },
    env: { ATTACHMENTS_MAX_MB_PER_USER: '1' },
  })
}, 60_000)
afterAll(() => t?.close())

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')

async function attach(who: TestUser, memoryId: string, name: string, data: Buffer | string) {
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

/** The memory once its files are read (none still "reading"). */
async function whenRead(who: TestUser, memoryId: string): Promise<Memory> {
  let memory: Memory | undefined
  await vi.waitFor(
    async () => {
      const res = await who.api.get<Memory>(`/api/memories/${memoryId}`)
      expect(res.body.attachments?.length).toBeGreaterThan(0)
      expect(res.body.attachments?.some((a) => a.status === 'reading')).toBe(false)
      memory = res.body
    },
    { timeout: 60_000, interval: 200 },
  )
  return memory!
}

/** The file's bytes as GET /api/attachments/:id serves them, as a sha256 (null: not found). */
async function served(who: TestUser, id: string): Promise<string | null> {
  const res = await t.app.inject({ url: `/api/attachments/${id}`, headers: who.headers })
  return res.statusCode === 200 ? sha(res.rawPayload) : null
}

const thumbnail = async (who: TestUser, id: string) =>
  sha((await t.app.inject({ url: `/api/attachments/${id}/thumbnail`, headers: who.headers })).rawPayload)

const found = async (who: TestUser, word: string) => (await who.api.memories.list({ searchTerm: word })).items

async function exportZip(who: TestUser) {
  const res = await t.app.inject({ url: '/api/auth/user/export', headers: who.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res
}

const importZip = (who: TestUser, zip: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/user/import',
    headers: { ...who.headers, 'content-type': 'application/zip' },
    payload: zip,
  })

/** Every entry of a zip, by name. */
async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  )
  const out = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('end', resolve)
    zip.on('error', reject)
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        for await (const chunk of stream) chunks.push(chunk as Buffer)
        out.set(entry.fileName, Buffer.concat(chunks))
        zip.readEntry()
      }),
    )
    zip.readEntry()
  })
  return out
}

/** An empty zip whose last record claims `count` entries. */
function manyEntries(count: number): Buffer {
  const zip = zipOf([])
  zip.writeUInt16LE(count, zip.length - 14)
  zip.writeUInt16LE(count, zip.length - 12)
  return zip
}

/** A text file of about `kb` KB whose only rare word is `word`. */
const notesWith = (word: string, kb = 1) =>
  `Shopping notes\nRemember the ${word} for Sunday.\n${'plain filler words here\n'.repeat(kb * 43)}`

describe('Undo of a deletion', () => {
  it('brings the memory back with its files, byte for byte, found by their words', async () => {
    const user = await t.createUser()
    const memory = await user.api.memories.create({ text: 'Kitchen list' })
    const file = await attach(user, memory.id, 'notes.txt', notesWith('marzipanique'))
    await whenRead(user, memory.id)
    const before = await served(user, file.id)
    expect(before).not.toBeNull()
    expect((await found(user, 'marzipanique')).map((m) => m.id)).toEqual([memory.id])

    expect((await user.api.delete(`/api/memories/${memory.id}`)).status).toBe(204)
    expect(await served(user, file.id)).toBeNull()
    expect(await found(user, 'marzipanique')).toEqual([])

    const undo = await user.api.post<{ memory: Memory }>(`/api/memories/${memory.id}/undo`, {})
    expect(undo.status, undo.text).toBe(200)
    expect(undo.body.memory.attachments).toEqual([expect.objectContaining({ id: file.id, status: 'ready' })])
    expect(await served(user, file.id)).toBe(before)
    expect((await found(user, 'marzipanique')).map((m) => m.id)).toEqual([memory.id])
  })
})

describe('account export and import with files', () => {
  it('a zip of the JSON and the files goes out and comes back byte for byte, found by their words', async () => {
    const alice = await t.createUser()
    const receipt = await alice.api.memories.create({ text: 'Receipt from the market', tags: ['shop'] })
    const lease = await alice.api.memories.create({ text: 'Contract for the flat' })
    const notes = await attach(alice, receipt.id, 'menu: week?.txt', notesWith('quinceberry', 150))
    const pdf = await attach(alice, lease.id, 'lease.pdf', pdfOf(['Lease agreement', 'Held by Zanzibarco']))
    await whenRead(alice, receipt.id)
    await whenRead(alice, lease.id)
    const sums = { [notes.id]: await served(alice, notes.id), [pdf.id]: await served(alice, pdf.id) }
    const pageOne = await thumbnail(alice, pdf.id)

    const res = await exportZip(alice)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="remi-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    const entries = await unzip(res.rawPayload)
    const file = JSON.parse(entries.get('remi-export.json')!.toString('utf8')) as AccountExport
    expect(file.format).toBe('remi-account')
    const listed = file.memories.find((m) => m.id === receipt.id)!.attachments!
    expect(listed).toEqual([
      expect.objectContaining({
        id: notes.id,
        name: 'menu: week?.txt',
        type: 'text/plain',
        status: 'ready',
      }),
    ])
    // The name is only a label: in the zip it is one safe part of the path.
    expect(listed[0]!.path).toBe(`files/${notes.id}/menu_ week_.txt`)
    expect(sha(entries.get(listed[0]!.path)!)).toBe(sums[notes.id])
    const pdfListed = file.memories.find((m) => m.id === lease.id)!.attachments![0]!
    expect(sha(entries.get(pdfListed.path)!)).toBe(sums[pdf.id])
    expect(pdfListed.text).toContain('Zanzibarco')

    // The memories go; the zip brings them back with their files, read as they were.
    for (const id of [receipt.id, lease.id])
      expect((await alice.api.delete(`/api/memories/${id}`)).status).toBe(204)
    expect(await found(alice, 'quinceberry')).toEqual([])
    const back = await importZip(alice, res.rawPayload)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json<ImportAccountResult>()).toMatchObject({ memories: { created: 2 }, files: 2 })
    for (const [word, name] of [
      ['quinceberry', 'menu: week?.txt'],
      ['zanzibarco', 'lease.pdf'],
    ] as const) {
      const [memory, ...others] = await found(alice, word)
      expect(others).toEqual([])
      const [attachment] = memory!.attachments!
      expect(attachment).toMatchObject({ name, status: 'ready' })
      const original = listed[0]!.name === name ? notes.id : pdf.id
      expect(await served(alice, attachment!.id)).toBe(sums[original])
    }
    // The PDF's first page is its thumbnail again (read again: thumbnails are not in the zip).
    const [leaseBack] = await found(alice, 'zanzibarco')
    await vi.waitFor(
      async () => expect(await thumbnail(alice, leaseBack!.attachments![0]!.id)).toBe(pageOne),
      { timeout: 60_000, interval: 250 },
    )
    // The same zip again adds nothing.
    const again = await importZip(alice, res.rawPayload)
    expect(again.json<ImportAccountResult>()).toMatchObject({ memories: { created: 0 }, files: 0 })

    // Another person's import lands as their own copies; the first person's files are left as they are.
    const bob = await t.createUser()
    expect((await importZip(bob, res.rawPayload)).json<ImportAccountResult>().files).toBe(2)
    const [bobs] = await found(bob, 'quinceberry')
    expect(bobs!.attachments![0]!.id).not.toBe((await found(alice, 'quinceberry'))[0]!.attachments![0]!.id)
    expect(await served(bob, bobs!.attachments![0]!.id)).toBe(sums[notes.id])
    expect((await found(alice, 'quinceberry')).length).toBe(1)

    // Past the allowance: 413 naming it, and nothing of the zip lands.
    const carol = await t.createUser()
    const hers = await carol.api.memories.create({ text: 'Big notes' })
    await attach(carol, hers.id, 'big.txt', notesWith('filler', 900))
    const refused = await importZip(carol, res.rawPayload)
    expect(refused.statusCode).toBe(413)
    expect(refused.json<{ message: string }>().message).toContain('ATTACHMENTS_MAX_MB_PER_USER')
    expect(await found(carol, 'quinceberry')).toEqual([])
  })

  it('an export as JSON alone (the old shape) still imports', async () => {
    const user = await t.createUser()
    await user.api.memories.create({ text: 'Ana likes tulips' })
    const json = await user.api.get<AccountExport>('/api/auth/user/export?format=json')
    expect(json.status).toBe(200)
    expect(json.headers['content-disposition']).toMatch(/remi-account-\d{4}-\d{2}-\d{2}\.json"$/)
    const other = await t.createUser()
    const res = await other.api.post<ImportAccountResult>('/api/auth/user/import', json.body)
    expect(res.status, res.text).toBe(200)
    expect(res.body.memories.created).toBe(1)
    expect((await found(other, 'tulips')).map((m) => m.text)).toEqual(['Ana likes tulips'])
  })

  it('a bad zip is a 400 naming the problem, and nothing is imported', async () => {
    const user = await t.createUser()
    const json = Buffer.from(
      JSON.stringify({ format: 'remi-account', version: 1, memories: [{ text: 'zipped memory' }] }),
    )
    // 30 MB of zeros packed into a few KB, made once; the entries share it.
    const zeros = deflateRawSync(Buffer.alloc(30 * 1024 * 1024))
    const cases: Array<[Buffer, RegExp]> = [
      [
        zipOf([
          { name: 'remi-export.json', data: json },
          { name: '../evil.txt', data: Buffer.from('x') },
        ]),
        /named/,
      ],
      [
        zipOf([
          { name: 'remi-export.json', data: json },
          { name: 'files/a.txt', data: Buffer.from('x') },
        ]),
        /named 'files\/a.txt'/,
      ],
      [zipOf([{ name: 'notes.json', data: json }]), /named 'notes\.json'/],
      [zipOf([{ name: 'files/' }]), /no remi-export\.json/],
      [Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), /not a valid Remi export zip/],
      [
        zipOf([
          { name: 'remi-export.json', data: json },
          // Saying it is 30 MB: past a file's 20 MB.
          {
            name: `files/${crypto.randomUUID()}/bomb.txt`,
            deflated: { bytes: zeros, size: 30 * 1024 * 1024, crc: 0 },
          },
        ]),
        /zip bomb/,
      ],
      // The zip's last record says how many entries there are: more than an export has, refused unread.
      [manyEntries(ACCOUNT_ZIP_ENTRIES_MAX + 2), /more than 50000 files/],
    ]
    for (const [zip, message] of cases) {
      const res = await importZip(user, zip)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json<{ message: string }>().message).toMatch(message)
    }
    expect(await found(user, 'zipped')).toEqual([])

    // A file that says 10 bytes and unpacks to 30 MB is refused before anything is written.
    const [id, memoryId] = [crypto.randomUUID(), crypto.randomUUID()]
    const path = `files/${id}/liar.txt`
    const listed = { id, name: 'liar.txt', type: 'text/plain', size: 10, status: 'ready', path }
    const liar = zipOf([
      {
        name: 'remi-export.json',
        data: Buffer.from(
          JSON.stringify({
            format: 'remi-account',
            version: 1,
            memories: [{ id: memoryId, text: 'a liar', attachments: [listed] }],
          }),
        ),
      },
      { name: path, deflated: { bytes: zeros, size: 10, crc: 0 } },
    ])
    const res = await importZip(user, liar)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<{ message: string }>().message).toMatch(/zip bomb/)
    expect(await found(user, 'liar')).toEqual([])
  })
})
