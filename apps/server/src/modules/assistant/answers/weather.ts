import type { AnswerTools } from '../intents/types.ts'
import { addDays } from '@remi/shared'
import { WET_CHANCE } from '../../datasources/index.ts'
import {
  relativeDay,
  type WeatherDecision,
  weatherPlace,
  weatherDecision,
  isWeekDecision,
  isSunQuestion,
  type DayRange,
} from '../../language/index.ts'
import { type GetWeatherOutput, isToolError, type ToolError } from '../tools/index.ts'
import { minutesOf } from './events.ts'
import { onDayInWords, capitalize, dayInWords, listed } from './words.ts'

/** From this chance of rain on, rain is possible: "maybe", and not a day to plan being outdoors. */
const POSSIBLE_RAIN = 30

/** A temperature in °C, whatever unit the forecast is in. */
const celsius = (n: number, unit: string) => (unit === '°F' ? ((n - 32) * 5) / 9 : n)

/** A forecast's day, as decide() reads it. */
interface ForecastDay {
  date: string
  description: string
  temperatureMin: number
  temperatureMax: number
  precipitationProbability: number | null
}

/** Clear or mainly clear: a sunny day; partly cloudy: some sun. */
const SUNNY = /^(?:clear sky|mainly clear)$/i

/**
 * The answer to what a weather question asks to decide, before the forecast: rain or not ("**Probably
 * not**: 10% chance of rain tomorrow."), the wet days of several, the first dry (or wet) day, what to
 * wear for the day's temperatures, whether a coat (or a scarf and gloves) is needed, whether the days
 * suit being outdoors, whether they are sunny, or which is the warmest, coldest, wettest or driest.
 * Null when the forecast does not say (no chance of rain given).
 */
function decide(
  asked: WeatherDecision,
  days: readonly ForecastDay[],
  unit: string,
  today: string,
): string | null {
  const [first] = days
  if (!first) return null
  if (asked === 'coat' || asked === 'gloves' || asked === 'wear') return clothesFor(asked, first, unit, today)
  if (asked === 'sunny') return skyOf(days, first, today)
  if (asked === 'warmest' || asked === 'coldest') {
    const warmest = asked === 'warmest'
    const pick = days.reduce((best, d) =>
      (warmest ? d.temperatureMax > best.temperatureMax : d.temperatureMin < best.temperatureMin) ? d : best,
    )
    const reach = warmest
      ? `up to ${Math.round(pick.temperatureMax)}${unit}`
      : `down to ${Math.round(pick.temperatureMin)}${unit}`
    return `**${capitalize(dayInWords(pick.date, today))}** is the ${asked} of these days: ${reach}.`
  }
  return rainOf(asked, days, first, unit, today)
}

/** "Between 9°C and 14°C". */
const temperaturesOf = (d: ForecastDay, unit: string) =>
  `between ${Math.round(d.temperatureMin)}${unit} and ${Math.round(d.temperatureMax)}${unit}`

/** A coat, a scarf and gloves, or what to wear, for the first day's temperatures. */
function clothesFor(asked: 'coat' | 'gloves' | 'wear', first: ForecastDay, unit: string, today: string) {
  const low = celsius(first.temperatureMin, unit)
  const high = celsius(first.temperatureMax, unit)
  const span = `${temperaturesOf(first, unit)} ${onDayInWords(first.date, today)}`
  if (asked === 'coat') {
    if (high < 16) return `**Yes**: ${span}.`
    return high < 22 ? `**A light one**: ${span}.` : `**No**: ${span}.`
  }
  if (asked === 'gloves') return high < 10 || low < 3 ? `**Yes**: ${span}.` : `**Probably not**: ${span}.`
  const clothes =
    high < 10 || low < 3
      ? 'a warm coat, and a scarf and gloves for the cold mornings'
      : high < 16
        ? 'a coat or a warm jacket'
        : high < 22
          ? 'a light jacket or a sweater'
          : 'light clothes'
  const wet = (first.precipitationProbability ?? 0) >= WET_CHANCE ? ', and take an umbrella' : ''
  return `**Wear ${clothes}**${wet} ${onDayInWords(first.date, today)}.`
}

/** Whether the days are sunny. */
function skyOf(days: readonly ForecastDay[], first: ForecastDay, today: string) {
  const sunny = days.filter((d) => SUNNY.test(d.description))
  const some = days.filter((d) => /^partly cloudy$/i.test(d.description))
  if (days.length === 1) {
    const sky = `${first.description.toLowerCase()} ${onDayInWords(first.date, today)}`
    return sunny.length
      ? `**Yes**: ${sky}.`
      : some.length
        ? `**Partly**: ${sky}.`
        : `**Probably not**: ${sky}.`
  }
  if (sunny.length) return `**Sunny** ${listed(sunny.map((d) => onDayInWords(d.date, today)))}.`
  if (some.length)
    return `**Some sun** ${listed(some.map((d) => onDayInWords(d.date, today)))}, partly cloudy.`
  return '**Probably not**: cloudy or wet on each of these days.'
}

/**
 * What the chances of rain decide: the wettest or driest day, when it stops or starts, whether to be
 * outdoors, whether it rains or an umbrella is needed. Null when the forecast gives no chance of rain.
 */
function rainOf(
  asked: WeatherDecision,
  days: readonly ForecastDay[],
  first: ForecastDay,
  unit: string,
  today: string,
): string | null {
  const known = days.filter((d) => d.precipitationProbability !== null)
  if (known.length === 0) return null
  const named = (d: ForecastDay) => capitalize(dayInWords(d.date, today))
  const chanceOf = (d: ForecastDay) => `${d.precipitationProbability}% chance of rain`
  const most = () => Math.max(...known.map((d) => d.precipitationProbability!))
  if (asked === 'wettest' || asked === 'driest') {
    const wettest = asked === 'wettest'
    const pick = known.reduce((best, d) =>
      (
        wettest
          ? d.precipitationProbability! > best.precipitationProbability!
          : d.precipitationProbability! < best.precipitationProbability!
      )
        ? d
        : best,
    )
    return `**${named(pick)}** is the ${asked} of these days: ${chanceOf(pick)}.`
  }
  if (asked === 'stop') {
    if (first.precipitationProbability !== null && first.precipitationProbability < WET_CHANCE) {
      return `**Rain isn't likely ${onDayInWords(first.date, today)}**: ${chanceOf(first)}.`
    }
    const dry = known.find((d) => d.precipitationProbability! < WET_CHANCE)
    return dry
      ? `**${named(dry)} looks dry**: ${chanceOf(dry)}.`
      : `**Not in the next ${days.length} days**: rain is likely on each of them.`
  }
  if (asked === 'next rain') {
    const wet = known.find((d) => d.precipitationProbability! >= WET_CHANCE)
    return wet
      ? `**${named(wet)}**: ${chanceOf(wet)}.`
      : `**No rain expected** in the next ${days.length} days: at most a ${most()}% chance.`
  }
  if (asked === 'outdoors') return outdoorsOn(days, known, first, unit, today)
  if (days.length > 1) {
    const wet = known.filter((d) => d.precipitationProbability! >= WET_CHANCE)
    if (wet.length === 0) return `**No rain expected**: at most a ${most()}% chance on any of these days.`
    const wetDays = listed(wet.map((d) => `${onDayInWords(d.date, today)} (${d.precipitationProbability}%)`))
    return `**Rain is likely** ${wetDays}${asked === 'umbrella' ? ': take an umbrella' : ''}.`
  }
  const p = first.precipitationProbability
  if (p === null) return null
  const chance = `${p}% chance of rain ${onDayInWords(first.date, today)}`
  if (p >= 60) return asked === 'umbrella' ? `**Yes**, take one: ${chance}.` : `**Yes, probably**: ${chance}.`
  if (p >= POSSIBLE_RAIN) {
    return asked === 'umbrella' ? `**Maybe**: ${chance}, so one wouldn't hurt.` : `**Maybe**: ${chance}.`
  }
  return asked === 'umbrella' ? `**Probably not**: only a ${chance}.` : `**Probably not**: ${chance}.`
}

/** A day for being outdoors: rain unlikely; said whether to dress warmly or for the heat. */
function outdoorsOn(
  days: readonly ForecastDay[],
  known: readonly ForecastDay[],
  first: ForecastDay,
  unit: string,
  today: string,
): string | null {
  const good = (d: ForecastDay) => (d.precipitationProbability ?? 0) < POSSIBLE_RAIN
  const feel = (d: ForecastDay) => {
    const top = celsius(d.temperatureMax, unit)
    return top < 8 ? ', so dress warmly' : top >= 30 ? ', so mind the heat' : ''
  }
  if (days.length > 1) {
    const fine = known.filter(good)
    if (fine.length === 0) return '**Not really**: rain is likely on each of these days.'
    const look = fine.length === 1 ? 'looks' : 'look'
    return `**${capitalize(listed(fine.map((d) => dayInWords(d.date, today))))} ${look} best**: rain unlikely (${listed(fine.map((d) => `${d.precipitationProbability}%`))}).`
  }
  const chance = `${first.precipitationProbability}% chance of rain ${onDayInWords(first.date, today)}`
  if (first.precipitationProbability === null) return null
  if (first.precipitationProbability >= WET_CHANCE) return `**Probably not**: ${chance}.`
  if (!good(first)) return `**Maybe**: ${chance}, ${temperaturesOf(first, unit)}.`
  return `**Yes**: ${chance}, ${temperaturesOf(first, unit)}${feel(first)}.`
}

/**
 * Weather in words: the day's conditions, temperatures and chance of rain; the following days for a
 * week. With `asked`, the answer to what the question asks to decide comes first.
 */
function describeWeather(
  result: GetWeatherOutput,
  range: DayRange,
  today: string,
  asked: WeatherDecision | null = null,
): string {
  if (isToolError(result)) return `I couldn't get the weather: ${result.error}`
  const forecast = describeForecast(result, range, today, asked === null)
  const days = [...(result.day ? [{ date: result.date, ...result.day }] : []), ...result.nextDays].filter(
    (d) => d.date >= range.from && d.date <= range.to,
  )
  const lead = asked && decide(asked, days, result.temperatureUnit, today)
  return lead ? `${lead}\n\n${forecast}` : forecast
}

function describeForecast(
  result: Exclude<GetWeatherOutput, ToolError>,
  range: DayRange,
  today: string,
  advise: boolean,
): string {
  const unit = result.temperatureUnit
  const t = (n: number) => `${Math.round(n)}${unit}`
  const place = `${result.place}${result.onVacation ? ' (your vacation location)' : ''}`
  const rain = (p: number | null) => (p === null ? '' : `, ${p}% chance of rain`)
  if (range.from !== range.to) {
    const days = [...(result.day ? [{ date: result.date, ...result.day }] : []), ...result.nextDays].filter(
      (d) => d.date >= range.from && d.date <= range.to,
    )
    if (days.length === 0)
      return `There is no forecast yet for ${relativeDay(range.from, today)} in ${place}.`
    return [
      `**Weather in ${place}:**`,
      '',
      ...days.map(
        (d) =>
          `- ${capitalize(dayInWords(d.date, today))}: ${d.description.toLowerCase()}, ${t(d.temperatureMin)} to ${t(d.temperatureMax)}${rain(d.precipitationProbability)}`,
      ),
    ].join('\n')
  }
  const parts: string[] = []
  if (result.now) {
    const feels =
      result.now.feelsLike !== null && Math.round(result.now.feelsLike) !== Math.round(result.now.temperature)
        ? ` (feels like ${t(result.now.feelsLike)})`
        : ''
    parts.push(`${result.now.description.toLowerCase()}, ${t(result.now.temperature)} now${feels}`)
  }
  if (result.day) {
    const d = result.day
    const head = result.now ? '' : `${d.description.toLowerCase()}, `
    parts.push(
      `${head}between ${t(d.temperatureMin)} and ${t(d.temperatureMax)}${rain(d.precipitationProbability)}`,
    )
  }
  if (parts.length === 0) parts.push(result.summary)
  const umbrella =
    advise && (result.day?.precipitationProbability ?? 0) >= WET_CHANCE ? ' Take an umbrella.' : ''
  return `**Weather for ${dayInWords(result.date, today)} in ${place}:** ${parts.join('; ')}.${umbrella}`
}

/**
 * The weather a message asks about, in words: at the place it names or where the user will be; sunrise
 * and sunset when it asks for them, else the forecast after what it asks to decide. The offline answer,
 * and the fact context mode gives the model.
 */
export async function weatherAsked(tools: AnswerTools, content: string, asked: DayRange, today: string) {
  // "What's the weather in Porto?": there; else where the user will be.
  const place = weatherPlace(content)
  const decision = weatherDecision(content)
  // "When will it stop raining?", "the warmest day?": with no days named, the coming week.
  const range =
    isWeekDecision(decision) && asked.from === asked.to && asked.from === today
      ? { from: today, to: addDays(today, 6) }
      : asked
  const result = await tools.getWeather({ date: range.from, ...(place ? { place } : {}) })
  return isSunQuestion(content) ? describeSun(result, today) : describeWeather(result, range, today, decision)
}

/** "**Sunrise and sunset for tomorrow in Lisbon:** 07:39 and 17:14, 9 h 35 min of daylight." (the place's time) */
function describeSun(result: GetWeatherOutput, today: string): string {
  if (isToolError(result)) return `I couldn't get the times of sunrise and sunset: ${result.error}`
  const { sunrise, sunset } = result.day ?? {}
  const where = `${dayInWords(result.date, today)} in ${result.place}`
  if (!sunrise || !sunset) return `I have no times of sunrise and sunset for ${where}.`
  const daylight = minutesOf(sunset) - minutesOf(sunrise)
  const length = daylight > 0 ? `, ${Math.floor(daylight / 60)} h ${daylight % 60} min of daylight` : ''
  return `**Sunrise and sunset for ${where}:** ${sunrise} and ${sunset}${length}.`
}
