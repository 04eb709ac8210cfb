import type { TFunction } from 'i18next'
import { i18n, screenLocale } from '../../../lib/i18n'
import { calendarConfiguration, calendarDay, weatherConfiguration, type ListedDataSource } from '@remi/shared'

/** The word used in titles and messages: 'Calendar', 'Weather', or 'Data Source' for anything else. */
export function dataSourceLabel(type: string, t: TFunction): string {
  if (type === 'calendar') return t('dataSources.names.calendar')
  if (type === 'weather') return t('dataSources.names.weather')
  return t('dataSources.names.other')
}

/** A card heading: known types by their label, unknown ones by their own name. */
export function dataSourceTitle(type: string, t: TFunction): string {
  if (type === 'calendar' || type === 'weather') return dataSourceLabel(type, t)
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : t('dataSources.names.other')
}

/**
 * The vacation's days: in English as the spec shows them ("2030-07-01 - 2030-07-10", the date part of
 * each), in another language as its own dates say ("1–10 de jul. de 2030"), through Intl.
 */
function vacationRange(start: string | null | undefined, end: string | null | undefined): string {
  const language = i18n.resolvedLanguage ?? i18n.language
  if (!language || language === 'en' || !start || !end) return [start, end].filter(Boolean).join(' - ')
  const dates = new Intl.DateTimeFormat(screenLocale(), { dateStyle: 'medium', timeZone: 'UTC' })
  return dates.formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`))
}

export interface Setting {
  label: string
  value: string
}

/** What a card shows about a source's configuration, most important first. */
export function dataSourceSettings(source: ListedDataSource, t: TFunction): Setting[] {
  if (source.dataSourceType === 'weather') {
    const config = weatherConfiguration(source.configuration)
    const settings: Setting[] = [
      {
        label: t('dataSources.settings.location'),
        value: config.locationName || t('dataSources.settings.notSet'),
      },
    ]
    const vacation = config.vacationMode
    if (vacation?.isEnabled) {
      const range = vacationRange(calendarDay(vacation.startDate), calendarDay(vacation.endDate))
      settings.push({
        label: t('dataSources.settings.vacationMode'),
        value: `${vacation.locationName ?? ''} (${range})`,
      })
    }
    return settings
  }
  if (source.dataSourceType === 'calendar') {
    const config = calendarConfiguration(source.configuration)
    const settings: Setting[] = [
      {
        label: t('dataSources.settings.calendarName'),
        value: config.calendarName || t('dataSources.settings.notSelected'),
      },
    ]
    if (config.icsUrl) settings.push({ label: t('dataSources.settings.icsUrl'), value: config.icsUrl })
    return settings
  }
  return Object.entries(source.configuration).map(([label, value]) => ({
    label,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }))
}
