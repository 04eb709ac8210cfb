import type { Activity, Citation } from '@remi/shared'
import { isValid, parseISO } from 'date-fns'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { screenLocale } from '../../../lib/i18n'
import { memoryHref } from '../lib/memory-link'
import { plainText } from '../lib/plain-text'

/**
 * Under an answer: one line of what it did, then the memories it used, each opening that memory. A
 * memory the answer already quotes word for word gets no chip of its own: it was shown three times
 * (the answer's list, the activity line and a chip).
 */
export function AnswerDetails({
  citations: cited = [],
  activity = [],
  content = '',
}: {
  citations?: Citation[]
  activity?: Activity[]
  /** The answer's text: memories it quotes are not listed again. */
  content?: string
}) {
  const { t } = useTranslation()
  const citations = cited.filter((c) => !quotes(content, c.excerpt))
  if (citations.length === 0 && activity.length === 0) return null
  return (
    <div className="chat-answer-details mt-2">
      {activity.length > 0 ? <ActivityNote activity={activity} /> : null}
      {citations.length > 0 ? (
        <ul
          className="chat-citations list-unstyled d-flex flex-wrap gap-1 mb-0 mt-1"
          aria-label={t('chat.messages.memoriesUsed')}
        >
          {citations.map((citation) => (
            <li key={citation.id} className="mw-100">
              <Link
                to={memoryHref(citation.id)}
                className="chat-citation"
                title={citation.excerpt}
                aria-label={t('chat.messages.openMemory', { excerpt: citation.excerpt })}
              >
                <span className="chat-citation-text">{citation.excerpt}</span>
                {citationDate(citation.date) ? (
                  <span className="chat-citation-date">{citationDate(citation.date)}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export function ActivityNote({ activity }: { activity: Activity[] }) {
  return (
    <p className="chat-activity small text-body-secondary mb-0">
      {activity.map((item, index) => (
        <span key={index}>
          {index > 0 ? ' · ' : null}
          {item.memoryId ? <Link to={memoryHref(item.memoryId)}>{item.summary}</Link> : item.summary}
        </span>
      ))}
    </p>
  )
}

/** A memory's date as the memory cards show it, in the screen's language: 'May 12, 2026'. */
function citationDate(date: string | null): string {
  if (!date) return ''
  const parsed = parseISO(date)
  return isValid(parsed)
    ? new Intl.DateTimeFormat(screenLocale(), { month: 'short', day: 'numeric', year: 'numeric' }).format(
        parsed,
      )
    : ''
}

const comparable = (text: string) => plainText(text).replace(/\s+/g, ' ').trim().toLowerCase()

/** Whether the answer holds the memory's words (its excerpt's first 60 characters, marks aside). */
function quotes(content: string, excerpt: string): boolean {
  const words = comparable(excerpt.replace(/…$/, '')).slice(0, 60)
  return words.length >= 8 && comparable(content).includes(words)
}
