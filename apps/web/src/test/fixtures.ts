import { http, HttpResponse } from 'msw'
import type { AccessToken, CurrentUser, SessionInfo } from '@remi/shared'

export const testUser: CurrentUser = {
  id: '0b6f1c8e-3f0a-4c57-9f3e-5d6f8a9b1c2d',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  picture: null,
  provider: 'local',
  language: 'en',
}

export const signedIn = (user: Partial<CurrentUser> = {}) =>
  http.get('/api/auth/user', () => HttpResponse.json({ ...testUser, ...user }))

export const signedOut = () =>
  http.get('/api/auth/user', () =>
    HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }, { status: 401 }),
  )

/** What the pages behind the routes load on arrival, so a route test never leaves a request unanswered. */
export const pageHandlers = () => [
  http.get('/api/dashboard/stats', () =>
    HttpResponse.json({ totalMemories: 0, recentMemories: 0, activeChats: 0 }),
  ),
  http.get('/api/dashboard/briefing', () => HttpResponse.json({ content: 'Good morning' })),
  http.get('/api/chat/conversations', () => HttpResponse.json({ items: [], totalCount: 0 })),
  http.get('/api/chat/history', () =>
    HttpResponse.json({
      conversationId: null,
      messages: [],
      totalCount: 0,
      assistant: { name: 'Remi', model: null },
    }),
  ),
]

/** A signed-in session as GET /api/auth/sessions lists it: this browser's, unless `fields` say otherwise. */
export const sessionInfo = (fields: Partial<SessionInfo> = {}): SessionInfo => ({
  id: 'a'.repeat(64),
  device: 'Firefox on Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  ip: '127.0.0.1',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastSeenAt: '2026-01-06T09:30:00.000Z',
  current: true,
  ...fields,
})

/** An access token as GET /api/auth/tokens lists it: never used, never expiring, unless `fields` say otherwise. */
export const accessToken = (fields: Partial<AccessToken> = {}): AccessToken => ({
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'Laptop assistant',
  scope: 'read',
  lastFour: 'Ab3x',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  ...fields,
})
