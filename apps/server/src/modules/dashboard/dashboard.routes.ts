import { Briefing, BRIEFING_LIMITS, DashboardStats } from '@remi/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { readerOf, requireUser } from '../../plugins/auth.ts'
import type { DashboardService } from './dashboard.service.ts'

export async function dashboardRoutes(app: FastifyInstance, opts: { service: DashboardService }) {
  const { service } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['dashboard']

  r.get('/stats', { schema: { tags, response: { 200: DashboardStats } } }, async (request) =>
    service.stats(requireUser(request), readerOf(request)),
  )

  r.get('/briefing', { schema: { tags, response: { 200: Briefing } } }, async (request) =>
    service.briefing(requireUser(request), { log: request.log }),
  )

  r.post(
    '/briefing/regenerate',
    {
      config: {
        // Per user, counted once the session is known (the auth hook runs before preHandler).
        rateLimit: {
          max: BRIEFING_LIMITS.regeneratesPerHour,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `briefing-regenerate:${request.userId ?? request.ip}`,
        },
      },
      schema: { tags, response: { 200: Briefing } },
    },
    async (request) => service.regenerateBriefing(requireUser(request), { log: request.log }),
  )
}
