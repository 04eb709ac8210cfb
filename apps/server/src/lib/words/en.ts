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
  'briefing.suggestUmbrella': 'Take an umbrella: {chance}% chance of rain in {place} today.',
  'briefing.suggestUmbrellaSky': 'Take an umbrella: {description} in {place} today.',
  'briefing.suggestBirthdayToday': 'Today: {memory} A message or a call would be welcome.',
  'briefing.suggestBirthdayAhead':
    'Coming up {days, plural, =1 {tomorrow} other {in # days}} ({day}): {memory} Plan a card or a gift now.',
  'briefing.suggestFirstEvent':
    '{busy, select, yes {A busy day with {count} events: your} other {Your}} first event, {title}, starts at {time}.',
  'briefing.suggestDueToday': 'Start with what is due today: {memory}',
  // The built-in sign-in's own pages (modules/auth/local-idp-pages.ts), in the browser's Accept-Language.
  'idp.signInTitle': 'Local sign-in',
  'idp.signInLead': 'Sign in with the e-mail address and password of your account on this server.',
  'idp.nothingSent': 'Nothing is sent to Google or Microsoft.',
  'idp.name': 'Name',
  'idp.email': 'Email',
  'idp.password': 'Password',
  'idp.signIn': 'Sign in',
  'idp.noAccount': 'No account yet?',
  'idp.createAnAccount': 'Create an account',
  'idp.needInvitation':
    'No account yet? New accounts need an invitation link from someone who uses this server.',
  'idp.firstTitle': 'Create the first account',
  'idp.createTitle': 'Create an account',
  'idp.firstLead':
    'Nobody has an account on this server yet: this makes the first one. After it, new accounts need an invitation link from Settings (or LOCAL_SIGNUP=open).',
  'idp.invitedLead':
    'You were invited to {brand} on this server. Choose the e-mail address and password you will sign in with.',
  'idp.createLead': 'Make an account on this server with your e-mail address and a password.',
  'idp.passwordHint': 'At least {min} characters, and not a common password.',
  'idp.createAccount': 'Create account',
  'idp.haveAccount': 'Already have an account?',
  'idp.goBack': 'Go back to {brand}',
  'idp.startAgain': '{goBack} and start again.',
  'idp.errorTitle': 'Sign-in error',
  'idp.requestRefused': 'This sign-in request cannot be completed: {reason}.',
  'idp.failed': 'Something went wrong while signing in.',
  'idp.notFoundTitle': 'Not found',
  'idp.notFound': 'There is no sign-in page at this address.',
  'idp.invitationTitle': 'Invitation expired',
  'idp.invitationExpired':
    'This invitation link has expired or was already used. Ask the person who sent it for a new one.',
  'idp.expiredTitle': 'Sign-in expired',
  'idp.expired': 'This sign-in page has expired. Go back to {brand} and start again.',
  // Why the form refused (local-idp.ts, local-accounts.ts and passwords.ts say it in these English words).
  'idp.invalidEmail': 'Enter a valid e-mail address.',
  'idp.noPassword': 'Enter your password.',
  'idp.tooManyAccount':
    'Too many failed sign-ins for this account. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'idp.tooManyAddress':
    'Too many failed sign-ins from your address. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'idp.wrongPassword': 'Wrong e-mail or password.',
  'idp.signupsClosed':
    'Sign-ups are closed on this server. Ask someone who uses it for an invitation link (Settings → Invitations).',
  'idp.noPasswordYet':
    'This account has no password yet. Set one by signing in once from the computer {brand} runs on, with APP_URL at a loopback address (for example http://localhost:3000); then sign in here with it.',
  'idp.firstTaken': 'The first account was just made. Sign in instead.',
  'idp.invitationUsed': 'This invitation link has expired or was already used. Ask for a new one.',
  'idp.passwordShort': 'Choose a password of at least {min} characters.',
  'idp.passwordLong': 'Choose a password of at most {max} characters.',
  'idp.passwordCommon': 'This password is too common or too simple to guess. Choose another one.',
  'idp.passwordIsEmail': 'Choose a password that is not your e-mail address.',
} as const

export type WordKey = keyof typeof en
export type Catalogue = Record<WordKey, string>
