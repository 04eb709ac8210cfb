import { z } from 'zod'

/** One place a person is signed in (GET /api/auth/sessions). */
export const SessionInfo = z.object({
  id: z.string(),
  /** 'Firefox on Linux', from the user agent; 'Unknown device' without one. */
  device: z.string(),
  userAgent: z.string().nullable(),
  /** The client address as the server saw it at sign-in (behind a trusted proxy, the forwarded one). */
  ip: z.string().nullable(),
  /** ISO times. lastSeenAt moves at most once an hour. */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfo>
export const SessionList = z.array(SessionInfo)

export const SessionIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, 'id must be a session id.'),
})

/**
 * DELETE /api/auth/sessions and a password change: how many other sessions were signed out, and how many
 * personal access tokens ended with them (none when the person kept them).
 */
export const SignedOutOthers = z.object({
  signedOut: z.number().int().min(0),
  accessTokensEnded: z.number().int().min(0),
})
export type SignedOutOthers = z.infer<typeof SignedOutOthers>

/**
 * Keep the personal access tokens through a password change or "Sign out everywhere else" (off by
 * default: a token made with a stolen session would otherwise outlive both).
 */
const KeepAccessTokens = z
  .boolean({ error: 'Say true or false for keeping your access tokens.' })
  .default(false)

/** DELETE /api/auth/sessions?keepAccessTokens=true */
export const SignOutOthersQuery = z.object({
  keepAccessTokens: z
    .enum(['true', 'false'], { error: 'Say true or false for keeping your access tokens.' })
    .optional()
    .transform((value) => value === 'true'),
})

export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 200

/** GET /api/auth/local: what the built-in identity provider offers this person. */
export const LocalAccountStatus = z.object({
  /** The built-in identity provider signs people in on this server. */
  localSignIn: z.boolean(),
  /** open: anyone may create an account (LOCAL_SIGNUP=open); closed: only with an invitation. */
  signup: z.enum(['open', 'closed']),
  /** This person signs in with a local password (and can change it). */
  hasPassword: z.boolean(),
})
export type LocalAccountStatus = z.infer<typeof LocalAccountStatus>

export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'currentPassword is required.' })
    .min(1, 'Enter your current password.')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: 'newPassword is required.' })
    .min(PASSWORD_MIN_LENGTH, `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `The new password must have at most ${PASSWORD_MAX_LENGTH} characters.`),
  keepAccessTokens: KeepAccessTokens,
})
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>

/** POST /api/auth/invitations: a single-use link to create a local account, shown once. */
export const Invitation = z.object({ url: z.string(), expiresAt: z.string() })
export type Invitation = z.infer<typeof Invitation>
