import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { Modal } from '../../../components/ui/modal'
import { dataSourceTitle } from '../lib/labels'
import { ConfigureCalendarModal } from './configure-calendar-modal'
import { ConfigureWeatherModal } from './configure-weather-modal'

export function ConfigureDataSourceModal({ type, onHide }: { type: string; onHide: () => void }) {
  if (type === 'weather') return <ConfigureWeatherModal onHide={onHide} />
  if (type === 'calendar') return <ConfigureCalendarModal onHide={onHide} />
  const title = dataSourceTitle(type)
  return (
    <Modal
      show
      onHide={onHide}
      title={`Configure ${title}`}
      footer={
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      }
    >
      <Alert variant="warning" className="mb-0">
        Configuration for {title} is not yet implemented.
      </Alert>
    </Modal>
  )
}
