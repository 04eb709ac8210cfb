import type { ApiErrorBody } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../test/build-test-app.ts'

let t: TestApp
let user: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  user = await t.createUser()
})
afterAll(() => t.close())

const MISSING = '/api/memories/00000000-0000-4000-8000-000000000000'

async function ask(method: 'GET' | 'POST', url: string, language?: string, payload?: unknown) {
  const res = await user.api.request<ApiErrorBody>(method, url, {
    ...(language ? { headers: { 'accept-language': language } } : {}),
    ...(payload !== undefined ? { payload } : {}),
  })
  return { status: res.status, message: res.body.message, code: res.body.code }
}

describe("error messages in the request's language (Accept-Language)", () => {
  it('says a 404 in Portuguese and German, and in English without the header', async () => {
    expect(await ask('GET', MISSING, 'pt-PT')).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Memória não encontrada.',
    })
    expect(await ask('GET', MISSING, 'de-DE,de;q=0.9,en;q=0.5')).toMatchObject({
      status: 404,
      message: 'Notiz nicht gefunden.',
    })
    expect(await ask('GET', MISSING)).toMatchObject({ status: 404, message: 'Memory not found.' })
    expect(await ask('GET', MISSING, 'en-GB')).toMatchObject({ message: 'Memory not found.' })
    // A language Remi does not have: English.
    expect(await ask('GET', MISSING, 'ja')).toMatchObject({ message: 'Memory not found.' })
  })

  it("says a schema's 400 in Portuguese and German, and in English without the header", async () => {
    const tooLong = { text: 'x'.repeat(100_001) }
    const english = await ask('POST', '/api/memories', undefined, tooLong)
    expect(english.status).toBe(400)
    expect(english.code).toBe('VALIDATION_FAILED')
    expect(english.message).toMatch(/^Text must be at most [\d,]+ characters\.$/)
    const limit = /at most ([\d,]+) characters/.exec(english.message)![1]!.replaceAll(',', '')
    expect(await ask('POST', '/api/memories', 'pt-PT', tooLong)).toMatchObject({
      status: 400,
      message: `Texto: pode ter no máximo ${Number(limit).toLocaleString('pt-PT')} caracteres.`,
    })
    expect(await ask('POST', '/api/memories', 'de', tooLong)).toMatchObject({
      status: 400,
      message: `Text: Höchstens ${Number(limit).toLocaleString('de')} Zeichen.`,
    })
  })

  it("says a service's 400 (an AppError with a field) in Portuguese", async () => {
    const past = { text: 'call mum', dueAt: '2001-01-01T10:00:00.000Z' }
    expect(await ask('POST', '/api/reminders', undefined, past)).toMatchObject({
      status: 400,
      message: "The reminder's time must be in the future.",
    })
    expect(await ask('POST', '/api/reminders', 'pt-PT', past)).toMatchObject({
      status: 400,
      message: 'A hora do lembrete tem de ser no futuro.',
    })
  })

  it("says the handler's own answers in the language: an unknown route, a 401", async () => {
    expect(await ask('GET', '/api/nowhere', 'de')).toMatchObject({
      status: 404,
      message: 'Die Route GET /api/nowhere gibt es nicht.',
    })
    expect(await ask('GET', '/api/nowhere')).toMatchObject({ message: 'Route GET /api/nowhere not found.' })
    const anonymous = await t.anonymous.request<ApiErrorBody>('GET', '/api/memories', {
      headers: { 'accept-language': 'pt-PT' },
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.message).toBe('Inicie sessão para continuar.')
  })
})
