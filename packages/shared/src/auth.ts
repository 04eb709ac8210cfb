import { z } from 'zod'

export const loginProviders = ['google', 'microsoft'] as const
export const LoginProvider = z.enum(loginProviders)
export type LoginProvider = z.infer<typeof LoginProvider>

/** True for names the runtime knows as IANA time zones (aliases included). */
export function isIanaTimeZone(value: string): boolean {
  if (value !== 'UTC' && !value.includes('/')) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const TimeZone = z
  .string()
  .trim()
  .min(1, 'timezone is required')
  .max(64)
  .refine(isIanaTimeZone, { message: 'timezone must be an IANA time zone such as Europe/Lisbon' })

export const CurrentUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  provider: z.enum(['google', 'microsoft', 'local']),
})
export type CurrentUser = z.infer<typeof CurrentUser>

export const UserSettings = z.object({ timezone: TimeZone })
export type UserSettings = z.infer<typeof UserSettings>

export const CsrfTokenResponse = z.object({ csrfToken: z.string() })

/**
 * A post-login path: one leading '/', never '//' or '/\' (protocol-relative), and no control
 * characters: browsers drop tabs and newlines from URLs, so '/\t/evil.example' would become '//evil.example'.
 */
export function isSafeRedirectPath(path: unknown): path is string {
  if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) return false
  for (const char of path) {
    const code = char.codePointAt(0)!
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}
