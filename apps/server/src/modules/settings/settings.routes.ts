import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ChatPreferences, UpdateChatPreferences, UpdateUserSettings, UserSettings } from '@remi/shared'
import { requireUser } from '../../plugins/auth.ts'
import type { UsersService } from '../auth/index.ts'
import type { ProposalsService } from '../proposals/index.ts'

/** GET|PUT /api/auth/user/settings: the user's timezone and colour theme. */
export async function settingsRoutes(
  app: FastifyInstance,
  opts: {
    users: Pick<UsersService, 'settings' | 'updateSettings'>
    /** Told when the timezone changes (reminders keep their local time). */
    onTimezoneChange?: (userId: string, zone: string) => Promise<void>
    /** Told when the language changes (today's briefing is written again in it). */
    onLanguageChange?: (userId: string) => Promise<void>
  },
) {
  const { users } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const schema = { tags: ['settings'], response: { 200: UserSettings } }

  r.get('', { schema }, async (request) => users.settings(requireUser(request)))

  r.put('', { schema: { ...schema, body: UpdateUserSettings } }, async (request) => {
    const userId = requireUser(request)
    const { settings, zoneChanged, languageChanged } = await users.updateSettings(userId, request.body)
    if (zoneChanged) await opts.onTimezoneChange?.(userId, settings.timezone)
    if (languageChanged) await opts.onLanguageChange?.(userId)
    return settings
  })
}

/** GET|PUT /api/auth/user/settings/chat: "Save facts from chats automatically" (off by default). */
export async function chatSettingsRoutes(
  app: FastifyInstance,
  opts: { chat: Pick<ProposalsService, 'preferences' | 'setPreferences'> },
) {
  const { chat } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const schema = { tags: ['settings'], response: { 200: ChatPreferences } }
  r.get('', { schema }, async (request) => chat.preferences(requireUser(request)))
  r.put('', { schema: { ...schema, body: UpdateChatPreferences } }, async (request) =>
    chat.setPreferences(requireUser(request), request.body),
  )
}
