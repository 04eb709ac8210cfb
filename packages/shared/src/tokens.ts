import { z } from 'zod'
import { isStorableText } from './text.ts'

/**
 * Every personal access token starts with this, so secret scanners (and people) can tell a leaked
 * Remi token from any other string. The rest is 32 random bytes in base64url (43 characters).
 */
export const ACCESS_TOKEN_PREFIX = 'remi_pat_'
export const ACCESS_TOKEN_PATTERN = /^remi_pat_[A-Za-z0-9_-]{43}$/

export const ACCESS_TOKEN_LIMITS = {
  nameMax: 100,
  /** Tokens one user may hold at a time (expired ones count until they are revoked). */
  perUser: 20,
  maxYear: 2100,
} as const

/** read: GET and HEAD only (and the MCP tools that only read); write: everything a signed-in user can do. */
export const AccessTokenScope = z.enum(['read', 'write'], { error: "scope must be 'read' or 'write'." })
export type AccessTokenScope = z.infer<typeof AccessTokenScope>

export const AccessTokenName = z
  .string({ error: 'name is required.' })
  .trim()
  .min(1, 'Name must not be blank.')
  .max(ACCESS_TOKEN_LIMITS.nameMax, `Name must be at most ${ACCESS_TOKEN_LIMITS.nameMax} characters.`)
  .refine(isStorableText, 'Name must not contain NUL or broken characters.')

export const CreateAccessTokenBody = z.object({
  name: AccessTokenName,
  scope: AccessTokenScope,
  /** ISO date-time; omitted or null: the token does not expire. */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be an ISO date-time.' })
    .refine((v) => new Date(v).getTime() > Date.now(), 'expiresAt must be in the future.')
    .refine(
      (v) => new Date(v).getUTCFullYear() <= ACCESS_TOKEN_LIMITS.maxYear,
      `expiresAt must be before the year ${ACCESS_TOKEN_LIMITS.maxYear + 1}.`,
    )
    .nullable()
    .optional(),
})
export type CreateAccessTokenBody = z.input<typeof CreateAccessTokenBody>

/** A token as listed: never its secret. */
export const AccessToken = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: AccessTokenScope,
  /** The secret's last four characters, to tell tokens apart: remi_pat_…Ab3x. */
  lastFour: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  /** Null until first used; updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
})
export type AccessToken = z.infer<typeof AccessToken>
export const AccessTokenList = z.array(AccessToken)

/** The answer to creating a token: the only time the secret is ever sent. */
export const CreatedAccessToken = AccessToken.extend({ token: z.string() })
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>

export const AccessTokenIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })

/** Where MCP clients connect, relative to the app's origin. */
export const MCP_PATH = '/api/mcp'
