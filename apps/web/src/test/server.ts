import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

export const defaultHandlers = [
  http.get('/api/auth/csrf-token', () => HttpResponse.json({ csrfToken: 'test-csrf' })),
  // Voice (issue 48): no transcription or speech model, so no microphone, unless a test says otherwise.
  http.get('/api/voice', () => HttpResponse.json({ transcription: false, speech: false })),
  // The sign-in page: both providers have credentials (the spec's two buttons), unless a test says otherwise.
  http.get('/api/auth/sign-in-options', () =>
    HttpResponse.json({ providers: ['google', 'microsoft'], local: null }),
  ),
  // The settings page lists access tokens; an account without any, unless a test says otherwise.
  http.get('/api/auth/tokens', () => HttpResponse.json([])),
  // Settings → Connected tools: no MCP server of the person's own, unless a test says otherwise.
  http.get('/api/mcp-servers', () => HttpResponse.json([])),
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
  // Settings → Sessions and the local account's sections: one session (this one), no local password.
  http.get('/api/auth/sessions', () =>
    HttpResponse.json([
      {
        id: 'a'.repeat(64),
        device: 'Firefox on Linux',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
        ip: '127.0.0.1',
        createdAt: '2026-01-05T10:00:00.000Z',
        lastSeenAt: '2026-01-05T10:00:00.000Z',
        current: true,
      },
    ]),
  ),
  http.get('/api/auth/local', () =>
    HttpResponse.json({ localSignIn: false, signup: 'closed', hasPassword: false }),
  ),
  // Every signed-in page reads the settings for the theme: no zone chosen and the device's theme, unless
  // a test says otherwise.
  http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: '', theme: 'system' })),
  // The memories page's imports of notes from other apps: none, unless a test says otherwise.
  http.get('/api/imports', () => HttpResponse.json({ items: [] })),
  // The chat's proposed changes to memories under the latest answer: none, unless a test says otherwise.
  http.get('/api/proposals', () => HttpResponse.json({ proposals: [], extracting: false })),
  // Settings → Chat: facts from chats are offered as chips, not saved at once.
  http.get('/api/auth/user/settings/chat', () =>
    HttpResponse.json({ autoSaveFacts: false, readAloudAfterDictation: false }),
  ),
  // The dashboard's reminders card and the reminders page: none, unless a test says otherwise.
  http.get('/api/reminders', () => HttpResponse.json({ reminders: [] })),
  // Settings → Notifications: no devices, e-mail off (the server has no SMTP), no briefing delivery.
  http.get('/api/notifications/subscriptions', () => HttpResponse.json({ subscriptions: [] })),
  http.get('/api/auth/user/settings/notifications', () =>
    HttpResponse.json({
      emailReminders: false,
      briefingTime: null,
      emailAvailable: false,
      email: 'ada@example.com',
      emailVerified: false,
    }),
  ),
]

/** The fake network of web tests; tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers)
