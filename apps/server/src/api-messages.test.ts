import { randomUUID } from 'node:crypto'
import type { ApiErrorBody } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zodIssueMessage } from './plugins/error-messages.ts'
import { buildTestApp, type TestApp, type TestUser } from './test/build-test-app.ts'
import { casesOf, collectRoutes, failures, keysOf, type RouteSchema } from './test/route-schemas.ts'

/**
 * Every 4xx a person can trigger is shown to them as it comes: it must read as a sentence, with no
 * field path ("body.configuration.icsUrl: …"), no code name ("dueAt", "searchTerm") and none of the
 * validator's wording ("Too big: expected string to have <=200 characters"). This walks every route's
 * schemas, field by field, with bad, missing and over-long values.
 */

const routes: RouteSchema[] = []
let t: TestApp
let user: TestUser
beforeAll(async () => {
  t = await buildTestApp({ onRoute: collectRoutes(routes) })
  user = await t.createUser({ timezone: 'Europe/Lisbon' })
})
afterAll(async () => {
  await t.close()
})

/** What a message a person reads must not be: a path, a code name, the validator's own words. */
export function notASentence(message: string): string | null {
  if (!/^[\p{Lu}\d“"']/u.test(message)) return 'does not start with a capital letter'
  if (!/[.?!]$/.test(message)) return 'does not end with a full stop'
  if (/\b(?:body|querystring|params|headers|configuration)\.\w/.test(message)) return 'names a field path'
  if (/\b[a-z]+(?:\.[a-z]\w*)+\b/i.test(message)) return 'names a field path'
  if (/\b[a-z]+[A-Z]\w*\b/.test(message)) return 'names a field in code'
  if (
    /expected (?:string|number|boolean|array|object)|received (?:undefined|null)|Too (?:big|small):|<=|>=/i.test(
      message,
    )
  )
    return "has the validator's wording"
  if (/^Invalid (?:input|option|string|UUID|ISO|URL|email)/.test(message))
    return "has the validator's wording"
  return null
}

/** A value each path parameter accepts, so a request fails on the part under test. */
function validParams(route: RouteSchema): Record<string, string> | null {
  const params: Record<string, string> = {}
  for (const key of keysOf(route.schema.params)) {
    const found = [randomUUID(), 'weather', 'calendar', 'google', 'json', '1', 'local'].find(
      (v) =>
        route.schema.params!.safeParse({ ...params, [key]: v }).success ||
        keysOf(route.schema.params).length > 1,
    )
    if (!found) return null
    params[key] = found
  }
  return params
}

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'))

describe('every 400 reads as a sentence', () => {
  it('each issue of each field of each route, as the error handler words it', () => {
    const bad: string[] = []
    let checked = 0
    for (const route of routes) {
      for (const { part, input } of casesOf(route)) {
        for (const issue of failures(route, input, part)) {
          const message = zodIssueMessage(issue)
          checked++
          const why = notASentence(message)
          if (why)
            bad.push(
              `${route.method} ${route.url} ${part} ${JSON.stringify(input).slice(0, 80)}: "${message}" ${why}`,
            )
        }
      }
    }
    expect(routes.length).toBeGreaterThan(40)
    expect(checked).toBeGreaterThan(500)
    expect([...new Set(bad)]).toEqual([])
  })

  it('each route answers bad input with a 400 whose message is a sentence', async () => {
    const bad: string[] = []
    let answered = 0
    for (const route of routes) {
      const params = validParams(route)
      if (!params) continue
      for (const { part, input } of casesOf(route)) {
        // Only input its schema refuses: valid input would run the route (and could delete things).
        if (failures(route, input, part).length === 0) continue
        const url = fill(
          route.url,
          part === 'params' ? { ...params, ...(input as Record<string, string>) } : params,
        )
        const query =
          part === 'querystring' ? new URLSearchParams(input as Record<string, string>).toString() : ''
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: query ? `${url}?${query}` : url,
          headers: { ...user.headers, 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: JSON.stringify(part === 'body' ? input : {}) }),
        })
        if (res.statusCode !== 400) continue
        answered++
        const { message } = res.json<ApiErrorBody>()
        const why = notASentence(message)
        if (why)
          bad.push(
            `${route.method} ${route.url} ${part} ${JSON.stringify(input).slice(0, 80)}: "${message}" ${why}`,
          )
      }
    }
    expect(answered).toBeGreaterThan(200)
    expect([...new Set(bad)]).toEqual([])
  }, 120_000)

  it('words the reported cases as people read them', async () => {
    const past = await user.api.post<ApiErrorBody>('/api/reminders', {
      text: 'Water the plants',
      dueAt: '2020-01-01T08:00:00Z',
    })
    expect(past.status).toBe(400)
    expect(past.body.message).toBe("The reminder's time must be in the future.")
    const ics = await user.api.dataSources.put('calendar', { configuration: { icsUrl: 'not a url' } })
    expect(ics.status).toBe(400)
    expect(ics.body.message).toBe('ICS URL must be an http:// or https:// address.')
    const blank = await user.api.post<ApiErrorBody>('/api/memories', { text: ' ' })
    expect(blank.body.message).toBe('Text must not be blank.')
    const many = await user.api.get<ApiErrorBody>('/api/memories', { searchTerm: 'x'.repeat(201) })
    expect(many.body.message).toBe('The search must be at most 200 characters.')
    const id = await user.api.get<ApiErrorBody>('/api/memories/not-an-id')
    expect(id.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The id must be a UUID.',
      code: 'VALIDATION_FAILED',
    })
  })
})
