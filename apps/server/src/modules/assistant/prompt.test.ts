import { describe, expect, it } from 'vitest'
import { memoryLine } from './prompt.ts'

describe('a memory as a prompt line', () => {
  it("says when a later note changed it (recall's changedLater), so the model answers from the newer", () => {
    const piano = { text: 'Piano lessons for Lucas with Mrs Okonjo, Tuesdays, £15 a lesson', tags: [] }
    expect(memoryLine({ ...piano, date: '2025-01-10', changedLater: true })).toBe(
      '- (noted January 10, 2025, later changed) Piano lessons for Lucas with Mrs Okonjo, Tuesdays, £15 a lesson',
    )
    expect(memoryLine({ ...piano, date: null, changedLater: true })).toBe(
      '- (no date, later changed) Piano lessons for Lucas with Mrs Okonjo, Tuesdays, £15 a lesson',
    )
    expect(memoryLine({ ...piano, date: '2025-01-10' })).toBe(
      '- (January 10, 2025) Piano lessons for Lucas with Mrs Okonjo, Tuesdays, £15 a lesson',
    )
  })
})
