import Button from 'react-bootstrap/Button'
import { BRAND } from '../../../config/brand'
import { EmptyState } from '../../../components/ui/empty-state'
import { MemoriesIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'

/** No memories at all: what they are, the first one's button, and Learn About Memories. */
export function NoMemories({ onCreate, onLearnMore }: { onCreate(): void; onLearnMore(): void }) {
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

/** Learn About Memories: what a memory is and what Remi does with it. */
export function AboutMemories({ show, onHide }: { show: boolean; onHide(): void }) {
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
