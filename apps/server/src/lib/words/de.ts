import type { Catalogue } from './en.ts'

export const de: Catalogue = {
  'reminder.title': 'Erinnerung',
  'reminder.titleLate': 'Erinnerung (verspätet)',
  'reminder.subject': 'Erinnerung: {text}',
  'reminder.due': 'Fällig am {when}.',
  'reminder.dueLate': 'Fällig am {when} (verspätet gesendet: Remi lief zu dem Zeitpunkt nicht).',
  'reminder.open': 'Ihre Erinnerungen öffnen: {url}',
  'reminder.when': '{day} um {time}',
  'briefing.title': 'Ihr Tagesüberblick',
  'briefing.subject': 'Ihr Tagesüberblick für {date}',
  'automation.open': 'Unterhaltung öffnen: {url}',
}
