import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import InputGroup from 'react-bootstrap/InputGroup'
import { ACCESS_TOKEN_LIMITS, MCP_PATH, type AccessToken, type CreatedAccessToken } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { useAccessTokens } from '../api/get-access-tokens'
import { CreateTokenForm } from './create-token-form'
import { RevokeModal } from './revoke-token-modal'
import { TokenList } from './token-list'

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
