import { randomUUID } from 'node:crypto'
import { decrypt, deriveKey, encrypt } from '../../lib/crypto.ts'
import { createUsersRepo } from '../../modules/auth/index.ts'
import type { TestApp, TestUser } from '../build-test-app.ts'

/** The key auth.service.ts derives to seal OAuth tokens at rest. */
const tokenKey = (t: TestApp) => deriveKey(t.env.sessionSecret, 'oauth-tokens')

/**
 * A user who signed in with Google or Microsoft, with its tokens encrypted exactly as a real sign-in
 * stores them, and a live session (cookie + CSRF) like buildTestApp's createUser.
 */
export async function createProviderUser(
  t: TestApp,
  options: {
    provider: 'google' | 'microsoft'
    accessToken: string
    refreshToken: string | null
    expiresAt: Date
    scopes: string
    timezone?: string
  },
): Promise<TestUser> {
  const key = tokenKey(t)
  const email = `${options.provider}-${randomUUID()}@example.test`
  const user = await createUsersRepo(t.db).createUserWithIdentity(
    { email, name: 'Provider User', picture: null, timezone: options.timezone ?? 'UTC' },
    {
      provider: options.provider,
      subject: randomUUID(),
      email,
      accessToken: encrypt(key, options.accessToken),
      refreshToken: options.refreshToken ? encrypt(key, options.refreshToken) : null,
      expiresAt: options.expiresAt,
      scopes: options.scopes,
    },
  )
  return t.signInAs(user.id, email)
}

/** The user's stored access token, decrypted (to show a refresh was saved). */
export async function storedAccessToken(t: TestApp, userId: string): Promise<string | null> {
  const identity = await createUsersRepo(t.db).latestIdentity(userId)
  return identity?.accessToken ? decrypt(tokenKey(t), identity.accessToken) : null
}
