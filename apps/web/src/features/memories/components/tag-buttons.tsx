import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { addTag, applySuggestion, quickTags, tagSuggestions } from '../lib/tags'

/** Under the Tags field: the known tags that complete the one being typed, and (for a new memory) quick tags. */
export function TagButtons({
  tags,
  knownTags,
  editing,
  onChange,
}: {
  tags: string
  knownTags: string[]
  editing: boolean
  onChange(tags: string): void
}) {
  const { t } = useTranslation()
  const suggestions = tagSuggestions(tags, knownTags)
  return (
    <>
      {suggestions.length ? (
        <div
          className="d-flex flex-wrap gap-1 mb-3"
          aria-label={t('memories.modal.tagSuggestions')}
          role="group"
        >
          {suggestions.map((tag) => (
            <Button
              key={tag}
              size="sm"
              variant="outline-primary"
              onClick={() => onChange(applySuggestion(tags, tag))}
            >
              {tag}
            </Button>
          ))}
        </div>
      ) : null}
      {!editing && knownTags.length ? (
        <div className="mb-3">
          <div className="form-label mb-1">{t('memories.modal.quickTags')}</div>
          <div className="d-flex flex-wrap gap-1" role="group" aria-label={t('memories.modal.quickTags')}>
            {quickTags(knownTags).map((tag) => (
              <Button
                key={tag}
                size="sm"
                variant="outline-secondary"
                onClick={() => onChange(addTag(tags, tag))}
              >
                {tag}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </>
  )
}
