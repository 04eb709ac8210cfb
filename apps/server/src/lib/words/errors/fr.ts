import type { LanguageErrors } from './en.ts'

/** The error messages in French ("vous"). */
export const fr: LanguageErrors = {
  messages: {
    'handler.csrf': 'Le jeton CSRF manque ou n’est pas valide. Récupérez /api/auth/csrf-token et réessayez.',
    'handler.gone': 'Un élément auquel ceci se rapporte n’existe plus. Rechargez la page et réessayez.',
    'handler.invalidJson': 'Le corps de la requête n’est pas du JSON valide.',
    'handler.bodyTooLarge': 'Le corps de la requête est trop volumineux.',
    'handler.mediaType':
      'Le Content-Type « {type} » n’est pas pris en charge ; envoyez le corps en application/json.',
    'handler.databaseDown': 'La base de données est injoignable pour le moment. Réessayez dans un instant.',
    'handler.internal': 'Un problème est survenu de notre côté. Réessayez plus tard.',
    'handler.routeNotFound': 'La route {method} {path} n’existe pas.',
    'handler.paramTooLong': 'Une partie de l’adresse est trop longue.',
    'handler.badUrl': 'L’adresse n’est pas valide : elle contient un échappement % incomplet.',
    'handler.unreadable': 'La requête n’a pas pu être lue.',
    'handler.tooManyRequests': 'Trop de requêtes. Réessayez plus tard.',
    'handler.itemPrefix': 'Élément {item} : {message}',

    'schema.invalid': 'La requête n’est pas valide.',
    'schema.notObject': 'Le corps de la requête doit être un objet JSON.',
    'schema.unknownField': 'La requête contient un champ que Remi ne connaît pas : {keys}.',
    'schema.unknownFields': 'La requête contient des champs que Remi ne connaît pas : {keys}.',
    'schema.required': '{label} : ce champ est obligatoire.',
    'schema.requiredPlural': '{label} : ce champ est obligatoire.',
    'schema.notValid': '{label} : la valeur n’est pas valide.',
    'schema.notValidPlural': '{label} : la valeur n’est pas valide.',
    'schema.mustBe': '{label} : doit être {kind}.',
    'schema.oneOf': '{label} : doit être {values} ou {last}.',
    'schema.notAllowed': '{label} : la valeur ne fait pas partie des valeurs permises.',
    'schema.notAllowedPlural': '{label} : la valeur ne fait pas partie des valeurs permises.',
    'schema.notEmpty': '{label} : ne doit pas être vide.',
    'schema.notBlank': '{label} : ne doit pas être vide.',
    'schema.maxChars': '{label} : {n, plural, one {# caractère} other {# caractères}} au maximum.',
    'schema.haveMaxChars': '{label} : {n, plural, one {# caractère} other {# caractères}} au maximum.',
    'schema.maxChar': '{label} : 1 caractère au maximum.',
    'schema.minChars': '{label} : {n, plural, one {# caractère} other {# caractères}} au minimum.',
    'schema.maxItems': '{label} : {n, plural, one {# élément} other {# éléments}} au maximum.',
    'schema.maxItem': '{label} : 1 élément au maximum.',
    'schema.minItems': '{label} : {n, plural, one {# élément} other {# éléments}} au minimum.',
    'schema.minItem': '{label} : 1 élément au minimum.',
    'schema.maxBytes': '{label} : {n} octets au maximum.',
    'schema.max': '{label} : doit valoir au plus {n}.',
    'schema.min': '{label} : doit valoir au moins {n}.',
    'schema.multipleOf': '{label} : doit être un multiple de {n}.',
    'schema.badId': '{label} : ce n’est pas un identifiant valide.',
    'schema.badIdPlural': '{label} : ce n’est pas un identifiant valide.',
    'schema.email': '{label} : doit être une adresse e-mail.',
    'schema.url': '{label} : doit être une adresse web.',
    'schema.datetime': '{label} : doit être une date et une heure.',
    'schema.date': '{label} : doit être une date écrite AAAA-MM-JJ.',
    'schema.time': '{label} : doit être une heure de la journée.',
    'schema.form': '{label} : n’a pas la bonne forme.',
    'schema.formPlural': '{label} : n’a pas la bonne forme.',
    'schema.tooLong': '{label} : la valeur est trop longue.',
    'schema.uuid': '{label} : doit être un UUID.',
    'schema.uuids': '{label} : doivent être des UUID.',
    'schema.either': '{label} : doit être {first} ou {last}.',
    'schema.oneOfList': '{label} : doit être l’une de ces valeurs : {values}.',
    'schema.realDate': '{label} : doit être une date réelle écrite AAAA-MM-JJ, entre 1900 et 2100.',
    'schema.isoZone': '{label} : doit être une date et heure ISO avec fuseau (…Z ou …+01:00).',
    'schema.iso': '{label} : doit être une date et heure ISO.',
    'schema.rrule': '{label} : doit être une RRULE, comme {example}.',
    'schema.rruleFreq': '{label} : doit être une RRULE commençant par FREQ=, comme {example}.',
    'schema.haveMinChars': '{label} : {n, plural, one {# caractère} other {# caractères}} au minimum.',
    'schema.attachmentsMax':
      'Un message peut contenir au maximum {n, plural, one {# fichier} other {# fichiers}}.',
    'schema.conversationsMax':
      'Une importation contient au maximum {n, plural, one {# conversation} other {# conversations}}.',
    'schema.messagesMax':
      'Une importation contient au maximum {n, plural, one {# message de chat} other {# messages de chat}}.',
    'schema.tagsMax': '{n, plural, one {# étiquette} other {# étiquettes}} au maximum.',
    'schema.channelsList': "Les canaux doivent être une liste, comme [''app'', ''push'', ''email''].",
    'schema.channelsOne': 'Indiquez au moins un canal.',
    'schema.channelsKnown': "Les canaux peuvent être ''app'', ''push'' et ''email''.",
    'schema.chatSetting':
      'Choisissez un paramètre du chat à modifier : enregistrer les faits automatiquement, ou lire les réponses à voix haute.',
    'schema.currentPassword': 'Saisissez votre mot de passe actuel.',
    'schema.automationChange': 'Indiquez au moins l’un de prompt, schedule, timezone, channels ou paused.',
    'schema.importId': 'Ce n’est pas un identifiant d’importation.',
    'schema.keepTokens': 'Indiquez true ou false pour garder vos jetons d’accès.',
    'schema.notificationChange': 'Envoyez une modification des rappels par e-mail ou de l’heure du résumé.',
    'schema.settingsChange': 'Envoyez un fuseau horaire, un thème ou une langue.',
    'schema.reminderChange':
      'Envoyez au moins une modification : le texte, l’heure, la règle de répétition, le statut ou un report.',
    'schema.tagsForm': 'Les étiquettes doivent être une liste de textes ou un texte séparé par des virgules.',
    'schema.briefingTime': 'L’heure du résumé doit être HH:MM (sur 24 heures), comme 07:30, ou null.',
    'schema.confirmEmail':
      'L’adresse e-mail est obligatoire : saisissez l’adresse e-mail du compte pour confirmer.',
    'schema.expiryYear': 'La date d’expiration doit être antérieure à l’an 2101.',
    'schema.expiryFuture': 'La date d’expiration doit être dans le futur.',
    'schema.accountFormat': "Le format doit être ''remi-account'' (une exportation de compte Remi).",
    'schema.memoriesFormat': "Le format doit être ''remi-memories'' (un fichier d’exportation Remi).",
    'schema.sessionId': 'L’identifiant doit être un identifiant de session.',
    'schema.pushNoKeys': 'L’abonnement aux notifications n’a pas de clés.',
    'schema.ruleBlank': 'La règle de répétition ne doit pas être vide (envoyez null pour aucune).',
    'schema.serverAddress': 'L’adresse du serveur n’est pas une adresse web valide.',
    'schema.snoozeMinutes': 'Le report doit être un nombre de minutes.',
    'schema.zoneName': 'Le fuseau horaire doit être le nom d’un fuseau horaire, comme Europe/Paris.',

    'notFound.resource': 'Ressource introuvable.',
    'notFound.memory': 'Souvenir introuvable.',
    'notFound.reminder': 'Rappel introuvable.',
    'notFound.user': 'Utilisateur introuvable.',
    'notFound.subscription': 'Abonnement introuvable.',
    'notFound.session': 'Session introuvable.',
    'notFound.server': 'Serveur introuvable.',
    'notFound.toolCall': 'Appel d’outil introuvable.',
    'notFound.tool': 'Outil introuvable.',
    'notFound.attachment': 'Pièce jointe introuvable.',
    'notFound.conversation': 'Conversation introuvable.',
    'notFound.import': 'Importation introuvable.',
    'notFound.proposal': 'Proposition introuvable.',
    'notFound.accessToken': 'Jeton d’accès introuvable.',
    'notFound.automation': 'Automatisation introuvable.',
    'notFound.provider': 'Le fournisseur de connexion « {name} » n’existe pas.',
    'notFound.providerOff': 'La connexion avec {provider} n’est pas disponible sur ce serveur.',
    'notFound.dataSource': 'La source de données « {name} » n’existe pas.',
    'notFound.answer': 'Il n’y a aucune réponse à régénérer dans cette conversation.',

    'auth.signIn': 'Connectez-vous pour continuer.',
    'auth.forbidden': 'Vous n’avez pas l’autorisation de faire cela.',
    'auth.tokenCannot':
      'Les jetons d’accès ne peuvent pas faire cela ({action}). Connectez-vous pour le faire.',
    'auth.tokenReadOnly': 'Ce jeton d’accès peut seulement lire.',
    'auth.sessionToken':
      'Le jeton de connexion identifie seulement sa session (GET /api/auth/user). Utilisez l’application, ou un jeton d’accès personnel (Paramètres → Jetons d’accès) pour l’API.',
    'auth.sendToken':
      'Envoyez un jeton d’accès personnel : Authorization: Bearer remi_pat_… (créez-en un dans les Paramètres).',
    'auth.otherSite':
      'Cette modification vient d’un autre site ({site}) ; Remi n’accepte que les modifications faites sur ses propres pages.',
    'auth.noPassword': 'Ce compte se connecte avec Google ou Microsoft et n’a pas de mot de passe.',
    'auth.wrongPasswordsAccountOne':
      'Trop de mots de passe erronés pour ce compte. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.',
    'auth.wrongPasswordsAccount':
      'Trop de mots de passe erronés pour ce compte. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.',
    'auth.wrongPasswordsAddressOne':
      'Trop de mots de passe erronés depuis votre adresse. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.',
    'auth.wrongPasswordsAddress':
      'Trop de mots de passe erronés depuis votre adresse. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.',
    'auth.currentPasswordWrong': 'Le mot de passe actuel est erroné.',
    'auth.passwordShort':
      'Choisissez un mot de passe d’au moins {n, plural, one {# caractère} other {# caractères}}.',
    'auth.passwordLong':
      'Choisissez un mot de passe d’au plus {n, plural, one {# caractère} other {# caractères}}.',
    'auth.passwordCommon':
      'Ce mot de passe est trop courant ou trop simple à deviner. Choisissez-en un autre.',
    'auth.passwordEmail': 'Choisissez un mot de passe qui ne soit pas votre adresse e-mail.',
    'auth.noInvitations':
      'La connexion locale est désactivée sur ce serveur : il n’y a donc rien à quoi inviter.',
    'auth.noSmtp': 'Ce serveur ne peut pas envoyer d’e-mails (SMTP_URL n’est pas défini).',
    'auth.alreadyVerified': 'Votre adresse e-mail est déjà vérifiée.',
    'account.emailMismatch':
      'L’adresse e-mail ne correspond pas à ce compte. Saisissez-la exactement pour supprimer le compte.',
    'tokens.tooMany':
      'Vous avez déjà {n, plural, one {# jeton d’accès} other {# jetons d’accès}}, le maximum autorisé. Révoquez d’abord un jeton que vous n’utilisez plus.',

    'limits.heavyJobBusy':
      'Une de vos importations ou exportations est déjà en cours. Réessayez quand elle sera terminée.',
    'limits.heavyJobFull':
      'Le serveur est occupé par d’autres importations et exportations. Réessayez dans une minute.',
    'limits.liveConnections':
      'Vous avez trop de connexions en direct ouvertes. Fermez quelques onglets ou fenêtres de l’application et réessayez.',

    'accountZip.invalid': 'Le fichier n’est pas un zip d’exportation Remi valide.',
    'accountZip.tooMany':
      'Le zip contient plus de {n, plural, one {# fichier} other {# fichiers}} ; il n’a pas été lu.',
    'accountZip.badName':
      'Le zip contient un fichier nommé « {name} », hors de ses dossiers ; il n’a pas été lu.',
    'accountZip.tooBig':
      'Une fois décompressé, le zip dépasse ce qu’une exportation de compte peut contenir (une bombe zip ?) ; il n’a pas été lu.',
    'accountZip.noJson': 'Le zip ne contient pas de {file} : ce n’est pas une exportation de compte Remi.',
    'accountZip.missingFile':
      'Le zip n’a pas le fichier {path} (ou pas de la taille qu’indique son souvenir).',
    'accountZip.tooLarge': 'Le zip d’importation est trop volumineux ({mb} Mo au maximum).',
    'import.fileTooMuch':
      'Le fichier d’importation contient plus que ce que le serveur peut lire en une fois.',
    'import.running': 'Une importation est déjà en cours pour ce compte.',
    'import.someMemories': 'Certains souvenirs du fichier n’ont pas pu être importés.',
    'import.someConversations': 'Certaines conversations du fichier n’ont pas pu être importées.',
    'import.chatNotImported': '{message} Les souvenirs ont été importés ; le chat, non.',
    'import.nothingImported': '{message} Rien n’a été importé.',
    'import.tryLater': '{message} Réessayez quand elle sera terminée.',

    'attachments.tooLarge': 'Un fichier peut faire au maximum {mb} Mo ; celui-ci est plus gros.',
    'attachments.none': 'Choisissez un fichier à joindre (envoyé en multipart/form-data, champ "file").',
    'attachments.empty': 'Le fichier est vide.',
    'attachments.badId': 'L’identifiant doit être un UUID.',
    'attachments.quota':
      'Ce fichier porterait vos fichiers au-delà de {mb} Mo, le maximum que chaque personne peut garder (ATTACHMENTS_MAX_MB_PER_USER). Supprimez d’abord quelques fichiers.',
    'attachments.typeRefused':
      'Ce type de fichier ne peut pas être joint. Joignez une photo (JPEG, PNG, WebP, HEIC), un PDF, un fichier texte ou Markdown, ou un document Word (DOCX).',
    'images.unreadable':
      'Cette image ne peut pas être lue : le fichier est endommagé ou n’est pas l’image qu’il prétend être.',
    'images.tooManyPixels':
      'Cette image a plus de {n} millions de pixels, trop pour être affichée ; réduisez-la d’abord.',

    'automations.tooMany':
      'Vous avez déjà {n, plural, one {# automatisation} other {# automatisations}}, le maximum par personne ; supprimez-en d’abord une.',
    'automations.timezone':
      'Le fuseau horaire « {zone} » n’est pas un fuseau horaire que ce serveur connaît (par exemple Europe/Paris).',

    'tools.off': 'L’outil {name} est désactivé.',
    'tools.tooMany':
      'Vous pouvez connecter au maximum {n, plural, one {# serveur} other {# serveurs}} ; retirez-en d’abord un.',
    'tools.callLapsed': 'Cet appel a expiré à l’envoi du message suivant. Redemandez-le pour l’exécuter.',
    'tools.callUsed': 'Cet appel a déjà été exécuté ou annulé.',
    'tools.privateAddress':
      'L’adresse {address} se trouve sur un réseau privé ou local, où Remi ne va rien chercher.',

    'dataSources.typeMismatch':
      'Le type de source de données « {type} » ne correspond pas à l’adresse ({address}).',
    'dataSources.noLocation': 'Le lieu « {name} » est introuvable.',

    'notes.uploadTooLarge': 'L’envoi est trop volumineux ({mb} Mo au maximum par importation).',
    'notes.noFile': 'Choisissez un fichier à importer (envoyé en multipart/form-data, champ "file").',
    'notes.tooManyFiles': 'Trop de fichiers dans un seul envoi ({n} au maximum).',
    'notes.uploadUnreadable': 'L’envoi n’a pas pu être lu ({detail}).',
    'notes.tooManyMemories':
      'Le fichier produit plus de {n, plural, one {# souvenir} other {# souvenirs}}, le maximum qu’une importation peut écrire.',
    'notes.noNotes': 'Cette importation n’a aucune note à importer.',
    'notes.started': 'Cette importation a déjà commencé.',
    'notes.noBackground':
      'Les tâches de fond ne tournent pas sur ce serveur ; l’importation n’a pas pu démarrer.',
    'notes.notFinished': 'Seule une importation terminée peut être annulée.',
    'notes.notZip': 'Le fichier n’est pas une archive zip lisible ({detail}).',
    'notes.tooManyEntries': 'L’archive a plus de {n} entrées (la limite pour une importation).',
    'notes.tooMuchUnpacked':
      'Une fois décompressée, l’archive dépasse {gb} Go (la limite pour une importation).',
    'notes.entryEscapes':
      'L’archive contient une entrée dont le nom sort de son dossier ; elle est donc refusée ({detail}).',
    'notes.archiveUnreadable': 'L’archive n’a pas pu être lue ({detail}).',
    'notes.xmlEntities':
      'Le fichier Evernote déclare des entités XML ou une DTD propre, que Remi ne lit jamais (les exportations Evernote n’en ont pas).',
    'notes.noNotesIn':
      'Aucune note trouvée dans {name}. Ce n’est pas un fichier dont Remi peut importer des notes : choisissez un Google Takeout de Keep (.zip ou ses notes .json), une exportation Evernote (.enex), une sauvegarde Bear (.bear2bk) ou des notes Markdown (.md, ou un .zip d’un dossier).',
    'notes.unknownFile':
      '{name} : ce n’est pas un fichier dont Remi peut importer des notes : choisissez un Google Takeout de Keep (.zip ou ses notes .json), une exportation Evernote (.enex), une sauvegarde Bear (.bear2bk) ou des notes Markdown (.md, ou un .zip d’un dossier).',
    'notes.oneArchive': 'Envoyez une archive à la fois, ou plusieurs fichiers de notes d’un même type.',
    'notes.oneKind': 'Envoyez des fichiers d’un seul type à la fois (tous .json, tous .enex ou tous .md).',
    'notes.tooSlow':
      'L’envoi n’a pas pu être lu en {minutes, plural, one {# minute} other {# minutes}}. Envoyez moins de fichiers, ou des fichiers plus petits, à la fois.',
    'notes.uploadTooMuch': 'L’envoi contient plus que ce que le serveur peut lire en une fois.',

    'memories.searchTooLong':
      'Cette recherche a pris trop de temps. Essayez moins de mots, ou des mots plus précis.',
    'memories.nothingToUndo': 'Il n’y a aucune modification de ce souvenir à annuler.',
    'proposals.lapsed':
      'Cette modification a expiré à l’envoi du message suivant. Redemandez-la pour la faire.',
    'proposals.used': 'Cette modification a déjà été appliquée ou écartée.',
    'proposals.stale':
      'Ce souvenir a été modifié après la proposition de Remi ; il a donc été laissé tel quel. Redemandez la modification.',
    'proposals.notUndoable': 'Cette modification a déjà été annulée, ou n’a jamais été faite.',
    'proposals.changedSince':
      'Ce souvenir a été modifié de nouveau depuis ; annulez cela depuis le souvenir, sur la page Souvenirs.',

    'chat.answerFailed':
      'L’assistant n’a pas pu répondre pour le moment. Votre message est enregistré ; réessayez.',
    'chat.regenerateFailed':
      'L’assistant n’a pas pu répondre de nouveau pour le moment ; la réponse précédente est conservée.',
    'voice.tooLarge': 'L’enregistrement est trop volumineux ({mb} Mo au maximum).',
    'voice.none': 'Envoyez l’enregistrement en multipart/form-data, champ "audio".',
    'voice.noTranscription':
      'La dictée n’est pas configurée sur ce serveur : définissez TRANSCRIPTION_MODEL (par exemple whisper-1) avec AI_PROVIDER openai ou openai-compatible, ou TRANSCRIPTION_BASE_URL pour un serveur vocal à vous (README, "Voice").',
    'voice.empty': 'L’enregistrement est vide.',
    'voice.unsupported':
      'Ce n’est pas un enregistrement que Remi peut lire : envoyez de l’audio WebM/Opus, Ogg, WAV, MP3 ou M4A/MP4.',
    'voice.tooLong':
      'L’enregistrement est trop long ({minutes, plural, one {# minute} other {# minutes}} au maximum).',
    'voice.noSpeech':
      'La lecture à voix haute sur le serveur n’est pas configurée : définissez SPEECH_MODEL (par exemple tts-1) avec AI_PROVIDER openai ou openai-compatible, ou TRANSCRIPTION_BASE_URL. En attendant, la voix du navigateur lit les réponses.',
    'voice.transcriptionFailed': 'Le service vocal n’a pas pu transcrire ceci pour le moment ; réessayez.',
    'voice.speechFailed': 'Le service vocal n’a pas pu lire ceci à voix haute pour le moment ; réessayez.',

    'push.notUrl': 'L’abonnement aux notifications doit être une URL.',
    'push.notHttps': 'L’abonnement aux notifications doit être une URL https://.',
    'push.credentials':
      'L’abonnement aux notifications ne doit contenir ni nom d’utilisateur ni mot de passe.',
    'push.thisMachine':
      'L’abonnement aux notifications se trouve sur cette machine ({host}), à laquelle Remi n’envoie rien.',
    'push.privateNetwork':
      'L’adresse {host} de l’abonnement aux notifications se trouve sur un réseau privé ou local.',
    'push.tooManyDevices':
      '{n, plural, one {# appareil} other {# appareils}} au maximum ; retirez-en d’abord un.',
    'push.otherAccount':
      'Cet appareil reçoit déjà les notifications d’un autre compte. Connectez-vous à ce compte et retirez-le d’abord dans Paramètres → Notifications.',
    'reminders.hourly':
      'Avec FREQ=HOURLY et BYHOUR, INTERVAL doit diviser 24 et BYHOUR contenir une heure atteinte depuis dueAt par pas de INTERVAL.',
    'reminders.minutely':
      'Avec FREQ=MINUTELY et BYHOUR ou BYMINUTE, INTERVAL doit diviser 60 et BYMINUTE contenir une minute atteinte depuis dueAt par pas de INTERVAL.',
    'reminders.wholeNumber': '{part} doit être un nombre entier de {range}.',
    'reminders.setpos': 'BYSETPOS peut indiquer au maximum {n} positions.',
    'reminders.bysecond': 'BYSECOND ne peut indiquer qu’une seconde.',
    'reminders.ruleAlone': 'Donnez la règle seule (FREQ=...), sans DTSTART ; le début est dueAt.',
    'reminders.noFreq': 'FREQ manque.',
    'reminders.notRrule': 'Ce n’est pas une RRULE que rrule peut lire ({detail}).',
    'reminders.tooOften': '{what} : au plus toutes les {every}.',
    'reminders.byNeedsDaily':
      'BYMONTH, BYMONTHDAY, BYYEARDAY et BYWEEKNO demandent FREQ=DAILY ou une fréquence plus longue.',
    'reminders.never': 'Cela n’arrive jamais dans les {within} qui suivent dueAt.',
    'reminders.linkExpired': 'Ce lien a expiré ou a déjà été utilisé.',
    'reminders.inFuture': 'L’heure du rappel doit être dans le futur.',
    'reminders.withinYears':
      'L’heure du rappel doit être dans les {years, plural, one {# an} other {# ans}} à venir.',
    'reminders.unknownZone':
      'Le fuseau horaire « {zone} » n’est pas un fuseau horaire que ce serveur connaît.',
    'reminders.tooManyScheduled':
      'Vous avez déjà {n, plural, one {# rappel programmé} other {# rappels programmés}}, le maximum par personne ; marquez-en comme faits ou annulez-en d’abord.',
    'reminders.tooManyScheduledShort':
      'Vous avez déjà {n, plural, one {# rappel programmé} other {# rappels programmés}}.',
    'reminders.gone': 'Ce rappel n’existe plus.',
  },
  labels: {
    'The setting to save facts automatically': 'Enregistrer les faits automatiquement',
    'The briefing time': 'Heure du résumé',
    'The code': 'Code',
    'The data source settings': 'Paramètres de la source de données',
    'The data source type': 'Type de source de données',
    'The date': 'Date',
    "The reminder's time": 'Heure du rappel',
    'The e-mail address': 'Adresse e-mail',
    'The end date': 'Date de fin',
    'The push subscription': 'Abonnement aux notifications',
    'The expiry date': 'Date d’expiration',
    'The format': 'Format',
    'The start': 'Début',
    'The calendar link': 'Lien du calendrier',
    'The id': 'Identifiant',
    'The on/off setting': 'Activé/désactivé',
    'The language': 'Langue',
    'The location': 'Lieu',
    'The memory id': 'Identifiant du souvenir',
    'The page number': 'Numéro de page',
    'The page size': 'Taille de page',
    'The password': 'Mot de passe',
    'The private setting': 'Privé',
    'The search': 'Recherche',
    'The setting to read answers aloud after dictation': 'Lire les réponses à voix haute après la dictée',
    'The repeat rule': 'Règle de répétition',
    'The start date': 'Date de début',
    'The status': 'Statut',
    'The tags': 'Étiquettes',
    'The text': 'Texte',
    'The theme': 'Thème',
    'The time zone': 'Fuseau horaire',
    'The title': 'Titre',
    'The end': 'Fin',
    'The link': 'Lien',
    'The version': 'Version',
    Text: 'Texte',
    Name: 'Nom',
    'Each tag': 'Chaque étiquette',
    'The new password': 'Nouveau mot de passe',
    'The snooze': 'Report',
    Content: 'Contenu',
    Prompt: 'Consigne',
    Limit: 'Limite',
    Channels: 'Canaux',
    Schedule: 'Planification',
    Label: 'Libellé',
    Memories: 'Souvenirs',
    Conversations: 'Conversations',
    'Attachment ids': 'Identifiants des pièces jointes',
    Audio: 'Audio',
    Auth: 'Clé auth',
    P256dh: 'Clé p256dh',
    'Conversation ID': 'Identifiant de la conversation',
    'Current password': 'Mot de passe actuel',
    'New password': 'Nouveau mot de passe',
    'Email reminders': 'Rappels par e-mail',
    Enabled: 'Activé',
    Paused: 'En pause',
    Web: 'Web',
    'Expiration time': 'Expiration',
    File: 'Fichier',
    Headers: 'En-têtes',
    Provider: 'Fournisseur',
    'Return to': 'Page de retour',
    Scope: 'Portée',
    Search: 'Recherche',
    Snooze: 'Report',
    Tags: 'Étiquettes',
    'The address': 'Adresse',
    'The server address': 'Adresse du serveur',
    URL: 'URL',
    Action: 'Action',
  },
  kinds: {
    text: 'du texte',
    'a number': 'un nombre',
    'a whole number': 'un nombre entier',
    'true or false': 'vrai ou faux',
    'a list': 'une liste',
    'a set of fields': 'un ensemble de champs',
    'a date': 'une date',
    empty: 'vide',
  },
}
