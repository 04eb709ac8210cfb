import { describe, expect, it } from 'vitest'
import { t, ask, offlineAt, startTheApp } from './through-the-app.test-support.ts'

describe('totals, through the app', () => {
  startTheApp()

  it('adds up the distances, money or time the memories give: "how far did I run this week?"', async () => {
    const user = await t.createUser()
    const assistant = offlineAt('2026-11-26T12:00:00Z') // Thursday: this week so far is November 22–26
    await t.factory.memory(user.id, { text: 'Ran 5 km in 28 minutes', date: '2026-11-24' })
    await t.factory.memory(user.id, { text: 'Ran 8.5 km along the river', date: '2026-11-25' })
    await t.factory.memory(user.id, { text: 'Ran 10 km with Ana', date: '2026-11-19' })
    await t.factory.memory(user.id, { text: 'New running shoes', date: '2026-11-23' })
    await t.factory.memory(user.id, { text: 'Groceries at Pingo Doce, 45.20 €', date: '2026-11-20' })
    await t.factory.memory(user.id, { text: 'Groceries 32 euros', date: '2026-11-25' })
    await t.factory.memory(user.id, { text: 'Dinner with Ana, paid $60', date: '2026-11-22' })
    await t.factory.memory(user.id, { text: 'Joao owes me 20 euros for the tickets', date: '2026-11-23' })
    await t.factory.memory(user.id, { text: 'Worked 7h30 on the report', date: '2026-11-23' })
    await t.factory.memory(user.id, { text: 'Worked 6 hours on the report', date: '2026-11-24' })
    const answer = async (message: string) => (await ask(user, message, { assistant })).answer.content

    expect(await answer('How far did I run this week?')).toBe(
      [
        '**13.5 km** in all, from 2 memories for November 22–26:',
        '',
        '- **November 25, 2026**: Ran 8.5 km along the river',
        '- **November 24, 2026**: Ran 5 km in 28 minutes',
      ].join('\n'),
    )
    expect((await answer('how many km did I run in November?')).split('\n')[0]).toBe(
      '**23.5 km** in all, from 3 memories for November 1–26:',
    )
    expect((await answer('how much did I spend on groceries this month?')).split('\n')[0]).toBe(
      '**€77.20** in all, from 2 memories for November 1–26:',
    )
    // With nothing named to look for, the days' memories that give an amount; what came in is not spent.
    expect(await answer('how much did I spend this week?')).toBe(
      [
        '**€32** and **$60** in all, from 2 memories for November 22–26:',
        '',
        '- **November 25, 2026**: Groceries 32 euros',
        '- **November 22, 2026**: Dinner with Ana, paid $60',
      ].join('\n'),
    )
    expect((await answer('how much money do people owe me?')).split('\n')[0]).toBe('**€20**, from 1 memory:')
    // Nothing named: all the newest memories give; spent, so nothing dated ahead (a bill due on the 30th).
    await t.factory.memory(user.id, { text: 'Electricity bill due, 64 euros', date: '2026-11-30' })
    expect((await answer('How much have I spent in total?')).split('\n')[0]).toBe(
      '**€77.20** and **$60** in all, from 3 memories:',
    )
    expect((await answer('how much will the electricity bill cost?')).split('\n')[0]).toBe(
      '**€64**, from 1 memory:',
    )
    expect((await answer('How many hours did I work on the report?')).split('\n')[0]).toBe(
      '**13 h 30 min** in all, from 2 memories:',
    )
    // Memories that give no amount: as any search shows them.
    expect(await answer('how much were the running shoes?')).toBe(
      ["Here's what I found in your memories:", '', '- **November 23, 2026**: New running shoes'].join('\n'),
    )
  })
})
