import { todayIn } from '@remi/shared'
import { arithmetic as sumIn, formatNumber } from '../arithmetic.ts'
import { conversion as conversionIn } from '../conversion.ts'
import {
  formatDay,
  formatTime,
  clockPlace,
  isClockQuestion,
  zoneOfPlace,
  MONEY_WORDS,
} from '../../language/index.ts'
import { intent, said, when } from './types.ts'

const CURRENCY = new RegExp(String.raw`[$€£¥]|\b(?:${MONEY_WORDS})\b`, 'gi')

/**
 * A sum's answer in the money it was asked in, to the cent: "18% of 240 euros" → "43.20 euros", "$45 +
 * $12.5" → "$57.50". Null when it names no money, or more than one kind.
 */
function inMoneyOf(expression: string, value: number): string | null {
  const kinds = new Set((expression.match(CURRENCY) ?? []).map((c) => c.toLowerCase().replace(/s$/, '')))
  if (kinds.size !== 1) return null
  const kind = [...kinds][0]!
  const amount = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const sign = value < 0 ? '-' : ''
  if (/^[$€£¥]$/.test(kind)) return `${sign}${kind}${amount}`
  return `${sign}${amount} ${/^(?:eur|usd|gbp)$/.test(kind) ? kind.toUpperCase() : `${kind}s`}`
}

/** "What is 15% of 80?", "(12.50 + 8) / 3". */
export const arithmetic = intent({
  name: 'arithmetic',
  help: 'reckon',
  examples: ['What is 15% of 80?', '(12.50 + 8) / 3'],
  match: (text) => sumIn(text),
  answer(sum) {
    // "2*3*4" as typed, not "2<em>3</em>4".
    const typed = sum.expression.replace(/\*/g, '\\*')
    return said(
      'value' in sum
        ? `${typed} = **${inMoneyOf(sum.expression, sum.value) ?? formatNumber(sum.value)}**`
        : `I can't work out ${typed}: ${sum.error}.`,
    )
  },
})

/** "How many km is 10 miles?", "70 F in C". */
export const conversion = intent({
  name: 'conversion',
  help: 'reckon',
  examples: ['How many km is 10 miles?', '70 F in C'],
  match: (text) => conversionIn(text),
  answer: (converted) => said(converted.text),
})

/** "What time is it?", "what's the date today?". */
export const clock = intent({
  name: 'clock',
  help: 'dates',
  examples: ['What time is it?', "What's the date today?"],
  match: (text) => when(isClockQuestion(text)),
  answer: (_, { clock: { now, timeZone, today } }) =>
    said(`It is ${formatTime(now, timeZone)} on ${formatDay(today, { weekday: true })} (${timeZone}).`),
})

/** "What time is it in Tokyo?". */
export const clockIn = intent({
  name: 'clock-in',
  help: 'dates',
  examples: ['What time is it in Tokyo?'],
  match: (text) => {
    const place = clockPlace(text)
    return place === null ? null : { place }
  },
  answer({ place }, { clock: { now, today } }) {
    const zone = zoneOfPlace(place)
    if (!zone) {
      return said(
        `I don't know which time zone ${place} is in. Ask with a city that names one, like “What time is it in Tokyo?”.`,
      )
    }
    const there = todayIn(zone, now)
    const day = there === today ? '' : ` on ${formatDay(there, { weekday: true })}`
    return said(
      `It is ${formatTime(now, zone)}${day} in ${zone.split('/').pop()!.replace(/_/g, ' ')} (${zone}).`,
    )
  },
})
