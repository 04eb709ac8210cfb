import { createContext, useContext } from 'react'
import { common } from '../locales/common/en'

/**
 * The texts of the shared components that the sign-in page shows too (the loading spinner, the error
 * screens): /login loads no i18next (its bundle budget), so these components import none. They say
 * English, from the source catalogue, unless a provider above them gives their texts in the screens'
 * language, as the signed-in frame does (app/protected-layout.tsx, from the `common` catalogue).
 */
export interface SharedTexts {
  loading: string
  errors: { [K in keyof typeof common.errors]: string }
}

export const englishSharedTexts: SharedTexts = { loading: common.loading, errors: common.errors }

export const SharedTextsContext = createContext<SharedTexts>(englishSharedTexts)

export function useSharedTexts(): SharedTexts {
  return useContext(SharedTextsContext)
}
