import { expect, signIn, test } from './fixtures.ts'

test('signs in through the local IdP in a real browser and is back in the app as the new user', async ({
  page,
}) => {
  await page.goto('/login')
  const email = await signIn(page, { name: 'Harness Person' })
  expect(new URL(page.url()).pathname).not.toBe('/login')
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/auth/user', { credentials: 'include' })
    return { status: res.status, body: await res.json() }
  })
  expect(me.status).toBe(200)
  expect(me.body).toMatchObject({ email, name: 'Harness Person', provider: 'local' })
})

test('serves the SPA for client-side routes and keeps unknown API paths as JSON 404s', async ({
  request,
}) => {
  const page = await request.get('/some/client/route')
  expect(page.status()).toBe(200)
  expect(page.headers()['content-type']).toContain('text/html')
  const api = await request.get('/api/does-not-exist')
  expect(api.status()).toBe(404)
  expect((await api.json()).code).toBe('NOT_FOUND')
  const asset = await request.get('/assets/missing-file.js')
  expect(asset.status()).toBe(404)
})
