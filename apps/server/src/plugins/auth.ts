import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { unauthorized } from '../lib/errors.ts'
import type { SessionsApi } from '../modules/auth/sessions.service.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anyone; every other route under /api answers 401 without a session, before validation. */
    public?: boolean
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null. Set for every request under /api. */
    userId: string | null
    sessionId: string | null
  }
}

/** Resolves the caller on every /api request. Routes call requireUser(request). */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionsApi }) => {
  app.decorateRequest('userId', null)
  app.decorateRequest('sessionId', null)
  app.addHook('onRequest', async (request, reply) => {
    const session = await opts.sessions.resolve(request)
    if (!session) return
    request.userId = session.userId
    request.sessionId = session.sessionId
    // Sliding expiry: the cookie's Max-Age moves with the row's expiry.
    if (session.cookieValue) opts.sessions.setCookie(reply, session.cookieValue)
  })
  // Not signed in is a 401 (DESIGN §5) even when the body is also wrong: validation runs before handlers.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.public) requireUser(request)
  })
})

export function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized()
  return request.userId
}
