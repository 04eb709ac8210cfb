import type { FastifyInstance } from 'fastify'
import { dashboardRoutes } from './dashboard.routes.ts'
import type { DashboardService } from './dashboard.service.ts'

export { renderBriefing } from './briefing-template.ts'
export { createBriefingsRepo } from './briefings.repo.ts'
export { createDashboardService, type DashboardService } from './dashboard.service.ts'

/** Dashboard API: registered at /api/dashboard. */
export async function dashboardModule(app: FastifyInstance, opts: { dashboard: DashboardService }) {
  await app.register(dashboardRoutes, { service: opts.dashboard })
}
