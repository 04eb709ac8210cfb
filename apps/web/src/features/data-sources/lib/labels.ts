import { calendarConfiguration, calendarDay, weatherConfiguration, type ListedDataSource } from '@remi/shared'

/** The word used in titles and messages: 'Calendar', 'Weather', or 'Data Source' for anything else. */
export function dataSourceLabel(type: string): string {
  if (type === 'calendar') return 'Calendar'
  if (type === 'weather') return 'Weather'
  return 'Data Source'
}

/** A card heading: known types by their label, unknown ones by their own name. */
export function dataSourceTitle(type: string): string {
  if (type === 'calendar' || type === 'weather') return dataSourceLabel(type)
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : 'Data Source'
}

export interface Setting {
  label: string
  value: string
}

/** What a card shows about a source's configuration, most important first. */
export function dataSourceSettings(source: ListedDataSource): Setting[] {
  if (source.dataSourceType === 'weather') {
    const config = weatherConfiguration(source.configuration)
    const settings: Setting[] = [{ label: 'Location', value: config.locationName || 'Not set' }]
    const vacation = config.vacationMode
    if (vacation?.isEnabled) {
      const range = [calendarDay(vacation.startDate), calendarDay(vacation.endDate)]
        .filter(Boolean)
        .join(' - ')
      settings.push({ label: 'Vacation Mode', value: `${vacation.locationName ?? ''} (${range})` })
    }
    return settings
  }
  if (source.dataSourceType === 'calendar') {
    const config = calendarConfiguration(source.configuration)
    const settings: Setting[] = [{ label: 'Calendar Name', value: config.calendarName || 'Not selected' }]
    if (config.icsUrl) settings.push({ label: 'ICS URL', value: config.icsUrl })
    return settings
  }
  return Object.entries(source.configuration).map(([label, value]) => ({
    label,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }))
}
