import { useId, type ChangeEventHandler, type ComponentProps, type ReactNode } from 'react'
import Form from 'react-bootstrap/Form'

type FormInputProps = {
  label: string
  name?: string
  required?: boolean
  error?: string
  helpText?: string
  as?: 'input' | 'textarea' | 'select'
  children?: ReactNode
} & Omit<ComponentProps<'input'>, 'size' | 'children' | 'onChange'> &
  Pick<ComponentProps<'textarea'>, 'rows'> & {
    onChange?: ChangeEventHandler<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>
  }

/** A labelled field: a required asterisk, and either the error (invalid styling) or the help text under it. */
export function FormInput({
  label,
  name,
  required,
  error,
  helpText,
  as = 'input',
  children,
  id,
  ...rest
}: FormInputProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const noteId = `${inputId}-note`
  const note = error || helpText
  const common = {
    id: inputId,
    name,
    required,
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note ? noteId : undefined,
  }

  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={inputId}>
        {label}
        {required ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </Form.Label>
      {as === 'select' ? (
        <Form.Select {...(rest as Record<string, unknown>)} {...common}>
          {children}
        </Form.Select>
      ) : (
        <Form.Control {...(rest as Record<string, unknown>)} {...common} as={as} />
      )}
      {error ? (
        <Form.Control.Feedback type="invalid" id={noteId}>
          {error}
        </Form.Control.Feedback>
      ) : helpText ? (
        <Form.Text id={noteId} muted>
          {helpText}
        </Form.Text>
      ) : null}
    </Form.Group>
  )
}
