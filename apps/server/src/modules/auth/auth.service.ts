import { isIanaTimeZone, type Language } from '@remi/shared'
import { ResponseBodyError } from 'openid-client'
import type { Env } from '../../config/env.ts'
import { decrypt, deriveKey, encrypt } from '../../lib/crypto.ts'
import { notFound } from '../../lib/errors.ts'
import type { Oidc, SignInResult } from './oidc.ts'
import type { UserRow, UsersRepo } from './users.repo.ts'

/** Refresh a little before the provider's expiry so a request never carries a token about to lapse. */
const EXPIRY_MARGIN_MS = 60 * 1000

export type ProviderAccess =
  | { ok: true; provider: 'google' | 'microsoft'; accessToken: string }
  | { ok: false; provider: 'google' | 'microsoft' | 'local'; error: string }

export function createAuthService(env: Env, repo: UsersRepo, oidc: Oidc) {
  const tokenKey = deriveKey(env.sessionSecret, 'oauth-tokens')
  const seal = (value: string | null) => (value ? encrypt(tokenKey, value) : null)
  const open = (value: string | null) => (value ? decrypt(tokenKey, value) : null)
  const providerLabel = (p: 'google' | 'microsoft') => (p === 'google' ? 'Google' : 'Microsoft')

  return {
    /**
     * Finds or creates the user behind a verified sign-in and stores the provider's tokens encrypted. A new
     * account starts in `language` (the browser's); an existing one keeps the language it has.
     */
    async signIn(result: SignInResult, language: Language = 'en'): Promise<UserRow> {
      // A display name with a control character (NUL cannot even be stored) would fail every sign-in.
      const name = result.name.replace(/[\p{Cc}\p{Cs}]/gu, '').trim()
      const tokens = {
        email: result.email,
        accessToken: seal(result.accessToken),
        refreshToken: seal(result.refreshToken),
        expiresAt: result.expiresAt,
        scopes: result.scopes,
      }
      // The provider vouches for the address (email_verified): e-mails may go there without a link.
      const verifiedEmail = result.emailVerified ? result.email.trim().toLowerCase() : undefined
      const existing = await repo.findIdentity(result.identityProvider, result.subject)
      if (existing) {
        // Keep an older refresh token when the provider did not send a new one (Google sends it only on consent).
        await repo.updateIdentity(existing.id, {
          ...tokens,
          refreshToken: tokens.refreshToken ?? existing.refreshToken,
        })
        const user = await repo.updateUser(existing.userId, {
          // A local sign-in's name is what someone typed, not a profile the provider vouches for: it names
          // a new account only, and never renames an existing one.
          ...(name && result.identityProvider !== 'local' ? { name } : {}),
          ...(result.picture ? { picture: result.picture } : {}),
          ...(verifiedEmail ? { verifiedEmail } : {}),
        })
        if (!user) throw notFound('User')
        return user
      }
      const timezone = result.timezone && isIanaTimeZone(result.timezone) ? result.timezone : 'UTC'
      return repo.createUserWithIdentity(
        {
          email: result.email,
          name,
          picture: result.picture,
          timezone,
          language,
          verifiedEmail: verifiedEmail ?? null,
        },
        { provider: result.identityProvider, subject: result.subject, ...tokens },
      )
    },

    /**
     * A usable access token for the user's Google or Microsoft account (for their calendar), refreshed
     * through openid-client when expired; otherwise a message a person can act on.
     */
    async providerAccess(
      userId: string,
      requiredScope: { google: string; microsoft: string },
    ): Promise<ProviderAccess> {
      const identity = await repo.latestIdentity(userId)
      if (!identity || identity.provider === 'local') {
        return {
          ok: false,
          provider: 'local',
          error:
            'You signed in with a local account, which has no calendar. Add an ICS calendar link instead.',
        }
      }
      const provider = identity.provider
      const signInAgain = `Sign in again with ${providerLabel(provider)} to allow calendar access.`
      const scope = requiredScope[provider]
      if (!identity.scopes?.split(/\s+/).some((s) => s.toLowerCase() === scope.toLowerCase())) {
        return { ok: false, provider, error: signInAgain }
      }
      const accessToken = open(identity.accessToken)
      if (accessToken && identity.expiresAt && identity.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) {
        return { ok: true, provider, accessToken }
      }
      const refreshToken = open(identity.refreshToken)
      if (!refreshToken) return { ok: false, provider, error: signInAgain }
      try {
        const refreshed = await oidc.refresh(provider, refreshToken)
        await repo.updateIdentity(identity.id, {
          accessToken: seal(refreshed.accessToken),
          refreshToken: seal(refreshed.refreshToken),
          expiresAt: refreshed.expiresAt,
          ...(refreshed.scopes ? { scopes: refreshed.scopes } : {}),
        })
        return { ok: true, provider, accessToken: refreshed.accessToken }
      } catch (error) {
        if (error instanceof ResponseBodyError && error.error === 'invalid_grant') {
          // Revoked or expired consent: forget the dead token so we stop retrying it.
          await repo.updateIdentity(identity.id, { accessToken: null, refreshToken: null, expiresAt: null })
          return { ok: false, provider, error: signInAgain }
        }
        return {
          ok: false,
          provider,
          error: `${providerLabel(provider)} could not be reached. Try again in a moment.`,
        }
      }
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
