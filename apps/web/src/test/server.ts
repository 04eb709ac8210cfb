import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

export const defaultHandlers = [
  http.get('/api/auth/csrf-token', () => HttpResponse.json({ csrfToken: 'test-csrf' })),
  // The settings page lists access tokens; an account without any, unless a test says otherwise.
  http.get('/api/auth/tokens', () => HttpResponse.json([])),
  // Every signed-in page reads the settings for the theme: no zone chosen and the device's theme, unless
  // a test says otherwise.
  http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: '', theme: 'system' })),
]

/** The fake network of web tests; tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers)
