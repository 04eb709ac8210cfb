/**
 * A loopback Web Push service playing the browser's side (RFC 8030/8291/8292), over https with a
 * self-signed certificate (web-push speaks only https; the server under test trusts it through
 * NODE_EXTRA_CA_CERTS). The test makes each subscription's ECDH key pair and auth secret, as a browser
 * does; the fake checks the VAPID JWT (ES256 signature by the key in `k=`, audience = this origin,
 * expiry) and decrypts the aes128gcm body with the subscription's private key.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importJWK, jwtVerify } from 'jose'

export interface PushMessage {
  subscriptionId: string
  payload: unknown
  topic: string | undefined
  urgency: string | undefined
  ttl: string | undefined
  /** The VAPID key the JWT was signed with (base64url). */
  vapidKey: string
  receivedAt: number
}

export interface FakeSubscription {
  id: string
  /** As PushSubscription.toJSON() gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
}

/** A self-signed certificate for 127.0.0.1 (openssl), and the PEM file to hand NODE_EXTRA_CA_CERTS. */
export function selfSignedCertificate(): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'remi-push-cert-'))
  const keyFile = join(dir, 'key.pem')
  const certFile = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** RFC 8291 + RFC 8188: the plaintext of an aes128gcm body for the receiver's keys. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]!
  const senderPublic = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  if (records.length > rs) throw new Error('more than one record: not what one push message makes')
  const ecdhSecret = receiver.computeSecret(senderPublic)
  const prkKey = hmac(authSecret, ecdhSecret)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    receiver.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ])
  const ikm = hmac(prkKey, keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02 and then zero or more zeros.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter')
  return padded.subarray(0, end)
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292); returns the key. Throws when it does not hold. */
async function checkVapid(header: string | undefined, audience: string): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) throw new Error(`no VAPID authorization: ${header}`)
  const [, token, k] = match as unknown as [string, string, string]
  const raw = Buffer.from(k, 'base64url')
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key')
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  )
  const { payload } = await jwtVerify(token, key, { audience, algorithms: ['ES256'] })
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('bad sub')
  return k
}

export async function startFakePushService() {
  const { key, cert, certFile } = selfSignedCertificate()
  const receivers = new Map<string, { ecdh: ECDH; auth: Buffer }>()
  /** Answer these subscriptions with this status (410: the user unsubscribed on the device). */
  const answers = new Map<string, number>()
  const messages: PushMessage[] = []
  const refused: Array<{ subscriptionId: string; reason: string }> = []
  let origin = ''

  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? ''
        const receiver = receivers.get(id)
        if (!receiver) return void response.writeHead(404).end()
        const status = answers.get(id)
        if (status) return void response.writeHead(status).end()
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
          const vapidKey = await checkVapid(request.headers.authorization, origin)
          const plaintext = decryptAes128gcm(Buffer.concat(chunks), receiver.ecdh, receiver.auth)
          messages.push({
            subscriptionId: id,
            payload: JSON.parse(plaintext.toString('utf8')),
            topic: request.headers.topic as string | undefined,
            urgency: request.headers.urgency as string | undefined,
            ttl: request.headers.ttl as string | undefined,
            vapidKey,
            receivedAt: Date.now(),
          })
          response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end()
        } catch (error) {
          refused.push({ subscriptionId: id, reason: (error as Error).message })
          response.writeHead(403).end()
        }
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    /** For NODE_EXTRA_CA_CERTS. */
    certFile,
    messages,
    refused,
    /** A new browser subscription: its keys are made here, as a browser makes them. */
    subscribe(): FakeSubscription {
      const id = randomUUID()
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      receivers.set(id, { ecdh, auth })
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      }
    },
    answerWith(subscriptionId: string, status: number) {
      answers.set(subscriptionId, status)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>
