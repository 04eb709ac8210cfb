import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { UpdateUserSettings, UserSettings } from '@remi/shared'
import { notFound } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import type { UsersRepo } from '../auth/users.repo.ts'

/** GET|PUT /api/auth/user/settings: the user's timezone and colour theme. */
export async function settingsRoutes(app: FastifyInstance, opts: { users: UsersRepo }) {
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
    const user = await users.updateUser(requireUser(request), { timezone, theme })
    if (!user) throw notFound('User')
    return { timezone: user.timezone, theme: user.theme }
  })
}
