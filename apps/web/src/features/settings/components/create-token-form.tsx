import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { ACCESS_TOKEN_LIMITS, type AccessTokenScope, type CreatedAccessToken } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { errorMessage } from '../../../lib/api-client'
import { useCreateAccessToken } from '../api/create-access-token'

const DAY_MS = 24 * 60 * 60 * 1000
const expiryOptions = [
  { value: 'never', days: null },
  { value: '7', days: 7 },
  { value: '30', days: 30 },
  { value: '90', days: 90 },
  { value: '365', days: 365 },
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
  const { t } = useTranslation()
  const create = useCreateAccessToken()
  const expiryLabel = (days: number | null) =>
    days === null
      ? t('settings.accessTokens.noExpiry')
      : days === 365
        ? t('settings.accessTokens.create.years', { count: 1 })
        : t('settings.accessTokens.create.days', { count: days })
  const [name, setName] = useState('')
  const [scope, setScope] = useState<AccessTokenScope>('read')
  const [expiry, setExpiry] = useState<Expiry>('90')
  const [nameError, setNameError] = useState<string | undefined>()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError(t('settings.nameRequired'))
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
        {t('settings.accessTokens.create.heading')}
      </h3>
      <FormInput
        label={t('settings.name')}
        name="name"
        required
        maxLength={ACCESS_TOKEN_LIMITS.nameMax}
        placeholder={t('settings.accessTokens.create.namePlaceholder')}
        value={name}
        error={nameError}
        helpText={t('settings.accessTokens.create.nameHelp')}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="row">
        <div className="col-sm-6">
          <FormInput
            as="select"
            label={t('settings.accessTokens.create.access')}
            name="scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as AccessTokenScope)}
          >
            <option value="read">{t('settings.accessTokens.scopes.read')}</option>
            <option value="write">{t('settings.accessTokens.scopes.write')}</option>
          </FormInput>
        </div>
        <div className="col-sm-6">
          <FormInput
            as="select"
            label={t('settings.accessTokens.create.expires')}
            name="expiry"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as Expiry)}
          >
            {expiryOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {expiryLabel(o.days)}
              </option>
            ))}
          </FormInput>
        </div>
      </div>
      <p className="form-text mt-0">{t('settings.accessTokens.create.shownOnce')}</p>
      {create.isError ? <Alert variant="danger">{errorMessage(create.error)}</Alert> : null}
      {atLimit ? (
        <Alert variant="warning">
          {t('settings.accessTokens.create.atLimit', { max: ACCESS_TOKEN_LIMITS.perUser })}
        </Alert>
      ) : null}
      <Button type="submit" variant="primary" disabled={create.isPending || atLimit}>
        {create.isPending ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('settings.creating')}
          </>
        ) : (
          t('settings.accessTokens.create.button')
        )}
      </Button>
    </form>
  )
}
