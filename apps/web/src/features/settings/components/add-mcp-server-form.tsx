import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { CONNECTED_TOOLS_LIMITS } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { errorMessage } from '../../../lib/api-client'
import { useAddMcpServer } from '../api/add-mcp-server'

/** Examples of a server's address and of a header: the same in every language. */
const URL_EXAMPLE = 'https://example.com/mcp'
const HEADER_EXAMPLE = 'Authorization: Bearer …'

/** "Authorization: Bearer abc" as a header name and value; blank is none, null not a header. */
function parseHeader(line: string): Record<string, string> | null {
  const text = line.trim()
  if (!text) return {}
  const colon = text.indexOf(':')
  if (colon < 1) return null
  return { [text.slice(0, colon).trim()]: text.slice(colon + 1).trim() }
}

/** A server's name, its address and one optional header (a token), kept secret once saved. */
export function AddMcpServerForm({ atLimit }: { atLimit: boolean }) {
  const { t } = useTranslation()
  const add = useAddMcpServer()
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [header, setHeader] = useState('')
  const [errors, setErrors] = useState<{ name?: string; url?: string; header?: string }>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const headers = parseHeader(header)
    const found = {
      ...(name.trim() ? {} : { name: t('settings.nameRequired') }),
      ...(url.trim() ? {} : { url: t('settings.connectedTools.add.urlRequired') }),
      ...(headers === null ? { header: t('settings.connectedTools.add.headerFormat') } : {}),
    }
    setErrors(found)
    if (Object.keys(found).length > 0 || headers === null) return
    add.mutate(
      { name, url, ...(Object.keys(headers).length ? { headers } : {}) },
      {
        onSuccess: () => {
          setName('')
          setUrl('')
          setHeader('')
          add.reset()
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} className="mt-3" aria-labelledby="add-mcp-server-heading" noValidate>
      <h3 id="add-mcp-server-heading" className="h6">
        {t('settings.connectedTools.add.heading')}
      </h3>
      <FormInput
        label={t('settings.name')}
        name="name"
        required
        maxLength={CONNECTED_TOOLS_LIMITS.nameMax}
        placeholder={t('settings.connectedTools.add.namePlaceholder')}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormInput
        label={t('settings.connectedTools.add.url')}
        name="url"
        type="url"
        required
        placeholder={URL_EXAMPLE}
        value={url}
        error={errors.url}
        helpText={t('settings.connectedTools.add.urlHelp')}
        onChange={(event) => setUrl(event.target.value)}
      />
      <FormInput
        label={t('settings.connectedTools.add.header')}
        name="header"
        placeholder={HEADER_EXAMPLE}
        autoComplete="off"
        value={header}
        error={errors.header}
        helpText={t('settings.connectedTools.add.headerHelp')}
        onChange={(event) => setHeader(event.target.value)}
      />
      {add.isError ? <Alert variant="danger">{errorMessage(add.error)}</Alert> : null}
      {atLimit ? (
        <Alert variant="warning">
          {t('settings.connectedTools.add.atLimit', { max: CONNECTED_TOOLS_LIMITS.serversPerUser })}
        </Alert>
      ) : null}
      <Button type="submit" disabled={add.isPending || atLimit}>
        {add.isPending ? (
          <>
            <Spinner size="sm" aria-hidden="true" className="me-2" />
            {t('settings.connectedTools.add.connecting')}
          </>
        ) : (
          t('settings.connectedTools.add.button')
        )}
      </Button>
    </form>
  )
}
