import { expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'

// SIGTERM (main.ts) drains with app.close(): an open /api/events stream (any signed-in tab) must end first,
// or the server waits for it until main.ts's 10-second timer exits with code 1 (`docker stop` saw that).
it('app.close() ends the open event streams, so closing does not wait for them', async () => {
  const t = await buildTestApp()
  const user = await t.createUser()
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const response = await fetch(`${address}/api/events`, { headers: { cookie: user.headers.cookie } })
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
  const reader = response.body!.getReader()
  expect(new TextDecoder().decode((await reader.read()).value)).toContain(': stream open')

  // Without the streams ended first, this waits for them: the test then fails on its timeout.
  await t.app.close()
  let text = ''
  for (;;) {
    const chunk = await reader.read()
    if (chunk.done) break
    text += new TextDecoder().decode(chunk.value)
  }
  expect(text).not.toContain('event:')
  await t.database.close()
}, 20_000)

it('caps open event streams per session (5) and per person (20): past them a 429 in words', async () => {
  const t = await buildTestApp()
  try {
    const user = await t.createUser()
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const controllers: AbortController[] = []
    // Held until the end: fetch cancels the body of a Response that is garbage-collected, which would close
    // its stream early and give its place back (seen once in CI under load).
    const responses: Response[] = []
    const open = async (cookie: string) => {
      const controller = new AbortController()
      controllers.push(controller)
      const response = await fetch(`${address}/api/events`, {
        headers: { cookie },
        signal: controller.signal,
      })
      responses.push(response)
      return response
    }
    for (let i = 0; i < 5; i++) expect((await open(user.headers.cookie)).status).toBe(200)
    const refused = await open(user.headers.cookie)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many live connections are open for you. Close some tabs or windows of the app and try again.',
    )
    // The person's other sessions (devices) have room of their own, up to 20 in all.
    for (let s = 0; s < 3; s++) {
      const other = await t.signInAs(user.id, user.email)
      for (let i = 0; i < 5; i++) expect((await open(other.headers.cookie)).status).toBe(200)
    }
    const fifth = await t.signInAs(user.id, user.email)
    const overPerson = await open(fifth.headers.cookie)
    expect(overPerson.status).toBe(429)
    await overPerson.text()
    // A closed stream gives its place back (once the server has seen it close).
    controllers[0]!.abort()
    let again = await open(user.headers.cookie)
    for (let i = 0; i < 50 && again.status === 429; i++) {
      await again.text()
      await new Promise((resolve) => setTimeout(resolve, 20))
      again = await open(user.headers.cookie)
    }
    expect(again.status).toBe(200)
    expect(responses.length).toBeGreaterThan(20)
    for (const c of controllers) c.abort()
  } finally {
    await t.close()
  }
}, 30_000)
