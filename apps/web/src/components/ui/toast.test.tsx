import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PinnedToasts, ToastProvider, useToast, type ToastInput } from './toast'

function Trigger({ toast }: { toast: ToastInput | ((api: ReturnType<typeof useToast>) => void) }) {
  const api = useToast()
  return (
    <button type="button" onClick={() => (typeof toast === 'function' ? toast(api) : api.show(toast))}>
      go
    </button>
  )
}

function showToast(toast: Parameters<typeof Trigger>[0]['toast']) {
  render(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'go' }))
  return screen.getByRole('alert')
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers())

  it.each([
    ['success', 'Success', 'bg-success-subtle'],
    ['error', 'Error', 'bg-danger-subtle'],
    ['warning', 'Warning', 'bg-warning-subtle'],
    ['info', 'Info', 'bg-info-subtle'],
    ['reminder', 'Reminder', 'bg-primary-subtle'],
    ['anything-else', 'Notification', 'bg-primary-subtle'],
  ])('type %s has the heading %s and colour %s', (type, heading, colour) => {
    const toast = showToast({ message: 'Hello there', type })
    expect(toast).toHaveTextContent(heading)
    expect(toast).toHaveTextContent('Hello there')
    expect(toast).toHaveClass(colour)
  })

  it('has shorthands for the four types', () => {
    render(
      <ToastProvider>
        <Trigger
          toast={(api) => {
            api.success('s')
            api.error('e')
            api.warning('w')
            api.info('i')
          }}
        />
      </ToastProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'go' }))
    expect(screen.getAllByRole('alert').map((t) => t.querySelector('strong')?.textContent)).toEqual([
      'Success',
      'Error',
      'Warning',
      'Info',
    ])
  })

  it('disappears after 5000 ms by default', () => {
    vi.useFakeTimers()
    showToast({ message: 'bye soon' })
    act(() => vi.advanceTimersByTime(4900))
    expect(screen.getByText('bye soon')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByText('bye soon')).not.toBeInTheDocument()
  })

  it('honours its own duration, and stays when the duration is 0', () => {
    vi.useFakeTimers()
    render(
      <ToastProvider>
        <Trigger
          toast={(api) => {
            api.show({ message: 'quick', duration: 1000 })
            api.show({ message: 'sticky', duration: 0 })
          }}
        />
      </ToastProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'go' }))
    act(() => vi.advanceTimersByTime(1100))
    expect(screen.queryByText('quick')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('sticky')).toBeInTheDocument()
  })

  it('closes with its close button', () => {
    showToast({ message: 'close me', duration: 0 })
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    expect(screen.queryByText('close me')).not.toBeInTheDocument()
  })

  it("puts a reminder in the header's slot, in the page's flow, when the layout has one", () => {
    render(
      <ToastProvider>
        <header data-testid="header">
          <PinnedToasts />
        </header>
        <Trigger
          toast={(api) => {
            api.show({ message: 'Call mum', type: 'reminder', duration: 0 })
            api.success('Saved')
          }}
        />
      </ToastProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'go' }))
    const header = screen.getByTestId('header')
    expect(within(header).getByRole('alert')).toHaveTextContent('Call mum')
    expect(within(header).queryByText('Saved')).not.toBeInTheDocument()
    expect(screen.getByText('Saved')).toBeInTheDocument()
  })

  it('stacks at z-index 1055', () => {
    const toast = showToast({ message: 'on top' })
    expect(toast.parentElement).toHaveStyle({ zIndex: '1055' })
  })
})
