import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { CONNECTED_TOOLS_LIMITS } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { errorMessage } from '../../../lib/api-client'
import { useAddMcpServer } from '../api/add-mcp-server'

/** "Authorization: Bearer abc" as a header name and value; blank is none. */
function parseHeader(line: string): Record<string, string> | string {
  const text = line.trim()
  if (!text) return {}
  const colon = text.indexOf(':')
  if (colon < 1) return 'Write the header as Name: value, such as Authorization: Bearer …'
  return { [text.slice(0, colon).trim()]: text.slice(colon + 1).trim() }
}

/** A server's name, its address and one optional header (a token), kept secret once saved. */
export function AddMcpServerForm({ atLimit }: { atLimit: boolean }) {
  const add = useAddMcpServer()
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [header, setHeader] = useState('')
  const [errors, setErrors] = useState<{ name?: string; url?: string; header?: string }>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const headers = parseHeader(header)
    const found = {
      ...(name.trim() ? {} : { name: 'Name is required' }),
      ...(url.trim() ? {} : { url: 'Server address is required' }),
      ...(typeof headers === 'string' ? { header: headers } : {}),
    }
    setErrors(found)
    if (Object.keys(found).length > 0 || typeof headers === 'string') return
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
        Add a server
      </h3>
      <FormInput
        label="Name"
        name="name"
        required
        maxLength={CONNECTED_TOOLS_LIMITS.nameMax}
        placeholder="e.g. Home notes"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormInput
        label="Server address"
        name="url"
        type="url"
        required
        placeholder="https://example.com/mcp"
        value={url}
        error={errors.url}
        helpText="Its Streamable HTTP endpoint."
        onChange={(event) => setUrl(event.target.value)}
      />
      <FormInput
        label="Header (optional)"
        name="header"
        placeholder="Authorization: Bearer …"
        autoComplete="off"
        value={header}
        error={errors.header}
        helpText="Sent with every request, such as a token. It is kept encrypted and never shown again."
        onChange={(event) => setHeader(event.target.value)}
      />
      {add.isError ? <Alert variant="danger">{errorMessage(add.error)}</Alert> : null}
      {atLimit ? (
        <Alert variant="warning">
          You can connect at most {CONNECTED_TOOLS_LIMITS.serversPerUser} servers; remove one first.
        </Alert>
      ) : null}
      <Button type="submit" disabled={add.isPending || atLimit}>
        {add.isPending ? (
          <>
            <Spinner size="sm" aria-hidden="true" className="me-2" />
            Connecting...
          </>
        ) : (
          'Add server'
        )}
      </Button>
    </form>
  )
}
