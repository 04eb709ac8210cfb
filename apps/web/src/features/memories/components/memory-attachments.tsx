import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Attachment } from '@remi/shared'
import { apiUrl } from '../../../lib/api-client'
import { i18n, screenLocale } from '../../../lib/i18n'

const KB = 1024
/** A file's size as people say it: "830 KB", "2.4 MB" ("2,4 MB" in German, "2,4 Mo" in French). */
export function fileSize(bytes: number, t: TFunction = i18n.t): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(screenLocale(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(value)
  if (bytes < KB) return t('memories.attachments.bytes', { size: number(bytes, 0) })
  if (bytes < KB * KB) return t('memories.attachments.kilobytes', { size: number(Math.round(bytes / KB), 0) })
  return t('memories.attachments.megabytes', { size: number(bytes / KB / KB, 1) })
}

/** What the card says of a file while and after its words are read (the server's reason as it wrote it). */
export function attachmentState(file: Attachment, t: TFunction = i18n.t): string | null {
  if (file.status === 'reading') return t('memories.attachments.reading')
  if (file.status === 'failed')
    return t('memories.attachments.notRead', {
      reason: file.reason ?? t('memories.attachments.notReadReason'),
    })
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
  const { t } = useTranslation()
  if (files.length === 0) return null
  return (
    <ul className="list-unstyled d-flex flex-column gap-2 mb-2" aria-label={t('memories.attachments.files')}>
      {files.map((file) => {
        const state = attachmentState(file, t)
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
              <span className="text-body-secondary">{fileSize(file.size, t)}</span>
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
                aria-label={t('memories.attachments.removeFile', { name: file.name })}
                disabled={removing === file.id}
                onClick={() => onRemove(file)}
              >
                {t('memories.attachments.remove')}
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
