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
