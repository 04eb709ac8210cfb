import type { FastifyError, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DeleteAccountBody, ImportAccountBody, ImportAccountResult } from '@remi/shared'
import { payloadTooLarge } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { IMPORT_BODY_LIMIT } from '../memories/memories.routes.ts'
import type { SessionsApi } from '../auth/sessions.service.ts'
import type { AccountService } from './account.service.ts'

/** DELETE /api/auth/user, GET /api/auth/user/export, POST /api/auth/user/import. */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { service: AccountService; sessions: SessionsApi },
) {
  const { service, sessions } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['auth']
  // The whole account: only a person signed in to the app, never a personal access token.
  const config = { credentials: 'session' as const }

  r.delete('', { config: { ...config, tokenRefusal: 'delete the account' }, schema: { tags, body: DeleteAccountBody } }, async (request, reply) => {
    await service.deleteAccount(requireUser(request), request.body.email)
    sessions.clearCookie(reply)
    return reply.status(204).send()
  })

  r.get('/export', { config: { ...config, tokenRefusal: 'export the account' }, schema: { tags } }, async (request, reply) => {
    const { data, fileStem } = await service.exportAll(requireUser(request))
    return reply
      .header('content-disposition', `attachment; filename="${fileStem}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2))
  })

  r.post(
    '/import',
    {
      config: { ...config, tokenRefusal: 'import into the account' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: ImportAccountBody, response: { 200: ImportAccountResult } },
      errorHandler: (error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw payloadTooLarge(
            `The import file is too large (at most ${IMPORT_BODY_LIMIT / 1024 / 1024} MB).`,
          )
        }
        throw error
      },
    },
    async (request) => service.importAll(requireUser(request), request.body),
  )
}
