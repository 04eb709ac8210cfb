import { todayIn } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { t, ics, ask, LISBON, startTheApp } from './through-the-app.test-support.ts'

describe('the offline assistant on the day', () => {
  startTheApp()

  it('gives the daily briefing when asked, as the dashboard writes it, from the same facts', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    await t.factory.memory(user.id, { text: 'Water the plants', date: todayIn('UTC') })
    await t.factory.memory(user.id, { text: 'Review the client brief', date: null })

    const { answer } = await ask(user, 'Brief me')
    const dashboard = await user.api.get<{ content: string; source: string }>('/api/dashboard/briefing')
    expect(dashboard.body.source).toBe('offline')
    expect(answer.content).toBe(dashboard.body.content)
    expect(answer.content).toMatch(/^## Good day/)
    expect(answer.content).toContain('### Weather\n\nIn Lisbon, Portugal: light rain, high 15°C, low 8°C')
    expect(answer.content).toContain('- **09:00–09:30** Team standup')
    expect(answer.content).toContain('**Today**\n\n- Water the plants')

    for (const asked of [
      "What's my briefing?",
      'give me my daily summary',
      'Catch me up',
      'summary of my day',
    ]) {
      expect((await ask(user, asked)).answer.content, asked).toBe(answer.content)
    }
    // A brief that is not the day's: a search.
    expect((await ask(user, "What's in the client brief?")).answer.content).toContain(
      '- **No date**: Review the client brief',
    )
  })
})
