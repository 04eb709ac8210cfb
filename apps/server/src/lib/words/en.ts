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
  'verify.subject': 'Confirm your e-mail address for {brand}',
  'verify.text':
    "Open this link to get {brand}'s reminders and briefings by e-mail at {email}:\n\n{link}\n\nIt works once, for {hours} hours. If you did not ask for it, ignore this e-mail: nothing more will be sent to you.\n",
  'briefing.greeting': 'Good day!',
  'briefing.greetingName': 'Good day, {name}!',
  'briefing.today': 'Today is **{date}**.',
  'briefing.weather': 'Weather',
  'briefing.weatherIn': 'In {place}',
  'briefing.weatherVacation': 'You are on vacation in {place}',
  'briefing.weatherLine': '{where}: {description}, high {high}, low {low}{rain}.{sun}',
  'briefing.rain': ', {chance}% chance of rain',
  'briefing.sun': ' Sunrise {sunrise}, sunset {sunset}.',
  'briefing.weatherOff': 'Weather is off. Turn it on under Data Sources.',
  'briefing.weatherUnavailable': 'Weather is unavailable: {reason}',
  'briefing.events': "Today's events",
  'briefing.noEvents': 'Nothing on your calendar today.',
  'briefing.allDay': 'All day',
  'briefing.from': 'From {time}',
  'briefing.until': 'Until {time}',
  'briefing.moreEvents': '…and {count, plural, one {# more event} other {# more events}}',
  'briefing.unreadable': 'Some calendars could not be read: {list}',
  'briefing.calendarOff': 'Calendar is off. Turn it on under Data Sources.',
  'briefing.calendarUnavailable': 'Calendar is unavailable: {reason}',
  'briefing.memories': 'Memories',
  'briefing.dueToday': 'Today',
  'briefing.upcoming': 'In the next 7 days',
  'briefing.inDays': '{days, plural, =1 {tomorrow} other {in # days}}',
  'briefing.onThisDay': 'On this day',
  'briefing.yearsAgo': '{count, plural, one {# year} other {# years}} ago',
  'briefing.noMemories': 'No memories for today or the coming week.',
  'briefing.addedThisWeek': 'You added {count, plural, one {# memory} other {# memories}} this week.',
  'briefing.memoriesUnavailable': 'Memories are unavailable: {reason}',
  'briefing.suggestion': 'Suggestion',
} as const

export type WordKey = keyof typeof en
export type Catalogue = Record<WordKey, string>
