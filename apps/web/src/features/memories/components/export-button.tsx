import Dropdown from 'react-bootstrap/Dropdown'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useExportMemories, type ExportFormat } from '../api/export-memories'

/** Export: every memory, as JSON (which Import takes back) or Markdown. */
export function ExportButton() {
  const { t } = useTranslation()
  const exporter = useExportMemories()
  const toast = useToast()
  const run = (format: ExportFormat) =>
    exporter.mutate(format, { onError: (error) => toast.error(errorMessage(error)) })
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-secondary" disabled={exporter.isPending}>
        {exporter.isPending ? t('memories.export.exporting') : t('memories.export.button')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => run('json')}>
          {t('memories.export.json')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => run('markdown')}>
          {t('memories.export.markdown')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  )
}
