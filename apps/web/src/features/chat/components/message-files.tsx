import type { MessageAttachment } from '@remi/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { apiUrl } from '../../../lib/api-client'
import { memoryHref } from '../lib/memory-link'

/** The files a message was sent with: each opens the file; "Saved as a memory" opens the memory. */
export function MessageFiles({ files }: { files: MessageAttachment[] }) {
  const { t } = useTranslation()
  return (
    <div className="chat-message-files mt-2 small">
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-1" aria-label={t('chat.messages.filesSent')}>
        {files.map((file) => (
          <li key={file.id}>
            <a
              href={apiUrl(`attachments/${file.id}`)}
              target="_blank"
              rel="noreferrer"
              className="d-flex align-items-center gap-1 text-reset"
            >
              <img
                src={apiUrl(`attachments/${file.id}/thumbnail`)}
                alt=""
                width={40}
                height={40}
                className="rounded object-fit-cover"
              />
              <span className="text-truncate" style={{ maxWidth: '12rem' }}>
                {file.name}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <Link to={memoryHref(files[0]!.memoryId)} className="text-reset">
        {t('chat.messages.savedAsMemory')}
      </Link>
    </div>
  )
}
