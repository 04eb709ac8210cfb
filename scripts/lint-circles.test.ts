// The circle rule in .dependency-cruiser.cjs (run by `npm run lint`) bites: synthetic modules laid out as
// the repository's are cruised with the repository's own rule.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser'
import { afterEach, describe, expect, it } from 'vitest'

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IFlattenedRuleSet['forbidden']
}

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Cruises these files (path → source) and returns each circle found as its files' paths. */
async function circles(files: Record<string, string>): Promise<string[][]> {
  dir = await mkdtemp(join(tmpdir(), 'remi-circles-'))
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), source)
  }
  const { output } = await cruise(['apps'], {
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  })
  const result = output as ICruiseResult
  return result.summary.violations.map((v) => (v.cycle ?? []).map((step) => step.name))
}

const imports = (path: string) => `import { value } from '${path}'\nexport const other = value\n`
const importsType = (path: string) =>
  `import type { other } from '${path}'\nexport const value: typeof other = 1\n`

describe('no import circle between modules (.dependency-cruiser.cjs)', { timeout: 60_000 }, () => {
  it('refuses two server modules importing each other, types included', async () => {
    const found = await circles({
      'apps/server/src/modules/alpha/index.ts': imports('../beta/index.ts'),
      'apps/server/src/modules/beta/index.ts': importsType('../alpha/index.ts'),
    })
    expect(found.length).toBeGreaterThan(0)
    expect(found.flat()).toContain('apps/server/src/modules/alpha/index.ts')
  })

  it('refuses a plugin and a module that import each other', async () => {
    const found = await circles({
      'apps/server/src/plugins/auth.ts': imports('../modules/alpha/index.ts'),
      'apps/server/src/modules/alpha/index.ts': importsType('../../plugins/auth.ts'),
    })
    expect(found.length).toBeGreaterThan(0)
  })

  it('refuses a circle through a third module and one between web features', async () => {
    const server = await circles({
      'apps/server/src/modules/alpha/a.ts': imports('../beta/index.ts'),
      'apps/server/src/modules/beta/index.ts': imports('../gamma/index.ts'),
      'apps/server/src/modules/gamma/index.ts': importsType('../alpha/a.ts'),
    })
    expect(server.length).toBeGreaterThan(0)
    const web = await circles({
      'apps/web/src/features/chat/a.ts': imports('../../lib/b.ts'),
      'apps/web/src/lib/b.ts': importsType('../features/chat/a.ts'),
    })
    expect(web.length).toBeGreaterThan(0)
  })

  it('allows a circle inside one module and imports one way between modules', async () => {
    expect(
      await circles({
        'apps/server/src/modules/alpha/a.ts': imports('./b.ts'),
        'apps/server/src/modules/alpha/b.ts': importsType('./a.ts'),
        'apps/server/src/modules/beta/index.ts': imports('../alpha/a.ts'),
      }),
    ).toEqual([])
  })
})
