import { z } from 'zod'
import { languages } from './languages.ts'

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
  .refine(isIanaTimeZone, { message: 'timezone must be a time zone name such as Europe/Lisbon.' })

export const CurrentUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  provider: z.enum(['google', 'microsoft', 'local']),
  language: z.enum(languages),
})
export type CurrentUser = z.infer<typeof CurrentUser>

export const themePreferences = ['system', 'light', 'dark'] as const
/** The colour theme; 'system' follows the device's prefers-color-scheme. */
export const ThemePreference = z.enum(themePreferences, {
  error: `theme must be one of ${themePreferences.join(', ')}`,
})
export type ThemePreference = z.infer<typeof ThemePreference>

/** The language of Remi's screens and answers (issue 51). */
export const LanguagePreference = z.enum(languages, {
  error: `language must be one of ${languages.join(', ')}`,
})

/**
 * GET auth/user/settings. The zone is answered as stored, even one this runtime does not know (an old
 * row, a hand edit): the client matches it to its list (spec: settings), the server reads it as UTC.
 */
export const UserSettings = z.object({
  timezone: z.string(),
  theme: ThemePreference,
  language: LanguagePreference,
})
export type UserSettings = z.infer<typeof UserSettings>

/** PUT auth/user/settings: the spec's client sends only {timezone}; Settings sends what changed. */
export const UpdateUserSettings = z
  .object({ timezone: TimeZone, theme: ThemePreference, language: LanguagePreference })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send a timezone, a theme or a language.',
  })
export type UpdateUserSettings = z.infer<typeof UpdateUserSettings>

export const CsrfTokenResponse = z.object({ csrfToken: z.string() })

// In a module of its own, without zod: the sign-in page needs it, and must not load zod for it.
export { isSafeRedirectPath } from './redirect.ts'
