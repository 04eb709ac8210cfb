import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { NoteItem } from './parsers/note.ts'
import { NOTE_IMPORT_TOO_COMPLEX } from '@remi/shared'
import { readNotesInWorker, UPLOAD_TOO_SLOW, type ReadBudget } from './read-notes.ts'

const dir = mkdtempSync(join(tmpdir(), 'remi-read-notes-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function uploadsOf(files: Array<[string, string]>) {
  return files.map(([name, text]) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    return { name, path, size: Buffer.byteLength(text) }
  })
}

describe('reading an upload in a worker', () => {
  it("stops at the upload's budget: the note being read and the rest are named as not read", async () => {
    // No note budget to speak of: the upload's alone ends this.
    const budget: ReadBudget = { noteMs: 600_000, msPerMb: 0, noteWallFactor: 1, uploadMs: 6_000 }
    const uploads = uploadsOf([
      ['First.md', '# First\n\nRead in time.'],
      // Far more of the Markdown parser's time (it looks for the tag) than 6 s on any machine: 30 000
      // pairs, once tens of seconds, took 13 s on a quiet machine, inside the 15 s budget this had then.
      ['slow.md', `${'a*'.repeat(120_000)} #tag`],
      ['Never.md', 'Not reached.'],
    ])
    const items: NoteItem[] = []
    const format = await readNotesInWorker(uploads, async (item) => void items.push(item), budget)
    expect(format).toBe('markdown')
    expect(items).toEqual([
      { note: expect.objectContaining({ title: 'First', body: 'Read in time.' }) },
      { broken: { source: 'slow.md', reason: UPLOAD_TOO_SLOW(budget) } },
    ])
    expect(UPLOAD_TOO_SLOW(budget)).toMatch(/this note and the ones after it were not read/)
  }, 60_000)

  it('a note past its CPU budget is too complex even when the server hears of it late', async () => {
    // A few hundred ms of the Markdown parser's CPU time (it looks for the tag), against a 50 ms budget.
    const budget: ReadBudget = { noteMs: 50, msPerMb: 0, noteWallFactor: 1_000, uploadMs: 60_000 }
    const uploads = uploadsOf([
      ['heavy.md', `${'a*'.repeat(4_000)} #tag`],
      ['Light.md', '# Light\n\nRead in time.'],
    ])
    const items: NoteItem[] = []
    const reading = readNotesInWorker(uploads, async (item) => void items.push(item), budget)
    // This thread is busy (a loaded server) while the reader parses: it hears "start" and "parsed"
    // together, after the note was read. Once it took "parsed" as within the budget.
    const busyUntil = performance.now() + 3_000
    while (performance.now() < busyUntil);
    await reading
    expect(items).toEqual([
      { broken: { source: 'heavy.md', reason: NOTE_IMPORT_TOO_COMPLEX } },
      { note: expect.objectContaining({ title: 'Light', body: 'Read in time.' }) },
    ])
  }, 60_000)
})
