import type { Reminder } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { weekSummaryAsked } from '../../language/index.ts'
import { classify } from './index.ts'
import { clockAt, fakeDeps, type Fakes } from './fake-deps.test-support.ts'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'
import type { Clock, Deps } from './types.ts'

/** Saturday, November 28, 2026, 22:30 in Los Angeles: Sunday the 29th in UTC. */
const saturdayNight = clockAt('2026-11-29T06:30:00Z', 'America/Los_Angeles')
/** Sunday, November 29, 2026, 01:00 in Auckland: still Saturday the 28th in UTC. */
const sundayMorning = clockAt('2026-11-28T12:00:00Z', 'Pacific/Auckland')

type FakeReminder = Pick<Reminder, 'id' | 'text' | 'dueAt' | 'timezone'> & { private?: boolean }

/** The reminders service as the week reads it: scheduled ones in [from, to], private ones left out when asked. */
function fakeReminders(reminders: FakeReminder[]) {
  const asked: Array<{ hidePrivate?: boolean }> = []
  const service = {
    async list(_userId: string, q: { from?: string; to?: string; hidePrivate?: boolean; limit: number }) {
      asked.push(q)
      return reminders
        .filter((r) => (!q.from || r.dueAt >= q.from) && (!q.to || r.dueAt <= q.to))
        .filter((r) => !(q.hidePrivate && r.private))
        .map((r) => ({ ...r, nextAt: r.dueAt, recurrence: null, status: 'scheduled' }))
        .slice(0, q.limit)
    },
  }
  return { asked, service: service as unknown as NonNullable<Deps['services']['reminders']> }
}

/** A question classified and answered on the fake tools, with a reminders service; and its fact. */
async function summary(text: string, fakes: Fakes, clock: Clock, reminders: FakeReminder[] = []) {
  const deps = fakeDeps(fakes, clock, text)
  const remindersService = fakeReminders(reminders)
  const withReminders = { ...deps, services: { ...deps.services, reminders: remindersService.service } }
  const { matched } = classify(text, clock)
  const answered = await matched.answer({
    ...withReminders,
    passOn: () => Promise.reject(new Error('passed on')),
  })
  const fact = await matched.fact?.(withReminders)
  return { intent: matched.name, ...answered, fact, asked: remindersService.asked }
}

const memory = (
  id: string,
  text: string,
  date: string | null,
  tags: string[] = [],
  saved = date ?? '2026-11-25',
) => ({ id, text, date, tags, saved })

/** Last week, this week (Sunday the 22nd to Saturday the 28th) and next week, as seen from Los Angeles. */
const WEEKS: Fakes = {
  memories: [
    memory('m1', 'Ran 5 km by the river', '2026-11-21', ['health']),
    memory('m2', 'Team offsite planning', '2026-11-22', ['work']),
    memory('m3', 'Sprint review went well', '2026-11-26', ['work']),
    memory('m4', "Ana's recital", '2026-11-28', ['family']),
    memory('m5', 'Idea: a herb garden', null, ['home'], '2026-11-25'),
    memory('m6', 'Dentist at 9', '2026-11-29', ['health'], '2026-11-24'),
  ],
}

describe('reading a request for a week summary', () => {
  it('claims the ways people ask, and leaves the rest to the intents that had them', () => {
    for (const asked of [
      'summarize my week',
      'Summarise this week',
      'recap of my week',
      'How was my week?',
      'what happened this week',
      'Week in review',
      'give me a summary of last week',
      'can you summarize my week, please?',
      'how has my week been?',
      'my weekly recap',
    ]) {
      expect(classify(asked, saturdayNight).matched.name, asked).toBe('week')
    }
    for (const [asked, intent] of [
      ['summary of my day', 'briefing'],
      ["what's my week look like?", 'calendar'],
      ['what happened last week?', 'noted'],
      ['How many notes did I save this week?', 'count'],
      ['this week', 'fallback'],
      ['summarize my notes about the garden', 'related'],
    ] as const) {
      expect(classify(asked, saturdayNight).matched.name, asked).toBe(intent)
    }
    expect(weekSummaryAsked('give me a summary of last week')).toBe('last')
    expect(weekSummaryAsked('recap of the past week')).toBe('last')
    expect(weekSummaryAsked('how was my week?')).toBe('this')
  })
})

describe('the week summary, on fake tools', () => {
  it('counts the week’s memories, their tags, the newest, and the reminders due before Saturday ends', async () => {
    const answer = await summary('Summarize my week', WEEKS, saturdayNight, [
      { id: 'r1', text: 'call mum', dueAt: '2026-11-29T07:30:00.000Z', timezone: 'America/Los_Angeles' },
      // 01:00 on Sunday in Los Angeles: next week's.
      {
        id: 'r2',
        text: 'water the plants',
        dueAt: '2026-11-29T09:00:00.000Z',
        timezone: 'America/Los_Angeles',
      },
    ])
    expect(answer.intent).toBe('week')
    expect(answer.markdown.split('\n')).toEqual([
      'You saved or dated **5** memories this week so far (November 22–28).',
      '',
      'Most used tags: #work (2), #family (1), #health (1) and #home (1).',
      '',
      'Highlights, newest first:',
      '',
      "- **November 28, 2026**: Ana's recital _(#family)_",
      '- **November 26, 2026**: Sprint review went well _(#work)_',
      '- **November 22, 2026**: Team offsite planning _(#work)_',
      '- **No date**: Idea: a herb garden _(#home)_',
      // Saved on Tuesday, for next Sunday.
      '- **November 29, 2026**: Dentist at 9 _(#health)_',
      '',
      '**Coming up** before the week ends:',
      '',
      '- Reminder: call mum on Saturday, November 28 at 23:30.',
    ])
    expect(answer.cited.map((m) => m.id)).toEqual(['m4', 'm3', 'm2', 'm5', 'm6'])
    // Context mode's fact tells the model the same.
    expect(answer.fact).toBe(
      `The user asked for a summary of their week so far. From their memories and reminders:\n\n${answer.markdown}`,
    )
  })

  it('sums up all of last week, with nothing coming up', async () => {
    const answer = await summary('give me a summary of last week', WEEKS, sundayMorning, [
      { id: 'r1', text: 'call mum', dueAt: '2026-11-29T07:30:00.000Z', timezone: 'Pacific/Auckland' },
    ])
    expect(answer.markdown).toMatch(/^You saved or dated \*\*5\*\* memories last week \(November 22–28\)\./)
    expect(answer.markdown).toContain('Most used tags: #work (2), #family (1), #health (1) and #home (1).')
    expect(answer.markdown).toContain('- **November 29, 2026**: Dentist at 9 _(#health)_')
    expect(answer.markdown).not.toContain('Ran 5 km')
    expect(answer.markdown).not.toContain('Coming up')
    expect(answer.asked).toEqual([])
  })

  it('tells the rest of this week apart from what was: dated later this week is coming up', async () => {
    // Wednesday the 25th in Lisbon: the sprint review and the recital are still to come.
    const wednesday = clockAt('2026-11-25T10:00:00Z')
    const answer = await summary('how was my week?', WEEKS, wednesday)
    expect(answer.markdown.split('\n')).toEqual([
      'You saved or dated **3** memories this week so far (November 22–25).',
      '',
      'Most used tags: #health (1), #home (1) and #work (1).',
      '',
      'Highlights, newest first:',
      '',
      '- **November 22, 2026**: Team offsite planning _(#work)_',
      '- **No date**: Idea: a herb garden _(#home)_',
      // Saved on Tuesday for next Sunday: this week's too.
      '- **November 29, 2026**: Dentist at 9 _(#health)_',
      '',
      '**Coming up** before the week ends:',
      '',
      '- **November 26, 2026**: Sprint review went well _(#work)_',
      "- **November 28, 2026**: Ana's recital _(#family)_",
    ])
  })

  it('never reads a private memory’s reminder', async () => {
    const answer = await summary('summarize my week', {}, saturdayNight, [
      {
        id: 'r1',
        text: 'renew the alarm code 8812',
        dueAt: '2026-11-29T07:00:00.000Z',
        timezone: 'America/Los_Angeles',
        private: true,
      },
    ])
    // Asked twice: for the answer and for its fact.
    expect(answer.asked).toEqual([0, 1].map(() => expect.objectContaining({ hidePrivate: true })))
    expect(answer.markdown).not.toContain('8812')
    expect(answer.fact).not.toContain('8812')
  })

  it('says so when the week holds nothing, and how to keep something', async () => {
    const answer = await summary('summarize my week', {}, saturdayNight)
    expect(answer.markdown).toBe(
      [
        'You have saved or dated no memories this week so far (November 22–28). Start a message with “Remember” to keep something from your week: “Remember the team lunch went well #work”.',
        '',
        'Nothing is dated or due for the rest of the week.',
      ].join('\n'),
    )
    expect(answer.cited).toEqual([])
    expect((await summary('how was last week?', {}, saturdayNight)).markdown).toBe(
      'You saved or dated no memories last week (November 15–21). Start a message with “Remember” as things happen, and I can sum up your next week.',
    )
  })
})

describe('the week summary, through the app', () => {
  startTheApp()

  it('shows the week’s memories and never a private one', async () => {
    const user = await t.createUser({ timezone: 'America/Los_Angeles' })
    const assistant = offlineAt('2026-11-29T06:30:00Z') // Saturday the 28th, 22:30 in Los Angeles
    await t.factory.memory(user.id, {
      text: 'Team offsite planning',
      date: '2026-11-24',
      tags: ['work'],
      createdAt: new Date('2026-11-24T18:00:00Z'),
    })
    await t.factory.memory(user.id, {
      text: 'Ran 5 km by the river',
      date: '2026-11-20',
      tags: ['health'],
      createdAt: new Date('2026-11-20T18:00:00Z'),
    })
    await t.services.memories.create(user.id, {
      text: 'Therapy session notes',
      tags: ['health'],
      date: '2026-11-25',
      private: true,
    })
    const { answer } = await ask(user, 'summarize my week', { assistant })
    expect(answer.content.split('\n')).toEqual([
      'You saved or dated **1** memory this week so far (November 22–28).',
      '',
      'Most used tags: #work (1).',
      '',
      'Highlights, newest first:',
      '',
      '- **November 24, 2026**: Team offsite planning _(#work)_',
      '',
      'Nothing is dated or due for the rest of the week.',
    ])
    const last = await ask(user, 'recap of last week', { assistant })
    expect(last.answer.content).toContain('Ran 5 km by the river')
    for (const asked of ['summarize my week', 'recap of last week']) {
      expect((await ask(user, asked, { assistant })).answer.content).not.toMatch(/Therapy|#health \(2\)/)
    }
  })
})
