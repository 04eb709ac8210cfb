import Form from 'react-bootstrap/Form'
import { FormInput } from '../../../components/ui/form-input'
import { useUserTimeZone } from '../../../lib/zoned-time'
import type { SettingsForm } from '../lib/settings-form'

/** The daily briefing: on or off, and at what time of the person's day. */
export function BriefingTime({ form }: { form: Pick<SettingsForm, 'values' | 'change' | 'errors'> }) {
  const zone = useUserTimeZone()
  const { briefingOn, briefingTime } = form.values
  return (
    <section aria-labelledby="briefing-delivery">
      <h3 id="briefing-delivery" className="h6">
        Daily briefing
      </h3>
      <Form.Check
        type="switch"
        id="briefing-delivery-switch"
        label="Bring me my daily briefing"
        checked={briefingOn}
        onChange={(event) => form.change({ briefingOn: event.target.checked })}
        className="mb-2"
      />
      {briefingOn ? (
        <FormInput
          label="Send my briefing at"
          name="briefingTime"
          type="time"
          required
          error={form.errors.briefingTime}
          helpText={`In your timezone (${zone}), to this app's open tabs, your devices and, if on, your e-mail`}
          value={briefingTime}
          onChange={(event) => form.change({ briefingTime: event.target.value })}
        />
      ) : null}
    </section>
  )
}
