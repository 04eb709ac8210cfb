import Card from 'react-bootstrap/Card'
import type { ThemePreference } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import { cachedThemePreference } from '../../../lib/theme'
import { useUpdateTheme } from '../api/update-user-settings'

const options: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** Theme: System / Light / Dark, applied and saved as soon as it is chosen. */
export function ThemeSection() {
  const { theme } = useUserSettings()
  const update = useUpdateTheme()
  const toast = useToast()
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Body>
        <h2 className="h5">Appearance</h2>
        <FormInput
          as="select"
          label="Theme"
          name="theme"
          helpText="System follows your device's light or dark mode"
          value={theme ?? cachedThemePreference()}
          onChange={(event) =>
            update.mutate(event.target.value as ThemePreference, {
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
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
