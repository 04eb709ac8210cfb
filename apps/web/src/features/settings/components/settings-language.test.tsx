import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { accessToken, sessionInfo } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { AccessTokensSection } from './access-tokens-section'
import { DeleteAccountSection } from './delete-account-section'
import { PasswordSection } from './local-account-section'
import { SemanticSearchSection } from './semantic-search-section'
import { SessionsSection } from './sessions-section'

const session = sessionInfo
// Expiring in 2099: the list says when, in the screens' language.
const token = (fields: Parameters<typeof accessToken>[0]) =>
  accessToken({ expiresAt: '2099-03-01T12:00:00.000Z', ...fields })

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('Settings sections in German and Portuguese (issue 51)', () => {
  it('Sessions in German: its words, its dates and "2 anderen Sitzungen" from the plural forms', async () => {
    await i18n.changeLanguage('de')
    let list = [
      session({}),
      session({ id: 'b'.repeat(64), device: 'Safari on iOS', ip: '198.51.100.4', current: false }),
      session({ id: 'c'.repeat(64), device: 'Chrome on Windows', ip: '203.0.113.9', current: false }),
    ]
    server.use(
      http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
      http.get('/api/auth/sessions', () => HttpResponse.json(list)),
      http.delete('/api/auth/sessions', () => {
        list = list.filter((s) => s.current)
        return HttpResponse.json({ signedOut: 2, accessTokensEnded: 1 })
      }),
    )
    const { user } = renderWithProviders(<SessionsSection />, { route: '/settings' })
    expect(screen.getByRole('heading', { name: 'Sitzungen' })).toBeInTheDocument()
    const sessions = await screen.findByRole('list', { name: 'Sitzungen' })
    const [mine, phone] = within(sessions).getAllByRole('listitem')
    expect(mine).toHaveTextContent('Dieses Gerät')
    expect(mine).toHaveTextContent(
      'Zuletzt aktiv 6. Jan. 2026, 09:30 · Angemeldet 5. Jan. 2026, 10:00 von 127.0.0.1',
    )
    expect(within(mine!).getByRole('button', { name: 'Dieses Gerät abmelden' })).toBeVisible()
    expect(
      within(phone!).getByRole('button', { name: 'Safari on iOS (198.51.100.4) abmelden' }),
    ).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Überall sonst abmelden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Überall sonst abmelden' })
    expect(dialog).toHaveTextContent('Deine 2 anderen Sitzungen abmelden? Dieses Gerät bleibt angemeldet.')
    expect(within(dialog).getByRole('checkbox', { name: 'Meine Zugriffstoken behalten' })).not.toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Überall sonst abmelden' }))
    expect(
      await screen.findByText('2 andere Sitzungen abgemeldet und 1 Zugriffstoken beendet'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Sign out|This device|Last seen/)).not.toBeInTheDocument()
  })

  it('Access tokens in Portuguese: list, form and expiry choices, with days and years as plurals', async () => {
    await i18n.changeLanguage('pt-PT')
    server.use(
      http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC' })),
      http.get('/api/auth/tokens', () => HttpResponse.json([token({})])),
    )
    renderWithProviders(<AccessTokensSection />, { route: '/settings' })
    expect(screen.getByRole('heading', { name: 'Tokens de acesso' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Endereço MCP' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Tokens de acesso' })
    const [laptop] = within(list).getAllByRole('listitem')
    expect(laptop).toHaveTextContent('Só leitura')
    expect(laptop).toHaveTextContent('Criado a 5/01/2026 · Nunca usado · Expira a 1/03/2099')
    expect(within(laptop!).getByRole('button', { name: 'Revogar Laptop assistant' })).toBeVisible()
    const expiry = screen.getByRole('combobox', { name: 'Expira' })
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sem expiração', '7 dias', '30 dias', '90 dias', '1 ano'])
    expect(screen.getByRole('button', { name: 'Criar token' })).toBeEnabled()
    expect(screen.queryByText(/Access|Create|Expires|Read only/)).not.toBeInTheDocument()
  })

  it('Search in Portuguese counts its memories with the plural forms', async () => {
    await i18n.changeLanguage('pt-PT')
    server.use(
      http.get('/api/recall/status', () =>
        HttpResponse.json({ state: 'on', reason: null, model: 'm', ready: 1, total: 1 }),
      ),
    )
    const { unmount } = renderWithProviders(<SemanticSearchSection />, { route: '/settings' })
    expect(screen.getByRole('heading', { name: 'Pesquisa' })).toBeInTheDocument()
    expect(await screen.findByText('Pesquisa semântica: 1 de 1 memória pronta')).toBeInTheDocument()
    unmount()
    server.use(
      http.get('/api/recall/status', () =>
        HttpResponse.json({ state: 'on', reason: null, model: 'm', ready: 12340, total: 100000 }),
      ),
    )
    renderWithProviders(<SemanticSearchSection />, { route: '/settings' })
    expect(
      await screen.findByText(/^Pesquisa semântica: 12\s340 de 100\s000 memórias prontas$/),
    ).toBeInTheDocument()
  })

  it('Password in German: the toast counts what ended in one sentence', async () => {
    await i18n.changeLanguage('de')
    server.use(
      http.put('/api/auth/password', () => HttpResponse.json({ signedOut: 1, accessTokensEnded: 3 })),
    )
    const { user } = renderWithProviders(<PasswordSection />, { route: '/settings' })
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveAccessibleDescription(
      'Gib dein aktuelles Passwort ein',
    )
    await user.type(screen.getByLabelText(/^Aktuelles Passwort/), 'the-old-password')
    await user.type(screen.getByLabelText(/^Neues Passwort\W*$/), 'a-new-password-kite')
    await user.type(screen.getByLabelText(/^Neues Passwort wiederholen/), 'a-new-password-kite')
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(
      await screen.findByText(
        'Passwort geändert. 1 andere Sitzung wurde abgemeldet und 3 Zugriffstoken wurden beendet.',
      ),
    ).toBeInTheDocument()
  })

  it('Delete account in Portuguese: the download link sits where the sentence puts it', async () => {
    await i18n.changeLanguage('pt-PT')
    const { user } = renderWithProviders(<DeleteAccountSection email="ada@example.com" />, {
      route: '/settings',
    })
    await user.click(screen.getByRole('button', { name: 'Eliminar conta' }))
    const dialog = screen.getByRole('dialog', { name: 'Eliminar conta' })
    const link = within(dialog).getByRole('link', { name: 'Transfira uma cópia dos seus dados' })
    expect(link.parentElement).toHaveTextContent(
      /^Transfira uma cópia dos seus dados antes, se os quiser guardar\.$/,
    )
    expect(
      within(dialog).getByLabelText('Escreva o seu endereço de e-mail (ada@example.com) para confirmar'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled()
  })
})
