import { useEffect, useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { addDays, knownTimeZone, todayIn } from '@remi/shared'
import { RetryAlert } from '../../../components/errors/retry-alert'
import { ConfirmModal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { browserTimeZone, useUserSettings } from '../../../lib/settings'
import { useShortcuts } from '../../../lib/shortcuts'
import { useDeleteMemory } from '../api/delete-memory'
import { useMemories, type MemoryItem } from '../api/get-memories'
import { useMemory } from '../api/get-memory'
import { usePopularTags } from '../api/get-memory-tags'
import { takeShared, type Shared } from '../lib/shared'
import { hasActiveFilters, useMemoriesUi } from '../store'
import { ExportButton } from './export-button'
import { FilterBar, MEMORY_SEARCH_ID } from './filter-bar'
import { ImportButton } from './import-button'
import { MemoryGrid } from './memory-grid'
import { MemoryModal } from './memory-modal'
import { AboutMemories, NoMemories } from './no-memories'
import { NoteImportsPanel } from './note-imports'

/** Spec §9: recent means the last 30 days. */
const RECENT_DAYS = 30

export function MemoriesPage() {
  const { t } = useTranslation()
  const filters = useMemoriesUi((s) => s.filters)
  const isCreating = useMemoriesUi((s) => s.isCreating)
  const editingId = useMemoriesUi((s) => s.editingId)
  const startCreating = useMemoriesUi((s) => s.startCreating)
  const startEditing = useMemoriesUi((s) => s.startEditing)
  const closeModal = useMemoriesUi((s) => s.closeModal)
  const clearFilters = useMemoriesUi((s) => s.clearFilters)

  const { timezone, isLoading: zonePending } = useUserSettings()
  // A stored zone this browser does not know (or none yet) means the browser's own.
  const timeZone = knownTimeZone(timezone, browserTimeZone())
  const today = todayIn(timeZone)

  useLinkedView(today, !zonePending)
  const shared = useShared()

  const list = useMemories(filters)
  const memories = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data])
  const totalCount = list.data?.pages.at(-1)?.totalCount ?? 0
  // A search with many matches is counted roughly: "about N".
  const about = list.data?.pages.at(-1)?.totalCountIsEstimate ? 'yes' : 'no'
  // No memory holds every word of the search: the server answered the closest matches instead.
  const closest = Boolean(list.data?.pages[0]?.closest)
  const tags = usePopularTags().data ?? []

  const listed = memories.find((m) => m.id === editingId)
  const editing = useMemory(editingId, listed)
  const [deleting, setDeleting] = useState<MemoryItem | null>(null)
  const [showAbout, setShowAbout] = useState(false)
  useShortcuts({
    '/': () => document.getElementById(MEMORY_SEARCH_ID)?.focus(),
    n: startCreating,
  })

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div>
          <h1 className="mb-0">{t('memories.page.title')}</h1>
          {list.isSuccess ? (
            <p className="text-body-secondary mb-0">
              {closest
                ? t('memories.page.closest', { search: filters.searchTerm.trim() })
                : t('memories.page.showing', { shown: memories.length, about, total: totalCount })}
            </p>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <ExportButton />
          <ImportButton />
          <Button variant="primary" onClick={startCreating}>
            {t('memories.page.add')}
          </Button>
        </div>
      </div>

      <NoteImportsPanel />
      <FilterBar today={today} popularTags={tags} />

      {list.isPending ? (
        <LoadingSpinner text={t('memories.page.loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : memories.length === 0 ? (
        hasActiveFilters(filters) ? (
          <div className="text-center py-5">
            <p className="text-body-secondary">{t('memories.page.noMatch')}</p>
            <Button variant="outline-secondary" onClick={clearFilters}>
              {t('memories.page.clearAll')}
            </Button>
          </div>
        ) : (
          <NoMemories onCreate={startCreating} onLearnMore={() => setShowAbout(true)} />
        )
      ) : (
        <>
          <MemoryGrid
            memories={memories}
            timeZone={timeZone}
            onEdit={(m) => startEditing(m.id)}
            onDelete={setDeleting}
          />
          {!closest && totalCount > memories.length ? (
            <div className="text-center my-4">
              <Button
                variant="outline-primary"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? (
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                ) : null}
                {t('memories.page.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {isCreating ? <MemoryModal key="new" show today={today} shared={shared} onClose={closeModal} /> : null}
      {editingId && editing.data ? (
        <MemoryModal key={editingId} show memory={editing.data} today={today} onClose={closeModal} />
      ) : null}
      <DeleteConfirm memory={deleting} onDone={() => setDeleting(null)} />
      <AboutMemories show={showAbout} onHide={() => setShowAbout(false)} />
    </div>
  )
}

/**
 * Other pages link here with a view in the address: `?range=recent` (the dashboard's Recent Memories:
 * the last 30 days through today) or `?memory=<id>` (a memory the assistant cited: opens it). Applied
 * once, then dropped from the address so a reload does not apply it again.
 */
function useLinkedView(today: string, zoneKnown: boolean) {
  const [params, setParams] = useSearchParams()
  const setDateRange = useMemoriesUi((s) => s.setDateRange)
  const startEditing = useMemoriesUi((s) => s.startEditing)
  const range = params.get('range')
  const memory = params.get('memory')
  useEffect(() => {
    if (!range && !memory) return
    // The range is in the user's days: wait for their zone (the browser's may be on another date).
    if (range === 'recent' && !zoneKnown) return
    if (range === 'recent') setDateRange({ startDate: addDays(today, -RECENT_DAYS), endDate: today })
    if (memory) startEditing(memory)
    setParams({}, { replace: true })
  }, [range, memory, today, zoneKnown, setDateRange, startEditing, setParams])
}

/**
 * "Share → Remi" from another app: the service worker kept what was shared and sent the page here with
 * ?shared=1; it opens as a new memory (once: the address drops the mark).
 */
function useShared(): Shared | null {
  const [params, setParams] = useSearchParams()
  const startCreating = useMemoriesUi((s) => s.startCreating)
  const [shared, setShared] = useState<Shared | null>(null)
  const marked = params.get('shared') !== null
  useEffect(() => {
    if (!marked) return
    setParams({}, { replace: true })
    void takeShared().then((taken) => {
      if (!taken) return
      setShared(taken)
      startCreating()
    })
  }, [marked, setParams, startCreating])
  return shared
}

function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation()
  return (
    <RetryAlert title={t('memories.loadError.title')} tone="danger" className="my-4" onRetry={onRetry}>
      <p className="mb-2">{errorMessage(error)}</p>
      <p className="mb-1">{t('memories.loadError.when')}</p>
      <ul>
        <li>{t('memories.loadError.network')}</li>
        <li>{t('memories.loadError.server')}</li>
        <li>{t('memories.loadError.session')}</li>
      </ul>
    </RetryAlert>
  )
}

function DeleteConfirm({ memory, onDone }: { memory: MemoryItem | null; onDone(): void }) {
  const { t } = useTranslation()
  const remove = useDeleteMemory()
  return (
    <ConfirmModal
      show={memory !== null}
      title={t('memories.delete.title')}
      message={t('memories.delete.message')}
      confirmLabel={t('memories.delete.confirm')}
      busy={remove.isPending}
      busyLabel={t('memories.delete.busy')}
      // The deleting state lasts until the call ends, whatever its outcome (spec §4).
      onConfirm={() => memory && remove.mutate(memory.id, { onSettled: onDone })}
      onCancel={onDone}
    />
  )
}
