import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('app', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.anonymous.get('/healthz')).body).toEqual({ status: 'ok' })
    expect((await t.anonymous.get('/readyz')).body).toEqual({ status: 'ready' })
  })

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.anonymous.get<{ paths: Record<string, unknown> }>('/api/docs/json')
    expect(res.status).toBe(200)
    const doc = res.body
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/user', '/api/auth/user/settings']),
    )
  })

  it('sends the security headers on API answers', async () => {
    const res = await t.anonymous.get('/api/auth/csrf-token')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    // Images from our own origin and data: URLs only: a remote one in an answer would call out when shown.
    expect(res.headers['content-security-policy']).toMatch(/(^|;)img-src 'self' data:(;|$)/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers unknown API routes with a 404 error body', async () => {
    const res = await t.anonymous.get('/api/nope')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' })
  })

  it('gives a request 2 minutes to arrive whole, so a body that never finishes cannot hold a connection', () => {
    // Node's HTTP server enforces it (Fastify's default, 0, turns it off); waiting it out is too slow here.
    expect(t.app.server.requestTimeout).toBe(120_000)
  })
})
