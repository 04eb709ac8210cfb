/**
 * The error messages a person reads (issue 51), as the server says them in English: each is the
 * handler's final English text, `{name}` standing for a value the code writes into it. The English
 * answer is always the code's own text (this catalogue never rewrites it); a request in another
 * language gets the catalogue's message of that language, an ICU message of the same values.
 *
 * A value named `message` is itself a message of this catalogue (translated in turn), `label` a field's
 * label of LABELS below, `kind` one of KINDS; a text whose values are not that stays English.
 */
export const errorsEn = {
  // The error handler's own answers.
  'handler.csrf': 'Missing or invalid CSRF token. Fetch /api/auth/csrf-token and retry.',
  'handler.gone': 'Something this refers to no longer exists. Reload and try again.',
  'handler.invalidJson': 'The request body is not valid JSON.',
  'handler.bodyTooLarge': 'The request body is too large.',
  'handler.mediaType': "Content-Type '{type}' is not supported; send the body as application/json.",
  'handler.databaseDown': 'The database cannot be reached right now. Please try again in a moment.',
  'handler.internal': 'Something went wrong on our side. Please try again later.',
  'handler.routeNotFound': 'Route {method} {path} not found.',
  'handler.paramTooLong': 'A part of the address is too long.',
  'handler.badUrl': 'The address is not valid: it has a broken %-escape.',
  'handler.unreadable': 'The request could not be read.',
  'handler.tooManyRequests': 'Too many requests. Please try again later.',
  'handler.itemPrefix': 'Item {item}: {message}',

  // Schema validation, as error-messages.ts says it.
  'schema.invalid': 'The request is not valid.',
  'schema.notObject': 'The request body must be a JSON object.',
  'schema.unknownField': 'The request has a field Remi does not know: {keys}.',
  'schema.unknownFields': 'The request has fields Remi does not know: {keys}.',
  'schema.required': '{label} is required.',
  'schema.requiredPlural': '{label} are required.',
  'schema.notValid': '{label} is not valid.',
  'schema.notValidPlural': '{label} are not valid.',
  'schema.mustBe': '{label} must be {kind}.',
  'schema.oneOf': '{label} must be one of {values} or {last}.',
  'schema.notAllowed': '{label} is not one of the values allowed.',
  'schema.notAllowedPlural': '{label} are not one of the values allowed.',
  'schema.notEmpty': '{label} must not be empty.',
  'schema.notBlank': '{label} must not be blank.',
  'schema.maxChars': '{label} must be at most {n} characters.',
  'schema.haveMaxChars': '{label} must have at most {n} characters.',
  'schema.maxChar': '{label} must be at most 1 character.',
  'schema.minChars': '{label} must be at least {n} characters.',
  'schema.maxItems': '{label} must have at most {n} items.',
  'schema.maxItem': '{label} must have at most 1 item.',
  'schema.minItems': '{label} must have at least {n} items.',
  'schema.minItem': '{label} must have at least 1 item.',
  'schema.maxBytes': '{label} must be at most {n} bytes.',
  'schema.max': '{label} must be at most {n}.',
  'schema.min': '{label} must be at least {n}.',
  'schema.multipleOf': '{label} must be a multiple of {n}.',
  'schema.badId': '{label} is not a valid id.',
  'schema.badIdPlural': '{label} are not a valid id.',
  'schema.email': '{label} must be an e-mail address.',
  'schema.url': '{label} must be a web address.',
  'schema.datetime': '{label} must be a date and time.',
  'schema.date': '{label} must be a date written YYYY-MM-DD.',
  'schema.time': '{label} must be a time of day.',
  'schema.form': '{label} is not in the right form.',
  'schema.formPlural': '{label} are not in the right form.',
  'schema.tooLong': '{label} is too long.',
  'schema.uuid': '{label} must be a UUID.',
  'schema.uuids': '{label} must be UUIDs.',
  'schema.either': '{label} must be {first} or {last}.',
  'schema.oneOfList': '{label} must be one of {values}.',
  'schema.realDate': '{label} must be a real date written YYYY-MM-DD, between 1900 and 2100.',
  'schema.isoZone': '{label} must be an ISO date-time with a zone (…Z or …+01:00).',
  'schema.iso': '{label} must be an ISO date-time.',
  'schema.rrule': '{label} must be an RRULE string such as {example}.',
  'schema.rruleFreq': '{label} must be an RRULE starting with FREQ=, such as {example}.',
  'schema.haveMinChars': '{label} must have at least {n} characters.',
  'schema.attachmentsMax': 'A message may carry at most {n} files.',
  'schema.conversationsMax': 'An import holds at most {n} conversations.',
  'schema.messagesMax': 'An import holds at most {n} chat messages.',
  'schema.tagsMax': 'At most {n} tags are allowed.',
  'schema.channelsList': "Channels must be a list such as ['app', 'push', 'email'].",
  'schema.channelsOne': 'Channels must name at least one channel.',
  'schema.channelsKnown': "Channels may hold 'app', 'push' and 'email'.",
  'schema.chatSetting':
    'Choose a chat setting to change: saving facts automatically, or reading answers aloud.',
  'schema.currentPassword': 'Enter your current password.',
  'schema.automationChange': 'Give at least one of prompt, schedule, timezone, channels or paused.',
  'schema.importId': 'Not an import id.',
  'schema.keepTokens': 'Say true or false for keeping your access tokens.',
  'schema.notificationChange': 'Send a change to e-mail reminders or to the briefing time.',
  'schema.settingsChange': 'Send a timezone, a theme or a language.',
  'schema.reminderChange':
    'Send at least one change: the text, the time, the repeat rule, the status or a snooze.',
  'schema.tagsForm': 'Tags must be a list of strings or a comma-separated string.',
  'schema.briefingTime': 'The briefing time must be HH:MM (24-hour), such as 07:30, or null.',
  'schema.confirmEmail': 'The e-mail address is required: type the e-mail address of the account to confirm.',
  'schema.expiryYear': 'The expiry date must be before the year 2101.',
  'schema.expiryFuture': 'The expiry date must be in the future.',
  'schema.accountFormat': "The format must be 'remi-account' (a Remi account export).",
  'schema.memoriesFormat': "The format must be 'remi-memories' (a Remi export file).",
  'schema.sessionId': 'The id must be a session id.',
  'schema.pushNoKeys': 'The push subscription has no keys.',
  'schema.ruleBlank': 'The repeat rule must not be blank (send null for none).',
  'schema.serverAddress': 'The server address is not a valid web address.',
  'schema.snoozeMinutes': 'The snooze must be a number of minutes.',
  'schema.zoneName': 'The time zone must be a time zone name such as Europe/Lisbon.',

  // Not found (notFound('Memory') and the like).
  'notFound.resource': 'Resource not found.',
  'notFound.memory': 'Memory not found.',
  'notFound.reminder': 'Reminder not found.',
  'notFound.user': 'User not found.',
  'notFound.subscription': 'Subscription not found.',
  'notFound.session': 'Session not found.',
  'notFound.server': 'Server not found.',
  'notFound.toolCall': 'Tool call not found.',
  'notFound.tool': 'Tool not found.',
  'notFound.attachment': 'Attachment not found.',
  'notFound.conversation': 'Conversation not found.',
  'notFound.import': 'Import not found.',
  'notFound.proposal': 'Proposal not found.',
  'notFound.accessToken': 'Access token not found.',
  'notFound.automation': 'Automation not found.',
  'notFound.provider': "Sign-in provider '{name}' not found.",
  'notFound.providerOff': 'Sign-in with {provider} on this server not found.',
  'notFound.dataSource': "Data source '{name}' not found.",
  'notFound.answer': 'There is no answer to regenerate in this conversation.',

  // Signing in, access tokens, the account.
  'auth.signIn': 'Sign in to continue.',
  'auth.forbidden': 'You do not have permission to perform this action.',
  'auth.tokenCannot': 'Access tokens cannot {action}. Sign in to do that.',
  'auth.tokenReadOnly': 'This access token can only read.',
  'auth.sessionToken':
    'The sign-in token only identifies its session (GET /api/auth/user). Use the app, or a personal access token (Settings → Access tokens) for the API.',
  'auth.sendToken':
    'Send a personal access token: Authorization: Bearer remi_pat_… (create one in Settings).',
  'auth.otherSite':
    'This change came from another site ({site}); Remi only accepts changes made on its own pages.',
  'auth.noPassword': 'This account signs in with Google or Microsoft and has no password.',
  'auth.wrongPasswordsAccountOne':
    'Too many wrong passwords for this account. Try again in {minutes} minute.',
  'auth.wrongPasswordsAccount': 'Too many wrong passwords for this account. Try again in {minutes} minutes.',
  'auth.wrongPasswordsAddressOne':
    'Too many wrong passwords from your address. Try again in {minutes} minute.',
  'auth.wrongPasswordsAddress': 'Too many wrong passwords from your address. Try again in {minutes} minutes.',
  'auth.currentPasswordWrong': 'The current password is wrong.',
  'auth.passwordShort': 'Choose a password of at least {n} characters.',
  'auth.passwordLong': 'Choose a password of at most {n} characters.',
  'auth.passwordCommon': 'This password is too common or too simple to guess. Choose another one.',
  'auth.passwordEmail': 'Choose a password that is not your e-mail address.',
  'auth.noInvitations': 'Local sign-in is off on this server, so there is nothing to invite to.',
  'auth.noSmtp': 'This server cannot send e-mail (no SMTP_URL is set).',
  'auth.alreadyVerified': 'Your e-mail address is already verified.',
  'account.emailMismatch':
    'The e-mail address does not match this account. Type it exactly to delete the account.',
  'tokens.tooMany':
    'You already have {n} access tokens, the most allowed. Revoke one you no longer use first.',

  // Limits and busy servers.
  'limits.heavyJobBusy': 'An import or export of yours is already running. Try again when it has finished.',
  'limits.heavyJobFull': 'The server is busy with other imports and exports. Try again in a minute.',
  'limits.liveConnections':
    'Too many live connections are open for you. Close some tabs or windows of the app and try again.',

  // Account export zip and imports of one's own export.
  'accountZip.invalid': 'The file is not a valid Remi export zip.',
  'accountZip.tooMany': 'The zip holds more than {n} files; it was not read.',
  'accountZip.badName': "The zip holds a file named '{name}', outside its folders; it was not read.",
  'accountZip.tooBig':
    'The zip unpacks to more than an account export can hold (a zip bomb?); it was not read.',
  'accountZip.noJson': 'The zip holds no {file}: it is not a Remi account export.',
  'accountZip.missingFile': 'The zip has no file {path} (or not of the size its memory lists).',
  'accountZip.tooLarge': 'The import zip is too large (at most {mb} MB).',
  'import.fileTooMuch': 'The import file holds more than the server can read at once.',
  'import.running': 'An import is already running for this account.',
  'import.someMemories': 'Some memories in the file could not be imported.',
  'import.someConversations': 'Some conversations in the file could not be imported.',
  'import.chatNotImported': '{message} The memories were imported; the chat was not.',
  'import.nothingImported': '{message} Nothing was imported.',
  'import.tryLater': '{message} Try again when it has finished.',

  // Attachments and images.
  'attachments.tooLarge': 'A file may be at most {mb} MB; this one is larger.',
  'attachments.none': 'Choose a file to attach (sent as multipart/form-data, field "file").',
  'attachments.empty': 'The file is empty.',
  'attachments.badId': 'Id must be a UUID.',
  'attachments.quota':
    'This file would take your files past {mb} MB, the most one person may keep (ATTACHMENTS_MAX_MB_PER_USER). Delete some files first.',
  'attachments.typeRefused':
    'This kind of file cannot be attached. Attach a photo (JPEG, PNG, WebP, HEIC), a PDF, a text or Markdown file, or a Word document (DOCX).',
  'images.unreadable': 'This image cannot be read: the file is damaged or not the image it says it is.',
  'images.tooManyPixels':
    'This image has more than {n} million pixels, too many to show; make it smaller first.',

  // Automations.
  'automations.tooMany': 'You already have {n} automations, the most one person may keep; delete one first.',
  'automations.timezone': "The time zone '{zone}' is not a time zone this server knows (say Europe/Lisbon).",

  // Connected tools.
  'tools.off': 'The tool {name} is turned off.',
  'tools.tooMany': 'You can connect at most {n} servers; remove one first.',
  'tools.callLapsed': 'This call lapsed when the next message was sent. Ask again to run it.',
  'tools.callUsed': 'This call was already run or cancelled.',
  'tools.privateAddress':
    'The address {address} is on a private or local network, which Remi does not fetch from.',

  // Data sources.
  'dataSources.typeMismatch': "The data source type '{type}' does not match the address ({address}).",
  'dataSources.noLocation': "Could not find location '{name}'.",

  // Note imports.
  'notes.uploadTooLarge': 'The upload is too large (at most {mb} MB for one import).',
  'notes.noFile': 'Choose a file to import (sent as multipart/form-data, field "file").',
  'notes.tooManyFiles': 'Too many files in one upload (at most {n}).',
  'notes.uploadUnreadable': 'The upload could not be read ({detail}).',
  'notes.tooManyMemories': 'The file makes more than {n} memories, the most one import may write.',
  'notes.noNotes': 'This import has no notes to import.',
  'notes.started': 'This import has already been started.',
  'notes.noBackground': 'Background work is not running on this server; the import could not start.',
  'notes.notFinished': 'Only a finished import can be undone.',
  'notes.notZip': 'The file is not a zip archive that can be read ({detail}).',
  'notes.tooManyEntries': 'The archive has more than {n} entries (the limit for one import).',
  'notes.tooMuchUnpacked': 'The archive unpacks to more than {gb} GB (the limit for one import).',
  'notes.entryEscapes': 'The archive has an entry whose name leaves its folder, so it is refused ({detail}).',
  'notes.archiveUnreadable': 'The archive could not be read ({detail}).',
  'notes.xmlEntities':
    'The Evernote file declares XML entities or a DTD of its own, which Remi never reads (Evernote exports have none).',
  'notes.noNotesIn':
    'No notes found in {name}. This is not a file Remi can import notes from: choose a Google Keep Takeout (.zip or its .json notes), an Evernote export (.enex), a Bear backup (.bear2bk) or Markdown notes (.md, or a .zip of a folder).',
  'notes.unknownFile':
    '{name}: This is not a file Remi can import notes from: choose a Google Keep Takeout (.zip or its .json notes), an Evernote export (.enex), a Bear backup (.bear2bk) or Markdown notes (.md, or a .zip of a folder).',
  'notes.oneArchive': 'Send one archive at a time, or several note files of one kind.',
  'notes.oneKind': 'Send files of one kind at a time (all .json, all .enex or all .md).',
  'notes.tooSlow':
    'The upload could not be read within {minutes} minutes. Send fewer or smaller files at a time.',
  'notes.uploadTooMuch': 'The upload holds more than the server can read at once.',

  // Memories and the chat's proposals.
  'memories.searchTooLong': 'This search took too long. Try fewer or more specific words.',
  'memories.nothingToUndo': 'There is no change of this memory to undo.',
  'proposals.lapsed': 'This change lapsed when the next message was sent. Ask again to change it.',
  'proposals.used': 'This change was already applied or kept.',
  'proposals.stale':
    'This memory was changed after Remi proposed this, so it was left as it is. Ask again to change it.',
  'proposals.notUndoable': 'This change was already undone, or was never made.',
  'proposals.changedSince':
    'This memory was changed again since; undo that from the memory on the Memories page.',

  // Chat and voice.
  'chat.answerFailed': 'The assistant could not answer just now. Your message is saved; please try again.',
  'chat.regenerateFailed': 'The assistant could not answer again just now; the previous answer is kept.',
  'voice.tooLarge': 'The recording is too large (at most {mb} MB).',
  'voice.none': 'Send the recording as multipart/form-data, field "audio".',
  'voice.noTranscription':
    'Dictation is not set up on this server: set TRANSCRIPTION_MODEL (e.g. whisper-1) with AI_PROVIDER openai or openai-compatible, or TRANSCRIPTION_BASE_URL for a speech server of its own (README, "Voice").',
  'voice.empty': 'The recording is empty.',
  'voice.unsupported':
    'This is not a recording Remi can read: send WebM/Opus, Ogg, WAV, MP3 or M4A/MP4 audio.',
  'voice.tooLong': 'The recording is too long (at most {minutes} minutes).',
  'voice.noSpeech':
    "Reading aloud on the server is not set up: set SPEECH_MODEL (e.g. tts-1) with AI_PROVIDER openai or openai-compatible, or TRANSCRIPTION_BASE_URL. The browser's own voice reads answers meanwhile.",
  'voice.transcriptionFailed': 'The speech service could not write this down just now; please try again.',
  'voice.speechFailed': 'The speech service could not read this aloud just now; please try again.',

  // Reminders, their notifications and repeat rules.
  'push.notUrl': 'The push subscription must be a URL.',
  'push.notHttps': 'The push subscription must be an https:// URL.',
  'push.credentials': 'The push subscription must not carry a user name or password.',
  'push.thisMachine': 'The push subscription is on this machine ({host}), which Remi does not send to.',
  'push.privateNetwork': "Endpoint's address {host} is on a private or local network.",
  'push.tooManyDevices': 'At most {n} devices; remove one first.',
  'push.otherAccount':
    'This device already gets the notifications of another account. Sign in to that account and remove it under Settings → Notifications first.',
  'reminders.hourly':
    'With FREQ=HOURLY and BYHOUR, INTERVAL must divide 24 and BYHOUR hold an hour reached from dueAt in steps of INTERVAL.',
  'reminders.minutely':
    'With FREQ=MINUTELY and BYHOUR or BYMINUTE, INTERVAL must divide 60 and BYMINUTE hold a minute reached from dueAt in steps of INTERVAL.',
  'reminders.wholeNumber': '{part} must be a whole number from {range}.',
  'reminders.setpos': 'BYSETPOS may name at most {n} positions.',
  'reminders.bysecond': 'BYSECOND may name one second.',
  'reminders.ruleAlone': 'Give the rule alone (FREQ=...), without DTSTART; dueAt is the start.',
  'reminders.noFreq': 'FREQ is missing.',
  'reminders.notRrule': 'This is not an RRULE rrule can read ({detail}).',
  'reminders.tooOften': '{what} at most every {every}.',
  'reminders.byNeedsDaily': 'BYMONTH, BYMONTHDAY, BYYEARDAY and BYWEEKNO need FREQ=DAILY or a longer one.',
  'reminders.never': 'It never happens within {within} after dueAt.',
  'reminders.linkExpired': 'This link has expired or was already used.',
  'reminders.inFuture': "The reminder's time must be in the future.",
  'reminders.withinYears': "The reminder's time must be within {years} years.",
  'reminders.unknownZone': "The time zone '{zone}' is not a time zone this server knows.",
  'reminders.tooManyScheduled':
    'You already have {n} scheduled reminders, the most one person may keep; mark some done or cancel them first.',
  'reminders.tooManyScheduledShort': 'You already have {n} scheduled reminders.',
  'reminders.gone': 'This reminder no longer exists.',
} as const

export type ErrorKey = keyof typeof errorsEn
export type ErrorCatalogue = Record<ErrorKey, string>

/** Field labels (error-messages.ts's LABELS) as they begin an English message. */
export const labelsEn = [
  'The setting to save facts automatically',
  'The briefing time',
  'The code',
  'The data source settings',
  'The data source type',
  'The date',
  "The reminder's time",
  'The e-mail address',
  'The end date',
  'The push subscription',
  'The expiry date',
  'The format',
  'The start',
  'The calendar link',
  'The id',
  'The on/off setting',
  'The language',
  'The location',
  'The memory id',
  'The page number',
  'The page size',
  'The password',
  'The private setting',
  'The search',
  'The setting to read answers aloud after dictation',
  'The repeat rule',
  'The start date',
  'The status',
  'The tags',
  'The text',
  'The theme',
  'The time zone',
  'The title',
  'The end',
  'The link',
  'The version',
  // The schemas' own messages (packages/shared) begin with these.
  'Text',
  'Name',
  'Each tag',
  'The new password',
  'The snooze',
  'Content',
  'Prompt',
  'Limit',
  'Channels',
  'Schedule',
  'Label',
  'Memories',
  'Conversations',
  'Attachment ids',
  'Audio',
  'Auth',
  'P256dh',
  'Conversation ID',
  'Current password',
  'New password',
  'Email reminders',
  'Enabled',
  'Paused',
  'Web',
  'Expiration time',
  'File',
  'Headers',
  'Provider',
  'Return to',
  'Scope',
  'Search',
  'Snooze',
  'Tags',
  'The address',
  'The server address',
  'URL',
  'Action',
] as const
export type Label = (typeof labelsEn)[number]

/** What a value must be (error-messages.ts's KIND). */
export const kindsEn = [
  'text',
  'a number',
  'a whole number',
  'true or false',
  'a list',
  'a set of fields',
  'a date',
  'empty',
] as const
export type Kind = (typeof kindsEn)[number]

export interface LanguageErrors {
  messages: ErrorCatalogue
  labels: Record<Label, string>
  kinds: Record<Kind, string>
}
