import Dropdown from 'react-bootstrap/Dropdown'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useExportMemories, type ExportFormat } from '../api/export-memories'

/** Export: every memory, as JSON (which Import takes back) or Markdown. */
export function ExportButton() {
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
