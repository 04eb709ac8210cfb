import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { UpdateUserSettings, UserSettings } from '@remi/shared'
import { notFound } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import type { UsersRepo } from '../auth/users.repo.ts'

/** GET|PUT /api/auth/user/settings: the user's timezone and colour theme. */
export async function settingsRoutes(
  app: FastifyInstance,
  opts: {
    users: UsersRepo
    /** Told when the timezone changes (reminders keep their local time). */
    onTimezoneChange?: (userId: string, zone: string) => Promise<void>
  },
) {
  const { users } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const schema = { tags: ['settings'], response: { 200: UserSettings } }

  r.get('', { schema }, async (request) => {
    const user = await users.findById(requireUser(request))
    if (!user) throw notFound('User')
    return { timezone: user.timezone, theme: user.theme }
  })

  r.put('', { schema: { ...schema, body: UpdateUserSettings } }, async (request) => {
    const { timezone, theme } = request.body
    const before = timezone !== undefined ? await users.findById(requireUser(request)) : undefined
    const user = await users.updateUser(requireUser(request), { timezone, theme })
    if (!user) throw notFound('User')
    if (before && before.timezone !== user.timezone) await opts.onTimezoneChange?.(user.id, user.timezone)
    return { timezone: user.timezone, theme: user.theme }
  })
}
