/**
 * The walk of every route's schemas that api-messages.test.ts and api-messages-language.test.ts share: each
 * field of each route with bad, missing and over-long values, and the schema's own issues for each.
 */
import type { ZodType } from 'zod'

export type Part = 'params' | 'querystring' | 'body'
export interface RouteSchema {
  method: string
  url: string
  schema: Partial<Record<Part, ZodType>>
}

export const LONG = 'x'.repeat(20_001)
/** Wrong types, empty, too long, out of range, unknown words: each field gets every one. */
export const BAD_VALUES: unknown[] = [
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
export const BAD_TEXT = ['', 'not-valid', LONG.slice(0, 5_000), '-1', '1.5', 'NaN', '2026-02-30']

/** Object schemas' keys (zod 4 keeps them in `shape`, also behind refinements and pipes). */
export function keysOf(schema: ZodType | undefined): string[] {
  let current = schema as unknown as
    { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined
  for (let i = 0; current && i < 8; i++) {
    if (current.shape) return Object.keys(current.shape)
    const def = current.def
    current = (def?.in ?? def?.innerType ?? def?.schema ?? def?.left) as typeof current
  }
  return []
}

export interface Case {
  part: Part
  input: Record<string, unknown>
}

export function casesOf(route: RouteSchema): Case[] {
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

export const failures = (route: RouteSchema, input: unknown, part: Part) => {
  const result = route.schema[part]!.safeParse(input)
  return result.success ? [] : result.error.issues
}

/**
 * buildTestApp's `onRoute`: every /api route's methods (HEAD and OPTIONS aside), URL and schemas, into
 * `routes` as the app registers them.
 */
export function collectRoutes(routes: RouteSchema[]) {
  return (route: { method: string | string[]; url: string }) => {
    const schema = (route as { schema?: RouteSchema['schema'] }).schema ?? {}
    for (const method of [route.method].flat()) {
      if (route.url.startsWith('/api') && method !== 'HEAD' && method !== 'OPTIONS')
        routes.push({ method, url: route.url, schema })
    }
  }
}
