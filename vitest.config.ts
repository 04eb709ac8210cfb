import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { engineFreeTestFiles } from './apps/server/src/test/engine-free.ts'

// Vitest's default is one worker fewer than the cores: on a 2-core machine one file at a time and a core
// idle (the main process only hands out files and gathers results). Every project must say it too: a
// project's own default of 1 runs its files one by one whatever the root allows.
const maxWorkers = Math.max(2, availableParallelism() - 1)

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
          maxWorkers,
          exclude: [
            '**/node_modules/**',
            'src/db/persistence.test.ts',
            'src/db/file-modes.test.ts',
            'src/modules-at-start.test.ts',
            ...engineFreeTestFiles(join(import.meta.dirname, 'apps/server')),
          ],
        },
      },
    ]
  : []

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        extends: './packages/shared/vitest.config.ts',
        test: { name: 'shared', root: './packages/shared', maxWorkers },
      },
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server', root: './apps/server', env: { TEST_DB: 'pglite' }, maxWorkers },
      },
      ...serverOnPostgres,
      { extends: './apps/web/vite.config.ts', test: { name: 'web', root: './apps/web', maxWorkers } },
      { test: { name: 'tooling', include: ['scripts/*.test.ts'], maxWorkers } },
    ],
  },
})
