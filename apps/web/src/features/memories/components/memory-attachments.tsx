import type { Attachment } from '@remi/shared'
import { apiUrl } from '../../../lib/api-client'

const KB = 1024
/** A file's size as people say it: "830 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`
  if (bytes < KB * KB) return `${Math.round(bytes / KB)} KB`
  return `${(bytes / KB / KB).toFixed(1)} MB`
}

/** What the card says of a file while and after its words are read. */
export function attachmentState(file: Attachment): string | null {
  if (file.status === 'reading') return 'Reading…'
  if (file.status === 'failed') return `Not read: ${file.reason ?? 'its words could not be read.'}`
  return null
}

interface MemoryAttachmentsProps {
  files: Attachment[]
  /** Each file gets a Remove button (the memory dialog). */
  onRemove?: (file: Attachment) => void
  removing?: string | null
}

/** A memory's files: a thumbnail (the photo, or its kind's icon), the name opening the file, the reading state. */
export function MemoryAttachments({ files, onRemove, removing }: MemoryAttachmentsProps) {
  if (files.length === 0) return null
  return (
    <ul className="list-unstyled d-flex flex-column gap-2 mb-2" aria-label="Files">
      {files.map((file) => {
        const state = attachmentState(file)
        return (
          <li key={file.id} className="d-flex align-items-center gap-2" data-testid="memory-attachment">
            <img
              src={apiUrl(`attachments/${file.id}/thumbnail`)}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="rounded border flex-shrink-0"
              style={{ objectFit: 'contain', background: 'var(--bs-body-bg)' }}
            />
            <div className="small text-truncate" style={{ minWidth: 0 }}>
              <a
                href={apiUrl(`attachments/${file.id}`)}
                target="_blank"
                rel="noreferrer"
                className="text-break"
              >
                {file.name}
              </a>{' '}
              <span className="text-body-secondary">{fileSize(file.size)}</span>
              {state ? (
                <div className={file.status === 'failed' ? 'text-danger' : 'text-body-secondary'}>
                  {state}
                </div>
              ) : null}
            </div>
            {onRemove ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger ms-auto"
                aria-label={`Remove ${file.name}`}
                disabled={removing === file.id}
                onClick={() => onRemove(file)}
              >
                Remove
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
