import { useState } from 'react'
import Table from 'react-bootstrap/Table'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Modal } from '../components/ui/modal'
import { paths } from '../config/paths'
import { useShortcuts } from '../lib/shortcuts'

/** What '?' lists; the memories page binds its own two ('/' and 'n'). */
const shortcuts = [
  { keys: ['/'], action: 'search' },
  { keys: ['n'], action: 'create' },
  { keys: ['g', 'd'], action: 'dashboard' },
  { keys: ['g', 'm'], action: 'memories' },
  { keys: ['g', 'c'], action: 'chat' },
  { keys: ['g', 'r'], action: 'reminders' },
  { keys: ['Ctrl/⌘+Shift+Space'], action: 'dictate' },
  { keys: ['?'], action: 'show' },
  { keys: ['Esc'], action: 'close' },
] as const

/** The signed-in pages' shortcuts: moving between pages, and '?' for the list of them all. */
export function KeyboardShortcuts() {
  const { t } = useTranslation()
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
    <Modal show={show} onHide={() => setShow(false)} title={t('common.shortcuts.title')}>
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <th scope="col">{t('common.shortcuts.keys')}</th>
            <th scope="col">{t('common.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcuts.map(({ keys, action }) => (
            <tr key={action}>
              <td>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? ` ${t('common.shortcuts.then')} ` : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(`common.shortcuts.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-body-secondary small mt-3 mb-0">{t('common.shortcuts.hint')}</p>
    </Modal>
  )
}
