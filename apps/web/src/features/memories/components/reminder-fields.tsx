import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()
  return (
    <>
      {upcoming.length > 0 ? (
        <p className="small text-body-secondary mb-2">
          {upcomingLine(upcoming, zone, t)} <Link to={paths.reminders}>{t('memories.reminders.see')}</Link>
        </p>
      ) : null}
      {show ? (
        <div className="row g-2" role="group" aria-label={t('memories.reminders.group')}>
          <div className="col-12 col-sm-7">
            <FormInput
              label={t('memories.reminders.date')}
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
              label={t('memories.reminders.time')}
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
function upcomingLine(reminders: Reminder[], zone: string, t: TFunction, now = new Date()): string {
  const whens = reminders.slice(0, 3).map((r) => {
    const when = formatDue(r.nextAt ?? r.dueAt, zone, now, true)
    return r.recurrence ? t('memories.reminders.repeats', { when }) : when
  })
  return t('memories.reminders.upcoming', {
    count: reminders.length,
    whens: whens.join('; '),
    more: reminders.length - whens.length,
  })
}

/** What is wrong with the new reminder's instant (none: no date or time; or one already past), if anything. */
export function reminderError(at: Date | null, openedAt: number, t: TFunction): string | undefined {
  if (!at) return t('memories.modal.chooseDateTime')
  return at.getTime() <= openedAt ? t('memories.modal.timePassed') : undefined
}

/** Today in the person's zone: the first day a reminder can be picked on. */
const todayOf = (at: number, zone: string) => zonedParts(new Date(at), zone).day
