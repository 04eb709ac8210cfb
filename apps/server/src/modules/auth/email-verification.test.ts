import { eq } from 'drizzle-orm'
import type { NotificationPreferences } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp.ts'

let t: TestApp
let smtp: FakeSmtp
beforeAll(async () => {
  smtp = await startFakeSmtp()
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

/** Asks for a link and reads it from the e-mail (quoted-printable undone). */
async function linkFor(user: TestUser): Promise<string> {
  const before = smtp.mails.length
  const res = await user.api.post<{ sentTo: string }>('/api/auth/user/email-verification')
  expect(res.status, res.text).toBe(202)
  expect(res.body).toEqual({ sentTo: user.email })
  await expect.poll(() => smtp.mails.length).toBeGreaterThan(before)
  const mail = smtp.mails.at(-1)!
  expect(mail.to).toEqual([user.email])
  expect(mail.subject).toBe('Confirm your e-mail address for Remi')
  const text = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=')
  return /https?:\/\/\S+\/api\/auth\/email\/verify\?token=[\w-]+/.exec(text)![0]
}
const open = async (link: string) => {
  const url = new URL(link)
  const res = await t.app.inject({ url: `${url.pathname}${url.search}` })
  expect(res.statusCode).toBe(302)
  return new URL(res.headers.location as string).search
}
const verified = async (user: TestUser) =>
  (await user.api.get<NotificationPreferences>('/api/auth/user/settings/notifications')).body.emailVerified

describe('verifying the account’s e-mail address', () => {
  it('a link sent there verifies it once; a second use, or an older link, does nothing', async () => {
    const user = await t.createUser()
    expect(await verified(user)).toBe(false)
    const older = await linkFor(user)
    const link = await linkFor(user)
    // A new link replaces the last.
    expect(await open(older)).toBe('?email=link-expired')
    expect(await verified(user)).toBe(false)
    expect(await open(link)).toBe('?email=verified')
    expect(await verified(user)).toBe(true)
    expect(await open(link)).toBe('?email=link-expired')
    const again = await user.api.post<{ message: string }>('/api/auth/user/email-verification')
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Your e-mail address is already verified.')
  })

  it("says it in the person's language; English as it always was (issue 51)", async () => {
    const english = await t.createUser()
    const link = await linkFor(english)
    expect(smtp.mails.at(-1)!.text).toBe(
      `Open this link to get Remi's reminders and briefings by e-mail at ${english.email}:\n\n${link}\n\n` +
        'It works once, for 24 hours. If you did not ask for it, ignore this e-mail: nothing more will be sent to you.\n',
    )
    const portuguese = await t.createUser()
    expect((await portuguese.api.put('/api/auth/user/settings', { language: 'pt-PT' })).status).toBe(200)
    await portuguese.api.post('/api/auth/user/email-verification')
    await expect.poll(() => smtp.mails.at(-1)!.to).toEqual([portuguese.email])
    const mail = smtp.mails.at(-1)!
    expect(mail.subject).toBe('Confirme o seu endereço de e-mail para o Remi')
    expect(mail.text).toMatch(
      /^Abra esta ligação para receber os lembretes e resumos do Remi por e-mail em \S+:\n\nhttp\S+\/api\/auth\/email\/verify\?token=[\w-]+\n\nFunciona uma vez, durante 24 horas\./,
    )
    // The link in it works as any other.
    expect(await open(/http\S+token=[\w-]+/.exec(mail.text)![0])).toBe('?email=verified')
  })

  it('an expired link, a made-up one, or one for an address the account no longer has does nothing', async () => {
    const user = await t.createUser()
    const link = await linkFor(user)
    await t.db
      .update(users)
      .set({ emailVerificationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
    expect(await open(link)).toBe('?email=link-expired')
    expect(await open(`${link.split('=')[0]}=${'A'.repeat(43)}`)).toBe('?email=link-expired')
    expect(await open(`${link.split('?')[0]}`)).toBe('?email=link-expired')

    const moved = await linkFor(user)
    await t.db.update(users).set({ email: 'someone-else@example.test' }).where(eq(users.id, user.id))
    expect(await open(moved)).toBe('?email=link-expired')
    expect(await verified(user)).toBe(false)
  })

  it('is the signed-in app’s: an access token cannot send links, and links are limited to 5 an hour', async () => {
    const user = await t.createUser()
    const { token } = await t.services.accessTokens.create(user.id, { name: 'Script', scope: 'write' })
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/email-verification',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(byToken.statusCode).toBe(403)
    expect(byToken.json().message).toBe('Access tokens cannot send verification links. Sign in to do that.')
    for (let i = 0; i < 4; i++) await linkFor(user)
    expect((await user.api.post('/api/auth/user/email-verification')).status).toBe(202)
    expect((await user.api.post('/api/auth/user/email-verification')).status).toBe(429)
  })
})
