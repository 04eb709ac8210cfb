/** Calendar days ('YYYY-MM-DD') and their boundaries in a user's IANA time zone. */

const dayFormatters = new Map<string, Intl.DateTimeFormat>()
const partFormatters = new Map<string, Intl.DateTimeFormat>()

/** The calendar day an instant falls on in a time zone. */
export function zonedDay(instant: Date, timeZone: string): string {
  let f = dayFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormatters.set(timeZone, f)
  }
  return f.format(instant)
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetMs(instant: Date, timeZone: string): number {
  let f = partFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    partFormatters.set(timeZone, f)
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, Number(p.value)]))
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wall - Math.floor(instant.getTime() / 1000) * 1000
}

/** The instant a calendar day begins in a time zone (DST-aware). */
export function startOfZonedDay(day: string, timeZone: string): Date {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`)
  const first = wallMidnight - offsetMs(new Date(wallMidnight), timeZone)
  return new Date(wallMidnight - offsetMs(new Date(first), timeZone))
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
