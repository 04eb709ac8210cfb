import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { engineFreeTestFiles } from './apps/server/src/test/engine-free.ts'

// The server suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (less the on-disk PGlite tests, which are about PGlite alone, and the files that never reach a
// database: they would run the same code twice).
const serverOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        test: {
          name: 'server-pg',
          root: './apps/server',
          env: { TEST_DB: 'postgres' },
          exclude: [
            '**/node_modules/**',
            'src/db/persistence.test.ts',
            'src/db/file-modes.test.ts',
            ...engineFreeTestFiles(join(import.meta.dirname, 'apps/server')),
          ],
        },
      },
    ]
  : []

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server', root: './apps/server', env: { TEST_DB: 'pglite' } },
      },
      ...serverOnPostgres,
      'apps/web',
      { test: { name: 'tooling', include: ['scripts/*.test.ts'] } },
    ],
  },
})
