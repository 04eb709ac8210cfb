import type { Activity, Citation } from '@remi/shared'
import { format, isValid, parseISO } from 'date-fns'
import { Link } from 'react-router'
import { memoryHref } from '../lib/memory-link'

/** Under an answer: one line of what it did, then the memories it used, each opening that memory. */
export function AnswerDetails({
  citations = [],
  activity = [],
}: {
  citations?: Citation[]
  activity?: Activity[]
}) {
  if (citations.length === 0 && activity.length === 0) return null
  return (
    <div className="chat-answer-details mt-2">
      {activity.length > 0 ? <ActivityNote activity={activity} /> : null}
      {citations.length > 0 ? (
        <ul
          className="chat-citations list-unstyled d-flex flex-wrap gap-1 mb-0 mt-1"
          aria-label="Memories used"
        >
          {citations.map((citation) => (
            <li key={citation.id} className="mw-100">
              <Link
                to={memoryHref(citation.id)}
                className="chat-citation"
                title={citation.excerpt}
                aria-label={`Open memory: ${citation.excerpt}`}
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

/** A memory's date as the memory cards show it: 'May 12, 2026'. */
function citationDate(date: string | null): string {
  if (!date) return ''
  const parsed = parseISO(date)
  return isValid(parsed) ? format(parsed, 'MMM d, yyyy') : ''
}
