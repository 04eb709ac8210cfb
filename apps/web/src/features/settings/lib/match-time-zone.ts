import { timeZoneOptions, type TimeZoneOption } from '../../../config/timezones'

interface ZoneOffsets {
  /** The offset without daylight saving, in minutes east of UTC. */
  standard: number
  hasDst: boolean
}

function offsetAt(timeZone: string, date: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(part ?? '')
  if (!match) return 0 // "GMT" alone
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0)
  return match[1] === '-' ? -minutes : minutes
}

/** Offsets in January and July tell the standard offset (the smaller) and whether the zone observes DST. */
export function zoneOffsets(timeZone: string, year = new Date().getUTCFullYear()): ZoneOffsets | null {
  try {
    const january = offsetAt(timeZone, new Date(Date.UTC(year, 0, 15)))
    const july = offsetAt(timeZone, new Date(Date.UTC(year, 6, 15)))
    return { standard: Math.min(january, july), hasDst: january !== july }
  } catch {
    return null // not a zone this browser knows
  }
}

/**
 * The picker value for a stored zone: itself when listed; for another zone name (it contains '/'), the option
 * with the closest standard offset, preferring one with the same daylight-saving presence; otherwise ''.
 * Offsets are the given year's: zones change their rules (the runtime's tz data has Edmonton on -06:00
 * all year from 2027).
 */
export function matchTimeZone(
  stored: string,
  options: readonly TimeZoneOption[] = timeZoneOptions,
  year = new Date().getUTCFullYear(),
): string {
  if (!stored) return ''
  if (options.some((option) => option.value === stored)) return stored
  if (!stored.includes('/')) return ''
  const target = zoneOffsets(stored, year)
  if (!target) return ''

  let best: { value: string; score: number } | null = null
  for (const option of options) {
    const offsets = zoneOffsets(option.value, year)
    if (!offsets) continue
    // Offset distance dominates; a DST mismatch only breaks ties between equally close offsets.
    const score =
      Math.abs(offsets.standard - target.standard) * 2 + (offsets.hasDst === target.hasDst ? 0 : 1)
    if (!best || score < best.score) best = { value: option.value, score }
  }
  return best?.value ?? ''
}
