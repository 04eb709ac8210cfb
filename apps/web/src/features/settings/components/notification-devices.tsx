import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import type { PushSubscriptionInfo } from '@remi/shared'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { readStored } from '../../../lib/storage'
import { usePushSubscriptions, useRemoveSubscription } from '../api/notification-subscriptions'

/** The devices subscribed to notifications, this one marked, each with Remove. */
export function NotificationDevices() {
  const subscriptions = usePushSubscriptions()
  const remove = useRemoveSubscription()
  const toast = useToast()
  const thisDevice = readStored('pushSubscriptionId')
  const onRemove = (device: PushSubscriptionInfo) =>
    remove.mutate(device, {
      onSuccess: () => toast.success(`Removed ${device.label}`),
      onError: (error) => toast.error(errorMessage(error)),
    })

  return (
    <section aria-labelledby="notified-devices" className="mb-4">
      <h3 id="notified-devices" className="h6">
        Devices that get notifications
      </h3>
      {subscriptions.isPending ? (
        <LoadingSpinner text="Loading devices..." />
      ) : subscriptions.isError ? (
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
          <span>Could not load your devices. {errorMessage(subscriptions.error)}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void subscriptions.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : subscriptions.data.length === 0 ? (
        <p className="text-body-secondary mb-0">No devices yet.</p>
      ) : (
        <ul className="list-group" aria-label="Devices that get notifications">
          {subscriptions.data.map((device) => (
            <li
              key={device.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div className="text-break">
                <div>
                  <strong>{device.label}</strong>{' '}
                  {device.id === thisDevice ? <Badge bg="success">This device</Badge> : null}
                </div>
                <div className="small text-body-secondary">
                  {device.endpointHost} · Added {new Date(device.createdAt).toLocaleDateString('en-US')}
                  {device.lastSuccessAt
                    ? ` · Last notified ${new Date(device.lastSuccessAt).toLocaleDateString('en-US')}`
                    : ''}
                </div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${device.label}`}
                onClick={() => onRemove(device)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
