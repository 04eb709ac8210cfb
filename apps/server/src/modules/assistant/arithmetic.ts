import { MONEY_WORDS } from '../language/index.ts'

/**
 * "What is 15% of 80?", "12.5 * 4", "(3 + 4) x 2", "100 divided by 7": a sum asked in a message, worked
 * out without a language model. Only numbers, + − × ÷ ^, parentheses and "N% of M" are read, by a small
 * recursive-descent parser: no text is ever evaluated as code.
 */

export type Arithmetic = { expression: string; value: number } | { expression: string; error: string }

const ASKING =
  /^\s*(?:(?:please|pls|hey|ok|okay|can you|could you)[\s,]+)*(?:what(?:'s|’s| is|s)|how much is|calculate|compute|work out|solve)?\s*(?:an?\s+)?/i

/** The words a sum may be written with, as the operators they stand for. */
const WORDS: [RegExp, string][] = [
  [/\bmultiplied by\b|\btimes\b|×|(?<=[\d)\s])x(?=[\s\d(])/gi, '*'],
  [/\bdivided by\b|\bover\b|÷/gi, '/'],
  [/\bplus\b/gi, '+'],
  [/\bminus\b|−|–/gi, '-'],
  [/\bto the power of\b|\*\*/gi, '^'],
  [/\bsquared\b/gi, '^2'],
  [/\bcubed\b/gi, '^3'],
  [/\bpercent\b/gi, '%'],
]

/** Money written after an amount: "45 €", "12.50 euros", "300 USD". */
const MONEY_AFTER = new RegExp(String.raw`(?<=[\d)]\s*)(?:[$€£¥]|(?:${MONEY_WORDS})\b)`, 'gi')

/** The sum a message asks for, worked out; null when the message is not a sum. */
export function arithmetic(message: string): Arithmetic | null {
  const expression = message
    .replace(ASKING, '')
    .replace(/[\s?=.!]+$/, '')
    .trim()
  let text = expression
  for (const [pattern, operator] of WORDS) text = text.replace(pattern, operator)
  // Money is counted as numbers: "$45", "45 €", "12.50 euros", "300 USD".
  text = text.replace(/[$€£¥](?=\s*[\d.(])/g, '').replace(MONEY_AFTER, '')
  // Thousands separators: "1,200" is twelve hundred.
  text = text.replace(/\d{1,3}(?:,\d{3})+(?![\d,])/g, (n) => n.replace(/,/g, ''))
  // "20% tip on 45.50", "10% discount on 250": a share of it too. Not "15% off 80", which may mean 68.
  text = text.replace(/%\s*(?:(?:tip|discount)\s+)?(?:of|on)\b/gi, '%*')
  // A percentage only as "N% of M": "80 - 20%" means 64 on a calculator and 79.8 in arithmetic.
  if (/%(?!\*)/.test(text)) return null
  if (!/^[\d\s.+\-*/^()%]+$/.test(text) || /\d{4}-\d{1,2}-\d{1,2}/.test(text)) return null
  const tokens = text.match(/\d+(?:\.\d+)?|\.\d+|[+\-*/^()%]/g) ?? []
  // A sum: two numbers at least, with an operator between (not "2026", "-5" or a day, "2026-12-03").
  if (tokens.filter((t) => /\d/.test(t)).length < 2) return null
  if (!tokens.some((t) => /^[+\-*/^%]$/.test(t))) return null
  try {
    const value = parse(tokens)
    if (!Number.isFinite(value)) return { expression, error: 'the answer is too large to show' }
    return { expression, value }
  } catch (error) {
    if (error instanceof DivisionByZero)
      return { expression, error: 'it divides by zero, which has no answer' }
    return null
  }
}

class DivisionByZero extends Error {}

/** expression := term (("+" | "-") term)*; term := power (("*" | "/") power)*; power := unary ("^" power)? */
function parse(tokens: string[]): number {
  let i = 0
  const peek = () => tokens[i]
  const take = (token: string) => {
    if (tokens[i] !== token) return false
    i++
    return true
  }

  function expression(): number {
    let value = term()
    for (;;) {
      if (take('+')) value += term()
      else if (take('-')) value -= term()
      else return value
    }
  }
  function term(): number {
    let value = power()
    for (;;) {
      if (take('*')) value *= power()
      else if (take('/')) {
        const divisor = power()
        if (divisor === 0) throw new DivisionByZero()
        value /= divisor
      } else return value
    }
  }
  function power(): number {
    const base = unary()
    return take('^') ? base ** power() : base
  }
  function unary(): number {
    if (take('-')) return -unary()
    if (take('+')) return unary()
    return primary()
  }
  function primary(): number {
    let value: number
    if (take('(')) {
      value = expression()
      if (!take(')')) throw new SyntaxError('a parenthesis is not closed')
    } else {
      const token = peek()
      if (token === undefined || !/\d/.test(token)) throw new SyntaxError('a number was expected')
      i++
      value = Number(token)
    }
    while (take('%')) value /= 100
    return value
  }

  const value = expression()
  if (i !== tokens.length) throw new SyntaxError('more follows the sum')
  return value
}

/** The value as people write it: thousands separated, at most 10 decimals, no float noise (0.1 + 0.2). */
export function formatNumber(value: number): string {
  const rounded = Number(value.toPrecision(12))
  return rounded.toLocaleString('en-US', { maximumFractionDigits: 10 })
}
