/**
 * Calendar days ('YYYY-MM-DD') and their boundaries in a user's IANA zone, computed with Intl (the
 * same zone data that validated the setting), so the database never has to know the zone name.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string) {
  let f = partsFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormatters.set(timeZone, f)
  }
  return f
}

function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return asUtc - Math.floor(instant / 1000) * 1000
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The calendar day ('YYYY-MM-DD') an instant falls on in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone)
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`
}

/** Today's date ('YYYY-MM-DD') in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDate(now, timeZone)
}

/** 'YYYY-MM-DD' shifted by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const t = new Date(Date.UTC(y, m - 1, d + days))
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The instant a local calendar day starts in the zone (DST-aware). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d)
  let instant = wall - offsetMs(wall, timeZone)
  // The offset at the guessed instant can differ (a DST change near midnight): correct once.
  const corrected = wall - offsetMs(instant, timeZone)
  if (corrected !== instant) instant = corrected
  return new Date(instant)
}

/** Falls back to UTC for a stored zone this runtime does not know, so nobody gets a 500 over it. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}
