import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import type { NotificationPreferences, PushSubscriptionInfo } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { notificationPermission } from '../../../lib/service-worker'
import { readStored } from '../../../lib/storage'
import { useUserTimeZone } from '../../../lib/zoned-time'
import { useNotificationPreferences, useSendVerificationLink } from '../api/notification-preferences'
import {
  usePushSubscriptions,
  useRemoveSubscription,
  useSubscribeThisDevice,
} from '../api/notification-subscriptions'
import { PushSetupError, pushMessages } from '../lib/push'
import type { SettingsForm } from '../lib/settings-form'

type Form = Pick<SettingsForm, 'values' | 'change' | 'errors'>

/** Settings → Notifications: this device's notifications, the subscribed devices, e-mail, the briefing's time. */
export function NotificationsSection({ email, form }: { email: string | undefined; form: Form }) {
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="notifications">
        Notifications
      </Card.Header>
      <Card.Body>
        <p>
          Reminders show in every open Remi tab. On a device you choose, they also come as notifications, even
          when Remi is closed.
        </p>
        <ThisDevice />
        <Devices />
        <Preferences email={email} form={form} />
      </Card.Body>
    </Card>
  )
}

function ThisDevice() {
  const subscribe = useSubscribeThisDevice()
  const toast = useToast()
  const [permission, setPermission] = useState(notificationPermission)
  const failure = subscribe.error
  const onClick = () =>
    subscribe.mutate(undefined, {
      onSuccess: (device) => toast.success(`Notifications are on for ${device.label}`),
      onSettled: () => setPermission(notificationPermission()),
    })

  if (permission === 'unsupported') {
    return <p className="text-body-secondary">{pushMessages.unsupported}</p>
  }
  return (
    <section aria-labelledby="this-device" className="mb-4">
      <h3 id="this-device" className="h6">
        This device
      </h3>
      {permission === 'denied' ? (
        <Alert variant="warning">{pushMessages.blocked}</Alert>
      ) : (
        <Button variant="primary" onClick={onClick} disabled={subscribe.isPending}>
          {subscribe.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          Notify me on this device
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

function Devices() {
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

function Preferences({ email, form }: { email: string | undefined; form: Form }) {
  const preferences = useNotificationPreferences()
  if (preferences.isPending) return <LoadingSpinner text="Loading notification settings..." />
  if (preferences.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2 mb-0">
        <span>Could not load your notification settings. {errorMessage(preferences.error)}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void preferences.refetch()}>
          Retry
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

interface EmailRemindersProps {
  preferences: NotificationPreferences
  email: string | undefined
  form: Form
}

function EmailReminders({ preferences, email, form }: EmailRemindersProps) {
  const sendLink = useSendVerificationLink()
  const toast = useToast()
  const address = preferences.email || email || 'your account’s address'
  const justVerified = new URLSearchParams(window.location.search).get('email')
  return (
    <section aria-labelledby="email-reminders" className="mb-4">
      <h3 id="email-reminders" className="h6">
        E-mail
      </h3>
      <Form.Check
        type="switch"
        id="email-reminders-switch"
        label="E-mail me my reminders"
        checked={form.values.emailReminders}
        disabled={!preferences.emailAvailable}
        aria-describedby="email-reminders-note"
        onChange={(event) => form.change({ emailReminders: event.target.checked })}
      />
      <Form.Text id="email-reminders-note" muted>
        {!preferences.emailAvailable
          ? 'This server cannot send e-mail yet. Ask whoever runs Remi to set up e-mail.'
          : preferences.emailVerified
            ? `Each reminder is also sent to ${address}.`
            : `Reminders and briefings are e-mailed to ${address} only once you open a link sent there, so that nobody can have e-mails sent to someone else.`}
      </Form.Text>
      {preferences.emailAvailable && justVerified === 'verified' && preferences.emailVerified ? (
        <Alert variant="success" className="mt-2 mb-0">
          Your e-mail address is verified.
        </Alert>
      ) : null}
      {preferences.emailAvailable && !preferences.emailVerified ? (
        <div className="mt-2">
          <p className="mb-2">
            <Badge bg="warning" text="dark">
              Not verified
            </Badge>{' '}
            {justVerified === 'link-expired'
              ? 'That link has expired or was already used. Send a new one.'
              : `${address} has not been verified yet.`}
          </p>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={sendLink.isPending || sendLink.isSuccess}
            onClick={() =>
              sendLink.mutate(undefined, {
                onSuccess: ({ sentTo }) =>
                  toast.success(`A verification link was sent to ${sentTo}. It works once, for 24 hours.`),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {sendLink.isSuccess ? 'Link sent' : 'Send verification link'}
          </Button>
        </div>
      ) : null}
    </section>
  )
}

function BriefingTime({ form }: { form: Form }) {
  const zone = useUserTimeZone()
  const { briefingOn, briefingTime } = form.values
  return (
    <section aria-labelledby="briefing-delivery">
      <h3 id="briefing-delivery" className="h6">
        Daily briefing
      </h3>
      <Form.Check
        type="switch"
        id="briefing-delivery-switch"
        label="Bring me my daily briefing"
        checked={briefingOn}
        onChange={(event) => form.change({ briefingOn: event.target.checked })}
        className="mb-2"
      />
      {briefingOn ? (
        <FormInput
          label="Send my briefing at"
          name="briefingTime"
          type="time"
          required
          error={form.errors.briefingTime}
          helpText={`In your timezone (${zone}), to this app's open tabs, your devices and, if on, your e-mail`}
          value={briefingTime}
          onChange={(event) => form.change({ briefingTime: event.target.value })}
        />
      ) : null}
    </section>
  )
}
