import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './redirect'

describe('post-login redirect', () => {
  it.each([
    ['/memories?x=1', '/memories?x=1'],
    ['/', '/'],
    ['/chat#latest', '/chat#latest'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['memories', '/dashboard'],
    ['', '/dashboard'],
    [null, '/dashboard'],
    [undefined, '/dashboard'],
  ])('%j goes to %s', (saved, target) => {
    expect(safeRedirectPath(saved)).toBe(target)
  })
})
