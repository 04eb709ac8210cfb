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
  /** As written (RFC 2047 encoded words decoded). */
  subject: string | undefined
  /** The text body as written (quoted-printable or base64 decoded). */
  text: string
}

/** RFC 2047's encoded words ("=?UTF-8?Q?Lembrete:_ligar_=C3=A0_m=C3=A3e?="), as nodemailer writes them. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
}

/** A single-part message's body as written (its lines ended with \n, not SMTP's \r\n). */
function bodyText(raw: string): string {
  return wireBody(raw).replace(/\r\n/g, '\n')
}

function wireBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n')
  const [head, body] = split < 0 ? [raw, ''] : [raw.slice(0, split), raw.slice(split + 4)]
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase()
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8')
  if (encoding !== 'quoted-printable') return body
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
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
          subject: ((s) => (s === undefined ? s : decodeWords(s)))(
            /^Subject: (.*(?:\r?\n[ \t].*)*)$/im
              .exec(raw)?.[1]
              ?.replace(/\r?\n[ \t]/g, ' ')
              .trim(),
          ),
          text: bodyText(raw),
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
