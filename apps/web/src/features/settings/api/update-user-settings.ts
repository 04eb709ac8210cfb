import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ThemePreference } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { userSettingsQueryOptions, type UserSettingsData } from '../../../lib/settings'

/** The spec's client sends {timezone}; the theme picker sends {theme}; the server keeps what is left out. */
export function updateUserSettings(settings: Partial<UserSettingsData>): Promise<unknown> {
  return api.put('auth/user/settings', settings)
}

const settingsKey = userSettingsQueryOptions().queryKey

export function useUpdateUserSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (_answer, settings) => {
      // The answer is not read (spec §7); the cache takes what was sent.
      queryClient.setQueryData(settingsKey, (old) => ({ timezone: '', ...old, ...settings }))
    },
  })
}

/** The theme shows at once (useTheme reads the cache) and goes back if the server refuses it. */
export function useUpdateTheme() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (theme: ThemePreference) => updateUserSettings({ theme }),
    onMutate: async (theme) => {
      await queryClient.cancelQueries({ queryKey: settingsKey })
      const before = queryClient.getQueryData(settingsKey)
      queryClient.setQueryData(settingsKey, (old) => ({ timezone: '', ...old, theme }))
      return { before }
    },
    onError: (_error, _theme, context) => {
      queryClient.setQueryData(settingsKey, context?.before)
    },
  })
}
