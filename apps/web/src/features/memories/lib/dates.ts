/** Calendar arithmetic on 'YYYY-MM-DD' strings, so no local-time shift can move a day. */

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return [y, m, d]
}

function toIso(t: Date): string {
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date)
  return toIso(new Date(Date.UTC(y, m - 1, d + days)))
}

/** Today in an IANA zone (an unknown zone falls back to the browser's). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
  } catch {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' })
  }
  const p = Object.fromEntries(format.formatToParts(now).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}`
}

export type QuickDateFilter = 'lastWeek' | 'thisWeek' | 'thisMonth'

export const quickDateFilterLabels: Record<QuickDateFilter, string> = {
  lastWeek: 'Last Week',
  thisWeek: 'This Week',
  thisMonth: 'This Month',
}

/**
 * Spec §9: last week runs from the Sunday before last to the Saturday ending last week; this
 * week starts at this week's Sunday; this month on the 1st. Only last week has an end date.
 */
export function quickDateRange(
  filter: QuickDateFilter,
  today: string,
): { startDate: string; endDate?: string } {
  const [y, m, d] = parts(today)
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() // 0 = Sunday
  const thisSunday = addDays(today, -weekday)
  switch (filter) {
    case 'lastWeek':
      return { startDate: addDays(thisSunday, -7), endDate: addDays(thisSunday, -1) }
    case 'thisWeek':
      return { startDate: thisSunday }
    case 'thisMonth':
      return { startDate: `${pad(y, 4)}-${pad(m)}-01` }
  }
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
