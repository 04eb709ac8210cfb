import { describe, expect, it } from 'vitest'
import { addUp, amountIn, formatAmount, isMeasureWord, totalAsked } from './totals.ts'

describe('totals', () => {
  it('knows which questions ask to add something up, and what', () => {
    const cases: Array<[string, ReturnType<typeof totalAsked>]> = [
      ['how far did I run this week?', 'distance'],
      ['How many km did I cycle in November?', 'distance'],
      ['how many miles did I walk?', 'distance'],
      ['how much did I spend on groceries this month?', 'spent'],
      ['how much did the car service cost?', 'spent'],
      ['How much have I paid the plumber?', 'spent'],
      ['how much money does Joao owe me?', 'money'],
      ['how many euros did I save?', 'money'],
      ['how many hours did I work this week?', 'time'],
      ['how much time did I spend on the report?', 'time'],
      ['how long did I run on Monday?', 'time'],
      // Not a total.
      ['how much is 15% of 80?', null],
      ['how long until Christmas?', null],
      ['how many memories do I have?', null],
      ['how much more do I need?', null],
      ['when is the dentist?', null],
    ]
    for (const [question, measure] of cases) expect(totalAsked(question), question).toBe(measure)
  })

  it('reads the first amount of the kind a memory gives', () => {
    const cases: Array<[string, 'distance' | 'money' | 'time', ReturnType<typeof amountIn>]> = [
      ['Ran 5 km in 28 minutes', 'distance', { value: 5, unit: 'km' }],
      ['Ran 5 km in 28 minutes', 'time', { value: 28, unit: 'min' }],
      ['Half marathon, 21.1km!', 'distance', { value: 21.1, unit: 'km' }],
      ['Ran a 10k by the river', 'distance', { value: 10, unit: 'km' }],
      ['Swam 1500 metres', 'distance', { value: 1.5, unit: 'km' }],
      ['Walked 3 miles with Ana', 'distance', { value: 3, unit: 'mi' }],
      ['Took the 5 kids to the park', 'distance', null],
      ['Groceries at Pingo Doce, 45.20 €', 'money', { value: 45.2, unit: 'EUR' }],
      ['Groceries 32 euros', 'money', { value: 32, unit: 'EUR' }],
      ['Lunch 12,50€', 'money', { value: 12.5, unit: 'EUR' }],
      ['New laptop: $1,200', 'money', { value: 1200, unit: 'USD' }],
      ['Train ticket £23.40', 'money', { value: 23.4, unit: 'GBP' }],
      ['Flight TP432 departs 07:15', 'money', null],
      ['Worked 7h30 on the report', 'time', { value: 450, unit: 'min' }],
      ['Worked 6 hours on the report', 'time', { value: 360, unit: 'min' }],
      ['Studied 1 hour and 15 minutes', 'time', { value: 75, unit: 'min' }],
      ['Meeting at 9:30, 2 hats to buy', 'time', null],
    ]
    for (const [text, measure, amount] of cases) expect(amountIn(text, measure), text).toEqual(amount)
  })

  it('adds amounts up by unit and writes them', () => {
    const totals = addUp([
      { value: 45.2, unit: 'EUR' },
      { value: 60, unit: 'USD' },
      { value: 32, unit: 'EUR' },
    ])
    expect(totals).toEqual([
      { value: 77.2, unit: 'EUR' },
      { value: 60, unit: 'USD' },
    ])
    expect(totals.map(formatAmount)).toEqual(['€77.20', '$60'])
    expect(formatAmount({ value: 810, unit: 'min' })).toBe('13 h 30 min')
    expect(formatAmount({ value: 45, unit: 'min' })).toBe('45 min')
    expect(formatAmount({ value: 13.456, unit: 'km' })).toBe('13.46 km')
    expect(['far', 'km', 'spent', 'euros', 'hours', 'run', 'groceries'].filter(isMeasureWord)).toEqual([
      'far',
      'km',
      'spent',
      'euros',
      'hours',
    ])
  })
})
