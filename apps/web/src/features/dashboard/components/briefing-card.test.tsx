import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { BriefingCard, linkDataSources } from './briefing-card'

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

describe('linkDataSources', () => {
  it('links the page in English and in the screens’ language, once', () => {
    expect(linkDataSources('_Weather is off. Turn it on under Data Sources._')).toBe(
      '_Weather is off. Turn it on under [Data Sources](/data-sources)._',
    )
    expect(
      linkDataSources('_O tempo está desligado. Ligue-o em Fontes de dados._', ['Fontes de dados']),
    ).toBe('_O tempo está desligado. Ligue-o em [Fontes de dados](/data-sources)._')
    const linked = 'See [Open Data Sources](/data-sources) or [Data Sources](/data-sources).'
    expect(linkDataSources(linked)).toBe(linked)
  })
})
