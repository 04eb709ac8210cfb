/**
 * Adding up what memories measure: "how far did I run this week?", "how much did I spend on groceries in
 * November?", "how many hours did I work this week?". The amounts are read from the memories' words
 * ("Ran 5 km", "Groceries 45.20 €", "Worked 7h30 on the report"), one of each kind a memory.
 */
import { MONEY_WORDS } from '../language/index.ts'

/** What a total adds: distances, money (or only money spent), time. */
export type Measure = 'distance' | 'money' | 'spent' | 'time'

const DISTANCE_UNITS = String.raw`km|kms|kilomet(?:er|re)s?|mi|miles?|met(?:er|re)s?`
const TIME_UNITS = String.raw`hours?|hrs?|h|minutes?|mins?`

const ASKS_DISTANCE = new RegExp(String.raw`\bhow\s+(?:far|many\s+(?:${DISTANCE_UNITS})\b)`, 'i')
const ASKS_MONEY = new RegExp(
  String.raw`\bhow\s+(?:much\b(?!\s+(?:time|longer|older|more)\b).*\b(?:spen[dt]|spending|pa(?:y|id)|cost|costs|owe[sd]?|earn(?:ed)?|made|sav(?:e|ed)|money|charged?)\b|many\s+(?:${MONEY_WORDS})\b)`,
  'i',
)
const ASKS_SPENT = /\b(?:spen[dt]|spending|pa(?:y|id)|cost|costs)\b/i
const ASKS_TIME = /\bhow\s+(?:many\s+(?:hours|hrs|minutes|mins)\b|much\s+time\b|long\s+did\s+(?:i|we)\b)/i

/** What a question asks to add up, or null: "how far…", "how much did I spend…", "how many hours…". */
export function totalAsked(text: string): Measure | null {
  if (ASKS_DISTANCE.test(text)) return 'distance'
  if (ASKS_MONEY.test(text)) return ASKS_SPENT.test(text) ? 'spent' : 'money'
  if (ASKS_TIME.test(text)) return 'time'
  return null
}

/** The words of such a question that say what is measured, not what about ("far", "km", "spend"). */
const MEASURE_WORD = new RegExp(
  String.raw`^(?:far|much|total|altogether|distance|${DISTANCE_UNITS}|spen[dt]|spending|pa(?:y|id)|cost|costs|owe[sd]?|earn(?:ed)?|made|sav(?:e|ed)|money|charged?|${MONEY_WORDS}|${TIME_UNITS}|long)$`,
  'i',
)
export const isMeasureWord = (word: string) => MEASURE_WORD.test(word)

/** A number as written: "5", "12.50", "12,50" (a decimal comma), "1,200" (thousands). */
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`
const toNumber = (written: string) =>
  Number(/,\d{3}(?:\D|$)/.test(written) ? written.replace(/,/g, '') : written.replace(',', '.'))

const DISTANCE = new RegExp(String.raw`(?<![\d.,])(${NUMBER})\s*(${DISTANCE_UNITS}|k)\b`, 'i')
const MONEY = new RegExp(
  String.raw`([$€£])\s?(${NUMBER})|(?<![\d.,])(${NUMBER})\s?(?:([$€£])|(${MONEY_WORDS})\b)`,
  'i',
)
const DURATION = new RegExp(
  String.raw`(?<![\d.,:])(\d+(?:[.,]\d+)?)\s*(hours?|hrs?|h)(?![a-z])(?:\s*(?:and\s+)?(\d{1,2})\s*(?:minutes?|mins?|m)?\b)?|(?<![\d.,:])(\d+)\s*(minutes?|mins?)\b`,
  'i',
)

/** An amount in a unit: km, mi, EUR, USD, GBP, or minutes. */
export interface Amount {
  value: number
  unit: string
}

const CURRENCY: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' }
const currencyOf = (word: string) =>
  CURRENCY[word] ?? (/^(?:euros?|eur)$/i.test(word) ? 'EUR' : /^(?:pounds?|gbp)$/i.test(word) ? 'GBP' : 'USD')

/** The first amount of the kind a text gives ("Ran 5 km in 28 minutes": 5 km, or 28 minutes), or null. */
export function amountIn(text: string, measure: Exclude<Measure, 'spent'>): Amount | null {
  if (measure === 'distance') {
    const m = DISTANCE.exec(text)
    if (!m) return null
    const value = toNumber(m[1]!)
    const unit = m[2]!.toLowerCase()
    if (/^(?:mi|miles?)$/.test(unit)) return { value, unit: 'mi' }
    return /^met/.test(unit) ? { value: value / 1000, unit: 'km' } : { value, unit: 'km' }
  }
  if (measure === 'money') {
    const m = MONEY.exec(text)
    if (!m) return null
    return m[1]
      ? { value: toNumber(m[2]!), unit: currencyOf(m[1]) }
      : { value: toNumber(m[3]!), unit: currencyOf(m[4] ?? m[5]!) }
  }
  const m = DURATION.exec(text)
  if (!m) return null
  if (m[5]) return { value: Number(m[4]), unit: 'min' }
  return { value: Math.round(toNumber(m[1]!) * 60) + Number(m[3] ?? 0), unit: 'min' }
}

const round = (n: number) => Math.round(n * 100) / 100
const SYMBOL: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' }

/** "13.5 km", "€244.50", "2 h 5 min". */
export function formatAmount({ value, unit }: Amount): string {
  if (unit === 'min') {
    const hours = Math.floor(value / 60)
    const minutes = Math.round(value % 60)
    return hours ? `${hours} h${minutes ? ` ${minutes} min` : ''}` : `${minutes} min`
  }
  if (unit in SYMBOL) return `${SYMBOL[unit]}${Number.isInteger(value) ? value : value.toFixed(2)}`
  return `${round(value)} ${unit}`
}

/** The amounts of texts added up by unit, in the order the units first come. */
export function addUp(amounts: readonly Amount[]): Amount[] {
  const totals = new Map<string, number>()
  for (const a of amounts) totals.set(a.unit, (totals.get(a.unit) ?? 0) + a.value)
  return [...totals].map(([unit, value]) => ({ unit, value: round(value) }))
}
