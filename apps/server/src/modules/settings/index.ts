import type { FastifyInstance } from 'fastify'
import type { UsersRepo } from '../auth/users.repo.ts'
import { settingsRoutes } from './settings.routes.ts'

/** User settings: registered at /api/auth/user/settings (the spec's address). */
export async function settingsModule(app: FastifyInstance, opts: { users: UsersRepo }) {
  await app.register(settingsRoutes, { users: opts.users })
}
