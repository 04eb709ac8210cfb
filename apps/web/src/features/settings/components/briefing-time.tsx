import { useTranslation } from 'react-i18next'
import Form from 'react-bootstrap/Form'
import { FormInput } from '../../../components/ui/form-input'
import { useUserTimeZone } from '../../../lib/zoned-time'
import type { SettingsForm } from '../lib/settings-form'

/** The daily briefing: on or off, and at what time of the person's day. */
export function BriefingTime({ form }: { form: Pick<SettingsForm, 'values' | 'change' | 'errors'> }) {
  const { t } = useTranslation()
  const zone = useUserTimeZone()
  const { briefingOn, briefingTime } = form.values
  return (
    <section aria-labelledby="briefing-delivery">
      <h3 id="briefing-delivery" className="h6">
        {t('settings.notifications.briefing.heading')}
      </h3>
      <Form.Check
        type="switch"
        id="briefing-delivery-switch"
        label={t('settings.notifications.briefing.switch')}
        checked={briefingOn}
        onChange={(event) => form.change({ briefingOn: event.target.checked })}
        className="mb-2"
      />
      {briefingOn ? (
        <FormInput
          label={t('settings.notifications.briefing.time')}
          name="briefingTime"
          type="time"
          required
          error={form.errors.briefingTime}
          helpText={t('settings.notifications.briefing.timeHelp', { zone })}
          value={briefingTime}
          onChange={(event) => form.change({ briefingTime: event.target.value })}
        />
      ) : null}
    </section>
  )
}
