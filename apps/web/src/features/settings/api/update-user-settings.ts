import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { userSettingsQueryOptions, type UserSettingsData } from '../../../lib/settings'

export function updateUserSettings(settings: UserSettingsData): Promise<unknown> {
  return api.put('auth/user/settings', settings)
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (_answer, settings) => {
      // The answer is not read (spec §7); the cache takes what was sent.
      queryClient.setQueryData(userSettingsQueryOptions().queryKey, settings)
    },
  })
}
