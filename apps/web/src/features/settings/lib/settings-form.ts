import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language, ThemePreference } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import { cachedThemePreference } from '../../../lib/theme'
import { useChatPreferences, useUpdateChatPreferences } from '../api/chat-preferences'
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences'
import { useUpdateUserSettings } from '../api/update-user-settings'
import { matchTimeZone } from './match-time-zone'

/** Every preference on the Settings page, as its form shows it. */
export interface SettingsValues {
  timezone: string
  theme: ThemePreference
  language: Language
  emailReminders: boolean
  briefingOn: boolean
  briefingTime: string
  autoSaveFacts: boolean
  readAloudAfterDictation: boolean
}

export interface SettingsForm {
  values: SettingsValues
  change: (patch: Partial<SettingsValues>) => void
  errors: { briefingTime?: string }
  /** The sections holding a change not saved yet, in page order ("Profile", "Appearance", …). */
  unsaved: string[]
  saving: boolean
  /** Why the last save failed, and that the changes are kept; null when it did not. */
  failure: string | null
  save: () => Promise<void>
}

/** The briefing time a person gets when they turn delivery on for the first time. */
const DEFAULT_BRIEFING_TIME = '07:30'

/** "Profile", "Profile and Chat", "Profile, Appearance and Chat", in the screens' language. */
export function useListOf(): (names: string[]) => string {
  const { i18n } = useTranslation()
  // English as en-GB writes it: no comma before "and", as the spec's texts have it.
  const locale = i18n.language === 'en' ? 'en-GB' : i18n.language
  const format = useMemo(() => new Intl.ListFormat(locale, { type: 'conjunction' }), [locale])
  return (names) => format.format(names)
}

/**
 * One way of saving for the whole page: every preference is changed here first and sent with
 * "Save Settings". The three stores behind them (auth/user/settings, …/notifications, …/chat) are
 * written together; what one of them refuses stays on screen, unsaved, with the reason.
 */
export function useSettingsForm(): SettingsForm {
  const settings = useUserSettings()
  const notifications = useNotificationPreferences().data
  const chat = useChatPreferences().data
  const saveSettings = useUpdateUserSettings()
  const saveNotifications = useUpdateNotificationPreferences()
  const saveChat = useUpdateChatPreferences()
  const toast = useToast()
  const { t, i18n } = useTranslation()
  const listOf = useListOf()
  const [edits, setEdits] = useState<Partial<SettingsValues>>({})
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [briefingTimeError, setBriefingTimeError] = useState<string>()

  // Nothing stored, or the load failed: the picker starts empty (spec §7, §8), not at a guessed zone.
  const storedZone = useMemo(() => matchTimeZone(settings.timezone), [settings.timezone])
  const stored: SettingsValues = {
    timezone: storedZone,
    theme: settings.theme ?? cachedThemePreference(),
    // Not loaded: the language the screens are in (the browser's), as the theme keeps the cached one.
    language: settings.language ?? (i18n.language as Language),
    emailReminders: notifications?.emailReminders ?? false,
    briefingOn: (notifications?.briefingTime ?? null) !== null,
    briefingTime: notifications?.briefingTime ?? DEFAULT_BRIEFING_TIME,
    autoSaveFacts: chat?.autoSaveFacts ?? false,
    readAloudAfterDictation: chat?.readAloudAfterDictation ?? false,
  }
  const values: SettingsValues = { ...stored, ...edits }
  const briefingTime = values.briefingOn ? values.briefingTime : null

  // What each store would be sent; a field is left out when it is as stored.
  const userChanges = {
    ...(values.timezone !== stored.timezone ? { timezone: values.timezone } : {}),
    ...(values.theme !== stored.theme ? { theme: values.theme } : {}),
    ...(values.language !== stored.language ? { language: values.language } : {}),
  }
  const notificationChanges = notifications
    ? {
        ...(values.emailReminders !== notifications.emailReminders
          ? { emailReminders: values.emailReminders }
          : {}),
        ...(briefingTime !== notifications.briefingTime ? { briefingTime } : {}),
      }
    : {}
  const chatChanges = chat
    ? {
        ...(values.autoSaveFacts !== chat.autoSaveFacts ? { autoSaveFacts: values.autoSaveFacts } : {}),
        ...(values.readAloudAfterDictation !== (chat.readAloudAfterDictation ?? false)
          ? { readAloudAfterDictation: values.readAloudAfterDictation }
          : {}),
      }
    : {}

  const has = (changes: object) => Object.keys(changes).length > 0
  const name = {
    profile: t('settings.sections.profile'),
    appearance: t('settings.sections.appearance'),
    notifications: t('settings.sections.notifications'),
    chat: t('settings.sections.chat'),
  }
  const unsaved = [
    ('timezone' in userChanges || 'language' in userChanges) && name.profile,
    'theme' in userChanges && name.appearance,
    has(notificationChanges) && name.notifications,
    has(chatChanges) && name.chat,
  ].filter((section): section is string => Boolean(section))

  // Closing the tab or reloading with changes not saved asks first.
  const dirty = unsaved.length > 0
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const change = (patch: Partial<SettingsValues>) => {
    setEdits((current) => ({ ...current, ...patch }))
    if ('briefingOn' in patch || 'briefingTime' in patch) setBriefingTimeError(undefined)
  }

  const save = async () => {
    if (saving || !dirty) return
    if (briefingTime === '') {
      setBriefingTimeError(t('settings.save.briefingTimeMissing'))
      return
    }
    const sent = values
    const parts = [
      {
        sections: unsaved.filter((section) => section === name.profile || section === name.appearance),
        fields: ['timezone', 'theme', 'language'] as const,
        send: has(userChanges) ? () => saveSettings.mutateAsync(userChanges) : null,
      },
      {
        sections: [name.notifications],
        fields: ['emailReminders', 'briefingOn', 'briefingTime'] as const,
        send: has(notificationChanges) ? () => saveNotifications.mutateAsync(notificationChanges) : null,
      },
      {
        sections: [name.chat],
        fields: ['autoSaveFacts', 'readAloudAfterDictation'] as const,
        send: has(chatChanges) ? () => saveChat.mutateAsync(chatChanges) : null,
      },
    ].filter((part) => part.send !== null)

    setSaving(true)
    setFailure(null)
    const results = await Promise.allSettled(parts.map((part) => part.send!()))
    setSaving(false)

    // What was stored is no longer an edit (the caches hold it now); a field changed again meanwhile stays.
    const done = parts.filter((_, i) => results[i]!.status === 'fulfilled').flatMap((part) => part.fields)
    setEdits((current) => {
      const next = { ...current }
      for (const field of done) if (next[field] === sent[field]) delete next[field]
      return next
    })

    const failed = parts.flatMap((part, i) => {
      const result = results[i]!
      return result.status === 'rejected'
        ? [
            t('settings.save.failed', {
              sections: listOf(part.sections),
              reason: errorMessage(result.reason),
            }),
          ]
        : []
    })
    if (failed.length === 0) toast.success(t('settings.save.saved'))
    else setFailure(`${failed.join(' ')} ${t('settings.save.keptChanges')}`)
  }

  return {
    values,
    change,
    errors: { briefingTime: briefingTimeError },
    unsaved,
    saving,
    // Changes put back as they are stored leave nothing to retry.
    failure: dirty ? failure : null,
    save,
  }
}
