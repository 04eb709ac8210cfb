import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import InputGroup from 'react-bootstrap/InputGroup'
import Spinner from 'react-bootstrap/Spinner'
import {
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_PREFIX,
  MCP_PATH,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { ConfirmModal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import { useCreateAccessToken } from '../api/create-access-token'
import { useAccessTokens } from '../api/get-access-tokens'
import { useRevokeAccessToken } from '../api/revoke-access-token'

const DAY_MS = 24 * 60 * 60 * 1000
const expiryOptions = [
  { value: 'never', label: 'No expiry', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const
type Expiry = (typeof expiryOptions)[number]['value']

const scopeLabels: Record<AccessTokenScope, string> = { read: 'Read only', write: 'Read and write' }

/** Personal access tokens for other AI tools (the MCP server) and scripts: create, copy once, revoke. */
export function AccessTokensSection() {
  const tokens = useAccessTokens()
  const [created, setCreated] = useState<CreatedAccessToken | null>(null)
  const [revoking, setRevoking] = useState<AccessToken | null>(null)
  const mcpUrl = `${window.location.origin}${MCP_PATH}`

  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="access-tokens">
        Access Tokens
      </Card.Header>
      <Card.Body>
        <p>
          Use your memories from other AI tools: desktop chat apps, code editors and agents that speak the
          Model Context Protocol (MCP). Give the tool the endpoint below and a token.
        </p>
        <CopyField label="MCP endpoint" value={mcpUrl} />

        {created ? (
          <NewTokenNotice token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm
            atLimit={(tokens.data?.length ?? 0) >= ACCESS_TOKEN_LIMITS.perUser}
            onCreated={setCreated}
          />
        )}

        <h3 className="h6 mt-4">Your tokens</h3>
        <TokenList query={tokens} onRevoke={setRevoking} />
      </Card.Body>
      <RevokeModal token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  )
}

function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast()
  const [manual, setManual] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(`${label} copied`)
    } catch {
      // No clipboard (an insecure origin, or permission refused): the person copies it by hand.
      setManual(true)
    }
  }
  const id = `copy-${label.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup>
        <Form.Control
          id={id}
          readOnly
          value={value}
          className="font-monospace"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline-secondary" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          Copy
        </Button>
      </InputGroup>
      {manual ? (
        <Form.Text>Copying is not available here: select the text and copy it yourself.</Form.Text>
      ) : null}
    </Form.Group>
  )
}

function NewTokenNotice({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  return (
    <Alert variant="success" className="mt-3">
      <Alert.Heading as="h3" className="h6">
        Token &lsquo;{token.name}&rsquo; created
      </Alert.Heading>
      <p className="mb-2">
        Copy your new token now. <strong>It will not be shown again.</strong>
      </p>
      <CopyField label="New token" value={token.token} />
      <Button variant="success" onClick={onDone}>
        Done
      </Button>
    </Alert>
  )
}

function CreateTokenForm({
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

function TokenList({
  query,
  onRevoke,
}: {
  query: ReturnType<typeof useAccessTokens>
  onRevoke: (token: AccessToken) => void
}) {
  const { timezone } = useUserSettings()
  if (query.isPending) return <LoadingSpinner text="Loading access tokens..." />
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
        <span>Could not load your access tokens. {errorMessage(query.error)}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }
  if (query.data.length === 0) return <p className="text-body-secondary mb-0">No access tokens yet.</p>
  const day = (iso: string) => formatDay(iso, timezone)
  // Expired as of when the list was loaded (render stays pure).
  const asOf = query.dataUpdatedAt
  return (
    <ul className="list-group" aria-label="Access tokens">
      {query.data.map((token) => {
        const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= asOf
        return (
          <li
            key={token.id}
            className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
          >
            <div className="text-break">
              <div>
                <strong>{token.name}</strong>{' '}
                <Badge
                  bg={token.scope === 'write' ? 'warning' : 'secondary'}
                  text={token.scope === 'write' ? 'dark' : undefined}
                >
                  {scopeLabels[token.scope]}
                </Badge>{' '}
                {expired ? <Badge bg="danger">Expired</Badge> : null}
              </div>
              <div className="small text-body-secondary">
                <span className="font-monospace">
                  {ACCESS_TOKEN_PREFIX}…{token.lastFour}
                </span>{' '}
                · Created {day(token.createdAt)} · Last used{' '}
                {token.lastUsedAt ? day(token.lastUsedAt) : 'never'} ·{' '}
                {token.expiresAt ? `${expired ? 'Expired' : 'Expires'} ${day(token.expiresAt)}` : 'No expiry'}
              </div>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => onRevoke(token)}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </Button>
          </li>
        )
      })}
    </ul>
  )
}

function RevokeModal({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const toast = useToast()
  const revoke = useRevokeAccessToken()
  const close = () => {
    revoke.reset()
    onClose()
  }
  const confirm = () => {
    if (!token) return
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast.success(`Token '${token.name}' revoked`)
        close()
      },
    })
  }
  return (
    <ConfirmModal
      show={token !== null}
      title="Revoke Access Token"
      message={
        <>
          <p>
            Revoke &lsquo;{token?.name}&rsquo;? Every tool using it loses access at once. This cannot be
            undone.
          </p>
          {revoke.isError ? (
            <Alert variant="danger" className="mb-0">
              {errorMessage(revoke.error)}
            </Alert>
          ) : null}
        </>
      }
      confirmLabel="Revoke"
      busy={revoke.isPending}
      busyLabel="Revoking..."
      onConfirm={confirm}
      onCancel={close}
    />
  )
}

/** 'Jan 5, 2026' in the user's zone (the browser's when none is set). */
function formatDay(iso: string, timeZone: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return '—'
  const options = { month: 'short', day: 'numeric', year: 'numeric' } as const
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined }).format(instant)
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(instant)
  }
}
