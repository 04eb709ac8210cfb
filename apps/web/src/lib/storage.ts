/** The three values the app keeps in local storage (spec §3), and the theme cached for the first paint. */
export const storageKeys = {
  token: 'remi.authToken',
  calendarId: 'remi.calendarId',
  redirect: 'remi.postLoginRedirect',
  // public/theme.js reads it by this name before the app loads.
  theme: 'remi.theme',
  // Which of Settings → Notifications' devices is this browser (its Web Push subscription's id).
  pushSubscriptionId: 'remi.pushSubscriptionId',
  // The finished imports whose "Undo this import" banner the person closed (a JSON list of ids).
  dismissedImports: 'remi.dismissedImports',
} as const

type StorageKey = keyof typeof storageKeys

// Storage can throw (private mode, quota, disabled cookies); the app works without it.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(storageKeys[key])
  } catch {
    return null
  }
}

export function writeStored(key: StorageKey, value: string): void {
  window.localStorage.setItem(storageKeys[key], value)
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(storageKeys[key])
  } catch {
    // nothing stored, nothing to remove
  }
}

/** Forget the signed-in state kept on this device (after a 401 or a logout). */
export function clearStoredSession(): void {
  removeStored('token')
  removeStored('calendarId')
}
