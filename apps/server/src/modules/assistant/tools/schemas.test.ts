import { describe, expect, it } from 'vitest'
import { firstIssue, toolInputSchemas } from './schemas.ts'

describe("the assistant's tools", () => {
  it('say what is wrong with their input as a sentence (a long chat search)', () => {
    const parsed = toolInputSchemas.search_memories.safeParse({ query: 'x'.repeat(201) })
    expect(parsed.success).toBe(false)
    // It was "query: Too big: expected string to have <=200 characters".
    expect(firstIssue(parsed.error!)).toBe('The search must be at most 200 characters.')
  })
})
