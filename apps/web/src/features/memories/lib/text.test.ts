import { describe, expect, it } from 'vitest'
import { truncateText } from './text'

describe('card truncation', () => {
  it('keeps texts of up to 150 characters whole', () => {
    const text = 'x'.repeat(150)
    expect(truncateText(text)).toEqual({ text, truncated: false })
  })
  it("cuts longer texts at 150 characters and adds '...'", () => {
    const result = truncateText(`${'a'.repeat(150)}bcd`)
    expect(result).toEqual({ text: `${'a'.repeat(150)}...`, truncated: true })
  })
})
