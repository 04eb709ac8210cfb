/**
 * A local SMTP server (the `smtp-server` package) that keeps every message it is given, for the
 * reminder e-mails: nodemailer in the server under test speaks real SMTP to it.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and body). */
  raw: string
  messageId: string | undefined
  subject: string | undefined
}

export async function startFakeSmtp() {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim()
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header('Message-ID'),
          subject: header('Subject'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>
