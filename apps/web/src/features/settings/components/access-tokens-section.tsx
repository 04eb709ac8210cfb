import { useState } from 'react'
import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()
  const tokens = useAccessTokens()
  const [created, setCreated] = useState<CreatedAccessToken | null>(null)
  const [revoking, setRevoking] = useState<AccessToken | null>(null)
  const mcpUrl = `${window.location.origin}${MCP_PATH}`

  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="access-tokens">
        {t('settings.accessTokens.title')}
      </Card.Header>
      <Card.Body>
        <p>{t('settings.accessTokens.intro')}</p>
        <CopyField id="copy-mcp-endpoint" label={t('settings.accessTokens.endpoint')} value={mcpUrl} />

        {created ? (
          <NewTokenNotice token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm
            atLimit={(tokens.data?.length ?? 0) >= ACCESS_TOKEN_LIMITS.perUser}
            onCreated={setCreated}
          />
        )}

        <h3 className="h6 mt-4">{t('settings.accessTokens.yourTokens')}</h3>
        <TokenList query={tokens} onRevoke={setRevoking} />
      </Card.Body>
      <RevokeModal token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  )
}

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const [manual, setManual] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(t('settings.copied', { label }))
    } catch {
      // No clipboard (an insecure origin, or permission refused): the person copies it by hand.
      setManual(true)
    }
  }
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
        <Button
          variant="outline-secondary"
          onClick={() => void copy()}
          aria-label={t('settings.copyNamed', { label })}
        >
          {t('settings.copy')}
        </Button>
      </InputGroup>
      {manual ? <Form.Text>{t('settings.accessTokens.copyByHand')}</Form.Text> : null}
    </Form.Group>
  )
}

function NewTokenNotice({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert variant="success" className="mt-3">
      <Alert.Heading as="h3" className="h6">
        {t('settings.accessTokens.created', { name: token.name })}
      </Alert.Heading>
      <p className="mb-2">
        {t('settings.accessTokens.copyNow')} <strong>{t('settings.accessTokens.notAgain')}</strong>
      </p>
      <CopyField id="copy-new-token" label={t('settings.accessTokens.newToken')} value={token.token} />
      <Button variant="success" onClick={onDone}>
        {t('settings.accessTokens.done')}
      </Button>
    </Alert>
  )
}
