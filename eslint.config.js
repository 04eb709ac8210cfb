import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import boundaries from 'eslint-plugin-boundaries'
import i18next from 'eslint-plugin-i18next'

// ../shared/STYLE.md's import directions, enforced: scripts/lint-layout.test.ts proves each rule bites.
// Elements are folders (first match wins); file categories mark single files and tests.
const webSrc = 'apps/web/src'
const serverSrc = 'apps/server/src'
const layout = {
  files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/legacy-templates': false,
    // Web imports omit the extension; server imports spell `.ts`.
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    'boundaries/elements': [
      { type: 'web-app', pattern: `${webSrc}/app`, partialMatch: false },
      { type: 'web-feature', pattern: `${webSrc}/features/*`, capture: ['feature'], partialMatch: false },
      {
        type: 'web-common',
        pattern: [`${webSrc}/components`, `${webSrc}/lib`, `${webSrc}/config`],
        partialMatch: false,
      },
      { type: 'web', pattern: webSrc, partialMatch: false },
      { type: 'server-module', pattern: `${serverSrc}/modules/*`, capture: ['module'], partialMatch: false },
      { type: 'server-integrations', pattern: `${serverSrc}/integrations`, partialMatch: false },
      { type: 'server', pattern: serverSrc, partialMatch: false },
      { type: 'shared', pattern: 'packages/shared', partialMatch: false },
    ],
    'boundaries/files': [
      {
        category: 'test',
        pattern: [
          '**/*.test.{ts,tsx}',
          '**/*.test-support.{ts,tsx}',
          `${serverSrc}/test/**`,
          `${webSrc}/test/**`,
        ],
      },
      { category: 'web-main', pattern: `${webSrc}/main.tsx` },
      { category: 'server-main', pattern: `${serverSrc}/main.ts` },
      { category: 'server-app', pattern: `${serverSrc}/app.ts` },
      { category: 'routes', pattern: `${serverSrc}/modules/*/*.routes.ts` },
      { category: 'service', pattern: `${serverSrc}/modules/*/*.service.ts` },
      { category: 'repo', pattern: `${serverSrc}/modules/*/*.repo.ts` },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        checkInternals: true,
        checkUnknownLocals: true,
        // The last matching policy decides.
        policies: [
          {
            from: { element: { type: 'web-feature' } },
            disallow: {
              to: {
                element: {
                  type: 'web-feature',
                  captured: { feature: '!{{ from.element.captured.feature }}' },
                },
              },
            },
            message: 'A feature does not import another feature; compose them in app/.',
          },
          {
            from: { element: { type: 'web-common' } },
            disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
            message: 'components/, lib/ and config/ do not import features or app/.',
          },
          // Tests are leaves nobody imports: one beside lib/ or config/ may check features against it.
          {
            from: { element: { type: 'web-common' }, file: { categories: 'test' } },
            allow: { to: { element: { type: 'web-feature' } } },
          },
          {
            disallow: { to: { element: { type: 'web-app' } } },
            message: 'Nothing imports app/ except main.tsx.',
          },
          {
            from: [{ element: { type: 'web-app' } }, { file: { categories: ['web-main', 'test'] } }],
            allow: { to: { element: { type: 'web-app' } } },
          },
          { disallow: { to: { file: { categories: 'server-main' } } }, message: 'Nothing imports main.ts.' },
          {
            disallow: { to: { file: { categories: 'server-app' } } },
            message: 'Only main.ts and tests import app.ts.',
          },
          {
            from: { file: { categories: ['server-main', 'test'] } },
            allow: { to: { file: { categories: 'server-app' } } },
          },
          // A server module is reached only through its index.ts; inside it (its tests too) files reach
          // each other. Before the routes -> service -> repo rules, which hold inside a module too.
          {
            disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
            message: 'A module is reached only through its index.ts.',
          },
          {
            allow: {
              to: { element: { type: 'server-module' } },
              dependency: { relationship: { to: 'internal' } },
            },
          },
          {
            from: { file: { categories: 'repo' } },
            disallow: { to: { file: { categories: ['service', 'routes'] } } },
            message: 'A repo does not import a service or routes (routes -> service -> repo).',
          },
          {
            from: { file: { categories: 'service' } },
            disallow: { to: { file: { categories: 'routes' } } },
            message: 'A service does not import routes (routes -> service -> repo).',
          },
          {
            from: { element: { type: 'server-integrations' } },
            disallow: { to: { element: { type: 'server-module' } } },
            message: 'integrations/ do not import modules/; services receive integrations.',
          },
          {
            from: { element: { type: 'shared' } },
            disallow: { to: { module: { origin: 'local' } } },
            message: 'packages/shared imports nothing of ours.',
          },
          { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
        ],
      },
    ],
  },
}

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Playwright fixtures without dependencies must destructure an empty object.
  { files: ['apps/web/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Issue 51: a text a person reads is never written in a component but taken from the catalogues
  // (apps/web/src/locales, in every language): JSX text and the attributes a person reads or hears.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['^(aria-label|aria-description|placeholder|title|alt|label)$'] },
        },
      ],
    },
  },
  layout,
)
