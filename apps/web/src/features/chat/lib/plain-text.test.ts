import { describe, expect, it } from 'vitest'
import { plainText } from './plain-text'

describe('plainText (search snippets without Markdown)', () => {
  it('reads the issue’s snippet without its marks', () => {
    expect(plainText('_(#home #address)_ - **December 3, 2026**: 12 Rose Lane')).toBe(
      '(#home #address) - December 3, 2026: 12 Rose Lane',
    )
  })

  it('drops links, code, headings, quotes and task boxes; keeps words with underscores and sums', () => {
    expect(plainText('See [the plan](https://x.example) and `npm start`')).toBe('See the plan and npm start')
    expect(plainText('## Groceries\n> note\n- [ ] Milk')).toBe('Groceries\nnote\nMilk')
    expect(plainText('snake_case stays, 2 * 3 stays')).toBe('snake_case stays, 2 * 3 stays')
  })

  it('works on a fragment holding half of a pair', () => {
    expect(plainText('**December 3')).toBe('December 3')
    expect(plainText(', 2026**:')).toBe(', 2026:')
  })
})
