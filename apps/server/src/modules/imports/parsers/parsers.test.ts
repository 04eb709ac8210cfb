import { MEMORY_LIMITS } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { enmlToMarkdown } from './evernote.ts'
import { inlineTags, markdownNote } from './markdown.ts'
import { fitTags, memoryTexts, noteDay, TooComplexError } from './note.ts'

describe('inline #tags', () => {
  it('are found in prose only: not headings, code, link addresses, wiki-link headings or numbers', () => {
    const text = [
      '# Heading',
      'A #real tag, #nested/tag and #1a; not #1 nor #2026.',
      '`#span` and [a link](https://x.test/#anchor) and [[Note#Part]] and (#bracketed).',
      '```',
      '#fenced',
      '```',
      '    #indented',
    ].join('\n')
    expect(inlineTags(text)).toEqual(['real', 'nested/tag', '1a'])
  })

  it("take Bear's closing-hash form and stop at punctuation, in any script", () => {
    expect(inlineTags('#two words# #中文，标签 #bad!tag #Ελλάδα', { bear: true })).toEqual([
      'two words',
      '中文',
      'bad',
      'Ελλάδα',
    ])
  })
})

describe('a Markdown note', () => {
  it('takes its title from front matter or a leading heading, else its file name, and its tags from both', () => {
    const note = markdownNote(
      'Vault/Reading.md',
      '---\ntitle: Books\ntags: [a, b]\ndate: 2026-01-02\n---\nText #c\n',
    )
    expect(note).toMatchObject({
      title: 'Books',
      body: 'Text #c',
      tags: ['a', 'b', 'c'],
      created: '2026-01-02',
    })
    expect(markdownNote('x.md', '## Plans\n\nBody').title).toBe('Plans')
    expect(markdownNote('Vault/Ideas.md', 'Body only').title).toBe('Ideas')
  })

  it('with front matter that is not YAML, or an alias bomb, keeps its text and reads no fields', () => {
    const bomb = `---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ntags: [x]\n---\nBody`
    expect(markdownNote('b.md', bomb)).toMatchObject({ body: 'Body', tags: [] })
  })
})

describe('a Markdown note that makes patterns work hard (issue 43)', () => {
  it('loses its local embeds, keeps web images, and keeps lines of unclosed ones as text', () => {
    const note = markdownNote(
      'n.md',
      '## Plans ##\n\nSee ![[a.png]], ![x](assets/b.jpg) and ![y](https://x.test/c.png)',
    )
    expect(note.title).toBe('Plans')
    expect(note.body).toBe('See ,  and ![y](https://x.test/c.png)')
    for (const text of ['![['.repeat(20_000), '![a](b'.repeat(20_000), '![!['.repeat(20_000)])
      expect(markdownNote('n.md', text).body).toBe(text)
  })

  it('nested more than 100 quotes deep is too complex to import; 100 deep is read', () => {
    expect(() => markdownNote('q.md', `${'> '.repeat(101)}deep`)).toThrow(TooComplexError)
    expect(markdownNote('q.md', `${'>'.repeat(100)} deep #tag`).tags).toEqual(['tag'])
  })
})

describe('what a note becomes', () => {
  it('a long note is split at paragraph ends into parts that each say which, none cut', () => {
    const body = Array.from({ length: 30 }, (_, i) => `${i} ${'x'.repeat(900)}`).join('\n\n')
    const parts = memoryTexts('Title', body)
    expect(parts.length).toBe(3)
    parts.forEach((p, i) => {
      expect(p.length).toBeLessThanOrEqual(MEMORY_LIMITS.textMax)
      expect(p.startsWith(`Title (part ${i + 1} of 3)\n\n`)).toBe(true)
    })
    expect(parts.map((p) => p.split('\n\n').slice(1).join('\n\n')).join('\n\n')).toBe(body)
  })

  it('keeps at most 20 tags of at most 50 characters, naming the ones left out', () => {
    const { tags, leftOut } = fitTags([
      ...Array.from({ length: 21 }, (_, i) => `t${i}`),
      'y'.repeat(51),
      'T1',
    ])
    expect(tags.length).toBe(20)
    expect(leftOut).toEqual([
      'tag “t20” left out: a memory has at most 20 tags',
      `tag “${'y'.repeat(51)}” is longer than 50 characters`,
    ])
  })

  it("dates a note by its creation day in the person's zone; a day written alone stays that day", () => {
    expect(noteDay(new Date('2026-03-02T08:00:00Z'), 'Pacific/Honolulu')).toBe('2026-03-01')
    expect(noteDay('2026-03-02T08:00:00+09:00', 'UTC')).toBe('2026-03-01')
    expect(noteDay('2026-03-02', 'Pacific/Honolulu')).toBe('2026-03-02')
    expect(noteDay('1850-01-01', 'UTC')).toBeNull()
  })

  it('ENML is Markdown without HTML: checklists, media left out, entities decoded', () => {
    const md = enmlToMarkdown(
      '<?xml version="1.0"?><!DOCTYPE en-note SYSTEM "x"><en-note><div>A &amp; B</div><en-media hash="1" type="image/png"/><br/><div><en-todo checked="true"/>Done</div><ul><li><en-todo/>Open</li></ul></en-note>',
    )
    expect(md).toBe('A & B\n\n- [x] Done\n\n- [ ] Open')
    expect(md).not.toMatch(/</)
  })

  it('ENML keeps ordinary lists as lists: only items with a checkbox are checklist items', () => {
    const md = enmlToMarkdown(
      '<en-note><ul><li>Alpha</li><li>Beta</li></ul><ol><li>One</li><li>Two</li></ol><ul><li><en-todo checked="true"/>Bought</li></ul></en-note>',
    )
    expect(md).toBe('- Alpha\n- Beta\n\n1. One\n2. Two\n\n- [x] Bought')
  })
})
