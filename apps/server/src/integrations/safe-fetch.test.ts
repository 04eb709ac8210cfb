import type { LookupAddress, lookup as dnsLookup } from 'node:dns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startIcsFake, type IcsFake } from '../test/fakes/ics.ts'
import { createSafeFetch, isPublicAddress, SafeFetchError, type SafeFetch } from './safe-fetch.ts'

let ics: IcsFake
let guarded: SafeFetch
let open: SafeFetch
let port: string
beforeAll(async () => {
  ics = await startIcsFake()
  port = new URL(ics.origin).port
  guarded = createSafeFetch({ allowPrivateNetwork: false })
  open = createSafeFetch({ allowPrivateNetwork: true })
})
afterAll(async () => {
  await Promise.all([guarded.close(), open.close()])
  await ics.close()
})

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SafeFetchError)
  return error as SafeFetchError
}

/** A DNS lookup answering fixed addresses for one name (and failing for others). */
function fixedLookup(name: string, addresses: string[]): typeof dnsLookup {
  const answer: LookupAddress[] = addresses.map((address) => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }))
  return ((hostname: string, _options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) => {
    if (hostname !== name) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), [])
    callback(null, answer)
  }) as unknown as typeof dnsLookup
}

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.10',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true)
    },
  )

  it('treats anything that is not an address as not public', () => {
    expect(isPublicAddress('not-an-ip')).toBe(false)
  })
})

describe('safe fetch of user-given URLs', () => {
  it('fetches a loopback feed only when private network URLs are allowed', async () => {
    const { text } = await open.fetchText(ics.calendarUrl)
    expect(text).toContain('BEGIN:VCALENDAR')
    const error = await failure(guarded.fetchText(ics.calendarUrl))
    expect(error.code).toBe('private_address')
    expect(error.message).toBe(
      'The address 127.0.0.1 is on a private or local network, which Remi does not fetch from.',
    )
  })

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/calendar.ics`, '127.0.0.1'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback', () => `http://[::1]:${port}/calendar.ics`, '::1'],
    ['decimal IPv4', () => `http://2130706433:${port}/calendar.ics`, '127.0.0.1'],
    ['hex IPv4', () => `http://0x7f000001:${port}/calendar.ics`, '127.0.0.1'],
    ['octal IPv4', () => `http://0177.0.0.1:${port}/calendar.ics`, '127.0.0.1'],
    ['unspecified', () => `http://0.0.0.0:${port}/calendar.ics`, '0.0.0.0'],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port}/calendar.ics`, '::ffff:7f00:1'],
    ['private range', () => 'http://10.1.2.3/calendar.ics', '10.1.2.3'],
    ['a name resolving to loopback', () => `http://localhost:${port}/calendar.ics`, undefined],
  ])('refuses %s', async (_label, url, address) => {
    const before = ics.requests.length
    const error = await failure(guarded.fetchText(url()))
    expect(error.code).toBe('private_address')
    if (address) expect(error.message).toContain(`The address ${address} is on a private or local network`)
    // Refused before any request went out.
    expect(ics.requests.length).toBe(before)
  })

  it('checks https links the same way (the TLS connection uses the checked lookup too)', async () => {
    for (const url of [`https://localhost:${port}/calendar.ics`, `https://[::1]:${port}/calendar.ics`]) {
      const error = await failure(guarded.fetchText(url))
      expect(error.code).toBe('private_address')
      // localhost may resolve to either loopback first, depending on the machine.
      expect(error.message).toMatch(/^The address (127\.0\.0\.1|::1) is on a private or local network/)
    }
  })

  it('checks every address a name resolves to, not just the first', async () => {
    const fetcher = createSafeFetch({
      allowPrivateNetwork: false,
      lookup: fixedLookup('feed.example.test', ['93.184.216.34', '127.0.0.1']),
    })
    try {
      const error = await failure(fetcher.fetchText(`http://feed.example.test:${port}/calendar.ics`))
      expect(error.code).toBe('private_address')
      expect(error.message).toContain('127.0.0.1')
    } finally {
      await fetcher.close()
    }
  })

  it('connects to the very address it checked (the lookup is part of the connection)', async () => {
    // A name only our lookup knows: reaching the fake proves the socket used the checked answer,
    // so a second, different DNS answer (rebinding) has no way in.
    const lookup = fixedLookup('feed.example.test', ['127.0.0.1'])
    const trusting = createSafeFetch({ allowPrivateNetwork: true, lookup })
    const strict = createSafeFetch({ allowPrivateNetwork: false, lookup })
    try {
      const { text } = await trusting.fetchText(`http://feed.example.test:${port}/calendar.ics`)
      expect(text).toContain('X-WR-CALNAME:Family')
      const error = await failure(strict.fetchText(`http://feed.example.test:${port}/calendar.ics`))
      expect(error.code).toBe('private_address')
    } finally {
      await Promise.all([trusting.close(), strict.close()])
    }
  })

  it('says when a host name does not exist', async () => {
    const fetcher = createSafeFetch({ allowPrivateNetwork: false, lookup: fixedLookup('other.test', []) })
    try {
      const error = await failure(fetcher.fetchText('https://nowhere.example.test/feed.ics'))
      expect(error.code).toBe('unreachable')
      expect(error.message).toBe('The host name nowhere.example.test could not be found.')
    } finally {
      await fetcher.close()
    }
  })

  describe('redirects', () => {
    // Stand-in for a public server: 127.0.0.1 counts as public here, every other private address does not.
    let publicLoopback: SafeFetch
    beforeAll(() => {
      publicLoopback = createSafeFetch({
        allowPrivateNetwork: false,
        isPublicAddress: (a) => a === '127.0.0.1' || isPublicAddress(a),
      })
    })
    afterAll(() => publicLoopback.close())

    it('follows a redirect to an allowed address', async () => {
      const { text, url } = await publicLoopback.fetchText(ics.redirectTo(ics.calendarUrl))
      expect(text).toContain('BEGIN:VCALENDAR')
      expect(url).toBe(ics.calendarUrl)
    })

    it.each([
      ['http://169.254.169.254/latest/meta-data/iam/', '169.254.169.254'],
      ['http://10.0.0.5/calendar.ics', '10.0.0.5'],
      ['http://[::1]/calendar.ics', '::1'],
      ['http://2130706434/calendar.ics', '127.0.0.2'],
    ])('re-checks the target of a redirect to %s', async (target, address) => {
      const error = await failure(publicLoopback.fetchText(ics.redirectTo(target)))
      expect(error.code).toBe('private_address')
      expect(error.message).toContain(`The address ${address} is on a private or local network`)
    })

    it('refuses a redirect to another scheme', async () => {
      const error = await failure(publicLoopback.fetchText(ics.redirectTo('file:///etc/passwd')))
      expect(error.code).toBe('invalid_url')
    })

    it('follows at most 5 redirects', async () => {
      await expect(publicLoopback.fetchText(ics.redirectChain(5))).resolves.toMatchObject({
        url: ics.calendarUrl,
      })
      const error = await failure(publicLoopback.fetchText(ics.redirectChain(6)))
      expect(error.code).toBe('too_many_redirects')
      expect(error.message).toBe('The link redirected more than 5 times.')
    })
  })

  it('refuses a body over 5 MB while streaming it', async () => {
    const error = await failure(open.fetchText(ics.largeUrl))
    expect(error.code).toBe('too_large')
    expect(error.message).toBe('The file is larger than 5 MB, which is the limit.')
  })

  it('refuses a body that announces more than 5 MB without reading it', async () => {
    const error = await failure(open.fetchText(ics.declaredLargeUrl))
    expect(error.code).toBe('too_large')
  })

  it('gives up when the server is slower than the time limit', async () => {
    const impatient = createSafeFetch({ allowPrivateNetwork: true, timeoutMs: 300 })
    try {
      const error = await failure(impatient.fetchText(ics.stalledUrl))
      expect(error.code).toBe('timeout')
      expect(error.message).toBe('The server did not answer within 0.3 seconds.')
    } finally {
      await impatient.close()
    }
  })

  it.each(['file:///etc/passwd', 'ftp://example.com/cal.ics', 'javascript:alert(1)', 'not a url'])(
    'refuses %s',
    async (url) => {
      const error = await failure(guarded.fetchText(url))
      expect(error.code).toBe('invalid_url')
    },
  )

  it('reports an HTTP error status', async () => {
    const error = await failure(open.fetchText(`${ics.origin}/missing.ics`))
    expect(error.code).toBe('http_status')
    expect(error.message).toBe('The server answered with HTTP 404.')
  })
})
