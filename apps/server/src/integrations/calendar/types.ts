import { UpstreamError } from '../http.ts'

export interface CalendarEvent {
  id: string
  title: string
  /** An ISO instant for timed events; 'YYYY-MM-DD' for all-day events. */
  start: string
  /** Exclusive end: an ISO instant, or for all-day events the day after the last day. */
  end: string
  allDay: boolean
  location: string | null
  /** Name of the calendar the event comes from. */
  calendar: string
}

export interface CalendarInfo {
  id: string
  name: string
  primary: boolean
}

export interface TimeRange {
  from: Date
  to: Date
}

/** A calendar API reached with the user's OAuth access token (Google Calendar v3, Microsoft Graph). */
export interface AccountCalendarApi {
  readonly providerName: string
  listCalendars(accessToken: string): Promise<CalendarInfo[]>
  /** Events overlapping the range, recurring ones expanded into their occurrences. */
  events(
    accessToken: string,
    calendar: { id: string; name: string },
    range: TimeRange,
  ): Promise<CalendarEvent[]>
}

/** Paging stops here so a provider that keeps sending next links cannot hold a request forever. */
export const MAX_PAGES = 20

/** A calendar API's refusal in words a person can act on: the grant (401/403) or the chosen calendar (404). */
export function explainCalendarError(
  error: unknown,
  provider: 'Google' | 'Microsoft',
  calendarKind: string,
): unknown {
  if (!(error instanceof UpstreamError)) return error
  if (error.status === 401 || error.status === 403) {
    return new UpstreamError(
      error.status,
      `${provider} did not allow access to your calendar. Sign in again with ${provider} to allow calendar access.`,
      error.body,
    )
  }
  if (error.status === 404) {
    return new UpstreamError(
      404,
      `The chosen ${calendarKind} calendar no longer exists. Choose another calendar.`,
      error.body,
    )
  }
  return error
}
