import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import type { NotificationPreferences } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useSendVerificationLink } from '../api/notification-preferences'
import type { SettingsForm } from '../lib/settings-form'

interface EmailRemindersProps {
  preferences: NotificationPreferences
  email: string | undefined
  form: Pick<SettingsForm, 'values' | 'change'>
}

/** Reminders by e-mail: the switch, and the address's verification. */
export function EmailReminders({ preferences, email, form }: EmailRemindersProps) {
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
