import { describe, expect, it } from 'vitest'
import { arithmetic, formatNumber } from './arithmetic.ts'

const worked = (message: string) => {
  const sum = arithmetic(message)
  return sum && ('value' in sum ? formatNumber(sum.value) : sum.error)
}

describe('a sum asked in a message', () => {
  it.each([
    ['What is 15% of 80?', '12'],
    ["what's 2 + 2", '4'],
    ['whats 7 * 6?', '42'],
    ['calculate (3 + 4) x 2', '14'],
    ['12.5 × 4', '50'],
    ['100 divided by 8', '12.5'],
    ['how much is 1,200 minus 350?', '850'],
    ['2 ^ 10', '1,024'],
    ['3 squared plus 4 squared', '25'],
    ['2 + 3 * 4', '14'],
    ['(2 + 3) * 4', '20'],
    ['-3 - -4', '1'],
    ['2^3^2', '512'],
    ['0.1 + 0.2', '0.3'],
    ['1 / 3', '0.3333333333'],
    ['50% of 30% of 200', '30'],
    ['What is 20 percent of 45?', '9'],
    ['10 ÷ 4', '2.5'],
    ["what's a 20% tip on 45.50?", '9.1'],
    ['10% discount on 250', '25'],
    ['How much is a 20% tip on 45 euros?', '9'],
    ["what's 15% of $1,200?", '180'],
    ['12.50 € + 8 € + 4.25€', '24.75'],
    ['300 USD / 4', '75'],
  ])('%s → %s', (message, answer) => {
    expect(worked(message)).toBe(answer)
  })

  it('says why one has no answer', () => {
    expect(arithmetic('what is 5 / 0?')).toEqual({
      expression: '5 / 0',
      error: 'it divides by zero, which has no answer',
    })
    expect(worked('10 ^ 400')).toBe('the answer is too large to show')
  })

  it.each([
    'What is the wifi password?',
    'what is 2026?',
    '-5',
    'what is 2026-12-03?',
    'what is on 12/5?',
    'Remember 2 + 2',
    'what time is it',
    '(2 + 3',
    '2 + * 3',
    '80 - 20%',
    '15% off 80',
    'how many euros is 10 dollars',
    '€',
    'how many days until 12 5',
    '',
  ])('%j is not a sum', (message) => {
    expect(arithmetic(message)).toBeNull()
  })
})
