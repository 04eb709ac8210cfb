import type { LanguageErrors } from './en.ts'

/** The error messages in German ("du"). */
export const de: LanguageErrors = {
  messages: {
    'handler.csrf':
      'Das CSRF-Token fehlt oder ist ungültig. Hol dir /api/auth/csrf-token und versuche es erneut.',
    'handler.gone':
      'Etwas, worauf sich das bezieht, gibt es nicht mehr. Lade die Seite neu und versuche es erneut.',
    'handler.invalidJson': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    'handler.bodyTooLarge': 'Der Inhalt der Anfrage ist zu groß.',
    'handler.mediaType':
      'Content-Type „{type}“ wird nicht unterstützt; sende den Inhalt als application/json.',
    'handler.databaseDown': 'Die Datenbank ist gerade nicht erreichbar. Versuche es gleich noch einmal.',
    'handler.internal': 'Bei uns ist etwas schiefgelaufen. Versuche es später noch einmal.',
    'handler.routeNotFound': 'Die Route {method} {path} gibt es nicht.',
    'handler.paramTooLong': 'Ein Teil der Adresse ist zu lang.',
    'handler.badUrl': 'Die Adresse ist ungültig: Sie enthält eine kaputte %-Kodierung.',
    'handler.unreadable': 'Die Anfrage konnte nicht gelesen werden.',
    'handler.tooManyRequests': 'Zu viele Anfragen. Versuche es später noch einmal.',
    'handler.itemPrefix': 'Eintrag {item}: {message}',

    'schema.invalid': 'Die Anfrage ist ungültig.',
    'schema.notObject': 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.',
    'schema.unknownField': 'Die Anfrage hat ein Feld, das Remi nicht kennt: {keys}.',
    'schema.unknownFields': 'Die Anfrage hat Felder, die Remi nicht kennt: {keys}.',
    'schema.required': '{label}: Das ist ein Pflichtfeld.',
    'schema.requiredPlural': '{label}: Das ist ein Pflichtfeld.',
    'schema.notValid': '{label}: Der Wert ist ungültig.',
    'schema.notValidPlural': '{label}: Der Wert ist ungültig.',
    'schema.mustBe': '{label}: Muss {kind} sein.',
    'schema.oneOf': '{label}: Muss {values} oder {last} sein.',
    'schema.notAllowed': '{label}: Der Wert gehört nicht zu den erlaubten Werten.',
    'schema.notAllowedPlural': '{label}: Der Wert gehört nicht zu den erlaubten Werten.',
    'schema.notEmpty': '{label}: Darf nicht leer sein.',
    'schema.notBlank': '{label}: Darf nicht leer sein.',
    'schema.maxChars': '{label}: Höchstens {n, plural, one {# Zeichen} other {# Zeichen}}.',
    'schema.haveMaxChars': '{label}: Höchstens {n, plural, one {# Zeichen} other {# Zeichen}}.',
    'schema.maxChar': '{label}: Höchstens 1 Zeichen.',
    'schema.minChars': '{label}: Mindestens {n, plural, one {# Zeichen} other {# Zeichen}}.',
    'schema.maxItems': '{label}: Höchstens {n, plural, one {# Eintrag} other {# Einträge}}.',
    'schema.maxItem': '{label}: Höchstens 1 Eintrag.',
    'schema.minItems': '{label}: Mindestens {n, plural, one {# Eintrag} other {# Einträge}}.',
    'schema.minItem': '{label}: Mindestens 1 Eintrag.',
    'schema.maxBytes': '{label}: Höchstens {n} Bytes.',
    'schema.max': '{label}: Darf höchstens {n} sein.',
    'schema.min': '{label}: Muss mindestens {n} sein.',
    'schema.multipleOf': '{label}: Muss ein Vielfaches von {n} sein.',
    'schema.badId': '{label}: Das ist keine gültige ID.',
    'schema.badIdPlural': '{label}: Das ist keine gültige ID.',
    'schema.email': '{label}: Muss eine E-Mail-Adresse sein.',
    'schema.url': '{label}: Muss eine Webadresse sein.',
    'schema.datetime': '{label}: Muss ein Datum mit Uhrzeit sein.',
    'schema.date': '{label}: Muss ein Datum im Format JJJJ-MM-TT sein.',
    'schema.time': '{label}: Muss eine Uhrzeit sein.',
    'schema.form': '{label}: Hat nicht die richtige Form.',
    'schema.formPlural': '{label}: Hat nicht die richtige Form.',
    'schema.tooLong': '{label}: Der Wert ist zu lang.',
    'schema.uuid': '{label}: Muss eine UUID sein.',
    'schema.uuids': '{label}: Müssen UUIDs sein.',
    'schema.either': '{label}: Muss {first} oder {last} sein.',
    'schema.oneOfList': '{label}: Muss einer dieser Werte sein: {values}.',
    'schema.realDate': '{label}: Muss ein echtes Datum im Format JJJJ-MM-TT zwischen 1900 und 2100 sein.',
    'schema.isoZone': '{label}: Muss ein ISO-Datum mit Uhrzeit und Zone sein (…Z oder …+01:00).',
    'schema.iso': '{label}: Muss ein ISO-Datum mit Uhrzeit sein.',
    'schema.rrule': '{label}: Muss eine RRULE sein, etwa {example}.',
    'schema.rruleFreq': '{label}: Muss eine RRULE sein, die mit FREQ= beginnt, etwa {example}.',
    'schema.haveMinChars': '{label}: Mindestens {n, plural, one {# Zeichen} other {# Zeichen}}.',
    'schema.attachmentsMax':
      'Eine Nachricht darf höchstens {n, plural, one {# Datei} other {# Dateien}} enthalten.',
    'schema.conversationsMax':
      'Ein Import enthält höchstens {n, plural, one {# Unterhaltung} other {# Unterhaltungen}}.',
    'schema.messagesMax':
      'Ein Import enthält höchstens {n, plural, one {# Chatnachricht} other {# Chatnachrichten}}.',
    'schema.tagsMax': 'Höchstens {n, plural, one {# Schlagwort} other {# Schlagwörter}} sind erlaubt.',
    'schema.channelsList': "Die Kanäle müssen eine Liste sein, etwa [''app'', ''push'', ''email''].",
    'schema.channelsOne': 'Nenne mindestens einen Kanal.',
    'schema.channelsKnown': "Die Kanäle können ''app'', ''push'' und ''email'' sein.",
    'schema.chatSetting':
      'Wähle eine Chat-Einstellung zum Ändern: Fakten automatisch speichern oder Antworten vorlesen.',
    'schema.currentPassword': 'Gib dein aktuelles Passwort ein.',
    'schema.automationChange':
      'Gib mindestens eines von prompt, schedule, timezone, channels oder paused an.',
    'schema.importId': 'Das ist keine Import-ID.',
    'schema.keepTokens': 'Gib true oder false an, ob deine Zugriffstokens bleiben sollen.',
    'schema.notificationChange':
      'Sende eine Änderung an den E-Mail-Erinnerungen oder an der Uhrzeit der Übersicht.',
    'schema.settingsChange': 'Sende eine Zeitzone, ein Design oder eine Sprache.',
    'schema.reminderChange':
      'Sende mindestens eine Änderung: den Text, die Zeit, die Wiederholungsregel, den Status oder eine Schlummerzeit.',
    'schema.tagsForm':
      'Schlagwörter müssen eine Liste von Texten oder ein durch Kommas getrennter Text sein.',
    'schema.briefingTime': 'Die Uhrzeit der Übersicht muss HH:MM (24 Stunden) sein, etwa 07:30, oder null.',
    'schema.confirmEmail':
      'Die E-Mail-Adresse ist erforderlich: Gib zur Bestätigung die E-Mail-Adresse des Kontos ein.',
    'schema.expiryYear': 'Das Ablaufdatum muss vor dem Jahr 2101 liegen.',
    'schema.expiryFuture': 'Das Ablaufdatum muss in der Zukunft liegen.',
    'schema.accountFormat': "Das Format muss ''remi-account'' sein (ein Remi-Konto-Export).",
    'schema.memoriesFormat': "Das Format muss ''remi-memories'' sein (eine Remi-Exportdatei).",
    'schema.sessionId': 'Die ID muss eine Sitzungs-ID sein.',
    'schema.pushNoKeys': 'Das Benachrichtigungs-Abo hat keine Schlüssel.',
    'schema.ruleBlank': 'Die Wiederholungsregel darf nicht leer sein (sende null für keine).',
    'schema.serverAddress': 'Die Serveradresse ist keine gültige Webadresse.',
    'schema.snoozeMinutes': 'Die Schlummerzeit muss eine Anzahl Minuten sein.',
    'schema.zoneName': 'Die Zeitzone muss der Name einer Zeitzone sein, etwa Europe/Berlin.',

    'notFound.resource': 'Nicht gefunden.',
    'notFound.memory': 'Notiz nicht gefunden.',
    'notFound.reminder': 'Erinnerung nicht gefunden.',
    'notFound.user': 'Benutzer nicht gefunden.',
    'notFound.subscription': 'Abo nicht gefunden.',
    'notFound.session': 'Sitzung nicht gefunden.',
    'notFound.server': 'Server nicht gefunden.',
    'notFound.toolCall': 'Werkzeugaufruf nicht gefunden.',
    'notFound.tool': 'Werkzeug nicht gefunden.',
    'notFound.attachment': 'Anhang nicht gefunden.',
    'notFound.conversation': 'Unterhaltung nicht gefunden.',
    'notFound.import': 'Import nicht gefunden.',
    'notFound.proposal': 'Vorschlag nicht gefunden.',
    'notFound.accessToken': 'Zugriffstoken nicht gefunden.',
    'notFound.automation': 'Automatisierung nicht gefunden.',
    'notFound.provider': 'Den Anmeldedienst „{name}“ gibt es nicht.',
    'notFound.providerOff': 'Die Anmeldung mit {provider} ist auf diesem Server nicht verfügbar.',
    'notFound.dataSource': 'Die Datenquelle „{name}“ gibt es nicht.',
    'notFound.answer': 'In dieser Unterhaltung gibt es keine Antwort, die neu erzeugt werden könnte.',

    'auth.signIn': 'Melde dich an, um fortzufahren.',
    'auth.forbidden': 'Dazu hast du keine Berechtigung.',
    'auth.tokenCannot': 'Zugriffstokens dürfen das nicht ({action}). Melde dich dafür an.',
    'auth.tokenReadOnly': 'Dieses Zugriffstoken darf nur lesen.',
    'auth.sessionToken':
      'Das Anmeldetoken weist nur seine Sitzung aus (GET /api/auth/user). Nutze die App oder für die API ein persönliches Zugriffstoken (Einstellungen → Zugriffstokens).',
    'auth.sendToken':
      'Sende ein persönliches Zugriffstoken: Authorization: Bearer remi_pat_… (erstelle eines in den Einstellungen).',
    'auth.otherSite':
      'Diese Änderung kam von einer anderen Website ({site}); Remi nimmt nur Änderungen von seinen eigenen Seiten an.',
    'auth.noPassword': 'Dieses Konto meldet sich über Google oder Microsoft an und hat kein Passwort.',
    'auth.wrongPasswordsAccountOne':
      'Zu viele falsche Passwörter für dieses Konto. Versuche es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
    'auth.wrongPasswordsAccount':
      'Zu viele falsche Passwörter für dieses Konto. Versuche es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
    'auth.wrongPasswordsAddressOne':
      'Zu viele falsche Passwörter von deiner Adresse. Versuche es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
    'auth.wrongPasswordsAddress':
      'Zu viele falsche Passwörter von deiner Adresse. Versuche es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
    'auth.currentPasswordWrong': 'Das aktuelle Passwort ist falsch.',
    'auth.passwordShort': 'Wähle ein Passwort mit mindestens {n, plural, one {# Zeichen} other {# Zeichen}}.',
    'auth.passwordLong': 'Wähle ein Passwort mit höchstens {n, plural, one {# Zeichen} other {# Zeichen}}.',
    'auth.passwordCommon': 'Dieses Passwort ist zu verbreitet oder zu leicht zu erraten. Wähle ein anderes.',
    'auth.passwordEmail': 'Wähle ein Passwort, das nicht deine E-Mail-Adresse ist.',
    'auth.noInvitations':
      'Die lokale Anmeldung ist auf diesem Server ausgeschaltet, es gibt also nichts, wozu man einladen könnte.',
    'auth.noSmtp': 'Dieser Server kann keine E-Mails senden (SMTP_URL ist nicht gesetzt).',
    'auth.alreadyVerified': 'Deine E-Mail-Adresse ist bereits bestätigt.',
    'account.emailMismatch':
      'Die E-Mail-Adresse passt nicht zu diesem Konto. Gib sie genau so ein, um das Konto zu löschen.',
    'tokens.tooMany':
      'Du hast schon {n, plural, one {# Zugriffstoken} other {# Zugriffstokens}}, mehr sind nicht erlaubt. Widerrufe zuerst eines, das du nicht mehr brauchst.',

    'limits.heavyJobBusy':
      'Ein Import oder Export von dir läuft bereits. Versuche es erneut, wenn er fertig ist.',
    'limits.heavyJobFull':
      'Der Server ist mit anderen Importen und Exporten beschäftigt. Versuche es in einer Minute erneut.',
    'limits.liveConnections':
      'Du hast zu viele Live-Verbindungen offen. Schließe ein paar Tabs oder Fenster der App und versuche es erneut.',

    'accountZip.invalid': 'Die Datei ist kein gültiges Remi-Export-Zip.',
    'accountZip.tooMany':
      'Das Zip enthält mehr als {n, plural, one {# Datei} other {# Dateien}}; es wurde nicht gelesen.',
    'accountZip.badName':
      'Das Zip enthält eine Datei namens „{name}“ außerhalb seiner Ordner; es wurde nicht gelesen.',
    'accountZip.tooBig':
      'Entpackt ist das Zip größer, als ein Konto-Export sein kann (eine Zip-Bombe?); es wurde nicht gelesen.',
    'accountZip.noJson': 'Das Zip enthält keine {file}: Es ist kein Remi-Konto-Export.',
    'accountZip.missingFile':
      'Im Zip fehlt die Datei {path} (oder sie hat nicht die Größe, die ihre Notiz angibt).',
    'accountZip.tooLarge': 'Das Import-Zip ist zu groß (höchstens {mb} MB).',
    'import.fileTooMuch': 'Die Importdatei enthält mehr, als der Server auf einmal lesen kann.',
    'import.running': 'Für dieses Konto läuft bereits ein Import.',
    'import.someMemories': 'Einige Notizen aus der Datei konnten nicht importiert werden.',
    'import.someConversations': 'Einige Unterhaltungen aus der Datei konnten nicht importiert werden.',
    'import.chatNotImported': '{message} Die Notizen wurden importiert, der Chat nicht.',
    'import.nothingImported': '{message} Es wurde nichts importiert.',
    'import.tryLater': '{message} Versuche es erneut, wenn er fertig ist.',

    'attachments.tooLarge': 'Eine Datei darf höchstens {mb} MB groß sein; diese ist größer.',
    'attachments.none': 'Wähle eine Datei zum Anhängen (gesendet als multipart/form-data, Feld "file").',
    'attachments.empty': 'Die Datei ist leer.',
    'attachments.badId': 'Die ID muss eine UUID sein.',
    'attachments.quota':
      'Mit dieser Datei kämen deine Dateien über {mb} MB, das Höchste, was eine Person behalten darf (ATTACHMENTS_MAX_MB_PER_USER). Lösche zuerst ein paar Dateien.',
    'attachments.typeRefused':
      'Diese Art von Datei kann nicht angehängt werden. Hänge ein Foto (JPEG, PNG, WebP, HEIC), ein PDF, eine Text- oder Markdown-Datei oder ein Word-Dokument (DOCX) an.',
    'images.unreadable':
      'Dieses Bild kann nicht gelesen werden: Die Datei ist beschädigt oder nicht das Bild, das sie zu sein vorgibt.',
    'images.tooManyPixels':
      'Dieses Bild hat mehr als {n} Millionen Pixel, zu viele zum Anzeigen; verkleinere es zuerst.',

    'automations.tooMany':
      'Du hast schon {n, plural, one {# Automatisierung} other {# Automatisierungen}}, mehr darf eine Person nicht haben; lösche zuerst eine.',
    'automations.timezone': 'Die Zeitzone „{zone}“ kennt dieser Server nicht (zum Beispiel Europe/Berlin).',

    'tools.off': 'Das Werkzeug {name} ist ausgeschaltet.',
    'tools.tooMany':
      'Du kannst höchstens {n, plural, one {# Server} other {# Server}} verbinden; entferne zuerst einen.',
    'tools.callLapsed':
      'Dieser Aufruf ist verfallen, als die nächste Nachricht gesendet wurde. Bitte erneut darum, um ihn auszuführen.',
    'tools.callUsed': 'Dieser Aufruf wurde bereits ausgeführt oder abgebrochen.',
    'tools.privateAddress':
      'Die Adresse {address} liegt in einem privaten oder lokalen Netz, aus dem Remi nichts abruft.',

    'dataSources.typeMismatch': 'Der Datenquellentyp „{type}“ passt nicht zur Adresse ({address}).',
    'dataSources.noLocation': 'Der Ort „{name}“ wurde nicht gefunden.',

    'notes.uploadTooLarge': 'Der Upload ist zu groß (höchstens {mb} MB pro Import).',
    'notes.noFile': 'Wähle eine Datei zum Importieren (gesendet als multipart/form-data, Feld "file").',
    'notes.tooManyFiles': 'Zu viele Dateien in einem Upload (höchstens {n}).',
    'notes.uploadUnreadable': 'Der Upload konnte nicht gelesen werden ({detail}).',
    'notes.tooManyMemories':
      'Die Datei ergibt mehr als {n, plural, one {# Notiz} other {# Notizen}}, das Höchste, was ein Import schreiben darf.',
    'notes.noNotes': 'Dieser Import hat keine Notizen zu importieren.',
    'notes.started': 'Dieser Import wurde bereits gestartet.',
    'notes.noBackground':
      'Auf diesem Server laufen keine Hintergrundaufgaben; der Import konnte nicht starten.',
    'notes.notFinished': 'Nur ein abgeschlossener Import kann rückgängig gemacht werden.',
    'notes.notZip': 'Die Datei ist kein lesbares Zip-Archiv ({detail}).',
    'notes.tooManyEntries': 'Das Archiv hat mehr als {n} Einträge (die Grenze für einen Import).',
    'notes.tooMuchUnpacked': 'Entpackt ist das Archiv größer als {gb} GB (die Grenze für einen Import).',
    'notes.entryEscapes':
      'Das Archiv hat einen Eintrag, dessen Name aus seinem Ordner hinausführt, daher wird es abgelehnt ({detail}).',
    'notes.archiveUnreadable': 'Das Archiv konnte nicht gelesen werden ({detail}).',
    'notes.xmlEntities':
      'Die Evernote-Datei deklariert XML-Entitäten oder eine eigene DTD, die Remi nie liest (Evernote-Exporte haben keine).',
    'notes.noNotesIn':
      'Keine Notizen in {name} gefunden. Aus dieser Datei kann Remi keine Notizen importieren: Wähle ein Google-Takeout von Keep (.zip oder seine .json-Notizen), einen Evernote-Export (.enex), ein Bear-Backup (.bear2bk) oder Markdown-Notizen (.md oder ein .zip eines Ordners).',
    'notes.unknownFile':
      '{name}: Aus dieser Datei kann Remi keine Notizen importieren: Wähle ein Google-Takeout von Keep (.zip oder seine .json-Notizen), einen Evernote-Export (.enex), ein Bear-Backup (.bear2bk) oder Markdown-Notizen (.md oder ein .zip eines Ordners).',
    'notes.oneArchive': 'Sende ein Archiv auf einmal oder mehrere Notizdateien derselben Art.',
    'notes.oneKind': 'Sende jeweils Dateien nur einer Art (alle .json, alle .enex oder alle .md).',
    'notes.tooSlow':
      'Der Upload konnte nicht innerhalb von {minutes, plural, one {# Minute} other {# Minuten}} gelesen werden. Sende weniger oder kleinere Dateien auf einmal.',
    'notes.uploadTooMuch': 'Der Upload enthält mehr, als der Server auf einmal lesen kann.',

    'memories.searchTooLong':
      'Diese Suche hat zu lange gedauert. Versuche es mit weniger oder genaueren Wörtern.',
    'memories.nothingToUndo': 'Es gibt keine Änderung an dieser Notiz, die rückgängig gemacht werden könnte.',
    'proposals.lapsed':
      'Diese Änderung ist verfallen, als die nächste Nachricht gesendet wurde. Bitte erneut darum.',
    'proposals.used': 'Diese Änderung wurde bereits übernommen oder verworfen.',
    'proposals.stale':
      'Diese Notiz wurde geändert, nachdem Remi das vorgeschlagen hat, deshalb blieb sie, wie sie war. Bitte erneut um die Änderung.',
    'proposals.notUndoable': 'Diese Änderung wurde bereits rückgängig gemacht oder nie ausgeführt.',
    'proposals.changedSince':
      'Diese Notiz wurde seitdem erneut geändert; mach das in der Notiz auf der Seite „Notizen“ rückgängig.',

    'chat.answerFailed':
      'Der Assistent konnte gerade nicht antworten. Deine Nachricht ist gespeichert; versuche es erneut.',
    'chat.regenerateFailed':
      'Der Assistent konnte gerade nicht erneut antworten; die vorherige Antwort bleibt erhalten.',
    'voice.tooLarge': 'Die Aufnahme ist zu groß (höchstens {mb} MB).',
    'voice.none': 'Sende die Aufnahme als multipart/form-data, Feld "audio".',
    'voice.noTranscription':
      'Diktieren ist auf diesem Server nicht eingerichtet: Setze TRANSCRIPTION_MODEL (z. B. whisper-1) mit AI_PROVIDER openai oder openai-compatible, oder TRANSCRIPTION_BASE_URL für einen eigenen Sprachserver (README, "Voice").',
    'voice.empty': 'Die Aufnahme ist leer.',
    'voice.unsupported':
      'Diese Aufnahme kann Remi nicht lesen: Sende WebM/Opus-, Ogg-, WAV-, MP3- oder M4A/MP4-Audio.',
    'voice.tooLong':
      'Die Aufnahme ist zu lang (höchstens {minutes, plural, one {# Minute} other {# Minuten}}).',
    'voice.noSpeech':
      'Vorlesen auf dem Server ist nicht eingerichtet: Setze SPEECH_MODEL (z. B. tts-1) mit AI_PROVIDER openai oder openai-compatible, oder TRANSCRIPTION_BASE_URL. Bis dahin liest die Stimme des Browsers die Antworten vor.',
    'voice.transcriptionFailed': 'Der Sprachdienst konnte das gerade nicht aufschreiben; versuche es erneut.',
    'voice.speechFailed': 'Der Sprachdienst konnte das gerade nicht vorlesen; versuche es erneut.',

    'push.notUrl': 'Das Benachrichtigungs-Abo muss eine URL sein.',
    'push.notHttps': 'Das Benachrichtigungs-Abo muss eine https://-URL sein.',
    'push.credentials': 'Das Benachrichtigungs-Abo darf keinen Benutzernamen und kein Passwort enthalten.',
    'push.thisMachine':
      'Das Benachrichtigungs-Abo liegt auf diesem Rechner ({host}), an den Remi nichts sendet.',
    'push.privateNetwork':
      'Die Adresse {host} des Benachrichtigungs-Abos liegt in einem privaten oder lokalen Netz.',
    'push.tooManyDevices': 'Höchstens {n, plural, one {# Gerät} other {# Geräte}}; entferne zuerst eines.',
    'push.otherAccount':
      'Dieses Gerät bekommt bereits die Benachrichtigungen eines anderen Kontos. Melde dich bei diesem Konto an und entferne es dort zuerst unter Einstellungen → Benachrichtigungen.',
    'reminders.hourly':
      'Mit FREQ=HOURLY und BYHOUR muss INTERVAL 24 teilen und BYHOUR eine Stunde enthalten, die von dueAt aus in Schritten von INTERVAL erreicht wird.',
    'reminders.minutely':
      'Mit FREQ=MINUTELY und BYHOUR oder BYMINUTE muss INTERVAL 60 teilen und BYMINUTE eine Minute enthalten, die von dueAt aus in Schritten von INTERVAL erreicht wird.',
    'reminders.wholeNumber': '{part} muss eine ganze Zahl von {range} sein.',
    'reminders.setpos': 'BYSETPOS darf höchstens {n} Positionen nennen.',
    'reminders.bysecond': 'BYSECOND darf nur eine Sekunde nennen.',
    'reminders.ruleAlone': 'Gib nur die Regel an (FREQ=...), ohne DTSTART; der Beginn ist dueAt.',
    'reminders.noFreq': 'FREQ fehlt.',
    'reminders.notRrule': 'Das ist keine RRULE, die rrule lesen kann ({detail}).',
    'reminders.tooOften': '{what}: höchstens alle {every}.',
    'reminders.byNeedsDaily':
      'BYMONTH, BYMONTHDAY, BYYEARDAY und BYWEEKNO brauchen FREQ=DAILY oder eine längere.',
    'reminders.never': 'Das tritt innerhalb von {within} nach dueAt nie ein.',
    'reminders.linkExpired': 'Dieser Link ist abgelaufen oder wurde schon benutzt.',
    'reminders.inFuture': 'Der Zeitpunkt der Erinnerung muss in der Zukunft liegen.',
    'reminders.withinYears':
      'Der Zeitpunkt der Erinnerung muss innerhalb {years, plural, one {des nächsten Jahres} other {der nächsten # Jahre}} liegen.',
    'reminders.unknownZone': 'Die Zeitzone „{zone}“ kennt dieser Server nicht.',
    'reminders.tooManyScheduled':
      'Du hast schon {n, plural, one {# geplante Erinnerung} other {# geplante Erinnerungen}}, mehr darf eine Person nicht haben; markiere zuerst einige als erledigt oder sage sie ab.',
    'reminders.tooManyScheduledShort':
      'Du hast schon {n, plural, one {# geplante Erinnerung} other {# geplante Erinnerungen}}.',
    'reminders.gone': 'Diese Erinnerung gibt es nicht mehr.',
  },
  labels: {
    'The setting to save facts automatically': 'Fakten automatisch speichern',
    'The briefing time': 'Uhrzeit der Übersicht',
    'The code': 'Code',
    'The data source settings': 'Einstellungen der Datenquelle',
    'The data source type': 'Datenquellentyp',
    'The date': 'Datum',
    "The reminder's time": 'Zeitpunkt der Erinnerung',
    'The e-mail address': 'E-Mail-Adresse',
    'The end date': 'Enddatum',
    'The push subscription': 'Benachrichtigungs-Abo',
    'The expiry date': 'Ablaufdatum',
    'The format': 'Format',
    'The start': 'Beginn',
    'The calendar link': 'Kalender-Link',
    'The id': 'ID',
    'The on/off setting': 'Ein/Aus',
    'The language': 'Sprache',
    'The location': 'Ort',
    'The memory id': 'ID der Notiz',
    'The page number': 'Seitenzahl',
    'The page size': 'Seitengröße',
    'The password': 'Passwort',
    'The private setting': 'Privat',
    'The search': 'Suche',
    'The setting to read answers aloud after dictation': 'Antworten nach dem Diktieren vorlesen',
    'The repeat rule': 'Wiederholungsregel',
    'The start date': 'Startdatum',
    'The status': 'Status',
    'The tags': 'Schlagwörter',
    'The text': 'Text',
    'The theme': 'Design',
    'The time zone': 'Zeitzone',
    'The title': 'Titel',
    'The end': 'Ende',
    'The link': 'Link',
    'The version': 'Version',
    Text: 'Text',
    Name: 'Name',
    'Each tag': 'Jedes Schlagwort',
    'The new password': 'Neues Passwort',
    'The snooze': 'Schlummerzeit',
    Content: 'Inhalt',
    Prompt: 'Anweisung',
    Limit: 'Limit',
    Channels: 'Kanäle',
    Schedule: 'Zeitplan',
    Label: 'Bezeichnung',
    Memories: 'Notizen',
    Conversations: 'Unterhaltungen',
    'Attachment ids': 'IDs der Anhänge',
    Audio: 'Audio',
    Auth: 'Schlüssel auth',
    P256dh: 'Schlüssel p256dh',
    'Conversation ID': 'ID der Unterhaltung',
    'Current password': 'Aktuelles Passwort',
    'New password': 'Neues Passwort',
    'Email reminders': 'E-Mail-Erinnerungen',
    Enabled: 'Aktiv',
    Paused: 'Pausiert',
    Web: 'Web',
    'Expiration time': 'Ablaufzeit',
    File: 'Datei',
    Headers: 'Header',
    Provider: 'Anbieter',
    'Return to': 'Rücksprungseite',
    Scope: 'Umfang',
    Search: 'Suche',
    Snooze: 'Schlummerzeit',
    Tags: 'Schlagwörter',
    'The address': 'Adresse',
    'The server address': 'Serveradresse',
    URL: 'URL',
    Action: 'Aktion',
  },
  kinds: {
    text: 'Text',
    'a number': 'eine Zahl',
    'a whole number': 'eine ganze Zahl',
    'true or false': 'wahr oder falsch',
    'a list': 'eine Liste',
    'a set of fields': 'eine Gruppe von Feldern',
    'a date': 'ein Datum',
    empty: 'leer',
  },
}
