import { useState, type FormEvent } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { MEMORY_LIMITS } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { Modal } from '../../../components/ui/modal'
import { useCreateMemory } from '../api/create-memory'
import type { MemoryItem } from '../api/get-memories'
import { useMemoryTags } from '../api/get-memory-tags'
import { useUpdateMemory } from '../api/update-memory'
import { addTag, applySuggestion, quickTags, tagSuggestions } from '../lib/tags'

interface MemoryModalProps {
  show: boolean
  /** The memory to edit; none to create one. */
  memory?: MemoryItem | null
  /** Today in the user's zone: the date a new memory starts with. */
  today: string
  onClose(): void
}

/** Keyed by the memory (or 'new') by its parent, so each opening starts from fresh fields. */
export function MemoryModal({ show, memory, today, onClose }: MemoryModalProps) {
  const editing = Boolean(memory)
  const [text, setText] = useState(memory?.text ?? '')
  const [tags, setTags] = useState(memory ? memory.tags.join(', ') : '')
  const [date, setDate] = useState(memory ? (memory.date ?? '') : today)
  const knownTags = useMemoryTags().data ?? []
  const create = useCreateMemory()
  const update = useUpdateMemory()
  const saving = create.isPending || update.isPending
  const blank = text.trim() === ''
  const suggestions = tagSuggestions(tags, knownTags)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (blank || saving) return
    // On failure the modal stays open with what was typed (spec §4).
    if (memory) update.mutate({ id: memory.id, text, tags, date }, { onSuccess: onClose })
    else create.mutate({ text, tags, date }, { onSuccess: onClose })
  }

  const hide = () => {
    if (!saving) onClose()
  }

  return (
    <Modal
      show={show}
      onHide={hide}
      size="lg"
      title={editing ? 'Edit Memory' : 'Create Memory'}
      footer={
        <>
          <Button variant="secondary" onClick={hide} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="memory-form" variant="primary" disabled={blank || saving}>
            {saving ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {editing ? 'Updating...' : 'Creating...'}
              </>
            ) : editing ? (
              'Update Memory'
            ) : (
              'Create Memory'
            )}
          </Button>
        </>
      }
    >
      <Form id="memory-form" onSubmit={submit} noValidate>
        <FormInput
          label="Memory"
          name="text"
          as="textarea"
          rows={5}
          required
          autoFocus
          maxLength={MEMORY_LIMITS.textMax}
          placeholder="What do you want to remember?"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <FormInput
          label="Tags"
          name="tags"
          helpText="Separate tags with commas"
          placeholder="e.g. work, health"
          autoComplete="off"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        {suggestions.length ? (
          <div className="d-flex flex-wrap gap-1 mb-3" aria-label="Tag suggestions" role="group">
            {suggestions.map((tag) => (
              <Button
                key={tag}
                size="sm"
                variant="outline-primary"
                onClick={() => setTags(applySuggestion(tags, tag))}
              >
                {tag}
              </Button>
            ))}
          </div>
        ) : null}
        {!editing && knownTags.length ? (
          <div className="mb-3">
            <div className="form-label mb-1">Quick Tags</div>
            <div className="d-flex flex-wrap gap-1" role="group" aria-label="Quick Tags">
              {quickTags(knownTags).map((tag) => (
                <Button
                  key={tag}
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setTags(addTag(tags, tag))}
                >
                  {tag}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        <FormInput
          label="Date"
          name="date"
          type="date"
          min="1900-01-01"
          max="2100-12-31"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </Form>
    </Modal>
  )
}
