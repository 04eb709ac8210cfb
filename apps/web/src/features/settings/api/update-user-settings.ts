import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { userSettingsQueryOptions, type UserSettingsData } from '../../../lib/settings'

/** Sends what changed of {timezone, theme, language}; the server keeps what is left out. */
export function updateUserSettings(settings: Partial<UserSettingsData>): Promise<unknown> {
  return api.put('auth/user/settings', settings)
}

const settingsKey = userSettingsQueryOptions().queryKey

/** Once saved, the cache takes what was sent: the theme then shows (useTheme reads it) and times move. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (_answer, settings) => {
      // The answer is not read (spec §7).
      queryClient.setQueryData(settingsKey, (old) => ({ timezone: '', ...old, ...settings }))
    },
  })
}
