import type { Catalogue } from './en.ts'

export const fr: Catalogue = {
  'reminder.title': 'Rappel',
  'reminder.titleLate': 'Rappel (en retard)',
  'reminder.subject': 'Rappel : {text}',
  'reminder.due': 'Prévu {when}.',
  'reminder.dueLate': 'Prévu {when} (envoyé en retard : Remi ne fonctionnait pas à ce moment-là).',
  'reminder.open': 'Ouvrir vos rappels : {url}',
  'reminder.when': '{day} à {time}',
  'briefing.title': 'Votre point du jour',
  'briefing.subject': 'Votre point du jour du {date}',
  'automation.open': 'Ouvrir la conversation : {url}',
}
