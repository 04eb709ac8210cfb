import { describe, expect, it } from 'vitest'
import { memoryHref } from './memory-link'

describe('memory links', () => {
  it("opens the memory on the memories page (its '?memory=' view), the id escaped", () => {
    expect(memoryHref('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d')).toBe(
      '/memories?memory=9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    )
    expect(memoryHref('a&b=c')).toBe('/memories?memory=a%26b%3Dc')
  })
})
