import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { NoteImport } from '@remi/shared'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { NoteImportModal, NoteImportsPanel } from './note-imports'

const done: NoteImport = {
  id: '00000000-0000-4000-8000-000000000001',
  format: 'markdown',
  fileName: 'notes.zip',
  status: 'done',
  counts: {
    notes: 2,
    toImport: 2,
    trashed: 0,
    empty: 0,
    broken: 0,
    memories: 2,
    alreadyImported: 0,
    created: 2,
  },
  progress: { done: 2, total: 2 },
  skipped: [],
  preview: [],
  summary: '2 notes found: 2 to import',
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: '2026-11-26T10:00:05.000Z',
}

describe('the imports panel', () => {
  it('a finished import’s "Undo this import" banner can be closed, and stays closed after a reload', async () => {
    const other = { ...done, id: '00000000-0000-4000-8000-000000000002', fileName: 'keep.zip' }
    server.use(http.get('/api/imports', () => HttpResponse.json({ items: [done, other] })))
    const { user, unmount } = renderWithProviders(<NoteImportsPanel />)
    const banner = (await screen.findByText(/notes\.zip/)).closest('[role="alert"]') as HTMLElement
    expect(within(banner).getByRole('button', { name: 'Undo this import' })).toBeInTheDocument()
    await user.click(within(banner).getByRole('button', { name: 'Close: notes.zip' }))
    expect(screen.queryByText(/notes\.zip/)).not.toBeInTheDocument()
    unmount()

    renderWithProviders(<NoteImportsPanel />)
    // The list has loaded (the other banner is there) and the closed one is not back.
    expect(await screen.findByText(/keep\.zip/)).toBeInTheDocument()
    expect(screen.queryByText(/notes\.zip/)).not.toBeInTheDocument()
  })

  it('the preview says which files come along as attachments and which do not', async () => {
    const preview: NoteImport = {
      ...done,
      format: 'keep',
      status: 'ready',
      counts: { ...done.counts, notes: 1, toImport: 1, memories: 1, created: 0, files: 2, filesLeftOut: 1 },
      summary: '1 note found: 1 to import; 2 files to attach, 1 not attached',
      preview: [
        { text: 'Garage invoice', tags: [], date: null, notImported: null, files: ['photo.png', 'scan.pdf'] },
      ],
      skipped: [{ note: 'Garage invoice', reason: '“big.png” not attached: A file may be at most 20 MB.' }],
    }
    server.use(
      http.post('/api/imports', () =>
        HttpResponse.json({ id: preview.id, format: 'keep', preview }, { status: 201 }),
      ),
    )
    const file = new File(['{}'], 'takeout.zip', { type: 'application/zip' })
    renderWithProviders(<NoteImportModal files={[file]} onHide={() => {}} />)
    expect(await screen.findByText('Attached: photo.png, scan.pdf')).toBeInTheDocument()
    expect(
      screen.getByText('1 note found: 1 to import; 2 files to attach, 1 not attached'),
    ).toBeInTheDocument()
    expect(screen.getByText(/“big\.png” not attached/)).toBeInTheDocument()
  })
})
