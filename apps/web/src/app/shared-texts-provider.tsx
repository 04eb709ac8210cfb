import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SharedTextsContext, type SharedTexts } from '../components/shared-texts'
import { useToastTexts } from '../components/ui/toast'

/**
 * The signed-in frame's words for the shared components that /login shows too (toasts, the loading
 * spinner, the error screens): those load no i18next themselves (the sign-in page's bundle budget), so
 * they are given their `common` texts in the screens' language from here; English elsewhere.
 */
export function SharedTextsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation()
  useToastTexts(t('common.toast', { returnObjects: true }))
  const language = i18n.resolvedLanguage
  const texts = useMemo<SharedTexts>(
    () => ({ loading: t('common.loading'), errors: t('common.errors', { returnObjects: true }) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language
    [t, language],
  )
  return <SharedTextsContext.Provider value={texts}>{children}</SharedTextsContext.Provider>
}
