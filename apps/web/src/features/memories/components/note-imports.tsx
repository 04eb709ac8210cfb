import { useEffect, useRef, useState, type DragEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import ProgressBar from 'react-bootstrap/ProgressBar'
import { MEMORIES_EXPORT_FORMAT, type NoteImport } from '@remi/shared'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { readText } from '../../../lib/files'
import { readStored, writeStored } from '../../../lib/storage'
import {
  useNoteImports,
  useStartNoteImport,
  useUndoNoteImport,
  useUploadNoteImport,
} from '../api/note-imports'
import { memoriesBaseKey } from '../api/get-memories'

/** The files the Import button takes: Remi's own export and other apps' notes. */
export const IMPORT_ACCEPT = '.json,application/json,.zip,.enex,.bear2bk,.md,.markdown'

/**
 * Whether the chosen files go to Remi's own JSON import (at once, as before): one .json file that is a
 * Remi export, or that is not JSON at all (that import says so). Keep's notes are JSON without the format.
 */
export async function isRemiExport(files: File[]): Promise<boolean> {
  if (files.length !== 1 || !/\.json$/i.test(files[0]!.name)) return false
  let text: string
  try {
    text = await readText(files[0]!)
  } catch {
    return true
  }
  try {
    const data = JSON.parse(text) as unknown
    return (
      typeof data === 'object' &&
      data !== null &&
      (data as { format?: unknown }).format === MEMORIES_EXPORT_FORMAT
    )
  } catch {
    return true
  }
}

/** Files dropped on an element, for its onDrop. */
export function droppedFiles(event: DragEvent): File[] {
  event.preventDefault()
  return Array.from(event.dataTransfer.files)
}

/**
 * Notes from another app: the upload, then the preview ("412 notes found: …", the first few as they will
 * look, every skipped note with its reason), then Import, which hands it to the server's job queue.
 */
export function NoteImportModal({ files, onHide }: { files: File[] | null; onHide: () => void }) {
  const upload = useUploadNoteImport()
  const start = useStartNoteImport()
  const toast = useToast()
  const [sent, setSent] = useState<File[] | null>(null)
  if (files && files !== sent) {
    setSent(files)
    upload.reset()
    upload.mutate(files)
  }
  const preview = upload.data?.preview
  const close = () => {
    setSent(null)
    onHide()
  }
  const begin = () =>
    preview &&
    start.mutate(preview.id, {
      onSuccess: () => {
        toast.success('Import started.')
        close()
      },
      onError: (error) => toast.error(errorMessage(error)),
    })
  return (
    <Modal
      show={files !== null}
      onHide={close}
      title="Import notes"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={begin}
            disabled={!preview || preview.counts.toImport === 0 || start.isPending}
          >
            {preview
              ? `Import ${preview.counts.toImport} ${preview.counts.toImport === 1 ? 'note' : 'notes'}`
              : 'Import'}
          </Button>
        </>
      }
    >
      {upload.isPending ? <p>Reading {files?.map((f) => f.name).join(', ')}…</p> : null}
      {upload.isError ? <Alert variant="danger">{errorMessage(upload.error)}</Alert> : null}
      {preview ? <Preview item={preview} /> : null}
    </Modal>
  )
}

function Preview({ item }: { item: NoteImport }) {
  return (
    <div data-testid="import-preview">
      <p className="fw-semibold">{item.summary}</p>
      {item.counts.alreadyImported > 0 ? (
        <p className="text-body-secondary">
          {item.counts.alreadyImported} of them were imported before and will not be added again.
        </p>
      ) : null}
      {item.preview.length ? <h3 className="h6">The first notes as they will look</h3> : null}
      {item.preview.map((p, i) => (
        <div key={i} className="border rounded p-2 mb-2">
          <div style={{ whiteSpace: 'pre-wrap' }}>{p.text}</div>
          <div className="small text-body-secondary">
            {[p.date ?? 'No date', ...p.tags.map((t) => `#${t}`)].join(' · ')}
          </div>
          {p.files?.length ? <div className="small">Attached: {p.files.join(', ')}</div> : null}
          {p.notImported ? <div className="small text-warning-emphasis">{p.notImported}</div> : null}
        </div>
      ))}
      {item.skipped.length ? (
        <>
          <h3 className="h6 mt-3">Skipped or left out</h3>
          <ul className="small" aria-label="Skipped notes">
            {item.skipped.map((s, i) => (
              <li key={i}>
                <strong>{s.note}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

/** Imports waiting, running (with a progress bar) and done (with "Undo this import"). */
export function NoteImportsPanel() {
  const list = useNoteImports()
  const undo = useUndoNoteImport()
  const toast = useToast()
  const [dismissed, dismiss] = useDismissedImports()
  const items = (list.data?.items ?? [])
    .filter((i) => i.status !== 'ready' && i.status !== 'undone' && !dismissed.includes(i.id))
    .slice(0, 3)
  // When an import finishes, the list shows its memories.
  const queryClient = useQueryClient()
  const running = items.some((i) => i.status === 'queued' || i.status === 'running')
  const wasRunning = useRef(false)
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: memoriesBaseKey })
    wasRunning.current = running
  }, [running, queryClient])
  if (!items.length) return null
  return (
    <div className="mb-3" aria-label="Imports">
      {items.map((item) => {
        const { done, total } = item.progress
        const now = total ? Math.round((done / total) * 100) : 0
        return (
          <Alert
            key={item.id}
            variant={item.status === 'failed' ? 'danger' : 'light'}
            className="py-2"
            // A finished import's banner can be put away; one still running cannot.
            dismissible={item.status === 'done' || item.status === 'failed'}
            closeLabel={`Close: ${item.fileName}`}
            onClose={() => dismiss(item.id)}
          >
            <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
              <span>
                {item.fileName}: {item.summary}
                {item.status === 'done' ? ` · ${item.counts.created} memories added` : ''}
                {item.status === 'failed' ? ` · ${item.error ?? 'The import failed.'}` : ''}
              </span>
              {item.status === 'done' ? (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={undo.isPending}
                  onClick={() =>
                    undo.mutate(item.id, {
                      onSuccess: (r) =>
                        toast.success(
                          `Removed ${r.removed} imported ${r.removed === 1 ? 'memory' : 'memories'}.`,
                        ),
                      onError: (error) => toast.error(errorMessage(error)),
                    })
                  }
                >
                  Undo this import
                </Button>
              ) : null}
            </div>
            {item.status === 'queued' || item.status === 'running' ? (
              <>
                {/* Beside the bar, not in it: at 0% the bar has no width to show a label in. */}
                <div className="small mt-2">{`${done} of ${total}`}</div>
                <ProgressBar
                  className="mt-1"
                  now={now}
                  visuallyHidden
                  label={`${done} of ${total} notes imported`}
                />
              </>
            ) : null}
          </Alert>
        )
      })}
    </div>
  )
}

/** The import banners closed on this device: remembered, so they stay closed after a reload. */
function useDismissedImports(): [string[], (id: string) => void] {
  const [ids, setIds] = useState<string[]>(() => {
    try {
      const stored: unknown = JSON.parse(readStored('dismissedImports') ?? '[]')
      return Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : []
    } catch {
      return []
    }
  })
  const dismiss = (id: string) => {
    // The last 50 are enough: the panel shows the 3 newest imports.
    const next = [id, ...ids.filter((x) => x !== id)].slice(0, 50)
    setIds(next)
    try {
      writeStored('dismissedImports', JSON.stringify(next))
    } catch {
      // not kept on this device: closed until the page reloads
    }
  }
  return [ids, dismiss]
}
