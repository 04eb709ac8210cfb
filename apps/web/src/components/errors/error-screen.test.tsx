import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NETWORK_ERROR_CODE } from '../../lib/api-client'
import { navigateTo, reloadPage } from '../../lib/browser'
import { ErrorBoundary } from './error-boundary'
import { ErrorScreen } from './error-screen'

vi.mock('../../lib/browser', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn(), replaceAddress: vi.fn() }))

describe('error screen', () => {
  beforeEach(() => {
    vi.mocked(navigateTo).mockReset()
    vi.mocked(reloadPage).mockReset()
  })

  it('network errors: cannot connect, check the connection; Try Again and Refresh Page', async () => {
    const onRetry = vi.fn()
    render(<ErrorScreen error={new ApiError('x', 0, NETWORK_ERROR_CODE)} onRetry={onRetry} />)
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(
      screen.getByText(/Unable to connect to the server\. Please check your internet connection/),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }))
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Go to Login' })).not.toBeInTheDocument()
  })

  it('session errors: only Go to Login', async () => {
    render(<ErrorScreen error={new ApiError('Your session has expired. Please log in again.', 401)} />)
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Go to Login' }))
    expect(navigateTo).toHaveBeenCalledWith('/login')
  })

  it('other errors show their catalogue message', () => {
    render(<ErrorScreen error={new ApiError('Server error. Please try again later.', 500)} />)
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it('without onRetry, Try Again reloads', async () => {
    render(<ErrorScreen error={new Error('x')} />)
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })
})

describe('error boundary', () => {
  let consoleError: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    // React and the boundary log caught errors; keep the test output readable.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => consoleError.mockRestore())

  function Bomb({ error }: { error: unknown }): never {
    throw error
  }

  function Harness({ error }: { error: unknown }) {
    const [broken, setBroken] = useState(true)
    return (
      <>
        <button type="button" onClick={() => setBroken(false)}>
          fix
        </button>
        <ErrorBoundary>{broken ? <Bomb error={error} /> : <p>all good</p>}</ErrorBoundary>
      </>
    )
  }

  it('shows the generic text with Try Again and Refresh Page', async () => {
    render(<Harness error={new TypeError('x is undefined')} />)
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'An unexpected error occurred. Please try refreshing the page or contact support if the problem persists.',
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }))
    expect(reloadPage).toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'fix' }))
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(screen.getByText('all good')).toBeInTheDocument()
  })

  it('uses the session-aware screen for API errors', () => {
    render(<Harness error={new ApiError('Your session has expired. Please log in again.', 401)} />)
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument()
  })

  it('Try Again calls onReset before rendering the children again', async () => {
    const onReset = vi.fn()
    let broken = true
    function MaybeBomb() {
      if (broken) throw new Error('x')
      return <p>recovered</p>
    }
    render(
      <ErrorBoundary onReset={onReset}>
        <MaybeBomb />
      </ErrorBoundary>,
    )
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(onReset).toHaveBeenCalledTimes(1)
    expect(screen.getByText('recovered')).toBeInTheDocument()
  })

  it('clears when its reset key changes', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Bomb error={new Error('x')} />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
    rerender(
      <ErrorBoundary resetKey="/b">
        <p>next page</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText('next page')).toBeInTheDocument()
  })
})
