import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../../components/ui/modal'
import { dataSourceTitle } from '../lib/labels'
import { ConfigureCalendarModal } from './configure-calendar-modal'
import { ConfigureWeatherModal } from './configure-weather-modal'

export function ConfigureDataSourceModal({ type, onHide }: { type: string; onHide: () => void }) {
  if (type === 'weather') return <ConfigureWeatherModal onHide={onHide} />
  if (type === 'calendar') return <ConfigureCalendarModal onHide={onHide} />
  return <UnknownSourceModal type={type} onHide={onHide} />
}

function UnknownSourceModal({ type, onHide }: { type: string; onHide: () => void }) {
  const { t } = useTranslation()
  const title = dataSourceTitle(type, t)
  return (
    <Modal
      show
      onHide={onHide}
      title={t('dataSources.modal.title', { title })}
      footer={
        <Button variant="secondary" onClick={onHide}>
          {t('dataSources.modal.close')}
        </Button>
      }
    >
      <Alert variant="warning" className="mb-0">
        {t('dataSources.modal.notImplemented', { title })}
      </Alert>
    </Modal>
  )
}
