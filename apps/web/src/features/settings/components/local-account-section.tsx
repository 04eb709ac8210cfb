import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import InputGroup from 'react-bootstrap/InputGroup'
import Spinner from 'react-bootstrap/Spinner'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Invitation } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import { useChangePassword, useCreateInvitation, useLocalAccount } from '../api/local-account'
import { formatWhen } from '../lib/dates'

/**
 * What the built-in identity provider gives this person: their password (a local account) and, while
 * sign-ups are closed, invitation links for the people they want on this server.
 */
export function LocalAccountSections() {
  const local = useLocalAccount()
  if (!local.data) return null
  return (
    <>
      {local.data.hasPassword ? <PasswordSection /> : null}
      {local.data.localSignIn && local.data.signup === 'closed' ? <InvitationsSection /> : null}
    </>
  )
}

export function PasswordSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [keepTokens, setKeepTokens] = useState(false)
  const [errors, setErrors] = useState<{ next?: string; again?: string; current?: string }>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found: typeof errors = {}
    if (!current) found.current = t('settings.password.enterCurrent')
    if (next.length < PASSWORD_MIN_LENGTH)
      found.next = t('settings.password.tooShort', { min: PASSWORD_MIN_LENGTH })
    if (again !== next) found.again = t('settings.password.mismatch')
    setErrors(found)
    if (Object.keys(found).length) return
    change.mutate(
      { currentPassword: current, newPassword: next, keepAccessTokens: keepTokens },
      {
        onSuccess: ({ signedOut, accessTokensEnded }) => {
          setCurrent('')
          setNext('')
          setAgain('')
          setKeepTokens(false)
          toast.success(
            signedOut > 0 || accessTokensEnded > 0
              ? t('settings.password.changedEnded', {
                  sessions: signedOut,
                  tokens: accessTokensEnded,
                  both: signedOut > 0 && accessTokensEnded > 0 ? 'yes' : 'no',
                })
              : t('settings.password.changed'),
          )
        },
      },
    )
  }

  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="password">
        {t('settings.password.title')}
      </Card.Header>
      <Card.Body>
        <p>{t('settings.password.intro')}</p>
        <form onSubmit={onSubmit} noValidate aria-labelledby="password">
          <FormInput
            label={t('settings.password.current')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={current}
            error={errors.current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <FormInput
            label={t('settings.password.new')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={next}
            error={errors.next}
            helpText={t('settings.password.help', { min: PASSWORD_MIN_LENGTH })}
            onChange={(event) => setNext(event.target.value)}
          />
          <FormInput
            label={t('settings.password.again')}
            name="newPasswordAgain"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={again}
            error={errors.again}
            onChange={(event) => setAgain(event.target.value)}
          />
          <Form.Check
            type="checkbox"
            id="keep-access-tokens"
            className="mb-3"
            label={t('settings.keepTokens')}
            checked={keepTokens}
            onChange={(event) => setKeepTokens(event.target.checked)}
          />
          {change.isError ? <Alert variant="danger">{errorMessage(change.error)}</Alert> : null}
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('settings.password.changing')}
              </>
            ) : (
              t('settings.password.button')
            )}
          </Button>
        </form>
      </Card.Body>
    </Card>
  )
}

export function InvitationsSection() {
  const { t } = useTranslation()
  const create = useCreateInvitation()
  const [invitation, setInvitation] = useState<Invitation | null>(null)
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="invitations">
        {t('settings.invitations.title')}
      </Card.Header>
      <Card.Body>
        <p>{t('settings.invitations.intro')}</p>
        {invitation ? <InvitationLink invitation={invitation} /> : null}
        {create.isError ? <Alert variant="danger">{errorMessage(create.error)}</Alert> : null}
        <Button
          variant={invitation ? 'outline-primary' : 'primary'}
          disabled={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: setInvitation })}
        >
          {create.isPending ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {t('settings.creating')}
            </>
          ) : invitation ? (
            t('settings.invitations.another')
          ) : (
            t('settings.invitations.create')
          )}
        </Button>
      </Card.Body>
    </Card>
  )
}

function InvitationLink({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation()
  const toast = useToast()
  const { timezone } = useUserSettings()
  const [manual, setManual] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.url)
      toast.success(t('settings.invitations.copied'))
    } catch {
      // No clipboard (an insecure origin, or permission refused): the person copies it by hand.
      setManual(true)
    }
  }
  return (
    <Alert variant="success">
      <Form.Group>
        <Form.Label htmlFor="invitation-link">{t('settings.invitations.link')}</Form.Label>
        <InputGroup>
          <Form.Control
            id="invitation-link"
            readOnly
            value={invitation.url}
            className="font-monospace"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="outline-secondary"
            onClick={() => void copy()}
            aria-label={t('settings.invitations.copyLink')}
          >
            {t('settings.copy')}
          </Button>
        </InputGroup>
        <Form.Text>
          {manual ? `${t('settings.invitations.copyByHand')} ` : null}
          {t('settings.invitations.worksOnce', { when: formatWhen(invitation.expiresAt, timezone) })}
        </Form.Text>
      </Form.Group>
    </Alert>
  )
}
