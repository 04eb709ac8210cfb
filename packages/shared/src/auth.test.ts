import { describe, expect, it } from 'vitest'
import { isSafeRedirectPath } from './auth.ts'

describe('isSafeRedirectPath', () => {
  it('accepts paths on this site', () => {
    for (const path of ['/', '/memories', '/memories?tag=a%20b#top', '/data-sources/weather'])
      expect(isSafeRedirectPath(path), path).toBe(true)
  })

  it('refuses other sites, including through characters browsers drop from URLs', () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'memories',
      '',
      // Browsers strip tab, CR and LF from URLs: each of these would become '//evil.example'.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/memories\u0000',
      '/\u007f',
    ])
      expect(isSafeRedirectPath(path), JSON.stringify(path)).toBe(false)
    expect(isSafeRedirectPath(undefined)).toBe(false)
    expect(isSafeRedirectPath(['/memories'])).toBe(false)
  })
})
