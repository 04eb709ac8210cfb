import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

export const defaultHandlers = [
  http.get('/api/auth/csrf-token', () => HttpResponse.json({ csrfToken: 'test-csrf' })),
]

/** The fake network of web tests; tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers)
