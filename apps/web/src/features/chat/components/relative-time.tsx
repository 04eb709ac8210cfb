import { formatDistance } from 'date-fns'
import { formatDateTime } from '../../../lib/clock'

/** English relative time ("5 minutes ago") against `now`, the exact time on hover. */
export function RelativeTime({ iso, now }: { iso: string; now: number }) {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return null
  return (
    <time dateTime={iso} title={formatDateTime(time)}>
      {formatDistance(time, Math.max(now, time), { addSuffix: true })}
    </time>
  )
}
