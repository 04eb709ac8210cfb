import { useState, type FormEvent } from 'react'
import type { TFunction } from 'i18next'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useTranslation } from 'react-i18next'
import {
  calendarDay,
  knownTimeZone,
  todayIn,
  VACATION_MESSAGES,
  vacationEndIso,
  vacationModeErrors,
  vacationStartIso,
  weatherConfiguration,
  type ListedDataSource,
  type WeatherConfiguration,
} from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { errorMessage } from '../../../lib/api-client'
import { browserTimeZone, useUserSettings } from '../../../lib/settings'
import { useDataSource } from '../api/get-data-source'
import { useUpdateDataSource } from '../api/update-data-source'
import { ConfigModalFrame } from './config-modal-frame'

const FORM_ID = 'configure-weather-form'

export function ConfigureWeatherModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation()
  const detail = useDataSource('weather')
  const update = useUpdateDataSource()
  const save = (source: ListedDataSource, configuration: WeatherConfiguration) =>
    update.mutate(
      { dataSourceType: 'weather', isEnabled: source.isEnabled, configuration: { ...configuration } },
      { onSuccess: onHide },
    )
  return (
    <ConfigModalFrame
      title={t('dataSources.modal.title', { title: t('dataSources.names.weather') })}
      formId={FORM_ID}
      detail={detail}
      saving={update.isPending}
      saveError={update.isError ? errorMessage(update.error) : null}
      onHide={onHide}
    >
      {(source) => <WeatherForm source={source} onSave={(configuration) => save(source, configuration)} />}
    </ConfigModalFrame>
  )
}

function WeatherForm({
  source,
  onSave,
}: {
  source: ListedDataSource
  onSave: (configuration: WeatherConfiguration) => void
}) {
  const { t } = useTranslation()
  const stored = weatherConfiguration(source.configuration)
  const { timezone } = useUserSettings()
  const today = todayIn(knownTimeZone(timezone, browserTimeZone()))
  const [locationName, setLocationName] = useState(stored.locationName ?? '')
  const [vacationOn, setVacationOn] = useState(stored.vacationMode?.isEnabled ?? false)
  const [vacationLocation, setVacationLocation] = useState(stored.vacationMode?.locationName ?? '')
  const [startDate, setStartDate] = useState(calendarDay(stored.vacationMode?.startDate) ?? '')
  const [endDate, setEndDate] = useState(calendarDay(stored.vacationMode?.endDate) ?? '')
  const [errors, setErrors] = useState<string[]>([])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const vacation = { isEnabled: vacationOn, locationName: vacationLocation, startDate, endDate }
    const problems = vacationModeErrors(vacation)
    setErrors(problems)
    if (problems.length > 0) return
    onSave({
      locationName: locationName.trim(),
      vacationMode: {
        isEnabled: vacationOn,
        locationName: vacationLocation.trim(),
        // Sent as the UTC start of the first day and the UTC end of the last day (spec §7).
        startDate: startDate ? vacationStartIso(startDate) : null,
        endDate: endDate ? vacationEndIso(endDate) : null,
      },
    })
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate>
      {errors.length > 0 ? (
        <Alert variant="danger">
          <Alert.Heading as="h3" className="h6">
            {t('dataSources.weather.validationErrors')}
          </Alert.Heading>
          <ul className="mb-0">
            {errors.map((error) => (
              <li key={error}>{vacationError(error, t)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <FormInput
        label={t('dataSources.settings.location')}
        name="locationName"
        value={locationName}
        placeholder={t('dataSources.weather.locationPlaceholder')}
        helpText={t('dataSources.weather.locationHelp')}
        onChange={(event) => setLocationName(event.target.value)}
      />
      <Form.Check
        type="switch"
        id="vacation-mode"
        role="switch"
        className="mb-3"
        label={t('dataSources.settings.vacationMode')}
        checked={vacationOn}
        onChange={(event) => setVacationOn(event.target.checked)}
      />
      {vacationOn ? (
        <fieldset>
          <legend className="visually-hidden">{t('dataSources.weather.vacation')}</legend>
          <FormInput
            label={t('dataSources.weather.vacationLocation')}
            name="vacationLocation"
            required
            value={vacationLocation}
            helpText={t('dataSources.weather.vacationHelp')}
            onChange={(event) => setVacationLocation(event.target.value)}
          />
          <div className="row">
            <div className="col-sm-6">
              <FormInput
                label={t('dataSources.weather.startDate')}
                name="startDate"
                type="date"
                required
                min={today}
                value={startDate}
                onChange={(event) => setStartDate(event.target.value)}
              />
            </div>
            <div className="col-sm-6">
              <FormInput
                label={t('dataSources.weather.endDate')}
                name="endDate"
                type="date"
                required
                min={startDate || today}
                value={endDate}
                onChange={(event) => setEndDate(event.target.value)}
              />
            </div>
          </div>
        </fieldset>
      ) : null}
    </form>
  )
}

/** vacationModeErrors (shared) says what is missing in the spec's English; the person reads it in theirs. */
function vacationError(error: string, t: TFunction): string {
  const key = (Object.keys(VACATION_MESSAGES) as Array<keyof typeof VACATION_MESSAGES>).find(
    (k) => VACATION_MESSAGES[k] === error,
  )
  return key ? t(`dataSources.weather.errors.${key}`) : error
}
