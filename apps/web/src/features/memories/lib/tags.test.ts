import { describe, expect, it } from 'vitest'
import {
  addTag,
  applySuggestion,
  parseTagInput,
  popularTags,
  quickTags,
  tagsOf,
  tagSuggestions,
} from './tags'

const known = [
  'work',
  'workout',
  'homework',
  'health',
  'home',
  'hobby',
  'networking',
  'reading',
  'writing',
  'travel',
]

describe('tag input', () => {
  it('reads comma-separated tags', () => {
    expect(parseTagInput(' a, b ,, c ,')).toEqual(['a', 'b', 'c'])
    expect(tagsOf('x, y')).toEqual(['x', 'y'])
    expect(tagsOf(['x', '', 3])).toEqual(['x'])
    expect(tagsOf(undefined)).toEqual([])
  })
})

describe('tag suggestions', () => {
  it('offers up to 5 known tags containing the text after the last comma', () => {
    expect(tagSuggestions('wor', known)).toEqual(['work', 'workout', 'homework', 'networking'])
    expect(tagSuggestions('health, o', known)).toHaveLength(5)
    expect(tagSuggestions('health, o', known)).not.toContain('health')
  })
  it('leaves out tags already entered, in any case', () => {
    expect(tagSuggestions('Work, wor', known)).toEqual(['workout', 'homework', 'networking'])
  })
  it('offers nothing before anything is typed', () => {
    expect(tagSuggestions('', known)).toEqual([])
    expect(tagSuggestions('work, ', known)).toEqual([])
  })
  it('applies a suggestion in place of the partial tag', () => {
    expect(applySuggestion('health, wor', 'workout')).toBe('health, workout, ')
    expect(applySuggestion('wor', 'work')).toBe('work, ')
  })
})

describe('quick tags', () => {
  it('are the first 8 known tags', () => {
    expect(quickTags(known)).toEqual(known.slice(0, 8))
  })
  it('add a tag once', () => {
    expect(addTag('', 'work')).toBe('work')
    expect(addTag('home', 'work')).toBe('home, work')
    expect(addTag('home, WORK', 'work')).toBe('home, WORK')
  })
})

describe('popular tags', () => {
  it('are the top 10 of the loaded items by count, counted case-insensitively', () => {
    const items = [
      { tags: ['a', 'b'] },
      { tags: ['A', 'c'] },
      { tags: ['a', 'c'] },
      ...Array.from({ length: 12 }, (_, i) => ({ tags: [`t${String(i).padStart(2, '0')}`] })),
    ]
    const popular = popularTags(items)
    expect(popular).toHaveLength(10)
    expect(popular.slice(0, 3)).toEqual([
      { name: 'a', count: 3 },
      { name: 'c', count: 2 },
      { name: 'b', count: 1 },
    ])
    expect(popular.slice(3).map((t) => t.name)).toEqual(['t00', 't01', 't02', 't03', 't04', 't05', 't06'])
  })
})
