import { BRAND } from '../../config/brand.ts'
import type { Env } from '../../config/env.ts'
import type { Db } from '../../db/client.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { wordsFor } from '../../lib/words/index.ts'
import { createEmailVerificationRepo } from './email-verification.repo.ts'

/** How long a verification link works. */
export const VERIFICATION_HOURS = 24
/** The public route a link opens (its token in the query, which the logs redact). */
export const VERIFY_PATH = '/api/auth/email/verify'

/** What sends the link: the e-mail channel the reminders use (nodemailer, SMTP_URL). */
export interface VerificationMailer {
  send(message: { to: string; subject: string; text: string; messageId: string }): Promise<void>
}

/**
 * Verifying the account's e-mail address before any e-mail goes there (issue 43): a signed-in person
 * asks for a link, which is sent to the address; opening it (once, within 24 hours) marks the address
 * as theirs. Only the token's sha256 is kept, and one link at a time: a new one replaces the last.
 */
export function createEmailVerification(db: Db, env: Env, mailer: VerificationMailer | null) {
  const repo = createEmailVerificationRepo(db)
  return {
    available: mailer !== null,

    /** Sends a new link to the account's address; the address it went to. */
    async send(userId: string): Promise<{ sentTo: string }> {
      if (!mailer) throw conflict('This server cannot send e-mail (no SMTP_URL is set).')
      const user = await repo.addresses(userId)
      if (!user) throw notFound('User')
      const address = user.email.trim().toLowerCase()
      if (user.verifiedEmail === address) throw conflict('Your e-mail address is already verified.')
      const token = randomToken(32)
      const expiresAt = new Date(Date.now() + VERIFICATION_HOURS * 3_600_000)
      await repo.setLink(userId, { hash: sha256Hex(token), address, expiresAt })
      const link = `${env.appUrl}${VERIFY_PATH}?token=${token}`
      // In the person's language (Settings → Language).
      const { t } = wordsFor(user.language)
      await mailer.send({
        to: user.email,
        subject: t('verify.subject', { brand: BRAND }),
        text: t('verify.text', { brand: BRAND, email: user.email, link, hours: VERIFICATION_HOURS }),
        messageId: `<verify-${sha256Hex(token).slice(0, 24)}@${new URL(env.appUrl).hostname}>`,
      })
      return { sentTo: user.email }
    },

    /**
     * Opens a link: true when it was live and for the account's current address (it is then used up);
     * false when unknown, used, expired or for an address the account no longer has.
     */
    async verify(token: string): Promise<boolean> {
      if (!/^[\w-]{20,100}$/.test(token)) return false
      return repo.useLink(sha256Hex(token))
    },
  }
}
export type EmailVerification = ReturnType<typeof createEmailVerification>
