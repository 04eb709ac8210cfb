import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FormInput } from './form-input'
import { LoadingSpinner } from './spinner'

describe('form input', () => {
  it('labels the field and shows help text', () => {
    render(<FormInput label="Location" name="location" helpText="A city name" />)
    const input = screen.getByLabelText('Location')
    expect(input).toHaveAttribute('name', 'location')
    expect(input).not.toHaveClass('is-invalid')
    expect(input).toHaveAccessibleDescription('A city name')
  })

  it('marks required fields with an asterisk', () => {
    render(<FormInput label="Text" required />)
    expect(screen.getByText('*')).toBeInTheDocument()
    expect(screen.getByLabelText(/Text/)).toBeRequired()
  })

  it('shows the error with invalid styling instead of the help text', () => {
    render(<FormInput label="End date" error="End date is required" helpText="Last day" />)
    const input = screen.getByLabelText('End date')
    expect(input).toHaveClass('is-invalid')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('End date is required')
    expect(screen.queryByText('Last day')).not.toBeInTheDocument()
  })

  it('renders a textarea and a select', async () => {
    render(
      <>
        <FormInput label="Notes" as="textarea" rows={3} />
        <FormInput label="Zone" as="select" defaultValue="b">
          <option value="a">A</option>
          <option value="b">B</option>
        </FormInput>
      </>,
    )
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA')
    const select = screen.getByLabelText('Zone')
    expect(select).toHaveValue('b')
    await userEvent.selectOptions(select, 'a')
    expect(select).toHaveValue('a')
  })
})

describe('loading spinner', () => {
  it('shows its text', () => {
    render(<LoadingSpinner text="Loading settings..." />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings...')
  })
  it('has an accessible name without text', () => {
    render(<LoadingSpinner />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })
})
