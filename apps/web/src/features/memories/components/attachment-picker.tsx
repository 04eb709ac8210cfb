import { useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ATTACHMENT_LIMITS, type Attachment } from '@remi/shared'
import { errorMessage } from '../../../lib/api-client'
import { ACCEPTED_FILES, filesOf } from '../../../lib/attachment-files'
import { useDeleteAttachment } from '../api/delete-attachment'
import { fileSize, MemoryAttachments } from './memory-attachments'

const MB = 1024 * 1024

export { filesOf }

interface AttachmentPickerProps {
  /** The memory's files already saved (editing). */
  saved: Attachment[]
  /** Files chosen, dropped or pasted, sent once the memory is saved. */
  files: File[]
  onFiles(files: File[]): void
}

/** Files for a memory: drop them here, paste them in the dialog, take a photo or choose files. */
export function AttachmentPicker({ saved, files, onFiles }: AttachmentPickerProps) {
  const { t } = useTranslation()
  const [over, setOver] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = useDeleteAttachment()
  const add = (chosen: File[]) => {
    const tooBig = chosen.filter((f) => f.size > ATTACHMENT_LIMITS.fileBytes)
    setError(
      tooBig.length
        ? t('memories.attachments.tooBig', {
            files: tooBig.map((f) => f.name).join(', '),
            mb: ATTACHMENT_LIMITS.fileBytes / MB,
          })
        : null,
    )
    const fitting = chosen.filter((f) => f.size <= ATTACHMENT_LIMITS.fileBytes)
    if (fitting.length) onFiles([...files, ...fitting])
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    add(filesOf(event.dataTransfer))
  }
  return (
    <div className="mb-3">
      <MemoryAttachments
        files={saved}
        removing={remove.isPending ? (remove.variables ?? null) : null}
        onRemove={(file) => remove.mutate(file.id, { onError: (e) => setError(errorMessage(e)) })}
      />
      <div
        data-testid="attachment-drop"
        className={`border rounded p-3 text-center small ${over ? 'border-primary bg-primary-subtle' : 'border-dashed'}`}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <div className="text-body-secondary mb-2">{t('memories.attachments.dropHere')}</div>
        <div className="d-flex justify-content-center gap-2 flex-wrap">
          <label className="btn btn-sm btn-outline-primary mb-0">
            {t('memories.attachments.addPhoto')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              onChange={(e) => {
                add(Array.from(e.target.files ?? []))
                e.target.value = ''
              }}
            />
          </label>
          <label className="btn btn-sm btn-outline-secondary mb-0">
            {t('memories.attachments.attachFiles')}
            <input
              type="file"
              multiple
              accept={ACCEPTED_FILES}
              hidden
              onChange={(e) => {
                add(Array.from(e.target.files ?? []))
                e.target.value = ''
              }}
            />
          </label>
        </div>
      </div>
      {error ? (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      ) : null}
      {files.length ? (
        <ul className="list-unstyled small mt-2 mb-0" aria-label={t('memories.attachments.toAttach')}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="d-flex align-items-center gap-2">
              <span className="text-truncate">{file.name}</span>
              <span className="text-body-secondary">{fileSize(file.size, t)}</span>
              <button
                type="button"
                className="btn btn-sm btn-link p-0 ms-auto"
                aria-label={t('memories.attachments.doNotAttach', { name: file.name })}
                onClick={() => onFiles(files.filter((_, j) => j !== i))}
              >
                {t('memories.attachments.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
