// Issue 51: the rule in eslint.config.js that keeps a person's texts in the catalogues bites. Each
// synthetic component is linted with the repository's own config at a path of the web app.
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

async function literalTexts(path: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  if (!result) throw new Error(`ESLint returned no result for ${path}`)
  expect(
    result.messages.filter((m) => m.fatal),
    'the synthetic file parses',
  ).toEqual([])
  return result.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').length
}

const component = (jsx: string) =>
  `import { useTranslation } from 'react-i18next'\nexport function X() {\n  const { t } = useTranslation()\n  return ${jsx}\n}\n`

describe('texts lint (i18next/no-literal-string)', { timeout: 60_000 }, () => {
  it.each([
    ['JSX text', '<p>Saved your memory</p>'],
    ['an aria-label', '<button aria-label="Close">{t(\'nav.main\')}</button>'],
    ['a placeholder', '<input placeholder="Search memories" />'],
    ['a title', '<span title="Remove the tag">{t(\'nav.main\')}</span>'],
  ])('refuses %s written in a component', async (_, jsx) => {
    expect(await literalTexts('apps/web/src/features/chat/components/x.tsx', component(jsx))).toBe(1)
  })

  it('accepts texts from the catalogues, and class names, ids and types', async () => {
    const jsx = `<input className="form-control" id="q" type="search" aria-label={t('nav.main')} placeholder={t('nav.main')} />`
    expect(await literalTexts('apps/web/src/features/chat/components/x.tsx', component(jsx))).toBe(0)
  })

  it('leaves tests alone: they read the rendered texts', async () => {
    expect(
      await literalTexts('apps/web/src/features/chat/components/x.test.tsx', component('<p>Hello</p>')),
    ).toBe(0)
  })
})
