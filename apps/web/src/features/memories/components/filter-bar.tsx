import { useEffect, useState } from 'react'
import Button from 'react-bootstrap/Button'
import ButtonGroup from 'react-bootstrap/ButtonGroup'
import Col from 'react-bootstrap/Col'
import Collapse from 'react-bootstrap/Collapse'
import Form from 'react-bootstrap/Form'
import Row from 'react-bootstrap/Row'
import { useTranslation } from 'react-i18next'
import { quickDateRange } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { QUICK_DATE_FILTERS } from '../lib/dates'
import { parseTagInput, POPULAR_TAGS_SHOWN } from '../lib/tags'
import { hasActiveFilters, useMemoriesUi } from '../store'

export const SEARCH_DEBOUNCE_MS = 300
/** The search box's id: the '/' shortcut focuses it. */
export const MEMORY_SEARCH_ID = 'memory-search'

interface FilterBarProps {
  /** Today in the user's zone: the week filters count from it. */
  today: string
  popularTags: { name: string; count: number }[]
}

export function FilterBar({ today, popularTags }: FilterBarProps) {
  const { t } = useTranslation()
  const filters = useMemoriesUi((s) => s.filters)
  const quick = useMemoriesUi((s) => s.quickDateFilter)
  const setSearchTerm = useMemoriesUi((s) => s.setSearchTerm)
  const chooseQuick = useMemoriesUi((s) => s.chooseQuickDateFilter)
  const setDateRange = useMemoriesUi((s) => s.setDateRange)
  const toggleTag = useMemoriesUi((s) => s.toggleTag)
  const setTags = useMemoriesUi((s) => s.setTags)
  const clearFilters = useMemoriesUi((s) => s.clearFilters)
  const [search, setSearch] = useState(filters.searchTerm)
  const [shownSearchTerm, setShownSearchTerm] = useState(filters.searchTerm)
  // 'Clear all filters' (under an empty result) resets the search from outside this box: show that here,
  // or the debounce below would send the old text again.
  if (filters.searchTerm !== shownSearchTerm) {
    setShownSearchTerm(filters.searchTerm)
    setSearch(filters.searchTerm)
  }
  const [showAdvanced, setShowAdvanced] = useState(false)
  const [showAllTags, setShowAllTags] = useState(false)
  const [tagText, setTagText] = useState(filters.tags.join(', '))
  const [shownTagFilter, setShownTagFilter] = useState(filters.tags)
  // A popular tag or 'Clear' changes the tag filter from outside this field: show it there too.
  if (filters.tags !== shownTagFilter) {
    setShownTagFilter(filters.tags)
    const typed = parseTagInput(tagText)
    if (typed.length !== filters.tags.length || typed.some((t, i) => t !== filters.tags[i])) {
      setTagText(filters.tags.join(', '))
    }
  }

  // Debounced: the list asks the server once typing pauses for 300 ms.
  useEffect(() => {
    if (search === filters.searchTerm) return
    const timer = setTimeout(() => setSearchTerm(search), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [search, filters.searchTerm, setSearchTerm])

  const clear = () => {
    setSearch('')
    clearFilters()
  }

  const active = hasActiveFilters(filters) || search.trim() !== ''
  const shownTags = showAllTags ? popularTags : popularTags.slice(0, POPULAR_TAGS_SHOWN)
  const hiddenCount = popularTags.length - POPULAR_TAGS_SHOWN
  const isSelected = (tag: string) => filters.tags.some((t) => t.toLowerCase() === tag.toLowerCase())

  return (
    <div className="mb-4" data-testid="filter-bar">
      <Row className="g-2 align-items-center">
        <Col md>
          <Form.Control
            id={MEMORY_SEARCH_ID}
            type="search"
            placeholder={t('memories.filters.searchPlaceholder')}
            aria-label={t('memories.filters.searchLabel')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Col>
        <Col xs="auto">
          <ButtonGroup aria-label={t('memories.filters.quickLabel')}>
            {QUICK_DATE_FILTERS.map((key) => (
              <Button
                key={key}
                variant={quick === key ? 'primary' : 'outline-primary'}
                aria-pressed={quick === key}
                onClick={() => chooseQuick(key, quickDateRange(key, today))}
              >
                {t(`memories.filters.${key}`)}
              </Button>
            ))}
          </ButtonGroup>
        </Col>
        <Col xs="auto">
          <Button
            variant="outline-secondary"
            aria-expanded={showAdvanced}
            aria-controls="memories-advanced-filters"
            onClick={() => setShowAdvanced((s) => !s)}
          >
            {t('memories.filters.advanced')}
          </Button>
        </Col>
        {active ? (
          <Col xs="auto">
            <Button variant="outline-danger" onClick={clear}>
              {t('memories.filters.clear')}
            </Button>
          </Col>
        ) : null}
      </Row>

      <Collapse in={showAdvanced}>
        <div id="memories-advanced-filters">
          <Row className="g-2 pt-3">
            <Col md={4}>
              <FormInput
                label={t('memories.filters.startDate')}
                type="date"
                value={filters.startDate}
                max={filters.endDate || undefined}
                onChange={(e) => setDateRange({ startDate: e.target.value })}
              />
            </Col>
            <Col md={4}>
              <FormInput
                label={t('memories.filters.endDate')}
                type="date"
                value={filters.endDate}
                min={filters.startDate || undefined}
                onChange={(e) => setDateRange({ endDate: e.target.value })}
              />
            </Col>
            <Col md={4}>
              <FormInput
                label={t('memories.filters.tags')}
                helpText={t('memories.filters.tagsHelp')}
                value={tagText}
                onChange={(e) => {
                  setTagText(e.target.value)
                  setTags(parseTagInput(e.target.value))
                }}
              />
            </Col>
          </Row>
        </div>
      </Collapse>

      {popularTags.length ? (
        <div
          className="d-flex flex-wrap align-items-center gap-1 mt-3"
          role="group"
          aria-label={t('memories.filters.popularLabel')}
        >
          <small className="text-body-secondary me-1">{t('memories.filters.popular')}</small>
          {shownTags.map((tag) => (
            <Button
              key={tag.name}
              size="sm"
              variant={isSelected(tag.name) ? 'secondary' : 'outline-secondary'}
              aria-pressed={isSelected(tag.name)}
              onClick={() => toggleTag(tag.name)}
            >
              {tag.name} ({tag.count})
            </Button>
          ))}
          {hiddenCount > 0 ? (
            <Button size="sm" variant="link" onClick={() => setShowAllTags((s) => !s)}>
              {showAllTags
                ? t('memories.filters.showFewer')
                : t('memories.filters.more', { count: hiddenCount })}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
