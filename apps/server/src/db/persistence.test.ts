import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { createSessions, createSessionsRepo, createUsersRepo } from '../modules/auth/index.ts'
import { apiClient } from '../test/api.ts'
import { testEnv } from '../test/build-test-app.ts'
import { migrateDatabase, openDatabase } from './client.ts'

// About on-disk PGlite only, so the server-pg project leaves this file out (vitest.config.ts).
describe('PGlite on disk', () => {
  // 12-13 s alone; a loaded machine takes three times that (the limit only stops a hang).
  it(
    'keeps a saved timezone and the session across a restart, and migrating again is a no-op',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'remi-disk-'))
      const env = testEnv({ DATA_DIR: dataDir })

      const first = await openDatabase({ dataDir: join(dataDir, 'db') })
      await migrateDatabase(first)
      const user = await createUsersRepo(first.db).createUserWithIdentity(
        { email: 'disk@example.test', name: 'Disk', picture: null, timezone: 'UTC' },
        { provider: 'local', subject: 'disk' },
      )
      const session = await createSessions(createSessionsRepo(first.db), env.sessionSecret, false).create(
        user.id,
        undefined,
      )
      const app = await buildApp({ env, database: first })
      const withSession = apiClient(app, { cookie: `remi_session=${session.cookieValue}` })
      const csrf = await withSession.get<{ csrfToken: string }>('/api/auth/csrf-token')
      const cookie = `remi_session=${session.cookieValue}; remi_csrf=${csrf.cookies.find((c) => c.name === 'remi_csrf')!.value}`
      const put = await apiClient(app, { cookie, 'x-csrf-token': csrf.body.csrfToken }).put(
        '/api/auth/user/settings',
        { timezone: 'Pacific/Auckland' },
      )
      expect(put.status).toBe(200)
      await app.close()
      await first.close()

      const second = await openDatabase({ dataDir: join(dataDir, 'db') })
      await migrateDatabase(second)
      const restarted = await buildApp({ env, database: second })
      const res = await apiClient(restarted, { cookie }).get('/api/auth/user/settings')
      expect(res.body).toEqual({ timezone: 'Pacific/Auckland', theme: 'system', language: 'en' })
      await restarted.close()
      await second.close()
    },
  )
})
