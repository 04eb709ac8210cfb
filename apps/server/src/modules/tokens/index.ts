import type { FastifyInstance } from 'fastify'
import { tokensRoutes } from './tokens.routes.ts'
import type { AccessTokensService } from './tokens.service.ts'

export { createAccessTokensRepo } from './tokens.repo.ts'
export { createAccessTokensService, type AccessTokensService } from './tokens.service.ts'

/** Personal access tokens: registered at /api/auth/tokens. */
export async function tokensModule(app: FastifyInstance, opts: { accessTokens: AccessTokensService }) {
  await app.register(tokensRoutes, { service: opts.accessTokens })
}
