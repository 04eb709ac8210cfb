import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { ConfirmModal, Modal } from './modal'

function renderModal(show = true) {
  const onHide = vi.fn()
  const result = render(
    <Modal
      show={show}
      onHide={onHide}
      title="Edit Memory"
      size="lg"
      footer={<button type="button">Save</button>}
    >
      <p>Body text</p>
    </Modal>,
  )
  return { onHide, ...result }
}

describe('modal', () => {
  it('shows title, body and footer when open, nothing when closed', async () => {
    const { rerender, onHide } = renderModal()
    const dialog = screen.getByRole('dialog', { name: 'Edit Memory' })
    expect(dialog).toHaveTextContent('Edit Memory')
    expect(dialog).toHaveTextContent('Body text')
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
    expect(dialog.querySelector('.modal-lg')).not.toBeNull()
    rerender(
      <Modal show={false} onHide={onHide} title="Edit Memory">
        <p>Body text</p>
      </Modal>,
    )
    // The fade-out finishes before the dialog leaves the page.
    await waitFor(() => expect(screen.queryByText('Body text')).not.toBeInTheDocument())
  })

  it('closes on Escape', async () => {
    const { onHide } = renderModal()
    await userEvent.keyboard('{Escape}')
    expect(onHide).toHaveBeenCalledTimes(1)
  })

  it('closes with the close button', async () => {
    const { onHide } = renderModal()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onHide).toHaveBeenCalledTimes(1)
  })

  it('closes on a backdrop click but not on a click inside', () => {
    const { onHide } = renderModal()
    fireEvent.click(screen.getByText('Body text'))
    expect(onHide).not.toHaveBeenCalled()
    const backdropArea = screen.getByRole('dialog')
    fireEvent.mouseDown(backdropArea)
    fireEvent.click(backdropArea)
    expect(onHide).toHaveBeenCalledTimes(1)
  })

  it('locks body scrolling while open and layers dialog 1050 over backdrop 1040', () => {
    const { unmount } = renderModal()
    expect(document.body).toHaveStyle({ overflow: 'hidden' })
    expect(screen.getByRole('dialog')).toHaveStyle({ zIndex: '1050' })
    expect(document.querySelector('.modal-backdrop')).toHaveClass('remi-modal-backdrop')
    unmount()
    expect(document.body).not.toHaveStyle({ overflow: 'hidden' })
  })
})

describe('confirm modal', () => {
  const props = {
    show: true,
    title: 'Delete Memory',
    message: 'Are you sure?',
    confirmLabel: 'Delete',
    busyLabel: 'Deleting...',
  }

  it('confirms and cancels', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<ConfirmModal {...props} onConfirm={onConfirm} onCancel={onCancel} />)
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure?')
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('while busy: both buttons disabled, busy label shown, Escape ignored', async () => {
    const onCancel = vi.fn()
    render(<ConfirmModal {...props} busy onConfirm={vi.fn()} onCancel={onCancel} />)
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(onCancel).not.toHaveBeenCalled()
  })

  it("says the action's failure under the message, and nothing without one", () => {
    const { rerender } = render(<ConfirmModal {...props} onConfirm={vi.fn()} onCancel={vi.fn()} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    const error = new ApiError('That reminder was already deleted.', 404)
    rerender(<ConfirmModal {...props} error={error} onConfirm={vi.fn()} onCancel={vi.fn()} />)
    expect(screen.getByRole('alert')).toHaveTextContent('That reminder was already deleted.')
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure?')
  })
})
