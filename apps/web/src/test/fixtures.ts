import { http, HttpResponse } from 'msw'
import type { CurrentUser } from '@remi/shared'

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
