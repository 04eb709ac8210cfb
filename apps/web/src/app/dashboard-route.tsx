import { DashboardPage } from '../features/dashboard/components/dashboard-page'
import { UpcomingRemindersCard } from '../features/reminders/components/upcoming-reminders-card'

/** The dashboard with the reminders feature's card in it (features meet only in app/). */
export function DashboardRoute() {
  return <DashboardPage reminders={<UpcomingRemindersCard />} />
}
