import { z } from 'zod'
import { isStorableText } from './text.ts'

export const dataSourceTypes = ['calendar', 'weather'] as const
export const DataSourceType = z.enum(dataSourceTypes)
export type DataSourceType = z.infer<typeof DataSourceType>

/** A place resolved by the geocoder; stored by the server, never taken from the client. */
export const Place = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  country: z.string().nullable().optional(),
})
export type Place = z.infer<typeof Place>

export const CalendarOption = z.object({ id: z.string(), name: z.string() })
export type CalendarOption = z.infer<typeof CalendarOption>

export const AvailableOptions = z.object({
  calendars: z.array(CalendarOption),
  error: z.string().optional(),
})
export type AvailableOptions = z.infer<typeof AvailableOptions>

/** Any name: an unknown type is a 404 (DESIGN §5), however long (the router caps a segment at 200). */
export const DataSourceParams = z.object({ type: z.string() })

export const DataSourceTestResult = z.object({
  success: z.boolean(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
})
export type DataSourceTestResult = z.infer<typeof DataSourceTestResult>

const unstorable = (field: string) => `${field} must not contain NUL or broken characters`

const optionalText = (max: number, field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isStorableText, unstorable(field))
    .nullish()

/** 'YYYY-MM-DD' or an ISO date-time; the calendar day is what counts. */
const dateValue = (field: string) =>
  z
    .string({ message: `${field} must be a date` })
    .trim()
    .refine((v) => v === '' || calendarDay(v) !== null, `${field} must be a date`)
    .nullish()

export const VacationModeInput = z.object({
  isEnabled: z.boolean({ message: 'vacationMode.isEnabled must be true or false' }).default(false),
  locationName: optionalText(200, 'Vacation location'),
  startDate: dateValue('Start date'),
  endDate: dateValue('End date'),
})
export type VacationModeInput = z.infer<typeof VacationModeInput>

export const WeatherConfigurationInput = z.object({
  locationName: optionalText(200, 'Location'),
  vacationMode: VacationModeInput.nullish(),
})
export type WeatherConfigurationInput = z.infer<typeof WeatherConfigurationInput>

export const CalendarConfigurationInput = z.object({
  calendarId: optionalText(500, 'Calendar id'),
  calendarName: optionalText(500, 'Calendar name'),
  // Calendar apps publish subscription links as webcal://, which is https underneath.
  icsUrl: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/^webcals?:\/\//i, 'https://') : v),
      z
        .string({ message: 'ICS URL must be text' })
        .max(2000, 'ICS URL must be at most 2000 characters')
        .refine(isStorableText, unstorable('ICS URL'))
        .refine((v) => v === '' || isHttpUrl(v), 'ICS URL must be an http:// or https:// address')
        .nullish(),
    )
    .optional(),
})
export type CalendarConfigurationInput = z.infer<typeof CalendarConfigurationInput>

const storedText = z.string().nullish()

/** What the server stores and answers for weather: the names as given, and the places it resolved. */
export const WeatherConfiguration = z.object({
  locationName: storedText,
  location: Place.nullish(),
  vacationMode: z
    .object({
      isEnabled: z.boolean(),
      locationName: storedText,
      /** The UTC start of the first day and the UTC end of the last day (spec §7). */
      startDate: storedText,
      endDate: storedText,
      location: Place.nullish(),
    })
    .nullish(),
})
export type WeatherConfiguration = z.infer<typeof WeatherConfiguration>

export const CalendarConfiguration = z.object({
  calendarId: storedText,
  calendarName: storedText,
  icsUrl: storedText,
})
export type CalendarConfiguration = z.infer<typeof CalendarConfiguration>

/**
 * A stored configuration read through its schema: JSON that does not fit (written by an older
 * version, or by hand) reads as an empty configuration instead of failing the request.
 */
export function weatherConfiguration(value: unknown): WeatherConfiguration {
  const parsed = WeatherConfiguration.safeParse(value)
  return parsed.success ? parsed.data : {}
}
export function calendarConfiguration(value: unknown): CalendarConfiguration {
  const parsed = CalendarConfiguration.safeParse(value)
  return parsed.success ? parsed.data : {}
}

const dataSourceFields = {
  isEnabled: z.boolean(),
  /** Only in GET datasources/:type: for the calendar, the calendars the account can read. */
  availableOptions: AvailableOptions.optional(),
}
export const WeatherDataSource = z.object({
  dataSourceType: z.literal('weather'),
  configuration: WeatherConfiguration,
  ...dataSourceFields,
})
export type WeatherDataSource = z.infer<typeof WeatherDataSource>
export const CalendarDataSource = z.object({
  dataSourceType: z.literal('calendar'),
  configuration: CalendarConfiguration,
  ...dataSourceFields,
})
export type CalendarDataSource = z.infer<typeof CalendarDataSource>

/** A data source as the server answers it; `dataSourceType` says which configuration it carries. */
export const DataSource = z.discriminatedUnion('dataSourceType', [WeatherDataSource, CalendarDataSource])
export type DataSource = z.infer<typeof DataSource>
export const DataSourceList = z.array(DataSource)

/**
 * A data source as a client lists it: one of the types above, or one a newer server added, which the
 * web shows with its raw settings and a 'not yet implemented' dialog (spec, Data Sources page).
 */
export const ListedDataSource = z.object({
  dataSourceType: z.string(),
  isEnabled: z.boolean(),
  configuration: z.record(z.string(), z.unknown()),
  availableOptions: AvailableOptions.optional(),
})
export type ListedDataSource = z.infer<typeof ListedDataSource>

/**
 * The PUT body as it travels (DESIGN §5): the client sends the whole item; only the configuration
 * fields it names are changed. dataSourceType may be left out (the address names the type); the
 * configuration is checked against its type's schema once the type is known (UpdateDataSource).
 */
export const UpdateDataSourceBody = z.object({
  dataSourceType: z.string().max(50).optional(),
  isEnabled: z.boolean().optional(),
  configuration: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('WeatherConfigurationInput or CalendarConfigurationInput, as the address names the type'),
})
export type UpdateDataSourceBody = z.infer<typeof UpdateDataSourceBody>

/** A PUT body once its type is known: the configuration input of that type. */
export const UpdateDataSource = z.discriminatedUnion('dataSourceType', [
  z.object({
    dataSourceType: z.literal('weather'),
    isEnabled: z.boolean().optional(),
    configuration: WeatherConfigurationInput.optional(),
  }),
  z.object({
    dataSourceType: z.literal('calendar'),
    isEnabled: z.boolean().optional(),
    configuration: CalendarConfigurationInput.optional(),
  }),
])
export type UpdateDataSource = z.infer<typeof UpdateDataSource>

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The calendar day ('YYYY-MM-DD') of a date input value or of an ISO time in UTC; null when unparseable. */
export function calendarDay(value: string | null | undefined): string | null {
  if (!value) return null
  const v = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const d = new Date(`${v}T00:00:00Z`)
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : v
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return null
  const d = new Date(v)
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10)
}

export const VACATION_MESSAGES = {
  location: 'Vacation location is required',
  start: 'Start date is required',
  end: 'End date is required',
  order: 'End date must be after start date',
} as const

/**
 * The vacation rules of the product spec (§5), shared by the form and the server so both say the same.
 * Only checked when vacation mode is on; an end on or before the start day is rejected.
 */
export function vacationModeErrors(
  vacation:
    | {
        isEnabled?: boolean
        locationName?: string | null
        startDate?: string | null
        endDate?: string | null
      }
    | null
    | undefined,
): string[] {
  if (!vacation?.isEnabled) return []
  const errors: string[] = []
  if (!vacation.locationName?.trim()) errors.push(VACATION_MESSAGES.location)
  const start = calendarDay(vacation.startDate)
  const end = calendarDay(vacation.endDate)
  if (!vacation.startDate?.trim()) errors.push(VACATION_MESSAGES.start)
  if (!vacation.endDate?.trim()) errors.push(VACATION_MESSAGES.end)
  if (start && end && end <= start) errors.push(VACATION_MESSAGES.order)
  return errors
}

/** Vacation dates travel as the start of the first day and the end of the last day, in UTC (spec §7). */
export function vacationStartIso(day: string): string {
  return `${day}T00:00:00.000Z`
}
export function vacationEndIso(day: string): string {
  return `${day}T23:59:59.999Z`
}
