import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import { useTranslation } from 'react-i18next'
import {
  calendarConfiguration,
  type CalendarConfiguration,
  type CalendarOption,
  type ListedDataSource,
} from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { errorMessage } from '../../../lib/api-client'
import { removeStored, writeStored } from '../../../lib/storage'
import { useDataSource } from '../api/get-data-source'
import { useUpdateDataSource } from '../api/update-data-source'
import { ConfigModalFrame } from './config-modal-frame'

const FORM_ID = 'configure-calendar-form'
/** An example of a subscription link: the same in every language. */
const ICS_EXAMPLE = 'https://example.com/calendar.ics'

export function ConfigureCalendarModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation()
  const detail = useDataSource('calendar')
  const update = useUpdateDataSource()
  const save = (source: ListedDataSource, configuration: CalendarConfiguration) =>
    update.mutate(
      { dataSourceType: 'calendar', isEnabled: source.isEnabled, configuration: { ...configuration } },
      {
        onSuccess: () => {
          // The chosen calendar id is also kept on this device (spec §3); logout clears it.
          if (configuration.calendarId) writeStored('calendarId', configuration.calendarId)
          else removeStored('calendarId')
          onHide()
        },
      },
    )
  return (
    <ConfigModalFrame
      title={t('dataSources.modal.title', { title: t('dataSources.names.calendar') })}
      formId={FORM_ID}
      detail={detail}
      saving={update.isPending}
      saveError={update.isError ? errorMessage(update.error) : null}
      onHide={onHide}
    >
      {(source) => <CalendarForm source={source} onSave={(configuration) => save(source, configuration)} />}
    </ConfigModalFrame>
  )
}

function CalendarForm({
  source,
  onSave,
}: {
  source: ListedDataSource
  onSave: (configuration: CalendarConfiguration) => void
}) {
  const { t } = useTranslation()
  const stored = calendarConfiguration(source.configuration)
  const options = source.availableOptions
  const [calendarId, setCalendarId] = useState(stored.calendarId ?? '')
  const [icsUrl, setIcsUrl] = useState(stored.icsUrl ?? '')

  // A stored choice the account no longer lists (or cannot list right now) stays selectable.
  const calendars: CalendarOption[] = [...(options?.calendars ?? [])]
  if (stored.calendarId && !calendars.some((c) => c.id === stored.calendarId)) {
    calendars.unshift({ id: stored.calendarId, name: stored.calendarName || stored.calendarId })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = calendars.find((c) => c.id === calendarId)
    onSave({ calendarId: chosen?.id ?? null, calendarName: chosen?.name ?? null, icsUrl: icsUrl.trim() })
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate>
      <FormInput
        as="select"
        label={t('dataSources.names.calendar')}
        name="calendarId"
        value={calendarId}
        onChange={(event) => setCalendarId(event.target.value)}
      >
        <option value="">{t('dataSources.settings.notSelected')}</option>
        {calendars.map((calendar) => (
          <option key={calendar.id} value={calendar.id}>
            {calendar.name}
          </option>
        ))}
      </FormInput>
      {options?.error ? (
        <Alert variant="warning" className="py-2">
          {options.error}
        </Alert>
      ) : null}
      <FormInput
        label={t('dataSources.settings.icsUrl')}
        name="icsUrl"
        type="url"
        value={icsUrl}
        placeholder={ICS_EXAMPLE}
        helpText={t('dataSources.calendar.icsHelp')}
        onChange={(event) => setIcsUrl(event.target.value)}
      />
    </form>
  )
}
