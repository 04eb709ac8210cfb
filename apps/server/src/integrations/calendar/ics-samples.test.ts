import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { listen, type RunningFake } from '../../test/fakes/listen.ts'

// 46 real-world iCalendar files (ical.js's test and sample folders; see the folder's README): exports of
// calendar programs, RDATE/EXDATE recurrences, VTIMEZONE definitions, DURATION instead of DTEND, odd
// folding and parser edge cases. A feed made of any of them must never break Remi.
const folder = new URL('../../test/fixtures/ics-samples/', import.meta.url)
const samples = readdirSync(folder).filter((name) => name.endsWith('.ics'))

let t: TestApp
let feed: RunningFake
beforeAll(async () => {
  feed = await listen((_request, response, url) => {
    const name = decodeURIComponent(url.pathname.slice(1))
    if (!samples.includes(name)) {
      response.writeHead(404)
      return void response.end()
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
    response.end(readFileSync(new URL(name, folder)))
  })
  t = await buildTestApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: 'true' } })
})
afterAll(async () => {
  await t.close()
  await feed.close()
})

describe('real-world ICS feeds', () => {
  it('has the 46 samples', () => {
    expect(samples).toHaveLength(46)
  })

  it.each(samples)(
    '%s: the calendar answers with its events or a readable message, and the briefing and assistant carry on',
    async (name) => {
      const user = await t.createUser({ timezone: 'Europe/Lisbon' })
      const icsUrl = `${feed.origin}/${encodeURIComponent(name)}`
      const saved = await user.api.put('/api/datasources/calendar', {
        isEnabled: true,
        configuration: { icsUrl },
      })
      expect(saved.status, saved.text).toBe(200)

      // The Test Connection logic (its route is rate limited per client; 46 calls would reach the limit).
      const tested = await t.services.dataSources.test(user.id, 'calendar')
      expect(typeof tested.success).toBe('boolean')
      expect(tested.message.length).toBeGreaterThan(0)

      // Years around the samples' own dates (1997-2030), so their recurrences are expanded too.
      const events = await t.services.calendar.eventsBetween(
        user.id,
        new Date('1997-01-01T00:00:00Z'),
        new Date('2031-01-01T00:00:00Z'),
      )
      if (!events.ok) expect(events.message.length).toBeGreaterThan(0)
      else for (const event of events.events) expect(typeof event.title).toBe('string')

      const briefing = await user.api.post<{ sections: { calendar: unknown }; content: string }>(
        '/api/dashboard/briefing/regenerate',
      )
      expect(briefing.status, briefing.text).toBe(200)
      expect(briefing.body.content).toContain('Good')

      const chat = await user.api.post<{ assistantMessage: { content: string } }>('/api/chat/send', {
        content: "What's on my calendar this week?",
      })
      expect(chat.status, chat.text).toBe(200)
      expect(chat.body.assistantMessage.content.length).toBeGreaterThan(0)
    },
  )
})
