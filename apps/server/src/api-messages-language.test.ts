import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { zodIssueMessage } from './plugins/error-messages.ts'
import { translateError } from './lib/words/errors/index.ts'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

/**
 * Every schema message a route can answer (the walk of api-messages.test.ts: each field of each route
 * with bad, missing and over-long values) has its translation in each of Remi's other languages (issue
 * 51): the error handler says it in the request's Accept-Language.
 *
 * (The walk below is api-messages.test.ts's.) Every 4xx a person can trigger is shown to them as it comes: it must read as a sentence, with no
 * field path ("body.configuration.icsUrl: …"), no code name ("dueAt", "searchTerm") and none of the
 * validator's wording ("Too big: expected string to have <=200 characters"). This walks every route's
 * schemas, field by field, with bad, missing and over-long values.
 */

type Part = 'params' | 'querystring' | 'body'
interface RouteSchema {
  method: string
  url: string
  schema: Partial<Record<Part, ZodType>>
}

const routes: RouteSchema[] = []
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route) => {
      const schema = (route as { schema?: RouteSchema['schema'] }).schema ?? {}
      for (const method of [route.method].flat()) {
        if (route.url.startsWith('/api') && method !== 'HEAD' && method !== 'OPTIONS')
          routes.push({ method, url: route.url, schema })
      }
    },
  })
})
afterAll(async () => {
  await t.close()
})

const LONG = 'x'.repeat(20_001)
/** Wrong types, empty, too long, out of range, unknown words: each field gets every one. */
const BAD_VALUES: unknown[] = [
  123,
  -1,
  1.5,
  true,
  null,
  {},
  [],
  [123],
  [LONG],
  Array.from({ length: 60 }, (_, i) => `t${i}`),
  '',
  ' ',
  'not-valid',
  LONG,
  '2026-02-30',
  '1999-01-01T00:00:00Z',
]
const BAD_TEXT = ['', 'not-valid', LONG.slice(0, 5_000), '-1', '1.5', 'NaN', '2026-02-30']

/** Object schemas' keys (zod 4 keeps them in `shape`, also behind refinements and pipes). */
function keysOf(schema: ZodType | undefined): string[] {
  let current = schema as unknown as
    { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined
  for (let i = 0; current && i < 8; i++) {
    if (current.shape) return Object.keys(current.shape)
    const def = current.def
    current = (def?.in ?? def?.innerType ?? def?.schema ?? def?.left) as typeof current
  }
  return []
}

interface Case {
  part: Part
  input: Record<string, unknown>
}

function casesOf(route: RouteSchema): Case[] {
  const cases: Case[] = []
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = route.schema[part]
    if (!schema) continue
    if (part === 'body') cases.push({ part, input: {} })
    for (const key of keysOf(schema)) {
      for (const value of part === 'body' ? BAD_VALUES : BAD_TEXT)
        cases.push({ part, input: { [key]: value } })
    }
  }
  return cases
}

const failures = (route: RouteSchema, input: unknown, part: Part) => {
  const result = route.schema[part]!.safeParse(input)
  return result.success ? [] : result.error.issues
}

describe("every schema message in the person's language", () => {
  it.each(['pt-PT', 'es', 'fr', 'de'])('%s', (language) => {
    const all = new Set<string>()
    const missing = new Set<string>()
    for (const route of routes) {
      for (const { part, input } of casesOf(route)) {
        for (const issue of failures(route, input, part)) {
          const message = zodIssueMessage(issue)
          all.add(message)
          if (translateError(message, language) === undefined) missing.add(message)
        }
      }
    }
    expect(all.size).toBeGreaterThan(200)
    expect([...missing].sort()).toEqual([])
  })
})
