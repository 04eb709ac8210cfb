// No import circles between modules (issue 45). A module is one folder: a server module
// (apps/server/src/modules/<name>), any other folder of apps/server/src (plugins, lib, config, db, ...),
// a web feature (apps/web/src/features/<name>), any other folder of apps/web/src, packages/shared/src.
// A file directly under a src folder (app.ts, services.ts, main.tsx) is a module of its own.
// Type-only imports count: a circle of types is still a circle for whoever reads the code.
// scripts/lint-circles.test.ts proves the rules bite. Run by `npm run lint`.
const MODULE =
  '^(apps/server/src/modules/[^/]+|apps/web/src/features/[^/]+|apps/[^/]+/src/[^/]+|packages/shared/src)'

module.exports = {
  forbidden: [
    {
      name: 'no-circle-between-modules',
      comment:
        'An import circle leaves its module: cut it by injection or by moving the shared part to a leaf.',
      severity: 'error',
      from: { path: `${MODULE}(/|$)` },
      to: { circular: true, viaSomeNot: '^$1(/|$)' },
    },
    {
      name: 'no-catalogue-table-in-the-app',
      comment:
        'The app bundles the English catalogue alone and loads another language when needed (lib/i18n.ts); ' +
        'locales/index.ts, every language at once, is for the tests.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '(\\.test\\.tsx?|^apps/web/src/test/.*)$' },
      to: { path: '^apps/web/src/locales/index\\.ts$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
}
