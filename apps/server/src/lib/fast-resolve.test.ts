import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const serverDir = fileURLToPath(new URL('../..', import.meta.url))
const hookUrl = new URL('./fast-resolve.ts', import.meta.url).href

// In a process of its own: Node resolves the app's heaviest packages with a hook that only records its
// answers, and each is then asked of resolveInsidePackages. It must give the same one or leave it to Node.
it('resolves imports inside drizzle-orm and date-fns exactly as Node does, and leaves the rest to Node', () => {
  const script = `
    import module from 'node:module'
    import { resolveInsidePackages } from ${JSON.stringify(hookUrl)}
    const seen = []
    module.registerHooks({
      resolve(specifier, context, next) {
        const answer = next(specifier, context)
        seen.push({ specifier, context, url: answer.url, format: answer.format })
        return answer
      },
    })
    await import('drizzle-orm')
    await import('drizzle-orm/pg-core')
    await import('drizzle-orm/node-postgres')
    await import('drizzle-orm/node-postgres/migrator')
    await import('date-fns/addDays')
    await import('date-fns/startOfWeek')
    const result = { same: 0, left: 0, different: [] }
    for (const s of seen) {
      const ours = resolveInsidePackages(s.specifier, s.context, () => null)
      if (ours === null) result.left++
      else if (ours.url === s.url && ours.format === s.format) result.same++
      else result.different.push({ ...s, ours })
    }
    console.log(JSON.stringify(result))
  `
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
    timeout: 60_000,
  })
  const result = JSON.parse(output) as { same: number; left: number; different: unknown[] }
  expect(result.different).toEqual([])
  // drizzle-orm's files import each other a few hundred times; the bare specifiers above stay Node's.
  expect(result.same).toBeGreaterThan(200)
  expect(result.left).toBeGreaterThanOrEqual(6)
})
