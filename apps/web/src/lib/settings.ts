import { queryOptions, useQuery } from '@tanstack/react-query'
import { languages, type Language, type ThemePreference } from '@remi/shared'
import { api } from './api-client'

export interface UserSettingsData {
  timezone: string
  /** Absent when the load failed: the page keeps the theme it has. */
  theme?: ThemePreference
  /** Absent when the load failed: the screens keep the language they have. */
  language?: Language
}

// A type import only: the login page's chunk must not load zod for three words.
const themes: readonly unknown[] = ['system', 'light', 'dark'] satisfies ThemePreference[]
const isTheme = (value: unknown): value is ThemePreference => themes.includes(value)
const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value)

/** A failed or empty answer means "no zone chosen" (spec §8: no message). */
export async function getUserSettings(): Promise<UserSettingsData> {
  try {
    const body = await api.get<Partial<UserSettingsData> | undefined>('auth/user/settings')
    return {
      timezone: typeof body?.timezone === 'string' ? body.timezone : '',
      ...(isTheme(body?.theme) ? { theme: body.theme } : {}),
      ...(isLanguage(body?.language) ? { language: body.language } : {}),
    }
  } catch {
    return { timezone: '' }
  }
}

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user', 'settings'], queryFn: getUserSettings })

/** The user's IANA zone, or '' when unknown (then use the browser's: `browserTimeZone()`), and theme. */
export function useUserSettings() {
  const query = useQuery(userSettingsQueryOptions())
  return {
    timezone: query.data?.timezone ?? '',
    theme: query.data?.theme,
    language: query.data?.language,
    isLoading: query.isPending,
  }
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
