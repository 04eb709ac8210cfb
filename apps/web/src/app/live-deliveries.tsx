import { useEffect, useEffectEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { BriefingDelivery } from '@remi/shared'
import { useToast } from '../components/ui/toast'
import { openServerEvents } from '../lib/server-events'
import { registerServiceWorker, serviceWorkerSupported, showSystemNotification } from '../lib/service-worker'
import { briefingQueryOptions } from '../features/dashboard/api/get-briefing'
import { remindersBaseKey } from '../features/reminders/api/get-reminders'
import { useReminderAlert, useReminderUpdated } from '../features/reminders/lib/use-reminder-alert'

/**
 * The signed-in shell's live stream: a reminder that falls due shows its toast (and a system notification)
 * in every open tab, until it is answered in any of them (or on the phone); the daily briefing, at the time chosen in Settings, says it is ready.
 */
export function LiveDeliveries() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const onReminder = useEffectEvent(useReminderAlert())
  // Done or Snooze pressed in another tab or on the phone: this tab's toast goes too.
  const onReminderUpdated = useEffectEvent(useReminderUpdated())
  const onBriefing = useEffectEvent((data: unknown) => {
    const parsed = BriefingDelivery.safeParse(data)
    if (!parsed.success) return
    void queryClient.invalidateQueries({ queryKey: briefingQueryOptions().queryKey })
    toast.info(`${parsed.data.title}: ${parsed.data.body}`)
    void showSystemNotification({ type: 'briefing', ...parsed.data })
  })
  // Reopened after a drop: a reminder may have gone out meanwhile (the stream does not replay it).
  const onOpen = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey: remindersBaseKey }))

  useEffect(() => {
    void registerServiceWorker()
    // A notification's Done or Snooze ran in the service worker: the lists here are out of date.
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { kind?: string } | null)?.kind === 'reminders-changed') onOpen()
    }
    if (serviceWorkerSupported()) navigator.serviceWorker.addEventListener('message', onWorkerMessage)
    const close = openServerEvents(
      {
        reminder: (data) => onReminder(data),
        'reminder-updated': (data) => onReminderUpdated(data),
        briefing: (data) => onBriefing(data),
      },
      { onOpen: () => onOpen() },
    )
    return () => {
      close()
      if (serviceWorkerSupported()) navigator.serviceWorker.removeEventListener('message', onWorkerMessage)
    }
  }, [])

  return null
}
