import { useTranslation } from 'react-i18next'
import Card from 'react-bootstrap/Card'
import type { ThemePreference } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import type { SettingsForm } from '../lib/settings-form'

const options = ['system', 'light', 'dark'] as const satisfies ThemePreference[]

/** Theme: System / Light / Dark, applied once saved with the page's other settings. */
export function ThemeSection({ form }: { form: Pick<SettingsForm, 'values' | 'change'> }) {
  const { t } = useTranslation()
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Body>
        <h2 className="h5">{t('settings.sections.appearance')}</h2>
        <FormInput
          as="select"
          label={t('settings.appearance.theme')}
          name="theme"
          helpText={t('settings.appearance.themeHelp')}
          value={form.values.theme}
          onChange={(event) => form.change({ theme: event.target.value as ThemePreference })}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`settings.appearance.${option}`)}
            </option>
          ))}
        </FormInput>
      </Card.Body>
    </Card>
  )
}
