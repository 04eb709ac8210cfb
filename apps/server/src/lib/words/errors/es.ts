import type { LanguageErrors } from './en.ts'

/** The error messages in Spanish (informal: "tú"). */
export const es: LanguageErrors = {
  messages: {
    'handler.csrf': 'Falta el token CSRF o no es válido. Obtén /api/auth/csrf-token y vuelve a intentarlo.',
    'handler.gone': 'Algo a lo que esto se refiere ya no existe. Recarga la página y vuelve a intentarlo.',
    'handler.invalidJson': 'El cuerpo de la solicitud no es JSON válido.',
    'handler.bodyTooLarge': 'El cuerpo de la solicitud es demasiado grande.',
    'handler.mediaType': 'El Content-Type «{type}» no es compatible; envía el cuerpo como application/json.',
    'handler.databaseDown':
      'No se puede acceder a la base de datos ahora mismo. Vuelve a intentarlo en un momento.',
    'handler.internal': 'Algo ha fallado por nuestra parte. Vuelve a intentarlo más tarde.',
    'handler.routeNotFound': 'La ruta {method} {path} no existe.',
    'handler.paramTooLong': 'Una parte de la dirección es demasiado larga.',
    'handler.badUrl': 'La dirección no es válida: tiene un escape % roto.',
    'handler.unreadable': 'No se ha podido leer la solicitud.',
    'handler.tooManyRequests': 'Demasiadas solicitudes. Vuelve a intentarlo más tarde.',
    'handler.itemPrefix': 'Elemento {item}: {message}',

    'schema.invalid': 'La solicitud no es válida.',
    'schema.notObject': 'El cuerpo de la solicitud debe ser un objeto JSON.',
    'schema.unknownField': 'La solicitud tiene un campo que Remi no conoce: {keys}.',
    'schema.unknownFields': 'La solicitud tiene campos que Remi no conoce: {keys}.',
    'schema.required': '{label}: campo obligatorio.',
    'schema.requiredPlural': '{label}: campo obligatorio.',
    'schema.notValid': '{label}: el valor no es válido.',
    'schema.notValidPlural': '{label}: el valor no es válido.',
    'schema.mustBe': '{label}: debe ser {kind}.',
    'schema.oneOf': '{label}: debe ser {values} o {last}.',
    'schema.notAllowed': '{label}: el valor no es uno de los permitidos.',
    'schema.notAllowedPlural': '{label}: el valor no es uno de los permitidos.',
    'schema.notEmpty': '{label}: no puede quedar vacío.',
    'schema.notBlank': '{label}: no puede quedar en blanco.',
    'schema.maxChars': '{label}: puede tener como máximo {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.haveMaxChars':
      '{label}: puede tener como máximo {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.maxChar': '{label}: puede tener como máximo 1 carácter.',
    'schema.minChars': '{label}: debe tener al menos {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.maxItems': '{label}: puede tener como máximo {n, plural, one {# elemento} other {# elementos}}.',
    'schema.maxItem': '{label}: puede tener como máximo 1 elemento.',
    'schema.minItems': '{label}: debe tener al menos {n, plural, one {# elemento} other {# elementos}}.',
    'schema.minItem': '{label}: debe tener al menos 1 elemento.',
    'schema.maxBytes': '{label}: puede tener como máximo {n} bytes.',
    'schema.max': '{label}: puede ser como máximo {n}.',
    'schema.min': '{label}: debe ser al menos {n}.',
    'schema.multipleOf': '{label}: debe ser un múltiplo de {n}.',
    'schema.badId': '{label}: no es un id válido.',
    'schema.badIdPlural': '{label}: no es un id válido.',
    'schema.email': '{label}: debe ser una dirección de correo electrónico.',
    'schema.url': '{label}: debe ser una dirección web.',
    'schema.datetime': '{label}: debe ser una fecha y una hora.',
    'schema.date': '{label}: debe ser una fecha escrita AAAA-MM-DD.',
    'schema.time': '{label}: debe ser una hora del día.',
    'schema.form': '{label}: no tiene la forma correcta.',
    'schema.formPlural': '{label}: no tiene la forma correcta.',
    'schema.tooLong': '{label}: el valor es demasiado largo.',
    'schema.uuid': '{label}: debe ser un UUID.',
    'schema.uuids': '{label}: deben ser UUID.',
    'schema.either': '{label}: debe ser {first} o {last}.',
    'schema.oneOfList': '{label}: debe ser uno de estos: {values}.',
    'schema.realDate': '{label}: debe ser una fecha real escrita AAAA-MM-DD, entre 1900 y 2100.',
    'schema.isoZone': '{label}: debe ser una fecha y hora ISO con zona (…Z o …+01:00).',
    'schema.iso': '{label}: debe ser una fecha y hora ISO.',
    'schema.rrule': '{label}: debe ser una RRULE, como {example}.',
    'schema.rruleFreq': '{label}: debe ser una RRULE que empiece por FREQ=, como {example}.',
    'schema.haveMinChars': '{label}: debe tener al menos {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.attachmentsMax':
      'Un mensaje puede llevar como máximo {n, plural, one {# archivo} other {# archivos}}.',
    'schema.conversationsMax':
      'Una importación puede tener como máximo {n, plural, one {# conversación} other {# conversaciones}}.',
    'schema.messagesMax':
      'Una importación puede tener como máximo {n, plural, one {# mensaje de chat} other {# mensajes de chat}}.',
    'schema.tagsMax': 'Se permiten como máximo {n, plural, one {# etiqueta} other {# etiquetas}}.',
    'schema.channelsList': "Los canales deben ser una lista, como [''app'', ''push'', ''email''].",
    'schema.channelsOne': 'Indica al menos un canal.',
    'schema.channelsKnown': "Los canales pueden ser ''app'', ''push'' y ''email''.",
    'schema.chatSetting':
      'Elige un ajuste del chat para cambiar: guardar datos automáticamente, o leer las respuestas en voz alta.',
    'schema.currentPassword': 'Escribe tu contraseña actual.',
    'schema.automationChange': 'Indica al menos uno de prompt, schedule, timezone, channels o paused.',
    'schema.importId': 'No es un id de importación.',
    'schema.keepTokens': 'Indica true o false para conservar tus tokens de acceso.',
    'schema.notificationChange': 'Envía un cambio de los recordatorios por correo o de la hora del resumen.',
    'schema.settingsChange': 'Envía una zona horaria, un tema o un idioma.',
    'schema.reminderChange':
      'Envía al menos un cambio: el texto, la hora, la regla de repetición, el estado o una posposición.',
    'schema.tagsForm': 'Las etiquetas deben ser una lista de textos o un texto separado por comas.',
    'schema.briefingTime': 'La hora del resumen debe ser HH:MM (24 horas), como 07:30, o null.',
    'schema.confirmEmail':
      'La dirección de correo electrónico es obligatoria: escribe la dirección de correo de la cuenta para confirmar.',
    'schema.expiryYear': 'La fecha de caducidad debe ser anterior al año 2101.',
    'schema.expiryFuture': 'La fecha de caducidad debe estar en el futuro.',
    'schema.accountFormat': "El formato debe ser ''remi-account'' (una exportación de cuenta de Remi).",
    'schema.memoriesFormat': "El formato debe ser ''remi-memories'' (un archivo de exportación de Remi).",
    'schema.sessionId': 'El id debe ser un id de sesión.',
    'schema.pushNoKeys': 'La suscripción de notificaciones no tiene claves.',
    'schema.ruleBlank': 'La regla de repetición no puede quedar en blanco (envía null para ninguna).',
    'schema.serverAddress': 'La dirección del servidor no es una dirección web válida.',
    'schema.snoozeMinutes': 'La posposición debe ser un número de minutos.',
    'schema.zoneName': 'La zona horaria debe ser el nombre de una zona horaria, como Europe/Madrid.',

    'notFound.resource': 'No se ha encontrado el recurso.',
    'notFound.memory': 'No se ha encontrado el recuerdo.',
    'notFound.reminder': 'No se ha encontrado el recordatorio.',
    'notFound.user': 'No se ha encontrado el usuario.',
    'notFound.subscription': 'No se ha encontrado la suscripción.',
    'notFound.session': 'No se ha encontrado la sesión.',
    'notFound.server': 'No se ha encontrado el servidor.',
    'notFound.toolCall': 'No se ha encontrado la llamada a la herramienta.',
    'notFound.tool': 'No se ha encontrado la herramienta.',
    'notFound.attachment': 'No se ha encontrado el archivo adjunto.',
    'notFound.conversation': 'No se ha encontrado la conversación.',
    'notFound.import': 'No se ha encontrado la importación.',
    'notFound.proposal': 'No se ha encontrado la propuesta.',
    'notFound.accessToken': 'No se ha encontrado el token de acceso.',
    'notFound.automation': 'No se ha encontrado la automatización.',
    'notFound.provider': 'No existe el proveedor de inicio de sesión «{name}».',
    'notFound.providerOff': 'El inicio de sesión con {provider} no está disponible en este servidor.',
    'notFound.dataSource': 'No existe la fuente de datos «{name}».',
    'notFound.answer': 'No hay ninguna respuesta que volver a generar en esta conversación.',

    'auth.signIn': 'Inicia sesión para continuar.',
    'auth.forbidden': 'No tienes permiso para hacer esto.',
    'auth.tokenCannot': 'Los tokens de acceso no pueden hacer esto ({action}). Inicia sesión para hacerlo.',
    'auth.tokenReadOnly': 'Este token de acceso solo puede leer.',
    'auth.sessionToken':
      'El token de inicio de sesión solo identifica tu sesión (GET /api/auth/user). Usa la aplicación, o un token de acceso personal (Ajustes → Tokens de acceso) para la API.',
    'auth.sendToken':
      'Envía un token de acceso personal: Authorization: Bearer remi_pat_… (crea uno en Ajustes).',
    'auth.otherSite':
      'Este cambio viene de otro sitio ({site}); Remi solo acepta cambios hechos en sus propias páginas.',
    'auth.noPassword': 'Esta cuenta inicia sesión con Google o Microsoft y no tiene contraseña.',
    'auth.wrongPasswordsAccountOne':
      'Demasiadas contraseñas incorrectas para esta cuenta. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.wrongPasswordsAccount':
      'Demasiadas contraseñas incorrectas para esta cuenta. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.wrongPasswordsAddressOne':
      'Demasiadas contraseñas incorrectas desde tu dirección. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.wrongPasswordsAddress':
      'Demasiadas contraseñas incorrectas desde tu dirección. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.currentPasswordWrong': 'La contraseña actual es incorrecta.',
    'auth.passwordShort':
      'Elige una contraseña de al menos {n, plural, one {# carácter} other {# caracteres}}.',
    'auth.passwordLong':
      'Elige una contraseña de como máximo {n, plural, one {# carácter} other {# caracteres}}.',
    'auth.passwordCommon': 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.',
    'auth.passwordEmail': 'Elige una contraseña que no sea tu dirección de correo electrónico.',
    'auth.noInvitations':
      'El inicio de sesión local está desactivado en este servidor, así que no hay nada a lo que invitar.',
    'auth.noSmtp': 'Este servidor no puede enviar correos electrónicos (no se ha definido SMTP_URL).',
    'auth.alreadyVerified': 'Tu dirección de correo electrónico ya está verificada.',
    'account.emailMismatch':
      'La dirección de correo electrónico no coincide con esta cuenta. Escríbela exactamente para eliminar la cuenta.',
    'tokens.tooMany':
      'Ya tienes {n, plural, one {# token de acceso} other {# tokens de acceso}}, el máximo permitido. Revoca primero uno que ya no uses.',

    'limits.heavyJobBusy':
      'Ya hay una importación o exportación tuya en curso. Vuelve a intentarlo cuando termine.',
    'limits.heavyJobFull':
      'El servidor está ocupado con otras importaciones y exportaciones. Vuelve a intentarlo en un minuto.',
    'limits.liveConnections':
      'Tienes demasiadas conexiones en directo abiertas. Cierra algunas pestañas o ventanas de la aplicación y vuelve a intentarlo.',

    'accountZip.invalid': 'El archivo no es un zip de exportación de Remi válido.',
    'accountZip.tooMany':
      'El zip contiene más de {n, plural, one {# archivo} other {# archivos}}; no se ha leído.',
    'accountZip.badName':
      'El zip contiene un archivo llamado «{name}», fuera de sus carpetas; no se ha leído.',
    'accountZip.tooBig':
      'El zip descomprimido ocupa más de lo que puede tener una exportación de cuenta (¿una bomba zip?); no se ha leído.',
    'accountZip.noJson': 'El zip no contiene {file}: no es una exportación de cuenta de Remi.',
    'accountZip.missingFile':
      'El zip no tiene el archivo {path} (o no con el tamaño que indica su recuerdo).',
    'accountZip.tooLarge': 'El zip de importación es demasiado grande (como máximo {mb} MB).',
    'import.fileTooMuch':
      'El archivo de importación contiene más de lo que el servidor puede leer de una vez.',
    'import.running': 'Ya hay una importación en curso para esta cuenta.',
    'import.someMemories': 'No se han podido importar algunos recuerdos del archivo.',
    'import.someConversations': 'No se han podido importar algunas conversaciones del archivo.',
    'import.chatNotImported': '{message} Los recuerdos se han importado; el chat no.',
    'import.nothingImported': '{message} No se ha importado nada.',
    'import.tryLater': '{message} Vuelve a intentarlo cuando termine.',

    'attachments.tooLarge': 'Un archivo puede tener como máximo {mb} MB; este es más grande.',
    'attachments.none': 'Elige un archivo para adjuntar (enviado como multipart/form-data, campo "file").',
    'attachments.empty': 'El archivo está vacío.',
    'attachments.badId': 'El id debe ser un UUID.',
    'attachments.quota':
      'Con este archivo tus archivos superarían los {mb} MB, el máximo que puede guardar cada persona (ATTACHMENTS_MAX_MB_PER_USER). Elimina primero algunos archivos.',
    'attachments.typeRefused':
      'Este tipo de archivo no se puede adjuntar. Adjunta una foto (JPEG, PNG, WebP, HEIC), un PDF, un archivo de texto o Markdown, o un documento de Word (DOCX).',
    'images.unreadable':
      'No se puede leer esta imagen: el archivo está dañado o no es la imagen que dice ser.',
    'images.tooManyPixels':
      'Esta imagen tiene más de {n} millones de píxeles, demasiados para mostrarla; redúcela primero.',

    'automations.tooMany':
      'Ya tienes {n, plural, one {# automatización} other {# automatizaciones}}, el máximo que puede tener cada persona; elimina primero una.',
    'automations.timezone':
      'La zona horaria «{zone}» no es una zona horaria que este servidor conozca (por ejemplo, Europe/Madrid).',

    'tools.off': 'La herramienta {name} está desactivada.',
    'tools.tooMany':
      'Puedes conectar como máximo {n, plural, one {# servidor} other {# servidores}}; quita primero uno.',
    'tools.callLapsed':
      'Esta llamada caducó al enviarse el siguiente mensaje. Vuelve a pedirlo para ejecutarla.',
    'tools.callUsed': 'Esta llamada ya se ha ejecutado o cancelado.',
    'tools.privateAddress':
      'La dirección {address} está en una red privada o local, de la que Remi no obtiene nada.',

    'dataSources.typeMismatch':
      'El tipo de fuente de datos «{type}» no coincide con la dirección ({address}).',
    'dataSources.noLocation': 'No se ha encontrado el lugar «{name}».',

    'notes.uploadTooLarge': 'El envío es demasiado grande (como máximo {mb} MB por importación).',
    'notes.noFile': 'Elige un archivo para importar (enviado como multipart/form-data, campo "file").',
    'notes.tooManyFiles': 'Demasiados archivos en un solo envío (como máximo {n}).',
    'notes.uploadUnreadable': 'No se ha podido leer el envío ({detail}).',
    'notes.tooManyMemories':
      'El archivo genera más de {n, plural, one {# recuerdo} other {# recuerdos}}, el máximo que puede escribir una importación.',
    'notes.noNotes': 'Esta importación no tiene notas que importar.',
    'notes.started': 'Esta importación ya se ha iniciado.',
    'notes.noBackground':
      'El trabajo en segundo plano no está en marcha en este servidor; no se ha podido iniciar la importación.',
    'notes.notFinished': 'Solo se puede deshacer una importación terminada.',
    'notes.notZip': 'El archivo no es un zip que se pueda leer ({detail}).',
    'notes.tooManyEntries': 'El archivo comprimido tiene más de {n} entradas (el límite por importación).',
    'notes.tooMuchUnpacked':
      'El archivo comprimido ocupa más de {gb} GB al descomprimirlo (el límite por importación).',
    'notes.entryEscapes':
      'El archivo comprimido tiene una entrada cuyo nombre sale de su carpeta, así que se rechaza ({detail}).',
    'notes.archiveUnreadable': 'No se ha podido leer el archivo comprimido ({detail}).',
    'notes.xmlEntities':
      'El archivo de Evernote declara entidades XML o un DTD propio, que Remi nunca lee (las exportaciones de Evernote no tienen ninguno).',
    'notes.noNotesIn':
      'No se han encontrado notas en {name}. Este no es un archivo del que Remi pueda importar notas: elige un Google Takeout de Keep (.zip o sus notas .json), una exportación de Evernote (.enex), una copia de seguridad de Bear (.bear2bk) o notas en Markdown (.md, o un .zip de una carpeta).',
    'notes.unknownFile':
      '{name}: este no es un archivo del que Remi pueda importar notas: elige un Google Takeout de Keep (.zip o sus notas .json), una exportación de Evernote (.enex), una copia de seguridad de Bear (.bear2bk) o notas en Markdown (.md, o un .zip de una carpeta).',
    'notes.oneArchive': 'Envía un archivo comprimido cada vez, o varios archivos de notas del mismo tipo.',
    'notes.oneKind': 'Envía archivos de un solo tipo cada vez (todos .json, todos .enex o todos .md).',
    'notes.tooSlow':
      'No se ha podido leer el envío en {minutes, plural, one {# minuto} other {# minutos}}. Envía menos archivos o archivos más pequeños cada vez.',
    'notes.uploadTooMuch': 'El envío contiene más de lo que el servidor puede leer de una vez.',

    'memories.searchTooLong':
      'Esta búsqueda ha tardado demasiado. Prueba con menos palabras o con palabras más concretas.',
    'memories.nothingToUndo': 'No hay ningún cambio de este recuerdo que deshacer.',
    'proposals.lapsed': 'Este cambio caducó al enviarse el siguiente mensaje. Vuelve a pedirlo para hacerlo.',
    'proposals.used': 'Este cambio ya se ha aplicado o descartado.',
    'proposals.stale':
      'Este recuerdo cambió después de que Remi propusiera esto, así que se ha quedado como estaba. Vuelve a pedir el cambio.',
    'proposals.notUndoable': 'Este cambio ya se deshizo, o nunca se hizo.',
    'proposals.changedSince':
      'Este recuerdo ha vuelto a cambiar desde entonces; deshaz eso desde el recuerdo, en la página Recuerdos.',

    'chat.answerFailed':
      'El asistente no ha podido responder ahora. Tu mensaje está guardado; vuelve a intentarlo.',
    'chat.regenerateFailed':
      'El asistente no ha podido volver a responder ahora; se mantiene la respuesta anterior.',
    'voice.tooLarge': 'La grabación es demasiado grande (como máximo {mb} MB).',
    'voice.none': 'Envía la grabación como multipart/form-data, campo "audio".',
    'voice.noTranscription':
      'El dictado no está configurado en este servidor: define TRANSCRIPTION_MODEL (por ejemplo, whisper-1) con AI_PROVIDER openai u openai-compatible, o TRANSCRIPTION_BASE_URL para un servidor de voz propio (README, "Voice").',
    'voice.empty': 'La grabación está vacía.',
    'voice.unsupported':
      'Esta no es una grabación que Remi pueda leer: envía audio WebM/Opus, Ogg, WAV, MP3 o M4A/MP4.',
    'voice.tooLong':
      'La grabación es demasiado larga (como máximo {minutes, plural, one {# minuto} other {# minutos}}).',
    'voice.noSpeech':
      'La lectura en voz alta en el servidor no está configurada: define SPEECH_MODEL (por ejemplo, tts-1) con AI_PROVIDER openai u openai-compatible, o TRANSCRIPTION_BASE_URL. Mientras tanto, la voz del propio navegador lee las respuestas.',
    'voice.transcriptionFailed':
      'El servicio de voz no ha podido transcribir esto ahora; vuelve a intentarlo.',
    'voice.speechFailed': 'El servicio de voz no ha podido leer esto en voz alta ahora; vuelve a intentarlo.',

    'push.notUrl': 'La suscripción de notificaciones debe ser una URL.',
    'push.notHttps': 'La suscripción de notificaciones debe ser una URL https://.',
    'push.credentials':
      'La suscripción de notificaciones no puede llevar un nombre de usuario ni una contraseña.',
    'push.thisMachine':
      'La suscripción de notificaciones está en esta máquina ({host}), a la que Remi no envía nada.',
    'push.privateNetwork':
      'La dirección {host} de la suscripción de notificaciones está en una red privada o local.',
    'push.tooManyDevices':
      'Como máximo {n, plural, one {# dispositivo} other {# dispositivos}}; quita primero uno.',
    'push.otherAccount':
      'Este dispositivo ya recibe las notificaciones de otra cuenta. Inicia sesión en esa cuenta y quítalo primero en Ajustes → Notificaciones.',
    'reminders.hourly':
      'Con FREQ=HOURLY y BYHOUR, INTERVAL debe dividir 24 y BYHOUR debe tener una hora alcanzada desde dueAt en pasos de INTERVAL.',
    'reminders.minutely':
      'Con FREQ=MINUTELY y BYHOUR o BYMINUTE, INTERVAL debe dividir 60 y BYMINUTE debe tener un minuto alcanzado desde dueAt en pasos de INTERVAL.',
    'reminders.wholeNumber': '{part} debe ser un número entero de {range}.',
    'reminders.setpos': 'BYSETPOS puede indicar como máximo {n} posiciones.',
    'reminders.bysecond': 'BYSECOND solo puede indicar un segundo.',
    'reminders.ruleAlone': 'Indica solo la regla (FREQ=...), sin DTSTART; el inicio es dueAt.',
    'reminders.noFreq': 'Falta FREQ.',
    'reminders.notRrule': 'Esto no es una RRULE que rrule pueda leer ({detail}).',
    'reminders.tooOften': '{what}: como máximo cada {every}.',
    'reminders.byNeedsDaily':
      'BYMONTH, BYMONTHDAY, BYYEARDAY y BYWEEKNO necesitan FREQ=DAILY o una más larga.',
    'reminders.never': 'Nunca ocurre dentro de {within} después de dueAt.',
    'reminders.linkExpired': 'Este enlace ha caducado o ya se ha usado.',
    'reminders.inFuture': 'La hora del recordatorio debe estar en el futuro.',
    'reminders.withinYears':
      'La hora del recordatorio debe estar dentro de los próximos {years, plural, one {# año} other {# años}}.',
    'reminders.unknownZone': 'La zona horaria «{zone}» no es una zona horaria que este servidor conozca.',
    'reminders.tooManyScheduled':
      'Ya tienes {n, plural, one {# recordatorio programado} other {# recordatorios programados}}, el máximo que puede tener cada persona; marca algunos como hechos o cancélalos primero.',
    'reminders.tooManyScheduledShort':
      'Ya tienes {n, plural, one {# recordatorio programado} other {# recordatorios programados}}.',
    'reminders.gone': 'Este recordatorio ya no existe.',
  },
  labels: {
    'The setting to save facts automatically': 'Guardar datos automáticamente',
    'The briefing time': 'Hora del resumen',
    'The code': 'Código',
    'The data source settings': 'Ajustes de la fuente de datos',
    'The data source type': 'Tipo de fuente de datos',
    'The date': 'Fecha',
    "The reminder's time": 'Hora del recordatorio',
    'The e-mail address': 'Dirección de correo electrónico',
    'The end date': 'Fecha de fin',
    'The push subscription': 'Suscripción de notificaciones',
    'The expiry date': 'Fecha de caducidad',
    'The format': 'Formato',
    'The start': 'Inicio',
    'The calendar link': 'Enlace del calendario',
    'The id': 'Id',
    'The on/off setting': 'Activado/desactivado',
    'The language': 'Idioma',
    'The location': 'Lugar',
    'The memory id': 'Id del recuerdo',
    'The page number': 'Número de página',
    'The page size': 'Tamaño de página',
    'The password': 'Contraseña',
    'The private setting': 'Privado',
    'The search': 'Búsqueda',
    'The setting to read answers aloud after dictation': 'Leer las respuestas en voz alta tras el dictado',
    'The repeat rule': 'Regla de repetición',
    'The start date': 'Fecha de inicio',
    'The status': 'Estado',
    'The tags': 'Etiquetas',
    'The text': 'Texto',
    'The theme': 'Tema',
    'The time zone': 'Zona horaria',
    'The title': 'Título',
    'The end': 'Fin',
    'The link': 'Enlace',
    'The version': 'Versión',
    Text: 'Texto',
    Name: 'Nombre',
    'Each tag': 'Cada etiqueta',
    'The new password': 'Nueva contraseña',
    'The snooze': 'Posposición',
    Content: 'Contenido',
    Prompt: 'Instrucción',
    Limit: 'Límite',
    Channels: 'Canales',
    Schedule: 'Horario',
    Label: 'Rótulo',
    Memories: 'Recuerdos',
    Conversations: 'Conversaciones',
    'Attachment ids': 'Ids de los adjuntos',
    Audio: 'Audio',
    Auth: 'Clave auth',
    P256dh: 'Clave p256dh',
    'Conversation ID': 'Id de la conversación',
    'Current password': 'Contraseña actual',
    'New password': 'Nueva contraseña',
    'Email reminders': 'Recordatorios por correo',
    Enabled: 'Activado',
    Paused: 'En pausa',
    Web: 'Web',
    'Expiration time': 'Caducidad',
    File: 'Archivo',
    Headers: 'Cabeceras',
    Provider: 'Proveedor',
    'Return to': 'Página de vuelta',
    Scope: 'Alcance',
    Search: 'Búsqueda',
    Snooze: 'Posposición',
    Tags: 'Etiquetas',
    'The address': 'Dirección',
    'The server address': 'Dirección del servidor',
    URL: 'URL',
    Action: 'Acción',
  },
  kinds: {
    text: 'texto',
    'a number': 'un número',
    'a whole number': 'un número entero',
    'true or false': 'verdadero o falso',
    'a list': 'una lista',
    'a set of fields': 'un conjunto de campos',
    'a date': 'una fecha',
    empty: 'vacío',
  },
}
