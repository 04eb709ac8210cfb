import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { BriefingCard } from './briefing-card'

describe('briefing card', () => {
  it('a Markdown image in the briefing loads nothing: it is a link naming its host', () => {
    const { container } = renderWithProviders(
      <BriefingCard
        briefing={{
          content: '## Good day!\n\n![chart](https://evil.example/?leak=1)',
          source: 'ai',
          generatedAt: '2026-11-26T08:00:00.000Z',
          sections: {},
        }}
      />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a[href="https://evil.example/?leak=1"]')).toHaveTextContent(
      '[Image: chart (evil.example)]',
    )
  })
})
