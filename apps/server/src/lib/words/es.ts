import type { Catalogue } from './en.ts'

export const es: Catalogue = {
  'reminder.title': 'Recordatorio',
  'reminder.titleLate': 'Recordatorio (con retraso)',
  'reminder.subject': 'Recordatorio: {text}',
  'reminder.due': 'Previsto para el {when}.',
  'reminder.dueLate': 'Previsto para el {when} (enviado con retraso: Remi no estaba en marcha entonces).',
  'reminder.open': 'Abre tus recordatorios: {url}',
  'reminder.when': '{day} a las {time}',
  'briefing.title': 'Tu resumen del día',
  'briefing.subject': 'Tu resumen del día {date}',
  'automation.open': 'Abre la conversación: {url}',
}
