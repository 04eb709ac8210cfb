/**
 * Times of day in one format on every screen: the person's own (their browser's first language), as
 * Intl writes it with two-digit hours, as the browser's own time pickers do: '05:00 PM' for en-US,
 * '17:00' for en-GB or de. Before, one screen showed '11:46 PM', '17:00' and '09:00 AM' side by side.
 */
export function personLocale(): string | undefined {
  if (typeof navigator === 'undefined') return undefined
  return navigator.languages?.[0] ?? navigator.language ?? undefined
}

const CLOCK = { hour: '2-digit', minute: '2-digit' } as const

function formatter(
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
  locale: string | undefined = personLocale(),
): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined })
  } catch {
    // A zone this browser does not know: its own.
    return new Intl.DateTimeFormat(locale, options)
  }
}

/**
 * The time of day an instant shows in `timeZone` (the browser's when none is given), written as `locale`
 * writes times (the browser's first language when none is given; translated screens pass screenLocale()).
 */
export function formatClock(instant: Date | string | number, timeZone?: string, locale?: string): string {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return '—'
  return formatter(CLOCK, timeZone, locale ?? personLocale()).format(at)
}

/** 'Jan 5, 2026, 10:00 AM' ('5 Jan 2026, 10:00' in en-GB; or the person's own order), in `timeZone`. */
export function formatDateTime(instant: Date | string | number, timeZone?: string): string {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return '—'
  return formatter({ month: 'short', day: 'numeric', year: 'numeric', ...CLOCK }, timeZone).format(at)
}

/** A time of day typed as 'HH:mm' (a time input's value), written as the person's locale writes times. */
export function formatTimeOfDay(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time)
  if (!match) return time
  return formatter(CLOCK, 'UTC').format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])))
}
