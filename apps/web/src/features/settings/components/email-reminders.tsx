import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()
  const sendLink = useSendVerificationLink()
  const toast = useToast()
  const address = preferences.email || email || t('settings.notifications.email.yourAddress')
  const justVerified = new URLSearchParams(window.location.search).get('email')
  return (
    <section aria-labelledby="email-reminders" className="mb-4">
      <h3 id="email-reminders" className="h6">
        {t('settings.notifications.email.heading')}
      </h3>
      <Form.Check
        type="switch"
        id="email-reminders-switch"
        label={t('settings.notifications.email.switch')}
        checked={form.values.emailReminders}
        disabled={!preferences.emailAvailable}
        aria-describedby="email-reminders-note"
        onChange={(event) => form.change({ emailReminders: event.target.checked })}
      />
      <Form.Text id="email-reminders-note" muted>
        {!preferences.emailAvailable
          ? t('settings.notifications.email.unavailable')
          : preferences.emailVerified
            ? t('settings.notifications.email.verifiedNote', { address })
            : t('settings.notifications.email.unverifiedNote', { address })}
      </Form.Text>
      {preferences.emailAvailable && justVerified === 'verified' && preferences.emailVerified ? (
        <Alert variant="success" className="mt-2 mb-0">
          {t('settings.notifications.email.verified')}
        </Alert>
      ) : null}
      {preferences.emailAvailable && !preferences.emailVerified ? (
        <div className="mt-2">
          <p className="mb-2">
            <Badge bg="warning" text="dark">
              {t('settings.notifications.email.notVerified')}
            </Badge>{' '}
            {justVerified === 'link-expired'
              ? t('settings.notifications.email.linkExpired')
              : t('settings.notifications.email.notVerifiedYet', { address })}
          </p>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={sendLink.isPending || sendLink.isSuccess}
            onClick={() =>
              sendLink.mutate(undefined, {
                onSuccess: ({ sentTo }) =>
                  toast.success(t('settings.notifications.email.linkSentTo', { address: sentTo })),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {sendLink.isSuccess
              ? t('settings.notifications.email.linkSent')
              : t('settings.notifications.email.sendLink')}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
