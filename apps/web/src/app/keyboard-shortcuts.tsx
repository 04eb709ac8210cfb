import { useState } from 'react'
import Table from 'react-bootstrap/Table'
import { useNavigate } from 'react-router'
import { Modal } from '../components/ui/modal'
import { paths } from '../config/paths'
import { useShortcuts } from '../lib/shortcuts'

/** What '?' lists; the memories page binds its own two ('/' and 'n'). */
const shortcuts: { keys: string[]; action: string }[] = [
  { keys: ['/'], action: 'Search memories (on Memories)' },
  { keys: ['n'], action: 'Create Memory (on Memories)' },
  { keys: ['g', 'd'], action: 'Go to Dashboard' },
  { keys: ['g', 'm'], action: 'Go to Memories' },
  { keys: ['g', 'c'], action: 'Go to Chat' },
  { keys: ['g', 'r'], action: 'Go to Reminders' },
  { keys: ['Ctrl/⌘+Shift+Space'], action: 'Dictate into the focused field (Esc cancels)' },
  { keys: ['?'], action: 'Show these shortcuts' },
  { keys: ['Esc'], action: 'Close a dialog' },
]

/** The signed-in pages' shortcuts: moving between pages, and '?' for the list of them all. */
export function KeyboardShortcuts() {
  const navigate = useNavigate()
  const [show, setShow] = useState(false)
  useShortcuts({
    'g d': () => void navigate(paths.dashboard),
    'g m': () => void navigate(paths.memories),
    'g c': () => void navigate(paths.chat),
    'g r': () => void navigate(paths.reminders),
    '?': () => setShow(true),
  })
  return (
    <Modal show={show} onHide={() => setShow(false)} title="Keyboard shortcuts">
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {shortcuts.map(({ keys, action }) => (
            <tr key={action}>
              <td>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? ' then ' : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-body-secondary small mt-3 mb-0">Shortcuts do nothing while you type in a field.</p>
    </Modal>
  )
}
