import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AccessTokenIdParams, AccessTokenList, CreateAccessTokenBody, CreatedAccessToken } from '@remi/shared'
import { requireUser } from '../../plugins/auth.ts'
import type { AccessTokensService } from './tokens.service.ts'

export async function tokensRoutes(app: FastifyInstance, opts: { service: AccessTokensService }) {
  const { service } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['auth']
  // A token cannot mint, list or revoke tokens: only someone signed in to the app can.
  const config = { credentials: 'session' as const }

  r.get('/', { config, schema: { tags, response: { 200: AccessTokenList } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return service.list(requireUser(request))
  })

  r.post(
    '/',
    { config, schema: { tags, body: CreateAccessTokenBody, response: { 201: CreatedAccessToken } } },
    async (request, reply) => {
      const created = await service.create(requireUser(request), request.body)
      // The secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created)
    },
  )

  r.delete('/:id', { config, schema: { tags, params: AccessTokenIdParams } }, async (request, reply) => {
    await service.revoke(requireUser(request), request.params.id)
    return reply.status(204).send()
  })
}
