/**
 * The server's own words sent outside the app (issue 51): push notifications and e-mails, as ICU
 * messages. English is the source: every other catalogue has each of its keys (words.test.ts).
 */
export const en = {
  'reminder.title': 'Reminder',
  'reminder.titleLate': 'Reminder (late)',
  'reminder.subject': 'Reminder: {text}',
  'reminder.due': 'Due {when}.',
  'reminder.dueLate': 'Due {when} (sent late: Remi was not running then).',
  'reminder.open': 'Open your reminders: {url}',
  'reminder.when': '{day} at {time}',
  'briefing.title': 'Your briefing',
  'briefing.subject': 'Your briefing for {date}',
  'automation.open': 'Open the conversation: {url}',
} as const

export type WordKey = keyof typeof en
export type Catalogue = Record<WordKey, string>
