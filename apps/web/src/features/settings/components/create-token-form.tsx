import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { ACCESS_TOKEN_LIMITS, type AccessTokenScope, type CreatedAccessToken } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { errorMessage } from '../../../lib/api-client'
import { useCreateAccessToken } from '../api/create-access-token'
import { scopeLabels } from './token-list'

const DAY_MS = 24 * 60 * 60 * 1000
const expiryOptions = [
  { value: 'never', label: 'No expiry', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const
type Expiry = (typeof expiryOptions)[number]['value']

/** A token's name, access and expiry; the token itself is shown once, by the section. */
export function CreateTokenForm({
  atLimit,
  onCreated,
}: {
  atLimit: boolean
  onCreated: (token: CreatedAccessToken) => void
}) {
  const create = useCreateAccessToken()
  const [name, setName] = useState('')
  const [scope, setScope] = useState<AccessTokenScope>('read')
  const [expiry, setExpiry] = useState<Expiry>('90')
  const [nameError, setNameError] = useState<string | undefined>()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError('Name is required')
      return
    }
    setNameError(undefined)
    const days = expiryOptions.find((o) => o.value === expiry)?.days ?? null
    const expiresAt = days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString()
    create.mutate(
      { name, scope, expiresAt },
      {
        onSuccess: (token) => {
          setName('')
          create.reset()
          onCreated(token)
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} className="mt-3" aria-labelledby="create-token-heading" noValidate>
      <h3 id="create-token-heading" className="h6">
        Create a token
      </h3>
      <FormInput
        label="Name"
        name="name"
        required
        maxLength={ACCESS_TOKEN_LIMITS.nameMax}
        placeholder="e.g. Laptop assistant"
        value={name}
        error={nameError}
        helpText="What will use it, so you can tell your tokens apart."
        onChange={(event) => setName(event.target.value)}
      />
      <div className="row">
        <div className="col-sm-6">
          <FormInput
            as="select"
            label="Access"
            name="scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as AccessTokenScope)}
          >
            <option value="read">{scopeLabels.read}</option>
            <option value="write">{scopeLabels.write}</option>
          </FormInput>
        </div>
        <div className="col-sm-6">
          <FormInput
            as="select"
            label="Expires"
            name="expiry"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as Expiry)}
          >
            {expiryOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </FormInput>
        </div>
      </div>
      <p className="form-text mt-0">
        The token is shown once, right after you create it, and will not be shown again. Treat it like a
        password.
      </p>
      {create.isError ? <Alert variant="danger">{errorMessage(create.error)}</Alert> : null}
      {atLimit ? (
        <Alert variant="warning">
          You have {ACCESS_TOKEN_LIMITS.perUser} tokens, the most allowed. Revoke one to create another.
        </Alert>
      ) : null}
      <Button type="submit" variant="primary" disabled={create.isPending || atLimit}>
        {create.isPending ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            Creating...
          </>
        ) : (
          'Create Token'
        )}
      </Button>
    </form>
  )
}
