import type { Catalogue } from './en.ts'

export const ptPT: Catalogue = {
  'reminder.title': 'Lembrete',
  'reminder.titleLate': 'Lembrete (atrasado)',
  'reminder.subject': 'Lembrete: {text}',
  'reminder.due': 'Para {when}.',
  'reminder.dueLate': 'Para {when} (enviado com atraso: o Remi não estava a funcionar nessa altura).',
  'reminder.open': 'Abra os seus lembretes: {url}',
  'reminder.when': '{day} às {time}',
  'briefing.title': 'O seu resumo do dia',
  'briefing.subject': 'O seu resumo do dia {date}',
  'automation.open': 'Abra a conversa: {url}',
}
