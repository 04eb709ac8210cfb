import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import ListGroup from 'react-bootstrap/ListGroup'
import Placeholder from 'react-bootstrap/Placeholder'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { useUserTimeZone } from '../../../lib/zoned-time'
import { useReminders } from '../api/get-reminders'
import { ReminderActions } from './reminder-actions'
import { ReminderRow } from './reminder-row'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/** Dashboard: what is due in the next 7 days (overdue ones still waiting included), with Done and Snooze. */
export function UpcomingRemindersCard() {
  const { t } = useTranslation()
  // The window is fixed when the card mounts, so the query's key stays the same while it is shown.
  const [to] = useState(() => new Date(Date.now() + WEEK_MS).toISOString())
  const reminders = useReminders({ status: 'scheduled', to })
  const zone = useUserTimeZone()

  if (reminders.isError) {
    return (
      <Alert variant="warning" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <span>
          <strong>{t('reminders.card.unavailable')}</strong> {t('reminders.card.unavailableText')}
        </span>
        <Button variant="outline-dark" size="sm" onClick={() => void reminders.refetch()}>
          {t('reminders.card.retry')}
        </Button>
      </Alert>
    )
  }

  return (
    <Card className="mb-4" as="section" aria-labelledby="upcoming-reminders">
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div>
          <Card.Title as="h2" className="h5 mb-0" id="upcoming-reminders">
            {t('reminders.card.title')}
          </Card.Title>
          <small className="text-body-secondary">{t('reminders.card.next7Days')}</small>
        </div>
        <Link to={paths.reminders} className="btn btn-outline-dark btn-sm">
          {t('reminders.card.all')}
        </Link>
      </Card.Header>
      {reminders.isPending ? (
        <Card.Body aria-busy="true">
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={8} /> <Placeholder xs={5} /> <Placeholder xs={7} />
          </Placeholder>
        </Card.Body>
      ) : reminders.data.length === 0 ? (
        <Card.Body>
          <p className="mb-0 text-body-secondary">{t('reminders.card.empty')}</p>
        </Card.Body>
      ) : (
        <ListGroup as="ul" variant="flush" aria-label={t('reminders.card.listLabel')}>
          {reminders.data.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} zone={zone}>
              <ReminderActions reminder={reminder} />
            </ReminderRow>
          ))}
        </ListGroup>
      )}
    </Card>
  )
}
