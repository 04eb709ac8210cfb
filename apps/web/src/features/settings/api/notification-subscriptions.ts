import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PushSubscriptionInfo, PushSubscriptionList } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { readStored, removeStored } from '../../../lib/storage'
import { unsubscribeThisDevice } from '../../../lib/service-worker'
import { subscribeThisDevice } from '../lib/push'

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'subscriptions'],
    queryFn: async () => (await api.get<PushSubscriptionList>('notifications/subscriptions')).subscriptions,
  })

export function usePushSubscriptions() {
  return useQuery(subscriptionsQueryOptions())
}

/** "Notify me on this device": permission, the browser's push subscription, and the server's record of it. */
export function useSubscribeThisDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: subscribeThisDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions().queryKey }),
  })
}

/** Remove: the server forgets the device; this browser also drops its subscription when it is this one. */
export function useRemoveSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionInfo) => {
      await api.delete<void>(`notifications/subscriptions/${encodeURIComponent(subscription.id)}`)
      if (readStored('pushSubscriptionId') === subscription.id) {
        removeStored('pushSubscriptionId')
        await unsubscribeThisDevice()
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions().queryKey }),
  })
}
