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

  it('never loads an image: a Markdown image is a link that names its host', () => {
    const { container } = render(
      <Markdown>
        {'Look ![x](https://evil.example/?leak=1) and ![](http://a.example/p.png) and ![logo](/icon.svg)'}
      </Markdown>,
    )
    expect(container.querySelector('img')).toBeNull()
    const links = [...container.querySelectorAll('a')]
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['[Image: x (evil.example)]', 'https://evil.example/?leak=1'],
      ['[Image (a.example)]', 'http://a.example/p.png'],
      ['[Image: logo]', `${window.location.origin}/icon.svg`],
    ])
    expect(links[0]).toHaveAttribute('target', '_blank')
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  it('shows an image with an unsafe address as its text alone', () => {
    const { container } = render(
      <Markdown>{'![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)'}</Markdown>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toBe('[Image: x] [Image: y]')
  })
})
