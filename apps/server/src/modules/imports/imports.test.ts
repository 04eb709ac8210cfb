import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateRawSync, crc32 } from 'node:zlib'
import { NOTE_IMPORT_TOO_COMPLEX, type Memory, type NoteImport, type NoteImportCreated } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { XML_ENTITIES_REFUSED } from './parsers/evernote.ts'
import { TOO_MANY_ENTRIES, TOO_MUCH_UNPACKED } from './parsers/archive.ts'
import { multipartOf, zipOf } from './test-files.ts'

const fixtures = new URL('./fixtures/', import.meta.url).pathname
const fixture = (kind: string) =>
  readdirSync(join(fixtures, kind)).map((name) => ({ name, data: readFileSync(join(fixtures, kind, name)) }))

let t: TestApp
let user: TestUser

beforeAll(async () => {
  t = await buildTestApp({ background: true, jobs: { pollingIntervalSeconds: 1 } })
  // Hawaii: a note made on 27 July UTC before 10:00 belongs to the 26th there.
  user = await t.createUser({ timezone: 'Pacific/Honolulu' })
}, 60_000)
afterAll(() => t?.close())

async function upload(who: TestUser, files: Array<{ name: string; data: Buffer | string }>) {
  const { body, contentType } = multipartOf(files)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...who.headers, 'content-type': contentType },
    payload: body,
  })
  return { status: res.statusCode, body: res.json<NoteImportCreated & { message?: string }>() }
}

/** Uploads, starts, and waits until the job has finished the import. */
async function importAll(who: TestUser, files: Array<{ name: string; data: Buffer | string }>) {
  const created = await upload(who, files)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const start = await who.api.post<NoteImport>(`/api/imports/${created.body.id}/start`)
  expect(start.status).toBe(202)
  let done: NoteImport | undefined
  await vi.waitFor(
    async () => {
      const res = await who.api.get<NoteImport>(`/api/imports/${created.body.id}`)
      expect(res.body.status).toBe('done')
      done = res.body
    },
    { timeout: 30_000, interval: 100 },
  )
  return { preview: created.body.preview, done: done! }
}

async function allMemories(who: TestUser): Promise<Memory[]> {
  return (await who.api.memories.list({ pageSize: 100 })).items
}
const byTitle = (items: Memory[], title: string) => items.find((m) => m.text.split('\n')[0] === title)

describe('note imports', () => {
  it('imports Google Keep notes: labels as tags, archived tagged, trashed and broken ones skipped with reasons', async () => {
    const { preview, done } = await importAll(user, fixture('keep'))
    expect(preview.format).toBe('keep')
    expect(preview.counts).toMatchObject({
      notes: 11,
      toImport: 8,
      trashed: 1,
      empty: 0,
      broken: 2,
      memories: 8,
    })
    expect(preview.summary).toBe('11 notes found: 8 to import, 1 trashed, 2 could not be read')
    const reasons = Object.fromEntries(preview.skipped.map((s) => [s.note, s.reason]))
    expect(reasons['broken-json-note.json']).toMatch(/not valid JSON/)
    expect(reasons['invalid-keep-json-note.json']).toMatch(
      /Not a Google Keep note: userEditedTimestampUsec is missing/,
    )
    expect(reasons['Deleted note']).toBe('In the trash.')
    expect(reasons['Voice recording']).toBe('Not imported: 1 attachment (voice recording).')
    expect(reasons['Drawings (multiple) note']).toBe('Not imported: 2 attachments (image or drawing).')
    expect(preview.preview.length).toBe(5)
    expect(done.counts.created).toBe(8)
    expect(done.progress).toEqual({ done: 8, total: 8 })

    const items = await allMemories(user)
    const labelled = byTitle(items, 'Labelled note')!
    expect(labelled.tags.sort()).toEqual(
      [
        'camelCaseLabel',
        'hyphenated-label',
        'label',
        'label with !\'@:$" Symbols',
        'label with spaces',
        'Underscored_Label',
      ].sort(),
    )
    // Created 2023-07-27T02:45:37Z: the 26th in Honolulu.
    expect(labelled.date).toBe('2023-07-26')
    expect(byTitle(items, 'Archived note')!.tags).toEqual(['archived'])
    expect(byTitle(items, 'Deleted note')).toBeUndefined()
    // A note without a title starts with its text.
    expect(items.some((m) => m.text === 'This note has a drawing but no title')).toBe(true)
    expect(byTitle(items, 'Image, label, and body text note')!.text).toBe(
      'Image, label, and body text note\n\nThis is the body text.',
    )
    // Findable by search at once.
    const found = await user.api.memories.list({ searchTerm: 'archived in Google Keep' })
    expect(found.items.map((m) => m.text.split('\n')[0])).toContain('Archived note')
  })

  it('importing the same files again creates nothing new, and undo removes exactly what an import created', async () => {
    const before = (await allMemories(user)).length
    const again = await importAll(user, fixture('keep'))
    expect(again.preview.counts.alreadyImported).toBe(8)
    expect(again.done.counts.created).toBe(0)
    expect((await allMemories(user)).length).toBe(before)

    const other = await t.createUser()
    const mine = await other.api.memories.create({ text: 'My own note, not imported' })
    const first = await importAll(other, fixture('keep'))
    expect((await allMemories(other)).length).toBe(9)
    const undo = await other.api.delete<{ removed: number }>(`/api/imports/${first.done.id}/memories`)
    expect(undo.status).toBe(200)
    expect(undo.body.removed).toBe(8)
    expect((await allMemories(other)).map((m) => m.id)).toEqual([mine.id])
    expect((await other.api.get<NoteImport>(`/api/imports/${first.done.id}`)).body.status).toBe('undone')
    // Another person never sees an import, nor undoes it.
    expect((await user.api.get(`/api/imports/${first.done.id}`)).status).toBe(404)
    expect((await user.api.delete(`/api/imports/${first.done.id}/memories`)).status).toBe(404)
    expect(
      (await user.api.get<{ items: NoteImport[] }>('/api/imports')).body.items.map((i) => i.id),
    ).not.toContain(first.done.id)
  })

  it('imports a Keep Takeout archive, a checklist as - [ ] / - [x]', async () => {
    const someone = await t.createUser()
    const checklist = {
      title: 'Groceries',
      listContent: [
        { text: 'Milk', isChecked: false },
        { text: 'Eggs', isChecked: true },
      ],
      isTrashed: false,
      isArchived: false,
      userEditedTimestampUsec: 1700000000000000,
      createdTimestampUsec: 1700000000000000,
      labels: [{ name: 'shopping' }],
    }
    const zip = zipOf([
      { name: 'Takeout/archive_browser.html', data: Buffer.from('<html></html>') },
      { name: 'Takeout/Keep/Groceries.json', data: Buffer.from(JSON.stringify(checklist)) },
      { name: 'Takeout/Keep/Groceries.html', data: Buffer.from('<html></html>') },
      { name: 'Takeout/Keep/Labels.txt', data: Buffer.from('shopping\n') },
      ...fixture('keep').map((f) => ({ name: `Takeout/Keep/${f.name}`, data: f.data })),
    ])
    const { preview, done } = await importAll(someone, [{ name: 'takeout-20260101.zip', data: zip }])
    expect(preview.format).toBe('keep')
    expect(preview.counts).toMatchObject({ notes: 12, toImport: 9, trashed: 1, broken: 2 })
    expect(done.counts.created).toBe(9)
    const groceries = byTitle(await allMemories(someone), 'Groceries')!
    expect(groceries.text).toBe('Groceries\n\n- [ ] Milk\n- [x] Eggs')
    expect(groceries.tags).toEqual(['shopping'])
    expect(groceries.date).toBe('2023-11-14')
  })

  it('imports Markdown notes: front matter, leading headings as titles, inline tags but not in code, links or numbers', async () => {
    const someone = await t.createUser()
    const { preview } = await importAll(someone, fixture('markdown'))
    expect(preview.format).toBe('markdown')
    expect(preview.counts).toMatchObject({ notes: 5, toImport: 5 })
    const items = await allMemories(someone)
    const tagsOf = (title: string) => byTitle(items, title)?.tags.slice().sort()
    expect(tagsOf('Notes on the build')).toEqual(['1a', 'after-fence', 'shell'])
    expect(tagsOf('Trip planning')).toEqual(['planning/2026', 'todo', 'travel', 'wishlist'])
    const reading = items.filter((m) => m.text.startsWith('Reading list\n'))
    expect(reading.map((m) => m.tags.slice().sort())).toEqual(
      expect.arrayContaining([
        ['books', 'fiction'],
        ['books', 'fiction', 'nonfiction'],
      ]),
    )
    const front = reading.find((m) => m.text.includes('Piranesi'))!
    expect(front.date).toBe('2026-01-14')
    expect(front.text).not.toContain('title:')
    expect(byTitle(items, 'Shopping')!.text).toContain('* Bread\n    * Sourdough')
  })

  it('imports an Obsidian-style vault archive with nested folders, its .trash skipped and .obsidian ignored', async () => {
    const someone = await t.createUser({ timezone: 'Pacific/Honolulu' })
    const zip = zipOf([
      { name: 'Vault/.obsidian/app.json', data: Buffer.from('{}') },
      {
        name: 'Vault/Projects/2026/Garden.md',
        data: Buffer.from(
          '---\ntags: [garden, plans]\ncreated: 2026-03-02T08:00:00Z\n---\nPlant tomatoes in May. #outdoors\n',
        ),
      },
      {
        name: 'Vault/Projects/Kitchen.md',
        data: Buffer.from('# Kitchen\n\nPaint the cupboards ![[cupboard.png]]\n'),
      },
      { name: 'Vault/Projects/cupboard.png', data: Buffer.from('png') },
      { name: 'Vault/Daily/2026-03-01.md', data: Buffer.from('') },
      { name: 'Vault/.trash/Old.md', data: Buffer.from('Forget this') },
    ])
    const { preview } = await importAll(someone, [{ name: 'Vault.zip', data: zip }])
    expect(preview.counts).toMatchObject({ notes: 4, toImport: 2, trashed: 1, empty: 1 })
    const items = await allMemories(someone)
    const garden = byTitle(items, 'Garden')!
    expect(garden.tags.slice().sort()).toEqual(['garden', 'outdoors', 'plans'])
    // 08:00 UTC on 2 March is still 1 March in Honolulu.
    expect(garden.date).toBe('2026-03-01')
    const kitchen = byTitle(items, 'Kitchen')!
    expect(kitchen.text).toBe('Kitchen\n\nPaint the cupboards')
    expect(preview.skipped).toContainEqual({
      note: 'Kitchen',
      reason: 'Not imported: 1 attachment (image or file).',
    })
  })

  it('reads notes as their apps wrote them: a byte order mark before front matter, unflagged UTF-8 names, an emoji at the preview cut', async () => {
    const someone = await t.createUser()
    // The preview cuts a note at 1 000 characters: here between the two halves of an emoji.
    const long = `# Long\n\n${'a'.repeat(993)}😀 and the rest`
    const zip = zipOf([
      {
        name: 'Notes/Windows.md',
        data: Buffer.from(
          '\uFEFF---\ntitle: Café plans\ntags: [trip]\ncreated: 2024-03-05\n---\nBook the train.\n',
        ),
      },
      // 'Cafe\u0301' is how macOS writes 'Café' in a name: an e and a combining accent.
      { name: 'Notes/Cafe\u0301 notes.md', data: Buffer.from('Espresso at noon.\n'), utf8Flag: false },
      { name: 'Notes/Long.md', data: Buffer.from(long) },
    ])
    const { preview } = await importAll(someone, [{ name: 'Notes.zip', data: zip }])
    expect(preview.counts).toMatchObject({ notes: 3, toImport: 3 })
    const items = await allMemories(someone)
    const windows = byTitle(items, 'Café plans')!
    expect(windows).toMatchObject({ tags: ['trip'], date: '2024-03-05' })
    expect(windows.text).toBe('Café plans\n\nBook the train.')
    expect(byTitle(items, 'Café notes')?.text).toBe('Café notes\n\nEspresso at noon.')
    expect(byTitle(items, 'Long')?.text).toBe(long.replace('# Long', 'Long'))
  })

  it('imports Evernote notebooks: notebook and tags as tags, ENML as Markdown, task lists as checklists', async () => {
    const someone = await t.createUser()
    const { preview } = await importAll(someone, fixture('evernote'))
    expect(preview.format).toBe('evernote')
    expect(preview.counts).toMatchObject({ notes: 24, toImport: 24, broken: 0 })
    const items = (await someone.api.memories.list({ pageSize: 100 })).items
    const tasks = byTitle(items, 'Task lists')!
    expect(tasks.tags).toEqual(['test-task-lists'])
    expect(tasks.date).toBe('2026-08-09')
    expect(tasks.text).toContain('- [ ] Open task\n- [x] Done task')
    expect(tasks.text.match(/- \[x\] Done task/g)?.length).toBe(4)
    expect(tasks.text).not.toMatch(/<\w+/)
    const code = byTitle(items, 'Code blocks with a language')!
    expect(code.text).toContain('```clike\nint a = 0x123;  int b = a<<2;\n```')
    expect(code.text).toContain("```\nprint('Hello, world!')\n```")
    for (const m of items) expect(m.text).not.toMatch(/<(div|en-note|en-media|span|p)\b/)
  })

  it('imports Bear 2 backups: tags in any script, the closing-hash form, trashed and encrypted notes skipped', async () => {
    const someone = await t.createUser({ timezone: 'Pacific/Honolulu' })
    const backup = await importAll(
      someone,
      fixture('bear').filter((f) => f.name === 'backup.bear2bk'),
    )
    expect(backup.preview.format).toBe('bear')
    expect(backup.preview.counts).toMatchObject({ notes: 6, toImport: 4, trashed: 1, broken: 1 })
    expect(backup.preview.skipped).toContainEqual({
      note: 'Encrypted File',
      reason: 'Not imported: the note is encrypted in Bear.',
    })
    const tags = await importAll(
      someone,
      fixture('bear').filter((f) => f.name === 'tags.bear2bk'),
    )
    expect(tags.preview.counts).toMatchObject({ notes: 2, toImport: 2 })
    const items = await allMemories(someone)
    expect(byTitle(items, 'File with asset, content, and a tag')!.tags).toEqual(['Test-Tag'])
    expect(byTitle(items, 'Tag forms Bear writes')!.tags.slice().sort()).toEqual(
      ['bad', 'two words', '中文', '项目 计划'].sort(),
    )
    expect(byTitle(items, 'Tags in other scripts')!.tags.slice().sort()).toEqual(
      ['中文', '标签/子标签', '仕事', '일정', 'Ελλάδα', 'русский'].sort(),
    )
    expect(items.some((m) => m.text === 'Has no file heading, only content in the body of the file')).toBe(
      true,
    )
    expect(byTitle(items, 'Tag forms Bear writes')!.date).toBe('2026-03-10')
  })

  it('splits a note longer than a memory into parts, never cutting it', async () => {
    const someone = await t.createUser()
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} ${'word '.repeat(80).trim()}`)
    const body = paragraphs.join('\n\n')
    await importAll(someone, [{ name: 'Long.md', data: `# Long note\n\n${body}\n` }])
    const parts = (await allMemories(someone)).sort((a, b) =>
      a.text.localeCompare(b.text, 'en', { numeric: true }),
    )
    expect(parts.length).toBe(3)
    parts.forEach((m, i) => expect(m.text.startsWith(`Long note (part ${i + 1} of 3)\n\n`)).toBe(true))
    const joined = parts.map((m) => m.text.split('\n\n').slice(1).join('\n\n')).join('\n\n')
    expect(joined).toBe(body)
  })

  // Six uploads, each read by a worker of its own (a few seconds each on a busy machine).
  it(
    'refuses a zip slip entry, a zip bomb, too many entries and an XML bomb, naming the problem',
    { timeout: 120_000 },
    async () => {
      const slip = await upload(user, [
        { name: 'notes.zip', data: zipOf([{ name: '../evil.md', data: Buffer.from('x') }]) },
      ])
      expect(slip.status).toBe(400)
      expect(slip.body.message).toMatch(/entry whose name leaves its folder/)

      const zeros = Buffer.alloc(64 * 1024 * 1024)
      const bytes = deflateRawSync(zeros)
      const shared = { bytes, size: zeros.length, crc: crc32(zeros) }
      const bomb = zipOf(Array.from({ length: 17 }, (_, i) => ({ name: `n${i}.md`, deflated: shared })))
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
      const bombed = await upload(user, [{ name: 'bomb.zip', data: bomb }])
      expect(bombed.status).toBe(413)
      expect(bombed.body.message).toBe(TOO_MUCH_UNPACKED)

      const many = zipOf(
        Array.from({ length: 20_001 }, (_, i) => ({ name: `n${i}.md`, data: Buffer.from('x') })),
      )
      const crowded = await upload(user, [{ name: 'many.zip', data: many }])
      expect(crowded.status).toBe(400)
      expect(crowded.body.message).toBe(TOO_MANY_ENTRIES)

      const laughs = `<?xml version="1.0"?>
<!DOCTYPE en-export [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<en-export><note><title>&lol3;</title><content><![CDATA[<en-note>x</en-note>]]></content></note></en-export>`
      const xml = await upload(user, [{ name: 'laughs.enex', data: laughs }])
      expect(xml.status).toBe(400)
      expect(xml.body.message).toBe(XML_ENTITIES_REFUSED)

      const xxe = laughs.replace(
        /<!DOCTYPE[\s\S]*?\]>/,
        '<!DOCTYPE en-export [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      )
      expect((await upload(user, [{ name: 'xxe.enex', data: xxe }])).status).toBe(400)

      const unknown = await upload(user, [{ name: 'photo.png', data: 'png' }])
      expect(unknown.status).toBe(400)
      expect(unknown.body.message).toMatch(/not a file Remi can import notes from/)
    },
  )

  it('reads the rest of a file when one note is broken, and refuses a declared upload over 200 MB', async () => {
    const broken = `<?xml version="1.0"?><en-export><note><title>Fine</title><content><![CDATA[<en-note><div>ok</div></en-note>]]></content><created>20240101T000000Z</created></note><note><title>Bad</note></en-export>`
    const res = await upload(user, [{ name: 'Broken.enex', data: broken }])
    expect(res.status).toBe(201)
    expect(res.body.preview.counts).toMatchObject({ toImport: 1, broken: 1 })
    expect(res.body.preview.skipped[0]!.reason).toMatch(
      /the rest of the file could not be read after its 1 note/,
    )

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: {
        ...user.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(300 * 1024 * 1024),
      },
      payload: '--x--',
    })
    expect(big.statusCode).toBe(413)
    expect(big.json<{ message: string }>().message).toMatch(/at most 200 MB/)
  })
})

/** An Evernote export of these notes (title, ENML body). */
const enexOf = (notes: Array<[string, string]>) =>
  `<?xml version="1.0"?><en-export>${notes
    .map(
      ([title, body]) =>
        `<note><title>${title}</title><content><![CDATA[<en-note>${body}</en-note>]]></content><created>20260101T000000Z</created></note>`,
    )
    .join('')}</en-export>`

describe('notes that make the parsers work hard (issue 43)', () => {
  // Each of these took the server's own thread for seconds to minutes, or was a 500 (a stack overflow).
  const quadratic = {
    stars: 'a*'.repeat(20_000),
    links: '[a](b'.repeat(20_000),
    embeds: '![['.repeat(20_000),
  }

  it(
    'are imported, or skipped as too complex to import, never a 500; the rest of the upload imports',
    { timeout: 120_000 },
    async () => {
      const someone = await t.createUser()
      const res = await upload(someone, [
        ...Object.entries(quadratic).map(([name, text]) => ({ name: `${name}.md`, data: text })),
        // With a tag the text is parsed for it: the parser's work grows with the square of the text.
        { name: 'stars-tagged.md', data: `${quadratic.stars} #tag` },
        // Twice as long: at 20 000 links the parse took about its budget on a fast machine (1.1–1.5 s of
        // CPU against 1.2 s), so it was imported on some runs; at 40 000 it takes about 20 s.
        { name: 'links-tagged.md', data: `${'[a](b'.repeat(40_000)} #tag` },
        { name: 'quotes.md', data: `${'>'.repeat(20_000)} deep #tag` },
        { name: 'Ordinary.md', data: '# Ordinary\n\nMilk and #eggs.\n' },
      ])
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const { preview } = res.body
      expect(preview.skipped).toEqual([
        { note: 'stars-tagged.md', reason: NOTE_IMPORT_TOO_COMPLEX },
        { note: 'links-tagged.md', reason: NOTE_IMPORT_TOO_COMPLEX },
        { note: 'quotes.md', reason: NOTE_IMPORT_TOO_COMPLEX },
      ])
      expect(preview.counts).toMatchObject({ notes: 7, toImport: 4, broken: 3 })
      expect(preview.summary).toBe('7 notes found: 4 to import, 3 could not be read')

      await someone.api.post(`/api/imports/${preview.id}/start`)
      await vi.waitFor(
        async () =>
          expect((await someone.api.get<NoteImport>(`/api/imports/${preview.id}`)).body.status).toBe('done'),
        { timeout: 30_000, interval: 100 },
      )
      const items = await allMemories(someone)
      // A 40 KB note makes several memories, each starting with its title.
      const titles = new Set(items.map((m) => m.text.split(/ \(part|\n/)[0]))
      expect([...titles].sort()).toEqual(['Ordinary', 'embeds', 'links', 'stars'])
      expect(byTitle(items, 'Ordinary')!.tags).toEqual(['eggs'])
    },
  )

  it(
    'an Evernote export: long tables and lists are imported, a note nested 20 000 deep is skipped',
    { timeout: 120_000 },
    async () => {
      const someone = await t.createUser()
      const rows = Array.from({ length: 2_000 }, (_, i) => `<tr><td>row ${i}</td><td>b</td></tr>`).join('')
      const enex = enexOf([
        ['Table', `<table>${rows}</table>`],
        ['Deep', `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`],
        ['List', `<ol>${'<li>item</li>'.repeat(5_000)}</ol>`],
        ['Plain', '<div>Just text</div>'],
      ])
      const res = await upload(someone, [{ name: 'Hard.enex', data: enex }])
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.preview.skipped).toEqual([{ note: 'Deep', reason: NOTE_IMPORT_TOO_COMPLEX }])
      expect(res.body.preview.counts).toMatchObject({ notes: 4, toImport: 3, broken: 1 })
      const table = res.body.preview.preview.find((p) => p.text.startsWith('Table'))!
      expect(table.text).toMatch(/^\| row 0 +\| b +\|$/m)
      const list = res.body.preview.preview.find((p) => p.text.startsWith('List'))!
      expect(list.text).toContain('1. item\n2. item\n3. item')
    },
  )
})
