/** Reminders in the words they go out in: the one-line body, the due time, a device's name. */
import { clip, knownTimeZone } from '@remi/shared'
import { wordsFor, type Words } from '../../lib/words/index.ts'

/** The text on one line, clipped to `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return clip(flat, max)
}

/** "Friday, November 27 at 17:00" in the zone ("sexta-feira, 27 de novembro às 17:00" in Portuguese). */
export function formatWhen(instant: Date, zone: string, words: Words = wordsFor('en')): string {
  const tz = knownTimeZone(zone)
  const day = new Intl.DateTimeFormat(words.locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: tz,
  }).format(instant)
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: tz,
  }).format(instant)
  return words.t('reminder.when', { day, time })
}

/** "Chrome on Android": a push subscription's name from the browser that made it. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null
  return [browser, os].filter(Boolean).join(' on ') || 'This device'
}
