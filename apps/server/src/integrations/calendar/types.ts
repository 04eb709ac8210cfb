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
