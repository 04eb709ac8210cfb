import { existsSync, readFileSync } from 'node:fs'
import module from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Node (22 to 24 at least) learns whether each `.js` file it resolves is ESM from its package.json, and on
 * the way re-parses that package's whole "exports" map every time (getPackageScopeConfig spreads an object
 * whose lazy `exports` getter runs JSON.parse). drizzle-orm's map is 175 KB and the server loads ~400 of
 * its files, date-fns' is 195 KB: ~0.4 s of a 1.6 s start-up's CPU (measured on PostgreSQL), and garbage.
 * A relative `.js` import from inside a package of type "module" is resolved here instead, with the same
 * answer Node gives (that file, format "module"); everything else goes to Node as before.
 */
export function resolveInsidePackages(
  specifier: string,
  context: module.ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<module.ResolveHookContext>) => module.ResolveFnOutput,
): module.ResolveFnOutput {
  const parent = context.parentURL
  if (
    parent?.startsWith('file:') &&
    parent.includes('/node_modules/') &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js')
  ) {
    const url = new URL(specifier, parent)
    const path = fileURLToPath(url)
    if (isModuleScope(dirname(path)) && existsSync(path)) {
      return { url: url.href, format: 'module', shortCircuit: true }
    }
  }
  return nextResolve(specifier, context)
}

/** Whether the nearest package.json above `dir` says "type": "module" (read once per directory). */
const moduleScopes = new Map<string, boolean>()
function isModuleScope(dir: string): boolean {
  let known = moduleScopes.get(dir)
  if (known === undefined) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      try {
        known = (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type === 'module'
      } catch {
        known = false // Node reports the broken file itself
      }
    } else {
      known = dirname(dir) !== dir && isModuleScope(dirname(dir))
    }
    moduleScopes.set(dir, known)
  }
  return known
}

/** For the server's own process, before it imports the app (Node 22.15 and later; older ones skip it). */
export function registerFastResolve(): void {
  module.registerHooks?.({ resolve: resolveInsidePackages })
}
