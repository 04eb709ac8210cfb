// The rules in .dependency-cruiser.cjs (run by `npm run lint`) bite: synthetic modules laid out as
// the repository's are cruised with the repository's own rules.
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

/** Cruises these files (path → source) and returns what each rule broken found. */
async function violations(files: Record<string, string>): Promise<ICruiseResult['summary']['violations']> {
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
  return (output as ICruiseResult).summary.violations
}

/** Each circle found in these files, as its files' paths. */
async function circles(files: Record<string, string>): Promise<string[][]> {
  return (await violations(files)).map((v) => (v.cycle ?? []).map((step) => step.name))
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

describe(
  "the app never imports every language's catalogue at once (.dependency-cruiser.cjs)",
  { timeout: 60_000 },
  () => {
    it('refuses locales/index.ts in the app, and allows it in a test', async () => {
      const found = await violations({
        'apps/web/src/locales/index.ts': 'export const value = 1\n',
        'apps/web/src/lib/i18n.ts': imports('../locales/index.ts'),
        'apps/web/src/locales/catalogues.test.ts': imports('./index.ts'),
        'apps/web/src/test/language.ts': imports('../locales/index.ts'),
      })
      expect(found.map((v) => [v.rule.name, v.from])).toEqual([
        ['no-catalogue-table-in-the-app', 'apps/web/src/lib/i18n.ts'],
      ])
    })
  },
)
