import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import type { SignInOptions } from '@remi/shared'
import { useNavigate } from 'react-router'
import { FormInput } from '../../../components/ui/form-input'
import { BRAND } from '../../../config/brand'
import type { Translate } from '../lib/auth-texts'
import { signInLocally } from '../lib/local-sign-in'

/** The shortest password the server takes (local-accounts.ts), said before the person types. */
const MIN_PASSWORD = 10

/**
 * Signing in to this server's own accounts, on /login itself: shown when no provider has credentials,
 * so a person is not sent through "Continue with Google" to a form that has nothing to do with Google.
 * On an empty server it makes the first account.
 */
export function LocalSignInForm({
  local,
  startUrl,
  t,
}: {
  local: NonNullable<SignInOptions['local']>
  /** Where the sign-in starts (/api/auth/login/{provider} with the timezone and the return path). */
  startUrl: string
  /** The sign-in page's texts, in its language. */
  t: Translate
}) {
  const navigate = useNavigate()
  const [creating, setCreating] = useState(local.firstAccount)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setPending(true)
    setError(null)
    const result = await signInLocally({
      startUrl,
      intent: creating ? 'signup' : 'signin',
      email: email.trim(),
      password,
      name: creating ? name.trim() : undefined,
    })
    if (result.ok) {
      // The sign-in return (on any page with ?token=) takes it from here, as after Google.
      void navigate(`${result.landing.pathname}${result.landing.search}`, { replace: true })
      return
    }
    setPending(false)
    setError(
      'message' in result
        ? result.message
        : t(result.failure === 'network' ? 'networkError' : 'signInFailed'),
    )
  }

  const title = t(local.firstAccount ? 'localTitleFirst' : creating ? 'localTitleCreate' : 'localTitleSignIn')
  return (
    <Form onSubmit={(event) => void submit(event)} className="text-start" aria-labelledby="local-sign-in">
      <h2 id="local-sign-in" className="h5 text-center mb-2">
        {title}
      </h2>
      <p className="text-body-secondary small text-center mb-3">
        {t(local.firstAccount ? 'localLeadFirst' : creating ? 'localLeadCreate' : 'localLeadSignIn')}
      </p>
      {error ? (
        <Alert variant="danger" className="py-2">
          {error}
        </Alert>
      ) : null}
      {creating ? (
        <FormInput
          label={t('name')}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      ) : null}
      <FormInput
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormInput
        label={t('password')}
        name="password"
        type="password"
        autoComplete={creating ? 'new-password' : 'current-password'}
        required
        minLength={creating ? MIN_PASSWORD : undefined}
        maxLength={200}
        helpText={creating ? t('passwordHelp', { min: MIN_PASSWORD }) : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="d-grid">
        <Button type="submit" variant="primary" disabled={pending || !email.trim() || !password}>
          {pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {t(creating ? 'createAccount' : 'signIn')}
        </Button>
      </div>
      {local.firstAccount ? null : local.signup === 'open' ? (
        <p className="small text-center mt-3 mb-0">
          {t(creating ? 'haveAccount' : 'noAccount')}{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => setCreating((c) => !c)}
          >
            {t(creating ? 'signIn' : 'createAnAccount')}
          </Button>
        </p>
      ) : (
        <p className="small text-body-secondary text-center mt-3 mb-0">
          {t('askInvitation', { brand: BRAND })}
        </p>
      )}
    </Form>
  )
}
