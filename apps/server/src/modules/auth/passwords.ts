import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { readFileSync } from 'node:fs'

export const MIN_PASSWORD_LENGTH = 10
/** Long enough for any passphrase; scrypt reads all of it, so a megabyte "password" costs nothing extra. */
export const MAX_PASSWORD_LENGTH = 200

/**
 * scrypt at N=2^15, r=8, p=1 (OWASP's minimum is N=2^17 with r=8 at p=1 *or* an equivalent; 2^15 costs
 * 32 MB and tens of milliseconds here, on libuv's thread pool, so a sign-in never blocks the event loop).
 * The parameters are stored with each hash, so raising them later needs no migration.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}
/** Node's default limit (32 MB) is exactly 128·N·r: a little headroom or scrypt refuses. */
const maxmem = (N: number, r: number) => 256 * N * r

/** 'scrypt$N$r$p$salt$hash', salt and hash base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await scryptAsync(password, salt, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) })
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const N = Number(n)
  const R = Number(r)
  const P = Number(p)
  // A stored hash is ours, but a corrupted row must not make scrypt allocate gigabytes.
  if (![N, R, P].every(Number.isSafeInteger) || N > 2 ** 20 || R > 32 || P > 16) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N,
    r: R,
    p: P,
    maxmem: maxmem(N, R),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash of nothing anyone knows, checked when the e-mail has no account: a wrong e-mail then takes as
 * long as a wrong password, so timing does not tell which e-mails have accounts.
 */
let decoy: Promise<string> | null = null
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'))
  await verifyPassword(password, await decoy)
  return false
}

let common: Set<string> | null = null
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  )
  return common
}

/** Why a new password is refused (a sentence for the page), or null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`
  const lower = password.toLowerCase()
  // 'Password2024!' is 'password' with a year and a mark: the list's words with digits or marks added.
  const stem = lower.replace(/[\d\W_]+$/u, '').replace(/^[\d\W_]+/u, '')
  const list = commonPasswords()
  if (list.has(lower) || (stem.length > 0 && list.has(stem)) || new Set(lower).size < 4)
    return 'This password is too common or too simple to guess. Choose another one.'
  const local = email.toLowerCase().split('@')[0] ?? ''
  if (lower === email.toLowerCase() || (local.length >= 3 && stem === local))
    return 'Choose a password that is not your e-mail address.'
  return null
}
