import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { NoteItem } from './parsers/note.ts'
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
    const budget: ReadBudget = { noteMs: 600_000, msPerMb: 0, noteWallFactor: 1, uploadMs: 15_000 }
    const uploads = uploadsOf([
      ['First.md', '# First\n\nRead in time.'],
      // Tens of seconds of the Markdown parser's time (it looks for the tag).
      ['slow.md', `${'a*'.repeat(30_000)} #tag`],
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
})
