import { useState, type FormEvent } from 'react'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Spinner from 'react-bootstrap/Spinner'
import { FormInput } from '../../../components/ui/form-input'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { timeZoneOptions } from '../../../config/timezones'
import { useCurrentUser } from '../../../lib/auth'
import { useUserSettings } from '../../../lib/settings'
import { useUpdateUserSettings } from '../api/update-user-settings'
import { matchTimeZone } from '../lib/match-time-zone'
import { AccessTokensSection } from './access-tokens-section'
import { ChatSection } from './chat-section'
import { DeleteAccountSection } from './delete-account-section'
import { SemanticSearchSection } from './semantic-search-section'
import { LocalAccountSections } from './local-account-section'
import { NotificationsSection } from './notifications-section'
import { SessionsSection } from './sessions-section'
import { ThemeSection } from './theme-section'

export function SettingsPage() {
  const settings = useUserSettings()
  const user = useCurrentUser()
  if (settings.isLoading) return <LoadingSpinner text="Loading settings..." />
  // Keyed so the form starts from the loaded zone without syncing state in an effect.
  return (
    <>
      <SettingsForm
        key={settings.timezone}
        storedZone={settings.timezone}
        name={user.data?.name}
        email={user.data?.email}
      />
      <ThemeSection />
      <NotificationsSection email={user.data?.email} />
      <ChatSection />
      <SemanticSearchSection />
      <AccessTokensSection />
      <LocalAccountSections />
      <SessionsSection />
      <DeleteAccountSection email={user.data?.email} />
    </>
  )
}

interface FormProps {
  storedZone: string
  name: string | undefined
  email: string | undefined
}

function SettingsForm({ storedZone, name, email }: FormProps) {
  const toast = useToast()
  const save = useUpdateUserSettings()
  // Nothing stored, or the load failed: the picker starts empty (spec §7, §8), not at a guessed zone.
  const [timezone, setTimezone] = useState(() => matchTimeZone(storedZone))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    // A failed save is ignored (spec §8): the button comes back and no success message shows.
    save.mutate({ timezone }, { onSuccess: () => toast.success('Settings saved successfully') })
  }

  return (
    <Card className="settings-card mx-auto">
      <Card.Header as="h1" className="h4 py-3">
        User Settings
      </Card.Header>
      <Card.Body>
        <section aria-labelledby="account-information" className="mb-4">
          <h2 id="account-information" className="h5">
            Account Information
          </h2>
          <dl className="row mb-0">
            <dt className="col-sm-3">Name</dt>
            <dd className="col-sm-9 text-break">{name || '—'}</dd>
            <dt className="col-sm-3">Email</dt>
            <dd className="col-sm-9 text-break">{email || '—'}</dd>
          </dl>
        </section>
        <form onSubmit={onSubmit}>
          <FormInput
            as="select"
            label="Timezone"
            name="timezone"
            helpText="Select your timezone for displaying dates and times"
            value={timezone}
            onChange={(event) => setTimezone(event.target.value)}
          >
            {timezone === '' ? <option value="">Select a timezone</option> : null}
            {timeZoneOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormInput>
          <Button type="submit" variant="primary" disabled={save.isPending || timezone === ''}>
            {save.isPending ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                Saving...
              </>
            ) : (
              'Save Settings'
            )}
          </Button>
        </form>
      </Card.Body>
    </Card>
  )
}
