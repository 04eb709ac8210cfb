import { useState, type FormEvent } from 'react'
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
import { formatDateTime } from '../../../lib/clock'

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
    if (!current) found.current = 'Enter your current password'
    if (next.length < PASSWORD_MIN_LENGTH)
      found.next = `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters`
    if (again !== next) found.again = 'The two new passwords are not the same'
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
          toast.success(`Password changed.${signedOutText(signedOut, accessTokensEnded)}`)
        },
      },
    )
  }

  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="password">
        Password
      </Card.Header>
      <Card.Body>
        <p>
          The password of your local account on this server. Changing it signs out your other sessions and
          ends your access tokens, unless you keep them.
        </p>
        <form onSubmit={onSubmit} noValidate aria-labelledby="password">
          <FormInput
            label="Current password"
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
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={next}
            error={errors.next}
            helpText={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
            onChange={(event) => setNext(event.target.value)}
          />
          <FormInput
            label="New password again"
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
            label="Keep my access tokens"
            checked={keepTokens}
            onChange={(event) => setKeepTokens(event.target.checked)}
          />
          {change.isError ? <Alert variant="danger">{errorMessage(change.error)}</Alert> : null}
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                Changing...
              </>
            ) : (
              'Change Password'
            )}
          </Button>
        </form>
      </Card.Body>
    </Card>
  )
}

/** ' 2 other sessions were signed out and 1 access token ended.' (empty when nothing ended). */
export function signedOutText(signedOut: number, tokensEnded: number): string {
  const parts = [
    signedOut > 0 ? `${signedOut} other session${signedOut === 1 ? ' was' : 's were'} signed out` : '',
    tokensEnded > 0 ? `${tokensEnded} access token${tokensEnded === 1 ? '' : 's'} ended` : '',
  ].filter(Boolean)
  return parts.length ? ` ${parts.join(' and ')}.` : ''
}

export function InvitationsSection() {
  const create = useCreateInvitation()
  const [invitation, setInvitation] = useState<Invitation | null>(null)
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="invitations">
        Invitations
      </Card.Header>
      <Card.Body>
        <p>
          New accounts on this server need an invitation. Create a link and send it to the person you want to
          invite: it works once, for 7 days, and lets them choose their e-mail address and password.
        </p>
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
              Creating...
            </>
          ) : invitation ? (
            'Create Another Link'
          ) : (
            'Create Invitation Link'
          )}
        </Button>
      </Card.Body>
    </Card>
  )
}

function InvitationLink({ invitation }: { invitation: Invitation }) {
  const toast = useToast()
  const { timezone } = useUserSettings()
  const [manual, setManual] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.url)
      toast.success('Invitation link copied')
    } catch {
      // No clipboard (an insecure origin, or permission refused): the person copies it by hand.
      setManual(true)
    }
  }
  return (
    <Alert variant="success">
      <Form.Group>
        <Form.Label htmlFor="invitation-link">Invitation link</Form.Label>
        <InputGroup>
          <Form.Control
            id="invitation-link"
            readOnly
            value={invitation.url}
            className="font-monospace"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline-secondary" onClick={() => void copy()} aria-label="Copy invitation link">
            Copy
          </Button>
        </InputGroup>
        <Form.Text>
          {manual ? 'Copying is not available here: select the link and copy it yourself. ' : ''}
          Works once, until {formatWhen(invitation.expiresAt, timezone)}. It is shown only now.
        </Form.Text>
      </Form.Group>
    </Alert>
  )
}

function formatWhen(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone)
}
