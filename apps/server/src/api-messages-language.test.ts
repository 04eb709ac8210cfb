import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zodIssueMessage } from './plugins/error-messages.ts'
import { translateError } from './lib/words/errors/index.ts'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'
import { casesOf, collectRoutes, failures, type RouteSchema } from './test/route-schemas.ts'

/**
 * Every schema message a route can answer (the walk of api-messages.test.ts: each field of each route
 * with bad, missing and over-long values) has its translation in each of Remi's other languages (issue
 * 51): the error handler says it in the request's Accept-Language.
 */

const routes: RouteSchema[] = []
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ onRoute: collectRoutes(routes) })
})
afterAll(async () => {
  await t.close()
})

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
