import { describe, expect, it } from 'vitest'
import { clip, isStorableText, sliceWhole } from './text.ts'

describe('cutting text', () => {
  it('never leaves half an emoji at the cut', () => {
    const text = `${'a'.repeat(9)}😀b`
    expect(sliceWhole(text, 10)).toBe('a'.repeat(9))
    expect(sliceWhole(text, 11)).toBe(`${'a'.repeat(9)}😀`)
    expect(sliceWhole('abc', 2)).toBe('ab')
    expect(isStorableText(sliceWhole(text, 10))).toBe(true)
  })

  it('clips a long text with an ellipsis within the limit, a short one as it is', () => {
    expect(clip('short', 10)).toBe('short')
    expect(clip('a few words here', 10)).toBe('a few wor…')
    const emoji = clip(`${'a'.repeat(8)}😀😀`, 10)
    expect(emoji).toBe(`${'a'.repeat(8)}…`)
    expect(isStorableText(emoji)).toBe(true)
  })
})
