import { screen, within } from '@testing-library/react'
import { useEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { ErrorBoundary } from '../components/errors/error-boundary'
import { ErrorScreen } from '../components/errors/error-screen'
import { FormModalFooter } from '../components/ui/modal'
import { LoadingSpinner } from '../components/ui/spinner'
import { useToast } from '../components/ui/toast'
import { ApiError, NETWORK_ERROR_CODE } from '../lib/api-client'
import { renderWithProviders } from '../test/render'
import { KeyboardShortcuts } from './keyboard-shortcuts'
import { SharedTextsProvider } from './shared-texts-provider'
import { inLanguage } from '../test/language'

function Toasts() {
  const toast = useToast()
  useEffect(() => {
    toast.success('Guardado')
    toast.show({ message: 'Ligar à mãe', type: 'reminder', duration: 0 })
  }, [toast])
  return null
}

function Throws(): never {
  throw new Error('boom')
}

inLanguage('pt-PT')

describe('the shared components in Portuguese (issue 51)', () => {
  it('gives the toasts, the spinner and the error screens their Portuguese words in the signed-in frame', async () => {
    renderWithProviders(
      <SharedTextsProvider>
        <Toasts />
        <LoadingSpinner />
        <ErrorScreen error={new ApiError('x', 0, NETWORK_ERROR_CODE)} />
        <ErrorBoundary>
          <Throws />
        </ErrorBoundary>
      </SharedTextsProvider>,
    )
    expect(await screen.findByText('Sucesso')).toBeInTheDocument()
    expect(screen.getByText('Lembrete')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Fechar notificação' })).toHaveLength(2)
    expect(screen.getByText('A carregar...')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Algo correu mal' })).toBeInTheDocument()
    expect(screen.getByText(/^Não foi possível ligar ao servidor\./)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Algo correu mal.' })).toBeInTheDocument()
    expect(screen.getByText(/^Ocorreu um erro inesperado\./)).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Tentar de novo' })).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: 'Atualizar a página' })).toHaveLength(2)
  })

  it('keeps them in English outside it, as the sign-in page shows them (no i18next there)', async () => {
    renderWithProviders(
      <>
        <Toasts />
        <ErrorScreen error={new ApiError('Your session has expired. Please log in again.', 401)} />
      </>,
    )
    expect(await screen.findByText('Success')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument()
  })

  it('lists the keyboard shortcuts in Portuguese', async () => {
    const { user } = renderWithProviders(<KeyboardShortcuts />)
    await user.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Atalhos de teclado' })
    expect(within(dialog).getByRole('columnheader', { name: 'Teclas' })).toBeInTheDocument()
    expect(within(dialog).getByText('Ir para Lembretes').closest('tr')).toHaveTextContent('g e depois r')
    expect(
      within(dialog).getByText('Os atalhos não fazem nada enquanto escreve num campo.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument()
  })

  it("says the form dialogs' Cancel and Saving in Portuguese", () => {
    renderWithProviders(<FormModalFooter formId="f" label="Guardar" saving onCancel={() => {}} />)
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'A guardar...' })).toBeInTheDocument()
  })
})
