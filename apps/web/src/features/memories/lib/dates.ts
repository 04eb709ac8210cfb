/** How memory dates are shown; the calendar arithmetic itself lives in @remi/shared's time module. */
import type { QuickDateFilter } from '@remi/shared'

export const quickDateFilterLabels: Record<QuickDateFilter, string> = {
  lastWeek: 'Last Week',
  thisWeek: 'This Week',
  thisMonth: 'This Month',
}

const displayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The card's date: 'No date' when missing, 'Invalid date' when unreadable, else like 'Jan 5, 2026'.
 * A calendar day is shown as that day; a timestamp as its day in `timeZone`.
 */
export function formatMemoryDate(value: string | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return 'No date'
  const day = ISO_DAY.exec(value)
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])]
    const t = new Date(Date.UTC(y, m - 1, d))
    if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return 'Invalid date'
    return displayFormat.format(t)
  }
  const instant = new Date(value)
  if (Number.isNaN(instant.getTime())) return 'Invalid date'
  try {
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: timeZone || undefined,
    }).format(instant)
  } catch {
    return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
      instant,
    )
  }
}
