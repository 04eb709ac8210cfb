import { describe, expect, it } from 'vitest'
import { CreateMemoryBody, isMemoryDate, ListMemoriesQuery, MemoryTags, normalizeTags } from './memories.ts'

describe('memory dates', () => {
  it('accepts real days between 1900 and 2100 only', () => {
    for (const d of ['1900-01-01', '2024-02-29', '2100-12-31', '2026-01-05'])
      expect(isMemoryDate(d), d).toBe(true)
    for (const d of [
      '1899-12-31',
      '2101-01-01',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '2026-01-05T00:00',
      '',
    ])
      expect(isMemoryDate(d), d).toBe(false)
  })
})

describe('tags', () => {
  it('splits a comma string, trims, drops blanks and de-duplicates case-insensitively', () => {
    expect(normalizeTags(' Work, work ,home,,  , HOME ')).toEqual(['Work', 'home'])
    expect(normalizeTags(['a', ' b ', 'A', ''])).toEqual(['a', 'b'])
    expect(MemoryTags.parse('x,y')).toEqual(['x', 'y'])
  })

  it('allows 20 tags of 50 characters, not 21 or 51', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, '-'))
    expect(MemoryTags.safeParse(twenty).success).toBe(true)
    expect(MemoryTags.safeParse([...twenty, 'one more']).success).toBe(false)
    expect(MemoryTags.safeParse(['x'.repeat(51)]).success).toBe(false)
    // 21 spellings of one tag are one tag.
    expect(MemoryTags.safeParse(Array.from({ length: 21 }, (_, i) => (i % 2 ? 'tag' : 'TAG'))).data).toEqual([
      'TAG',
    ])
  })
})

describe('create body', () => {
  it('trims text and rejects blank, over-long and NUL text', () => {
    expect(CreateMemoryBody.parse({ text: '  hi ' })).toEqual({ text: 'hi', tags: [] })
    expect(CreateMemoryBody.safeParse({ text: ' \n ' }).error?.issues[0]?.message).toBe(
      'Text must not be blank.',
    )
    expect(CreateMemoryBody.safeParse({ text: 'x'.repeat(10_001) }).success).toBe(false)
    expect(CreateMemoryBody.safeParse({ text: ` ${'x'.repeat(10_000)} ` }).success).toBe(true)
    expect(CreateMemoryBody.safeParse({ text: 'a\u0000' }).success).toBe(false)
  })

  it('reads an empty date as null and leaves an absent one for the server to default', () => {
    expect(CreateMemoryBody.parse({ text: 'x', date: '' }).date).toBeNull()
    expect(CreateMemoryBody.parse({ text: 'x', date: null }).date).toBeNull()
    expect(CreateMemoryBody.parse({ text: 'x' }).date).toBeUndefined()
    expect(CreateMemoryBody.safeParse({ text: 'x', date: '2026-02-30' }).success).toBe(false)
  })
})

describe('list query', () => {
  it('coerces and defaults paging', () => {
    expect(ListMemoriesQuery.parse({})).toEqual({ page: 1, pageSize: 12 })
    expect(ListMemoriesQuery.parse({ page: '3', pageSize: '100', tags: 'A,b' })).toEqual({
      page: 3,
      pageSize: 100,
      tags: ['A', 'b'],
    })
  })

  it('refuses out-of-range paging and reversed ranges', () => {
    for (const q of [
      { page: '0' },
      { page: '-1' },
      { pageSize: '0' },
      { pageSize: '101' },
      { page: 'x' },
      { startDate: '2026-02-02', endDate: '2026-02-01' },
    ])
      expect(ListMemoriesQuery.safeParse(q).success, JSON.stringify(q)).toBe(false)
  })
})
