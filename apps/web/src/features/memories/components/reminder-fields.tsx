import { Link } from 'react-router'
import type { Reminder } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { paths } from '../../../config/paths'
import { formatDue, zonedParts } from '../../../lib/zoned-time'

interface Props {
  /** "Remind me" is on: the date and time fields show. */
  show: boolean
  /** The memory's reminders still to come. */
  upcoming: Reminder[]
  zone: string
  /** When the modal opened: no day before it can be picked. */
  openedAt: number
  day: string
  time: string
  error: string | undefined
  onDay(day: string): void
  onTime(time: string): void
}

/** The memory's reminders still to come and, with "Remind me" on, the new reminder's date and time. */
export function ReminderFields({ show, upcoming, zone, openedAt, day, time, error, onDay, onTime }: Props) {
  return (
    <>
      {upcoming.length > 0 ? (
        <p className="small text-body-secondary mb-2">
          {upcomingLine(upcoming, zone)} <Link to={paths.reminders}>See reminders</Link>
        </p>
      ) : null}
      {show ? (
        <div className="row g-2" role="group" aria-label="Reminder date and time">
          <div className="col-12 col-sm-7">
            <FormInput
              label="Reminder date"
              name="remindDate"
              type="date"
              required
              min={todayOf(openedAt, zone)}
              value={day}
              error={error}
              onChange={(e) => onDay(e.target.value)}
            />
          </div>
          <div className="col-12 col-sm-5">
            <FormInput
              label="Reminder time"
              name="remindTime"
              type="time"
              required
              helpText={zone}
              value={time}
              onChange={(e) => onTime(e.target.value)}
            />
          </div>
        </div>
      ) : null}
    </>
  )
}

/** 'Reminder set for tomorrow at 09:00.', or for several the first three and how many more. */
function upcomingLine(reminders: Reminder[], zone: string, now = new Date()): string {
  const whens = reminders
    .slice(0, 3)
    .map((r) => formatDue(r.nextAt ?? r.dueAt, zone, now, true) + (r.recurrence ? ' (repeats)' : ''))
  const more = reminders.length - whens.length
  const label = reminders.length === 1 ? 'Reminder set for' : 'Reminders set for'
  return `${label} ${whens.join('; ')}${more > 0 ? ` and ${more} more` : ''}.`
}

/** Today in the person's zone: the first day a reminder can be picked on. */
const todayOf = (at: number, zone: string) => zonedParts(new Date(at), zone).day
