import type { ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BRAND } from '../../../config/brand'
import { paths } from '../../../config/paths'

/** An unknown conversation, or another person's (the server answers 404 for both). */
export function ConversationNotFound({ headerStart }: { headerStart?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section className="chat-page" aria-labelledby="chat-title">
      <div className="chat-header d-flex flex-nowrap align-items-center gap-2 pb-2 border-bottom">
        {headerStart}
        <h1 id="chat-title" className="chat-title h3 mb-0 text-truncate">
          {t('chat.page.title', { brand: BRAND })}
        </h1>
      </div>
      <Alert variant="warning" className="my-3">
        <Alert.Heading as="h2" className="h5">
          {t('chat.notFound.title')}
        </Alert.Heading>
        <p className="mb-2">{t('chat.notFound.text')}</p>
        <Link className="btn btn-primary btn-sm" to={paths.chat}>
          {t('chat.notFound.back')}
        </Link>
      </Alert>
    </section>
  )
}
