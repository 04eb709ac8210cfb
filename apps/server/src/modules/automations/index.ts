import type { FastifyInstance } from 'fastify'
import { automationsRoutes } from './automations.routes.ts'
import type { AutomationsService } from './automations.service.ts'

export { createAutomations } from './automations.setup.ts'
export type { AutomationsService } from './automations.service.ts'

/** Scheduled requests (issue 50): /api/automations. */
export async function automationsModule(app: FastifyInstance, opts: { automations: AutomationsService }) {
  await app.register(automationsRoutes, { prefix: '/automations', automations: opts.automations })
}
