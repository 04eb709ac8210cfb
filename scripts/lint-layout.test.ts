// The layout rules in eslint.config.js (../shared/STYLE.md's import directions) bite: each synthetic file
// below is linted with the repository's own config, as `npm run lint` would lint it at that path.
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

async function layoutErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  if (!result) throw new Error(`ESLint returned no result for ${path}`)
  const fatal = result.messages.filter((m) => m.fatal)
  expect(fatal, 'the synthetic file parses').toEqual([])
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message)
}

const importing = (source: string) => `import * as target from '${source}'\nexport const used = target\n`

describe('layout lint (boundaries/dependencies)', { timeout: 60_000 }, () => {
  it('refuses a web feature importing another feature', async () => {
    expect(await layoutErrors('apps/web/src/features/chat/x.ts', importing('../memories/store.ts'))).toEqual([
      'A feature does not import another feature; compose them in app/.',
    ])
  })

  it('refuses packages/shared importing from apps/server', async () => {
    const errors = await layoutErrors(
      'packages/shared/src/x.ts',
      importing('../../../apps/server/src/lib/errors.ts'),
    )
    expect(errors).toEqual(['packages/shared imports nothing of ours.'])
  })

  it.each([
    ['apps/web/src/lib/x.ts', '../features/memories/store.ts', 'components/, lib/ and config/'],
    ['apps/web/src/components/x.ts', '../app/app.tsx', 'Nothing imports app/'],
    ['apps/server/src/plugins/x.ts', '../main.ts', 'Nothing imports main.ts'],
    ['apps/server/src/plugins/x.ts', '../app.ts', 'Only main.ts and tests import app.ts'],
    ['apps/server/src/modules/chat/x.ts', '../../app.ts', 'Only main.ts and tests import app.ts'],
    ['apps/server/src/modules/memories/memories.repo.ts', './memories.service.ts', 'A repo does not import'],
    [
      'apps/server/src/modules/memories/memories.service.ts',
      './memories.routes.ts',
      'A service does not import',
    ],
    ['apps/server/src/integrations/x.ts', '../modules/memories/memories.service.ts', 'integrations/ do not'],
    // A module is reached only through its index.ts: from another module, its tests, the composition root.
    [
      'apps/server/src/modules/chat/chat.service.ts',
      '../memories/memories.service.ts',
      'only through its index',
    ],
    ['apps/server/src/modules/chat/chat.repo.ts', '../memories/memories.repo.ts', 'only through its index'],
    ['apps/server/src/modules/chat/x.test.ts', '../auth/users.repo.ts', 'only through its index'],
    ['apps/server/src/services.ts', './modules/auth/users.repo.ts', 'only through its index'],
    ['apps/server/src/plugins/x.ts', '../modules/auth/sessions.service.ts', 'only through its index'],
  ])('refuses %s importing %s', async (path, source, message) => {
    const errors = await layoutErrors(path, importing(source))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(message)
  })

  it.each([
    ['apps/web/src/features/chat/x.ts', '../../lib/api-client.ts'],
    ['apps/web/src/features/chat/x.ts', '../../components/ui/spinner.tsx'],
    ['apps/web/src/main.tsx', './app/app.tsx'],
    ['apps/server/src/modules/memories/memories.routes.ts', './memories.service.ts'],
    ['apps/server/src/modules/memories/memories.service.ts', './memories.repo.ts'],
    ['apps/server/src/test/x.ts', '../app.ts'],
    // Test support beside its tests (*.test-support.ts) is a test too.
    ['apps/server/src/modules/chat/x.test-support.ts', '../../app.ts'],
    ['apps/server/src/modules/chat/chat.service.ts', '../memories/index.ts'],
    ['apps/server/src/services.ts', './modules/auth/index.ts'],
    // Inside a module, its tests and files reach any of its files.
    ['apps/server/src/modules/memories/x.test.ts', './memories.repo.ts'],
    ['apps/server/src/modules/memories/index.ts', './memories.routes.ts'],
    ['packages/shared/src/x.ts', './errors.ts'],
  ])('allows %s importing %s', async (path, source) => {
    expect(await layoutErrors(path, importing(source))).toEqual([])
  })
})
