import { useEffect, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { languageNames, languages, type Language } from '@remi/shared'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Spinner from 'react-bootstrap/Spinner'
import { FormInput } from '../../../components/ui/form-input'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { timeZoneOptions } from '../../../config/timezones'
import { useCurrentUser } from '../../../lib/auth'
import { useUserSettings } from '../../../lib/settings'
import { useListOf, useSettingsForm, type SettingsForm } from '../lib/settings-form'
import { AccessTokensSection } from './access-tokens-section'
import { ChatSection } from './chat-section'
import { ConnectedToolsSection } from './connected-tools-section'
import { DeleteAccountSection } from './delete-account-section'
import { SemanticSearchSection } from './semantic-search-section'
import { LocalAccountSections } from './local-account-section'
import { NotificationsSection } from './notifications-section'
import { SessionsSection } from './sessions-section'
import { ThemeSection } from './theme-section'

/** The page's sections, each with an address of its own (/settings#notifications), in page order. */
export const SETTINGS_SECTIONS = [
  { id: 'profile', label: 'settings.sections.profile' },
  { id: 'appearance', label: 'settings.sections.appearance' },
  { id: 'notifications', label: 'settings.sections.notifications' },
  { id: 'chat', label: 'settings.sections.chat' },
  { id: 'search', label: 'settings.sections.search' },
  { id: 'connected-tools', label: 'settings.sections.connectedTools' },
  { id: 'access-tokens', label: 'settings.sections.accessTokens' },
  { id: 'account', label: 'settings.sections.account' },
  { id: 'sessions', label: 'settings.sections.sessions' },
  { id: 'delete-account', label: 'settings.sections.deleteAccount' },
] as const
type SectionId = (typeof SETTINGS_SECTIONS)[number]['id']

export function SettingsPage() {
  const settings = useUserSettings()
  const user = useCurrentUser()
  const form = useSettingsForm()
  const { t } = useTranslation()
  useScrollToHash(!settings.isLoading)
  if (settings.isLoading) return <LoadingSpinner text={t('settings.loading')} />
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void form.save()
  }
  return (
    <div className="settings-layout">
      <nav className="settings-nav" aria-label={t('settings.sectionsLabel')}>
        <ul className="list-unstyled mb-0">
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{t(s.label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-sections">
        {/* The preferences: changed here, kept with the one "Save Settings" under them. */}
        <form className="settings-form" aria-label={t('settings.formLabel')} noValidate onSubmit={onSubmit}>
          <Section id="profile">
            <ProfileCard form={form} name={user.data?.name} email={user.data?.email} />
          </Section>
          <Section id="appearance">
            <ThemeSection form={form} />
          </Section>
          <Section id="notifications">
            <NotificationsSection email={user.data?.email} form={form} />
          </Section>
          <Section id="chat">
            <ChatSection form={form} />
          </Section>
          <SaveBar form={form} />
        </form>
        {/* What follows acts at once (a token made, a session ended): nothing in it waits for a save. */}
        <Section id="search">
          <SemanticSearchSection />
        </Section>
        <Section id="connected-tools">
          <ConnectedToolsSection />
        </Section>
        <Section id="access-tokens">
          <AccessTokensSection />
        </Section>
        <Section id="account">
          <LocalAccountSections />
        </Section>
        <Section id="sessions">
          <SessionsSection />
        </Section>
        <Section id="delete-account">
          <DeleteAccountSection email={user.data?.email} />
        </Section>
      </div>
    </div>
  )
}

/** One section of the page, at its own address (/settings#sessions). */
function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <div id={id} className="settings-section">
      {children}
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

interface ProfileProps {
  form: Pick<SettingsForm, 'values' | 'change'>
  name: string | undefined
  email: string | undefined
}

function ProfileCard({ form, name, email }: ProfileProps) {
  const { t } = useTranslation()
  const { timezone, language } = form.values
  return (
    <Card className="settings-card mx-auto">
      <Card.Header as="h1" className="h4 py-3">
        {t('settings.profile.title')}
      </Card.Header>
      <Card.Body>
        <section aria-labelledby="account-information" className="mb-4">
          <h2 id="account-information" className="h5">
            {t('settings.profile.accountInformation')}
          </h2>
          <dl className="row mb-0">
            <dt className="col-sm-3">{t('settings.profile.name')}</dt>
            <dd className="col-sm-9 text-break">{name || '—'}</dd>
            <dt className="col-sm-3">{t('settings.profile.email')}</dt>
            <dd className="col-sm-9 text-break">{email || '—'}</dd>
          </dl>
        </section>
        <FormInput
          as="select"
          label={t('settings.profile.timezone')}
          name="timezone"
          helpText={t('settings.profile.timezoneHelp')}
          value={timezone}
          onChange={(event) => form.change({ timezone: event.target.value })}
        >
          {timezone === '' ? <option value="">{t('settings.profile.selectTimezone')}</option> : null}
          {timeZoneOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FormInput>
        <FormInput
          as="select"
          label={t('settings.profile.language')}
          name="language"
          helpText={t('settings.profile.languageHelp')}
          value={language}
          onChange={(event) => form.change({ language: event.target.value as Language })}
        >
          {/* Each in its own words: a person finds theirs whatever the screens are in now. */}
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </FormInput>
      </Card.Body>
    </Card>
  )
}

/**
 * The page's one save, under the preferences. With changes waiting it stays in view (sticky) and names
 * their sections; when a save fails, it says why, and the changes stay.
 */
function SaveBar({ form }: { form: SettingsForm }) {
  const { t } = useTranslation()
  const listOf = useListOf()
  const { unsaved, saving, failure } = form
  return (
    <div className={`settings-save-bar settings-card mt-4${unsaved.length > 0 ? ' has-changes' : ''}`}>
      {failure ? (
        <Alert variant="danger" className="mb-2 py-2 small" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <p className="settings-save-status mb-0" role="status">
          {saving
            ? t('settings.save.saving')
            : unsaved.length > 0
              ? t('settings.save.unsaved', { sections: listOf(unsaved) })
              : t('settings.save.nothingUnsaved')}
        </p>
        <Button type="submit" variant="primary" disabled={saving || unsaved.length === 0}>
          {saving ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {t('settings.save.savingButton')}
            </>
          ) : (
            t('settings.save.button')
          )}
        </Button>
      </div>
    </div>
  )
}
