import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

export const defaultHandlers = [
  http.get('/api/auth/csrf-token', () => HttpResponse.json({ csrfToken: 'test-csrf' })),
  // The settings page lists access tokens; an account without any, unless a test says otherwise.
  http.get('/api/auth/tokens', () => HttpResponse.json([])),
  // Settings → Search: semantic search off (no embedding model), unless a test says otherwise.
  http.get('/api/recall/status', () =>
    HttpResponse.json({
      state: 'off',
      reason: 'no embedding model is configured (EMBEDDING_PROVIDER)',
      model: null,
      ready: 0,
      total: 0,
    }),
  ),
  // Every signed-in page reads the settings for the theme: no zone chosen and the device's theme, unless
  // a test says otherwise.
  http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: '', theme: 'system' })),
]

/** The fake network of web tests; tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers)
