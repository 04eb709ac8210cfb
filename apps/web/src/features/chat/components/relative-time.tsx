import { screenLocale } from '../../../lib/i18n'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How long ago, in the largest unit that fits: "now", "5 minutes ago", "3 months ago". */
function ago(elapsed: number): [number, Intl.RelativeTimeFormatUnit] {
  if (elapsed < 45 * SECOND) return [0, 'second']
  if (elapsed < 45 * MINUTE) return [Math.max(1, Math.round(elapsed / MINUTE)), 'minute']
  if (elapsed < 23.5 * HOUR) return [Math.max(1, Math.round(elapsed / HOUR)), 'hour']
  if (elapsed < 30 * DAY) return [Math.max(1, Math.round(elapsed / DAY)), 'day']
  if (elapsed < 365 * DAY) return [Math.min(11, Math.max(1, Math.round(elapsed / (30.44 * DAY)))), 'month']
  return [Math.max(1, Math.round(elapsed / (365.25 * DAY))), 'year']
}

/** The relative time of `time` against `now`, in the screen's language ("há 5 minutos" in pt-PT). */
export function formatRelative(time: number, now: number, locale = screenLocale()): string {
  const [count, unit] = ago(Math.max(0, now - time))
  // "now" for the last seconds; otherwise always a number ("1 day ago", not a "yesterday" that may be today).
  return new Intl.RelativeTimeFormat(locale, { numeric: count === 0 ? 'auto' : 'always' }).format(
    -count,
    unit,
  )
}

/** The exact time, as the screen's language writes it ('Jan 5, 2026, 10:00 AM'; '5/01/2026, 10:00' in pt-PT). */
function exact(time: number, locale = screenLocale()): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(time)
}

/** Relative time ("5 minutes ago") against `now`, in the screen's language; the exact time on hover. */
export function RelativeTime({ iso, now }: { iso: string; now: number }) {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return null
  return (
    <time dateTime={iso} title={exact(time)}>
      {formatRelative(time, now)}
    </time>
  )
}
