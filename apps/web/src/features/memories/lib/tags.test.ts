import { describe, expect, it } from 'vitest'
import { addTag, applySuggestion, parseTagInput, quickTags, tagsOf, tagSuggestions } from './tags'

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
