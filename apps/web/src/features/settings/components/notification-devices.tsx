import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import type { PushSubscriptionInfo } from '@remi/shared'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { readStored } from '../../../lib/storage'
import { usePushSubscriptions, useRemoveSubscription } from '../api/notification-subscriptions'
import { formatShortDate } from '../lib/dates'

/** The devices subscribed to notifications, this one marked, each with Remove. */
export function NotificationDevices() {
  const { t } = useTranslation()
  const subscriptions = usePushSubscriptions()
  const remove = useRemoveSubscription()
  const toast = useToast()
  const thisDevice = readStored('pushSubscriptionId')
  const onRemove = (device: PushSubscriptionInfo) =>
    remove.mutate(device, {
      onSuccess: () => toast.success(t('settings.notifications.removed', { device: device.label })),
      onError: (error) => toast.error(errorMessage(error)),
    })

  return (
    <section aria-labelledby="notified-devices" className="mb-4">
      <h3 id="notified-devices" className="h6">
        {t('settings.notifications.devices')}
      </h3>
      {subscriptions.isPending ? (
        <LoadingSpinner text={t('settings.notifications.loadingDevices')} />
      ) : subscriptions.isError ? (
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
          <span>
            {t('settings.notifications.devicesFailed', { reason: errorMessage(subscriptions.error) })}
          </span>
          <Button variant="outline-danger" size="sm" onClick={() => void subscriptions.refetch()}>
            {t('settings.retry')}
          </Button>
        </Alert>
      ) : subscriptions.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('settings.notifications.noDevices')}</p>
      ) : (
        <ul className="list-group" aria-label={t('settings.notifications.devices')}>
          {subscriptions.data.map((device) => (
            <li
              key={device.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div className="text-break">
                <div>
                  <strong>{device.label}</strong>{' '}
                  {device.id === thisDevice ? <Badge bg="success">{t('settings.thisDevice')}</Badge> : null}
                </div>
                <div className="small text-body-secondary">
                  {[
                    device.endpointHost,
                    t('settings.notifications.added', { date: formatShortDate(device.createdAt) }),
                    ...(device.lastSuccessAt
                      ? [
                          t('settings.notifications.lastNotified', {
                            date: formatShortDate(device.lastSuccessAt),
                          }),
                        ]
                      : []),
                  ].join(' · ')}
                </div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('settings.removeNamed', { name: device.label })}
                onClick={() => onRemove(device)}
              >
                {t('settings.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
