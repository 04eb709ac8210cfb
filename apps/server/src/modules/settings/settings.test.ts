import type { ApiErrorBody } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('theme setting', () => {
  it('starts at system, is kept per user, and a theme alone leaves the timezone as it was', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const other = await t.createUser()
    expect((await user.api.get('/api/auth/user/settings')).body).toEqual({
      timezone: 'Europe/Lisbon',
      theme: 'system',
      language: 'en',
    })

    const put = await user.api.put('/api/auth/user/settings', { theme: 'dark' })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ timezone: 'Europe/Lisbon', theme: 'dark', language: 'en' })
    expect((await user.api.get('/api/auth/user/settings')).body).toEqual({
      timezone: 'Europe/Lisbon',
      theme: 'dark',
      language: 'en',
    })
    expect((await other.api.get('/api/auth/user/settings')).body).toMatchObject({ theme: 'system' })

    // The spec's client sends only the timezone: the theme stays.
    await user.api.put('/api/auth/user/settings', { timezone: 'Asia/Tokyo' })
    expect((await user.api.get('/api/auth/user/settings')).body).toEqual({
      timezone: 'Asia/Tokyo',
      theme: 'dark',
      language: 'en',
    })
  })

  it.each([['sepia'], ['DARK'], [''], [1], [null]])(
    'refuses the theme %j with a 400 naming the field',
    async (theme) => {
      const user = await t.createUser()
      const res = await user.api.put<ApiErrorBody>('/api/auth/user/settings', { theme })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^The theme /)
      expect((await user.api.get('/api/auth/user/settings')).body).toMatchObject({ theme: 'system' })
    },
  )

  it('refuses a body with neither a timezone, a theme nor a language', async () => {
    const user = await t.createUser()
    const res = await user.api.put<ApiErrorBody>('/api/auth/user/settings', {})
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/timezone, a theme or a language/)
  })
})

describe('language setting (issue 51)', () => {
  it('starts at English, is kept per user, returned with the user, and leaves the other settings be', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const other = await t.createUser()
    expect((await user.api.get('/api/auth/user')).body).toMatchObject({ language: 'en' })

    const put = await user.api.put('/api/auth/user/settings', { language: 'pt-PT' })
    expect(put.status, put.text).toBe(200)
    expect(put.body).toEqual({ timezone: 'Europe/Lisbon', theme: 'system', language: 'pt-PT' })
    expect((await user.api.get('/api/auth/user/settings')).body).toMatchObject({ language: 'pt-PT' })
    expect((await user.api.get('/api/auth/user')).body).toMatchObject({ id: user.id, language: 'pt-PT' })
    expect((await other.api.get('/api/auth/user')).body).toMatchObject({ language: 'en' })

    // Sent together with another setting, both are kept.
    await user.api.put('/api/auth/user/settings', { theme: 'dark', language: 'de' })
    expect((await user.api.get('/api/auth/user/settings')).body).toEqual({
      timezone: 'Europe/Lisbon',
      theme: 'dark',
      language: 'de',
    })
  })

  it.each([['pt'], ['pt-BR'], ['EN'], ['it'], [''], [1], [null]])(
    'refuses the language %j with a 400 naming the field and the choices',
    async (language) => {
      const user = await t.createUser()
      const res = await user.api.put<ApiErrorBody>('/api/auth/user/settings', { language })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe("The language must be one of 'en', 'pt-PT', 'es', 'fr' or 'de'.")
      expect((await user.api.get('/api/auth/user/settings')).body).toMatchObject({ language: 'en' })
    },
  )
})

describe('chat settings: save facts automatically, read answers aloud after dictation', () => {
  const off = { autoSaveFacts: false, readAloudAfterDictation: false }
  it('are off by default, kept per user, changed one at a time, and refuse anything but true or false', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    expect((await user.api.get('/api/auth/user/settings/chat')).body).toEqual(off)

    const on = await user.api.put('/api/auth/user/settings/chat', { autoSaveFacts: true })
    expect(on.status, on.text).toBe(200)
    expect(on.body).toEqual({ ...off, autoSaveFacts: true })
    // One setting sent leaves the other as it is.
    const aloud = await user.api.put('/api/auth/user/settings/chat', { readAloudAfterDictation: true })
    expect(aloud.body).toEqual({ autoSaveFacts: true, readAloudAfterDictation: true })
    expect((await user.api.get('/api/auth/user/settings/chat')).body).toEqual({
      autoSaveFacts: true,
      readAloudAfterDictation: true,
    })
    expect((await other.api.get('/api/auth/user/settings/chat')).body).toEqual(off)
    // The other settings are their own.
    expect((await user.api.get('/api/auth/user/settings')).body).toEqual({
      timezone: 'UTC',
      theme: 'system',
      language: 'en',
    })

    for (const body of [{ autoSaveFacts: 'yes' }, { autoSaveFacts: null }]) {
      const res = await user.api.put<ApiErrorBody>('/api/auth/user/settings/chat', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toMatch(/^The setting to save facts automatically must be true or false\.$/)
    }
    const bad = await user.api.put<ApiErrorBody>('/api/auth/user/settings/chat', {
      readAloudAfterDictation: 1,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(
      /^The setting to read answers aloud after dictation must be true or false\.$/,
    )
    const empty = await user.api.put<ApiErrorBody>('/api/auth/user/settings/chat', {})
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe(
      'Choose a chat setting to change: saving facts automatically, or reading answers aloud.',
    )
    expect((await user.api.get('/api/auth/user/settings/chat')).body).toEqual({
      autoSaveFacts: true,
      readAloudAfterDictation: true,
    })
    await user.api.put('/api/auth/user/settings/chat', {
      autoSaveFacts: false,
      readAloudAfterDictation: false,
    })
    expect((await user.api.get('/api/auth/user/settings/chat')).body).toEqual(off)
  })
})
