import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown } from './markdown'

describe('Markdown', () => {
  it('renders markdown: bold, lists and tables (GFM)', () => {
    const { container } = render(
      <Markdown>{'**Bold** text\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |'}</Markdown>,
    )
    expect(screen.getByText('Bold').tagName).toBe('STRONG')
    expect(container.querySelectorAll('li')).toHaveLength(2)
    expect(container.querySelector('table')).not.toBeNull()
  })

  it('never renders raw HTML as elements', () => {
    const { container } = render(
      <Markdown>{'<img src=x onerror=alert(1)> and <script>alert(2)</script>'}</Markdown>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
  })

  it('makes javascript: links inert and keeps http links, opening in a new tab', () => {
    const { container } = render(
      <Markdown>{'[x](javascript:alert(1)) [site](https://example.com)'}</Markdown>,
    )
    const links = [...container.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com'])
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(screen.getByText('x').tagName).toBe('SPAN')
  })
})
