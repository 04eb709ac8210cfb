import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { DraftMessage, StoredMessage } from './message-item'

const LEAK = '![x](https://evil.example/?leak=1)'

describe('chat messages', () => {
  it('an answer with a Markdown image loads nothing: the image is a link naming its host', () => {
    const { container } = render(
      <StoredMessage
        message={{
          id: '7c6d2d1e-8d0f-4c5e-9c55-3a1b2c3d4e5f',
          content: `Here you are: ${LEAK}`,
          isUserMessage: false,
          createdUtc: '2026-11-26T10:00:00.000Z',
        }}
        now={Date.parse('2026-11-26T10:01:00.000Z')}
      />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a')).toHaveTextContent('[Image: x (evil.example)]')
  })

  it('nor does an answer still streaming in', () => {
    const { container } = render(
      <DraftMessage draft={{ afterId: null, replacesId: null, text: LEAK, activity: [] }} />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a')).toHaveAttribute('href', 'https://evil.example/?leak=1')
  })

  it('shows a memory the answer quotes once: no chip repeats it; one it does not quote keeps its chip', () => {
    render(
      <MemoryRouter>
        <StoredMessage
          message={{
            id: '7c6d2d1e-8d0f-4c5e-9c55-3a1b2c3d4e60',
            content: "Here is what I found:\n\n- **Mum's birthday is 14 March.** She loves orchids.",
            isUserMessage: false,
            createdUtc: '2026-11-26T10:00:00.000Z',
            activity: [{ tool: 'search_memories', summary: "Searched memories for 'mum birthday'" }],
            citations: [
              { id: 'a1', excerpt: "Mum's birthday is 14 March. She loves orchids.", date: null },
              { id: 'a2', excerpt: 'Dad prefers tulips to roses.', date: null },
            ],
          }}
          now={Date.parse('2026-11-26T10:01:00.000Z')}
        />
      </MemoryRouter>,
    )
    const used = screen.getByRole('list', { name: 'Memories used' })
    expect(
      within(used)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dad prefers tulips to roses.'])
    expect(screen.getAllByText(/Mum's birthday is 14 March/)).toHaveLength(1)
  })
})
