// No import circles between modules (issue 45). A module is one folder: a server module
// (apps/server/src/modules/<name>), any other folder of apps/server/src (plugins, lib, config, db, ...),
// a web feature (apps/web/src/features/<name>), any other folder of apps/web/src, packages/shared/src.
// A file directly under a src folder (app.ts, services.ts, main.tsx) is a module of its own.
// Type-only imports count: a circle of types is still a circle for whoever reads the code.
// scripts/lint-layout.test.ts proves the rule bites. Run by `npm run lint`.
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
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
}
