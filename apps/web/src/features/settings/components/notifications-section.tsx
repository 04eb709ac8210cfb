import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Spinner from 'react-bootstrap/Spinner'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { notificationPermission } from '../../../lib/service-worker'
import { useNotificationPreferences } from '../api/notification-preferences'
import { useSubscribeThisDevice } from '../api/notification-subscriptions'
import { PushSetupError, pushMessages } from '../lib/push'
import type { SettingsForm } from '../lib/settings-form'
import { BriefingTime } from './briefing-time'
import { EmailReminders } from './email-reminders'
import { NotificationDevices } from './notification-devices'

type Form = Pick<SettingsForm, 'values' | 'change' | 'errors'>

/** Settings → Notifications: this device's notifications, the subscribed devices, e-mail, the briefing's time. */
export function NotificationsSection({ email, form }: { email: string | undefined; form: Form }) {
  const { t } = useTranslation()
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="notifications">
        {t('settings.sections.notifications')}
      </Card.Header>
      <Card.Body>
        <p>{t('settings.notifications.intro')}</p>
        <ThisDevice />
        <NotificationDevices />
        <Preferences email={email} form={form} />
      </Card.Body>
    </Card>
  )
}

function ThisDevice() {
  const { t } = useTranslation()
  const subscribe = useSubscribeThisDevice()
  const toast = useToast()
  const [permission, setPermission] = useState(notificationPermission)
  const failure = subscribe.error
  const onClick = () =>
    subscribe.mutate(undefined, {
      onSuccess: (device) => toast.success(t('settings.notifications.onFor', { device: device.label })),
      onSettled: () => setPermission(notificationPermission()),
    })

  if (permission === 'unsupported') {
    return <p className="text-body-secondary">{pushMessages.unsupported()}</p>
  }
  return (
    <section aria-labelledby="this-device" className="mb-4">
      <h3 id="this-device" className="h6">
        {t('settings.thisDevice')}
      </h3>
      {permission === 'denied' ? (
        <Alert variant="warning">{pushMessages.blocked()}</Alert>
      ) : (
        <Button variant="primary" onClick={onClick} disabled={subscribe.isPending}>
          {subscribe.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {t('settings.notifications.notifyMe')}
        </Button>
      )}
      {failure && permission !== 'denied' ? (
        <Alert
          variant={failure instanceof PushSetupError && failure.partly ? 'warning' : 'danger'}
          className="mt-3 mb-0"
          role="alert"
        >
          {failure instanceof PushSetupError ? failure.message : errorMessage(failure)}
        </Alert>
      ) : null}
    </section>
  )
}

function Preferences({ email, form }: { email: string | undefined; form: Form }) {
  const { t } = useTranslation()
  const preferences = useNotificationPreferences()
  if (preferences.isPending) return <LoadingSpinner text={t('settings.notifications.loading')} />
  if (preferences.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2 mb-0">
        <span>{t('settings.notifications.loadFailed', { reason: errorMessage(preferences.error) })}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void preferences.refetch()}>
          {t('settings.retry')}
        </Button>
      </Alert>
    )
  }
  return (
    <>
      <EmailReminders preferences={preferences.data} email={email} form={form} />
      <BriefingTime form={form} />
    </>
  )
}
