import type { FastifyInstance } from 'fastify'
import type { UsersService } from '../auth/index.ts'
import { settingsRoutes } from './settings.routes.ts'

/** User settings: registered at /api/auth/user/settings (the spec's address). */
export async function settingsModule(
  app: FastifyInstance,
  opts: { users: UsersService; onTimezoneChange?: (userId: string, zone: string) => Promise<void> },
) {
  await app.register(settingsRoutes, { users: opts.users, onTimezoneChange: opts.onTimezoneChange })
}
