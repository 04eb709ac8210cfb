import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ThemePreference } from '@remi/shared'
import { readStored, writeStored } from './storage'
import { userSettingsQueryOptions } from './settings'

export type { ThemePreference }
export type Theme = 'light' | 'dark'

/** The navbar's colour in each theme; the browser's bar matches it (as in index.html and public/theme.js). */
const BAR_COLOR: Record<Theme, string> = { light: '#1f3b73', dark: '#121a2b' }

export function cachedThemePreference(): ThemePreference {
  const stored = readStored('theme')
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

function systemTheme(): Theme {
  // jsdom and old browsers have no matchMedia: light, as Bootstrap's default.
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** Puts a preference on the page: Bootstrap's colour mode on <html> and the browser's theme-color. */
export function applyThemePreference(preference: ThemePreference): void {
  try {
    // Cached first: public/theme.js reapplies it when the device's scheme changes, and on the next load.
    writeStored('theme', preference)
  } catch {
    // no storage: the theme still applies to this page
  }
  const explicit = preference !== 'system'
  const theme = explicit ? preference : systemTheme()
  document.documentElement.setAttribute('data-bs-theme', theme)
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own: Theme = meta.media.includes('dark') ? 'dark' : 'light'
    meta.content = BAR_COLOR[explicit ? theme : own]
  }
}

/**
 * Keeps the page in the signed-in user's theme: the setting kept on the server, else the cached one (a
 * setting that failed to load must not flip a dark page to light).
 */
export function useTheme(): void {
  const stored = useQuery(userSettingsQueryOptions()).data?.theme
  useEffect(() => {
    applyThemePreference(stored ?? cachedThemePreference())
  }, [stored])
}
