import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import ProgressBar from 'react-bootstrap/ProgressBar'
import { useTranslation } from 'react-i18next'
import type { NoteImport } from '@remi/shared'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { readStored, writeStored } from '../../../lib/storage'
import {
  useNoteImports,
  useStartNoteImport,
  useUndoNoteImport,
  useUploadNoteImport,
} from '../api/note-imports'
import { memoriesBaseKey } from '../api/get-memories'
import { formatMemoryDate } from '../lib/dates'

/**
 * Notes from another app: the upload, then the preview ("412 notes found: …", the first few as they will
 * look, every skipped note with its reason), then Import, which hands it to the server's job queue.
 */
export function NoteImportModal({ files, onHide }: { files: File[] | null; onHide: () => void }) {
  const { t } = useTranslation()
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
        toast.success(t('memories.notes.started'))
        close()
      },
      onError: (error) => toast.error(errorMessage(error)),
    })
  return (
    <Modal
      show={files !== null}
      onHide={close}
      title={t('memories.notes.title')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('memories.notes.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={begin}
            disabled={!preview || preview.counts.toImport === 0 || start.isPending}
          >
            {preview
              ? t('memories.notes.importCount', { count: preview.counts.toImport })
              : t('memories.notes.import')}
          </Button>
        </>
      }
    >
      {upload.isPending ? (
        <p>{t('memories.notes.reading', { files: files?.map((f) => f.name).join(', ') ?? '' })}</p>
      ) : null}
      {upload.isError ? <Alert variant="danger">{errorMessage(upload.error)}</Alert> : null}
      {preview ? <Preview item={preview} /> : null}
    </Modal>
  )
}

function Preview({ item }: { item: NoteImport }) {
  const { t } = useTranslation()
  return (
    <div data-testid="import-preview">
      <p className="fw-semibold">{item.summary}</p>
      {item.counts.alreadyImported > 0 ? (
        <p className="text-body-secondary">
          {t('memories.notes.alreadyImported', { count: item.counts.alreadyImported })}
        </p>
      ) : null}
      {item.preview.length ? <h3 className="h6">{t('memories.notes.firstNotes')}</h3> : null}
      {item.preview.map((p, i) => (
        <div key={i} className="border rounded p-2 mb-2">
          <div style={{ whiteSpace: 'pre-wrap' }}>{p.text}</div>
          <div className="small text-body-secondary">
            {[
              p.date ? formatMemoryDate(p.date, undefined, t) : t('memories.notes.noDate'),
              ...p.tags.map((tag) => `#${tag}`),
            ].join(' · ')}
          </div>
          {p.files?.length ? (
            <div className="small">{t('memories.notes.attached', { files: p.files.join(', ') })}</div>
          ) : null}
          {p.notImported ? <div className="small text-warning-emphasis">{p.notImported}</div> : null}
        </div>
      ))}
      {item.skipped.length ? (
        <>
          <h3 className="h6 mt-3">{t('memories.notes.skipped')}</h3>
          <ul className="small" aria-label={t('memories.notes.skippedLabel')}>
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
  const { t } = useTranslation()
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
    <div className="mb-3" aria-label={t('memories.notes.panelLabel')}>
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
            closeLabel={t('memories.notes.close', { file: item.fileName })}
            onClose={() => dismiss(item.id)}
          >
            <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
              <span>
                {item.fileName}: {item.summary}
                {item.status === 'done'
                  ? ` · ${t('memories.notes.added', { count: item.counts.created })}`
                  : ''}
                {item.status === 'failed' ? ` · ${item.error ?? t('memories.notes.failed')}` : ''}
              </span>
              {item.status === 'done' ? (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={undo.isPending}
                  onClick={() =>
                    undo.mutate(item.id, {
                      onSuccess: (r) => toast.success(t('memories.notes.removed', { count: r.removed })),
                      onError: (error) => toast.error(errorMessage(error)),
                    })
                  }
                >
                  {t('memories.notes.undo')}
                </Button>
              ) : null}
            </div>
            {item.status === 'queued' || item.status === 'running' ? (
              <>
                {/* Beside the bar, not in it: at 0% the bar has no width to show a label in. */}
                <div className="small mt-2">{t('memories.notes.progress', { done, total })}</div>
                <ProgressBar
                  className="mt-1"
                  now={now}
                  visuallyHidden
                  label={t('memories.notes.progressLabel', { done, total })}
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
