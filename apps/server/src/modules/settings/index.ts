import type { FastifyInstance } from 'fastify'
import type { UsersService } from '../auth/index.ts'
import type { ProposalsService } from '../proposals/index.ts'
import { chatSettingsRoutes, settingsRoutes } from './settings.routes.ts'

/**
 * User settings: registered at /api/auth/user/settings (the spec's address), and /chat under it (how
 * the chat keeps what the person tells it).
 */
export async function settingsModule(
  app: FastifyInstance,
  opts: {
    users: UsersService
    chat?: Pick<ProposalsService, 'preferences' | 'setPreferences'> | undefined
    onTimezoneChange?: (userId: string, zone: string) => Promise<void>
    onLanguageChange?: (userId: string) => Promise<void>
  },
) {
  await app.register(settingsRoutes, {
    users: opts.users,
    onTimezoneChange: opts.onTimezoneChange,
    onLanguageChange: opts.onLanguageChange,
  })
  if (opts.chat) await app.register(chatSettingsRoutes, { prefix: '/chat', chat: opts.chat })
}
