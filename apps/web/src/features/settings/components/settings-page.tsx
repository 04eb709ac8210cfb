import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { useLocation } from 'react-router'
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

/** The page's sections, each with an address of its own (/settings#notifications), in page order. */
export const SETTINGS_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'chat', label: 'Chat' },
  { id: 'search', label: 'Search' },
  { id: 'access-tokens', label: 'Access tokens' },
  { id: 'account', label: 'Password' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'delete-account', label: 'Delete account' },
] as const
type SectionId = (typeof SETTINGS_SECTIONS)[number]['id']

export function SettingsPage() {
  const settings = useUserSettings()
  const user = useCurrentUser()
  useScrollToHash(!settings.isLoading)
  if (settings.isLoading) return <LoadingSpinner text="Loading settings..." />
  const section = (id: SectionId, content: ReactNode) => (
    <div id={id} className="settings-section">
      {content}
    </div>
  )
  // Keyed so the form starts from the loaded zone without syncing state in an effect.
  return (
    <div className="settings-layout">
      <nav className="settings-nav" aria-label="Settings sections">
        <ul className="list-unstyled mb-0">
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-sections">
        {section(
          'profile',
          <SettingsForm
            key={settings.timezone}
            storedZone={settings.timezone}
            name={user.data?.name}
            email={user.data?.email}
          />,
        )}
        {section('appearance', <ThemeSection />)}
        {section('notifications', <NotificationsSection email={user.data?.email} />)}
        {section('chat', <ChatSection />)}
        {section('search', <SemanticSearchSection />)}
        {section('access-tokens', <AccessTokensSection />)}
        {section('account', <LocalAccountSections />)}
        {section('sessions', <SessionsSection />)}
        {section('delete-account', <DeleteAccountSection email={user.data?.email} />)}
      </div>
    </div>
  )
}

/** Opening /settings#sessions shows that section once the page has loaded (it is not there before). */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation()
  useEffect(() => {
    if (!ready || !hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.()
  }, [ready, hash])
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
