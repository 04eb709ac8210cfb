import { describe, expect, it } from 'vitest'
import { hasSignInReturnParams, isJwtFormat } from './sign-in-return'

describe('login token format', () => {
  it('accepts three dot-separated parts', () => {
    expect(isJwtFormat('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBe(true)
    expect(isJwtFormat('a.b.c')).toBe(true)
  })
  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'a..c', '.b.c', 'a.b.', 'a.b c.d', 'a.b.c!'])(
    'rejects %j',
    (token) => {
      expect(isJwtFormat(token)).toBe(false)
    },
  )
  it('sees the sign-in parameters', () => {
    expect(hasSignInReturnParams('?token=a.b.c')).toBe(true)
    expect(hasSignInReturnParams('?x=1&error=denied')).toBe(true)
    expect(hasSignInReturnParams('?x=1')).toBe(false)
  })
})
