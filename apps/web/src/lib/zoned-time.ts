/**
 * A date and a time of day as a person reads them in their zone, and the instant they mean: what the
 * reminder forms pick ('2026-11-27' and '09:00') and what the API speaks (an ISO instant).
 */
import { TZDate } from '@date-fns/tz'
import { knownTimeZone } from '@remi/shared'
import { formatClock } from './clock'
import { browserTimeZone, useUserSettings } from './settings'

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

/**
 * The instant of `day` at `time` in `zone`, or null when either is not filled in. A time the zone
 * skips that day (a daylight-saving gap) moves forward by the gap, as the zone's rules say.
 */
export function zonedInstant(day: string, time: string, zone: string): Date | null {
  const d = DAY.exec(day)
  const t = TIME.exec(time)
  if (!d || !t) return null
  const instant = new TZDate(
    Number(d[1]),
    Number(d[2]) - 1,
    Number(d[3]),
    Number(t[1]),
    Number(t[2]),
    knownTimeZone(zone),
  )
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime())
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The day ('YYYY-MM-DD') and time ('HH:mm') an instant shows in `zone`: what the pickers start from. */
export function zonedParts(instant: Date | string, zone: string): { day: string; time: string } {
  const local = new TZDate(new Date(instant).getTime(), knownTimeZone(zone))
  return {
    day: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  }
}

/**
 * When a reminder is due, said the way the assistant says it: 'Today at 17:00', 'Tomorrow at 09:00',
 * 'Friday, November 27 at 17:00', with the year when it is not this year's; the time as the person's
 * locale writes it ('5:00 PM' in en-US), as on every other screen (lib/clock.ts).
 */
export function formatDue(
  instant: Date | string,
  zone: string,
  now: Date = new Date(),
  /** 'today at 17:00' inside a sentence ('Sent today at 17:00'). */
  midSentence = false,
): string {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return 'Invalid date'
  const tz = knownTimeZone(zone)
  const { day } = zonedParts(at, tz)
  const time = formatClock(at, tz)
  const today = zonedParts(now, tz).day
  const tomorrow = zonedParts(new Date(now.getTime() + 86_400_000), tz).day
  const yesterday = zonedParts(new Date(now.getTime() - 86_400_000), tz).day
  const relative =
    day === today ? 'Today' : day === tomorrow ? 'Tomorrow' : day === yesterday ? 'Yesterday' : null
  if (relative) return `${midSentence ? relative.toLowerCase() : relative} at ${time}`
  const sameYear = day.slice(0, 4) === today.slice(0, 4)
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: tz,
  }).format(at)
  return `${date} at ${time}`
}

/** The zone reminders are picked and shown in: the one in Settings, else this browser's. */
export function useUserTimeZone(): string {
  const { timezone } = useUserSettings()
  return timezone || browserTimeZone()
}
