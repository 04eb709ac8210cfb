/**
 * "How many km is 10 miles?", "convert 70 F to C", "5 ft 10 in in cm": an amount in one unit (or two,
 * "6 lb 4 oz"), converted to another of the same kind (length, weight, volume, speed, temperature,
 * time), without a language model. Cups, pints, quarts, gallons and fluid ounces are the US ones, and
 * say so.
 */

export interface Conversion {
  /** "10 mi = **16.09 km**", or why it cannot be done. */
  text: string
  /** Absent when units of different kinds were asked for. */
  value?: number
}

const KINDS: Record<Unit['kind'], string> = {
  length: 'a length',
  weight: 'a weight',
  volume: 'a volume',
  speed: 'a speed',
  temperature: 'a temperature',
  time: 'a time',
}

interface Unit {
  kind: 'length' | 'weight' | 'volume' | 'speed' | 'temperature' | 'time'
  /** How it is shown after a number, and after 1. */
  symbol: string
  one?: string
  /** In the kind's base unit (metre, kilogram, litre, metre a second, second); temperature has none. */
  factor: number
  names: string
}

const UNITS: Unit[] = [
  { kind: 'length', symbol: 'mm', factor: 0.001, names: 'mm millimeter millimeters millimetre millimetres' },
  { kind: 'length', symbol: 'cm', factor: 0.01, names: 'cm centimeter centimeters centimetre centimetres' },
  { kind: 'length', symbol: 'm', factor: 1, names: 'm meter meters metre metres' },
  { kind: 'length', symbol: 'km', factor: 1000, names: 'km kms kilometer kilometers kilometre kilometres' },
  { kind: 'length', symbol: 'in', factor: 0.0254, names: 'in inch inches' },
  { kind: 'length', symbol: 'ft', factor: 0.3048, names: 'ft foot feet' },
  { kind: 'length', symbol: 'yd', factor: 0.9144, names: 'yd yds yard yards' },
  { kind: 'length', symbol: 'mi', factor: 1609.344, names: 'mi mile miles' },
  { kind: 'weight', symbol: 'mg', factor: 1e-6, names: 'mg milligram milligrams' },
  { kind: 'weight', symbol: 'g', factor: 0.001, names: 'g gram grams gramme grammes' },
  { kind: 'weight', symbol: 'kg', factor: 1, names: 'kg kgs kilo kilos kilogram kilograms' },
  { kind: 'weight', symbol: 'oz', factor: 0.028349523125, names: 'oz ounce ounces' },
  { kind: 'weight', symbol: 'lb', factor: 0.45359237, names: 'lb lbs pound pounds' },
  { kind: 'weight', symbol: 'stone', factor: 6.35029318, names: 'st stone stones' },
  { kind: 'volume', symbol: 'ml', factor: 0.001, names: 'ml milliliter milliliters millilitre millilitres' },
  { kind: 'volume', symbol: 'l', factor: 1, names: 'l liter liters litre litres' },
  { kind: 'volume', symbol: 'tsp', factor: 0.00492892159375, names: 'tsp teaspoon teaspoons' },
  { kind: 'volume', symbol: 'tbsp', factor: 0.01478676478125, names: 'tbsp tablespoon tablespoons' },
  {
    kind: 'volume',
    symbol: 'fl oz (US)',
    factor: 0.0295735295625,
    names: 'fl_oz floz fluid_ounce fluid_ounces',
  },
  { kind: 'volume', symbol: 'cups (US)', one: 'cup (US)', factor: 0.2365882365, names: 'cup cups' },
  { kind: 'volume', symbol: 'pints (US)', one: 'pint (US)', factor: 0.473176473, names: 'pt pint pints' },
  { kind: 'volume', symbol: 'quarts (US)', one: 'quart (US)', factor: 0.946352946, names: 'qt quart quarts' },
  { kind: 'volume', symbol: 'gal (US)', factor: 3.785411784, names: 'gal gallon gallons' },
  {
    kind: 'speed',
    symbol: 'km/h',
    factor: 1 / 3.6,
    names: 'km/h kmh kph kilometers_per_hour kilometres_per_hour',
  },
  { kind: 'speed', symbol: 'mph', factor: 0.44704, names: 'mph miles_per_hour' },
  { kind: 'speed', symbol: 'm/s', factor: 1, names: 'm/s meters_per_second metres_per_second' },
  { kind: 'speed', symbol: 'knots', one: 'knot', factor: 1852 / 3600, names: 'kn knot knots' },
  { kind: 'temperature', symbol: '°C', factor: 1, names: 'c °c celsius centigrade' },
  { kind: 'temperature', symbol: '°F', factor: 1, names: 'f °f fahrenheit' },
  { kind: 'temperature', symbol: 'K', factor: 1, names: 'kelvin kelvins' },
  { kind: 'time', symbol: 's', factor: 1, names: 's sec secs second seconds' },
  { kind: 'time', symbol: 'min', factor: 60, names: 'min mins minute minutes' },
  { kind: 'time', symbol: 'h', factor: 3600, names: 'h hr hrs hour hours' },
  { kind: 'time', symbol: 'days', one: 'day', factor: 86_400, names: 'day days' },
  { kind: 'time', symbol: 'weeks', one: 'week', factor: 604_800, names: 'week weeks' },
]

/** A unit's names as they are typed ("fluid ounces", "miles per hour"), longest first. */
const BY_NAME = new Map(
  UNITS.flatMap((unit) => unit.names.split(' ').map((name) => [name.replace(/_/g, ' '), unit] as const)),
)
const UNIT = [...BY_NAME.keys()]
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/[/]/g, '\\/').replace(/ /g, '\\s+'))
  .join('|')
const AMOUNT = String.raw`(?<amount>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|an?|one)`
/** A unit, after "degrees" for a temperature ("70 degrees fahrenheit"). */
const unit = (group: string) => String.raw`(?:degrees?\s+)?(?<${group}>${UNIT})`
const END = String.raw`\s*[?.!]*\s*$`
/** The second part of an amount in two units: "5 ft 10 in", "6 lb 4 oz", "1 hour and 30 minutes". */
const AND_MORE = String.raw`(?:\s+(?:and\s+)?(?<more>\d+(?:\.\d+)?)\s*(?<moreUnit>${UNIT}))?`
const PATTERNS = [
  // "convert 10 miles to km", "what is 70 F in celsius?", "10 km in miles", "5 ft 10 in in cm"
  new RegExp(
    String.raw`^\s*(?:(?:please\s+)?(?:convert|change)\s+|what(?:'s|’s|\s+is|\s+are)\s+|how\s+much\s+is\s+)?${AMOUNT}\s*${unit('from')}${AND_MORE}\s+(?:to|in|into|as)\s+${unit('to')}${END}`,
    'i',
  ),
  // "how many ounces in a pound?", "how many km is 10 miles?", "how many cups are in 2 liters?"
  new RegExp(
    String.raw`^\s*how\s+many\s+${unit('to')}\s+(?:are\s+(?:there\s+)?in|is|are|in|make(?:\s+up)?|(?:is|are)\s+there\s+in)\s+${AMOUNT}\s*${unit('from')}${END}`,
    'i',
  ),
]

/** The conversion a message asks for; null when it asks none. */
export function conversion(message: string): Conversion | null {
  for (const pattern of PATTERNS) {
    const groups = pattern.exec(message)?.groups
    if (!groups) continue
    const from = BY_NAME.get(normal(groups.from!))
    const to = BY_NAME.get(normal(groups.to!))
    if (!from || !to || from === to) return null
    if (from.kind !== to.kind) {
      return {
        text: `I can't convert ${from.symbol} to ${to.symbol}: ${KINDS[from.kind]} is not ${KINDS[to.kind]}.`,
      }
    }
    const amount = /^(?:an?|one)$/i.test(groups.amount!) ? 1 : Number(groups.amount!.replace(/,/g, ''))
    if (groups.more) {
      // "5 ft 10 in": the two parts together, in units of one kind that is not a temperature.
      const second = BY_NAME.get(normal(groups.moreUnit!))
      if (!second || second.kind !== from.kind || from.kind === 'temperature') return null
      const value = convert(amount, from, to) + convert(Number(groups.more), second, to)
      return {
        text: `${shown(amount, from)} ${shown(Number(groups.more), second)} = **${shown(value, to)}**`,
        value,
      }
    }
    const value = convert(amount, from, to)
    // A height in feet is said in feet and inches: "180 cm = **5.91 ft** (5 ft 10.9 in)".
    const inches = Math.round((value % 1) * 120) / 10
    const feet =
      to.symbol === 'ft' && value > 1 && inches > 0 && inches < 12
        ? ` (${Math.floor(value)} ft ${inches} in)`
        : ''
    return { text: `${shown(amount, from)} = **${shown(value, to)}**${feet}`, value }
  }
  return null
}

const normal = (name: string) => name.toLowerCase().replace(/\s+/g, ' ')

function convert(amount: number, from: Unit, to: Unit): number {
  if (from.kind !== 'temperature') return (amount * from.factor) / to.factor
  const celsius =
    from.symbol === '°F' ? ((amount - 32) * 5) / 9 : from.symbol === 'K' ? amount - 273.15 : amount
  return to.symbol === '°F' ? (celsius * 9) / 5 + 32 : to.symbol === 'K' ? celsius + 273.15 : celsius
}

/** "16.09 km", "1 cup (US)", "1,609.3 m", "0.4536 kg": two decimals, one from a thousand on, four digits under 1. */
function shown(value: number, unit: Unit): string {
  const size = Math.abs(value)
  const rounded =
    size >= 1000
      ? Math.round(value * 10) / 10
      : size >= 1
        ? Math.round(value * 100) / 100
        : Number(value.toPrecision(4))
  const number = rounded.toLocaleString('en-US', { maximumFractionDigits: 10 })
  const symbol = rounded === 1 && unit.one ? unit.one : unit.symbol
  return unit.kind === 'temperature' && unit.symbol !== 'K' ? `${number}${symbol}` : `${number} ${symbol}`
}
