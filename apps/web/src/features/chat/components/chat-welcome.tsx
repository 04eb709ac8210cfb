import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { BRAND } from '../../../config/brand'

/** Starting questions an empty chat offers: each is something the assistant, offline too, can answer. */
export const STARTING_QUESTIONS = ['remember', 'week', 'remind', 'passport'] as const
/**
 * Offline in another language than English: questions its offline assistant reads (it knows reminders,
 * remembering, the weather and the days; not yet an overview of the memories or the week).
 */
export const OFFLINE_QUESTIONS = ['remind', 'passport', 'weather', 'christmas'] as const

/**
 * The empty chat: a welcome and, where they can be sent, the starting questions, in the screen's language.
 */
export function ChatWelcome({
  onSuggest,
  offlineAssistant = false,
}: {
  onSuggest?: ((text: string) => void) | undefined
  offlineAssistant?: boolean
}) {
  const { t, i18n } = useTranslation()
  return (
    <div className="chat-empty text-center text-body-secondary py-5">
      <h2 className="h4 text-body">{t('chat.welcome.title', { brand: BRAND })}</h2>
      <p>{t('chat.welcome.text')}</p>
      {onSuggest ? (
        <ul
          className="chat-starters list-unstyled d-flex flex-wrap justify-content-center gap-2 mb-0"
          aria-label={t('chat.welcome.startersLabel')}
        >
          {(offlineAssistant && i18n.resolvedLanguage !== 'en' ? OFFLINE_QUESTIONS : STARTING_QUESTIONS).map(
            (key) => {
              const question = t(`chat.welcome.starters.${key}`)
              return (
                <li key={key}>
                  <Button
                    variant="outline-primary"
                    size="sm"
                    className="rounded-pill"
                    onClick={() => onSuggest(question)}
                  >
                    {question}
                  </Button>
                </li>
              )
            },
          )}
        </ul>
      ) : null}
    </div>
  )
}
