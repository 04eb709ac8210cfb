import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Dropdown from 'react-bootstrap/Dropdown'
import Spinner from 'react-bootstrap/Spinner'
import { useSearchParams } from 'react-router'
import { addDays, knownTimeZone, todayIn } from '@remi/shared'
import { BRAND } from '../../../config/brand'
import { EmptyState } from '../../../components/ui/empty-state'
import { MemoriesIcon } from '../../../components/ui/icons'
import { ConfirmModal, Modal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { browserTimeZone, useUserSettings } from '../../../lib/settings'
import { useShortcuts } from '../../../lib/shortcuts'
import { useDeleteMemory } from '../api/delete-memory'
import { useExportMemories, type ExportFormat } from '../api/export-memories'
import { useMemories, type MemoryItem } from '../api/get-memories'
import { useMemory } from '../api/get-memory'
import { usePopularTags } from '../api/get-memory-tags'
import { useImportMemories } from '../api/import-memories'
import { hasActiveFilters, useMemoriesUi } from '../store'
import { FilterBar, MEMORY_SEARCH_ID } from './filter-bar'
import { MemoryGrid } from './memory-grid'
import { MemoryModal } from './memory-modal'
import { droppedFiles, IMPORT_ACCEPT, isRemiExport, NoteImportModal, NoteImportsPanel } from './note-imports'

/** Spec §9: recent means the last 30 days. */
const RECENT_DAYS = 30

export function MemoriesPage() {
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

  const list = useMemories(filters)
  const memories = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data])
  const totalCount = list.data?.pages.at(-1)?.totalCount ?? 0
  // A search with many matches is counted roughly: "about N".
  const about = list.data?.pages.at(-1)?.totalCountIsEstimate ? 'about ' : ''
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
          <h1 className="mb-0">Memories</h1>
          {list.isSuccess ? (
            <p className="text-body-secondary mb-0">
              {closest
                ? `No memories hold every word of “${filters.searchTerm.trim()}”. The closest matches:`
                : `Showing ${memories.length} of ${about}${totalCount} memories`}
            </p>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <ExportButton />
          <ImportButton />
          <Button variant="primary" onClick={startCreating}>
            Add Memory
          </Button>
        </div>
      </div>

      <NoteImportsPanel />
      <FilterBar today={today} popularTags={tags} />

      {list.isPending ? (
        <LoadingSpinner text="Loading memories..." />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : memories.length === 0 ? (
        hasActiveFilters(filters) ? (
          <div className="text-center py-5">
            <p className="text-body-secondary">No memories match these filters.</p>
            <Button variant="outline-secondary" onClick={clearFilters}>
              Clear all filters
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
                Load More Memories
              </Button>
            </div>
          ) : null}
        </>
      )}

      {isCreating ? <MemoryModal key="new" show today={today} onClose={closeModal} /> : null}
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

function NoMemories({ onCreate, onLearnMore }: { onCreate(): void; onLearnMore(): void }) {
  return (
    <EmptyState
      icon={<MemoriesIcon size={22} />}
      title="No Memories Yet"
      actions={
        <>
          <Button variant="primary" onClick={onCreate}>
            Create Your First Memory
          </Button>
          <Button variant="outline-secondary" onClick={onLearnMore}>
            Learn About Memories
          </Button>
        </>
      }
    >
      Memories are short notes {BRAND} keeps for you: ideas, plans, things to remember. Write your first one,
      or import notes from Keep, Evernote, Bear or Markdown.
    </EmptyState>
  )
}

function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Alert variant="danger" className="my-4">
      <Alert.Heading as="h2" className="h4">
        Unable to Load Memories
      </Alert.Heading>
      <p className="mb-2">{errorMessage(error)}</p>
      <p className="mb-1">This can happen when:</p>
      <ul>
        <li>your network connection is down or unstable,</li>
        <li>the server is busy or temporarily unavailable,</li>
        <li>your session has expired and you need to sign in again.</li>
      </ul>
      <div className="d-flex gap-2">
        <Button variant="danger" onClick={onRetry}>
          Try Again
        </Button>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </Alert>
  )
}

function DeleteConfirm({ memory, onDone }: { memory: MemoryItem | null; onDone(): void }) {
  const remove = useDeleteMemory()
  return (
    <ConfirmModal
      show={memory !== null}
      title="Delete Memory"
      message="Are you sure you want to delete this memory? This cannot be undone."
      confirmLabel="Delete"
      busy={remove.isPending}
      busyLabel="Deleting..."
      // The deleting state lasts until the call ends, whatever its outcome (spec §4).
      onConfirm={() => memory && remove.mutate(memory.id, { onSettled: onDone })}
      onCancel={onDone}
    />
  )
}

function AboutMemories({ show, onHide }: { show: boolean; onHide(): void }) {
  return (
    <Modal show={show} onHide={onHide} title="About Memories">
      <p>
        A memory is a short note you want {BRAND} to keep: an idea, a plan, a date, something someone told
        you.
      </p>
      <ul>
        <li>Give it tags (comma-separated) and a date to find it again by topic or by time.</li>
        <li>Search finds whole words, the start of a word as you type, and tags.</li>
        <li>The assistant reads your memories when you chat and when it writes your daily briefing.</li>
        <li>Export them as JSON or Markdown at any time, and import a JSON export back.</li>
      </ul>
    </Modal>
  )
}

function ExportButton() {
  const exporter = useExportMemories()
  const toast = useToast()
  const run = (format: ExportFormat) =>
    exporter.mutate(format, { onError: (error) => toast.error(errorMessage(error)) })
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-secondary" disabled={exporter.isPending}>
        {exporter.isPending ? 'Exporting...' : 'Export'}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => run('json')}>
          JSON (can be imported)
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => run('markdown')}>
          Markdown
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  )
}

function ImportButton() {
  const importer = useImportMemories()
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  // Notes from other apps go through a preview first (note-imports.tsx); Remi's own export at once.
  const [notes, setNotes] = useState<File[] | null>(null)
  const take = async (files: File[]) => {
    if (!files.length) return
    if (await isRemiExport(files)) importFile(files[0]!)
    else setNotes(files)
  }
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    void take(files)
  }
  const importFile = (file: File) => {
    importer.mutate(file, {
      onSuccess: (result) =>
        toast.success(`Imported ${result.imported} ${result.imported === 1 ? 'memory' : 'memories'}.`),
      onError: (error) => toast.error(errorMessage(error)),
    })
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        multiple
        className="d-none"
        aria-label="Import file"
        onChange={choose}
      />
      <Button
        variant="outline-secondary"
        onClick={() => input.current?.click()}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => void take(droppedFiles(event))}
        disabled={importer.isPending}
        title="Choose or drop a Remi export, a Google Keep Takeout, Evernote .enex, Bear backup or Markdown notes"
      >
        {importer.isPending ? 'Importing...' : 'Import'}
      </Button>
      <NoteImportModal files={notes} onHide={() => setNotes(null)} />
    </>
  )
}
