import { useEffect, useEffectEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AutomationDelivery, BriefingDelivery } from '@remi/shared'
import { useToast } from '../components/ui/toast'
import { registerServiceWorker, serviceWorkerSupported, showSystemNotification } from '../lib/service-worker'
import { useServerEvents } from '../lib/use-server-events'
import { briefingQueryOptions } from '../features/dashboard/api/get-briefing'
import { automationsBaseKey } from '../features/reminders/api/get-automations'
import { remindersBaseKey } from '../features/reminders/api/get-reminders'
import { useReminderAlert, useReminderUpdated } from '../features/reminders/lib/use-reminder-alert'

/**
 * The signed-in shell's live stream: a reminder that falls due shows its toast (and a system notification)
 * in every open tab, until it is answered in any of them (or on the phone); the daily briefing, at the time chosen in Settings, says it is ready.
 */
export function LiveDeliveries() {
  const { t } = useTranslation()
  const toast = useToast()
  const queryClient = useQueryClient()
  const onReminder = useReminderAlert()
  // Done or Snooze pressed in another tab or on the phone: this tab's toast goes too.
  const onReminderUpdated = useReminderUpdated()
  const onBriefing = (data: unknown) => {
    const parsed = BriefingDelivery.safeParse(data)
    if (!parsed.success) return
    void queryClient.invalidateQueries({ queryKey: briefingQueryOptions().queryKey })
    toast.info(`${parsed.data.title}: ${parsed.data.body}`)
    void showSystemNotification({ type: 'briefing', ...parsed.data })
  }
  const navigate = useNavigate()
  // A scheduled request's answer (issue 50): its toast opens the conversation it was written in.
  const onAutomation = (data: unknown) => {
    const parsed = AutomationDelivery.safeParse(data)
    if (!parsed.success) return
    const { title, body, url } = parsed.data
    void queryClient.invalidateQueries({ queryKey: automationsBaseKey })
    toast.show({
      message: `${title}: ${body}`,
      type: 'info',
      actions: [
        {
          label: t('common.live.open'),
          ariaLabel: t('common.live.openLabel', { title }),
          onClick: () => void navigate(url),
        },
      ],
    })
    void showSystemNotification({ type: 'automation', title, body, url })
  }
  // Reopened after a drop: a reminder may have gone out meanwhile (the stream does not replay it).
  const onOpen = () => void queryClient.invalidateQueries({ queryKey: remindersBaseKey })
  const onRemindersChanged = useEffectEvent(onOpen)

  useEffect(() => {
    void registerServiceWorker()
    // A notification's Done or Snooze ran in the service worker: the lists here are out of date.
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { kind?: string } | null)?.kind === 'reminders-changed') onRemindersChanged()
    }
    if (serviceWorkerSupported()) navigator.serviceWorker.addEventListener('message', onWorkerMessage)
    return () => {
      if (serviceWorkerSupported()) navigator.serviceWorker.removeEventListener('message', onWorkerMessage)
    }
  }, [])
  useServerEvents(
    {
      reminder: onReminder,
      'reminder-updated': onReminderUpdated,
      briefing: onBriefing,
      automation: onAutomation,
    },
    { onOpen },
  )

  return null
}
