import Card from 'react-bootstrap/Card'
import type { ThemePreference } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import type { SettingsForm } from '../lib/settings-form'

const options: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** Theme: System / Light / Dark, applied once saved with the page's other settings. */
export function ThemeSection({ form }: { form: Pick<SettingsForm, 'values' | 'change'> }) {
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Body>
        <h2 className="h5">Appearance</h2>
        <FormInput
          as="select"
          label="Theme"
          name="theme"
          helpText="System follows your device's light or dark mode"
          value={form.values.theme}
          onChange={(event) => form.change({ theme: event.target.value as ThemePreference })}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FormInput>
      </Card.Body>
    </Card>
  )
}
