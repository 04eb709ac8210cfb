import type { LanguageErrors } from './en.ts'

/** The error messages in Portuguese of Portugal (formal: "o seu"). */
export const ptPT: LanguageErrors = {
  messages: {
    'handler.csrf': 'Falta o token CSRF ou não é válido. Obtenha /api/auth/csrf-token e tente de novo.',
    'handler.gone': 'Algo a que isto se refere já não existe. Recarregue a página e tente de novo.',
    'handler.invalidJson': 'O corpo do pedido não é JSON válido.',
    'handler.bodyTooLarge': 'O corpo do pedido é demasiado grande.',
    'handler.mediaType': 'O Content-Type «{type}» não é suportado; envie o corpo como application/json.',
    'handler.databaseDown':
      'Não é possível contactar a base de dados neste momento. Tente de novo daqui a pouco.',
    'handler.internal': 'Algo correu mal do nosso lado. Tente de novo mais tarde.',
    'handler.routeNotFound': 'A rota {method} {path} não existe.',
    'handler.paramTooLong': 'Uma parte do endereço é demasiado longa.',
    'handler.badUrl': 'O endereço não é válido: tem um escape % incompleto.',
    'handler.unreadable': 'Não foi possível ler o pedido.',
    'handler.tooManyRequests': 'Demasiados pedidos. Tente de novo mais tarde.',
    'handler.itemPrefix': 'Item {item}: {message}',

    'schema.invalid': 'O pedido não é válido.',
    'schema.notObject': 'O corpo do pedido tem de ser um objeto JSON.',
    'schema.unknownField': 'O pedido tem um campo que o Remi não conhece: {keys}.',
    'schema.unknownFields': 'O pedido tem campos que o Remi não conhece: {keys}.',
    'schema.required': '{label}: campo obrigatório.',
    'schema.requiredPlural': '{label}: campo obrigatório.',
    'schema.notValid': '{label}: o valor não é válido.',
    'schema.notValidPlural': '{label}: o valor não é válido.',
    'schema.mustBe': '{label}: tem de ser {kind}.',
    'schema.oneOf': '{label}: tem de ser {values} ou {last}.',
    'schema.notAllowed': '{label}: o valor não é um dos permitidos.',
    'schema.notAllowedPlural': '{label}: o valor não é um dos permitidos.',
    'schema.notEmpty': '{label}: não pode ficar vazio.',
    'schema.notBlank': '{label}: não pode ficar em branco.',
    'schema.maxChars': '{label}: pode ter no máximo {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.haveMaxChars': '{label}: pode ter no máximo {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.maxChar': '{label}: pode ter no máximo 1 carácter.',
    'schema.minChars': '{label}: tem de ter pelo menos {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.maxItems': '{label}: pode ter no máximo {n, plural, one {# elemento} other {# elementos}}.',
    'schema.maxItem': '{label}: pode ter no máximo 1 elemento.',
    'schema.minItems': '{label}: tem de ter pelo menos {n, plural, one {# elemento} other {# elementos}}.',
    'schema.minItem': '{label}: tem de ter pelo menos 1 elemento.',
    'schema.maxBytes': '{label}: pode ter no máximo {n} bytes.',
    'schema.max': '{label}: pode ser no máximo {n}.',
    'schema.min': '{label}: tem de ser pelo menos {n}.',
    'schema.multipleOf': '{label}: tem de ser um múltiplo de {n}.',
    'schema.badId': '{label}: não é um id válido.',
    'schema.badIdPlural': '{label}: não é um id válido.',
    'schema.email': '{label}: tem de ser um endereço de e-mail.',
    'schema.url': '{label}: tem de ser um endereço web.',
    'schema.datetime': '{label}: tem de ser uma data e hora.',
    'schema.date': '{label}: tem de ser uma data escrita AAAA-MM-DD.',
    'schema.time': '{label}: tem de ser uma hora do dia.',
    'schema.form': '{label}: não está na forma certa.',
    'schema.formPlural': '{label}: não está na forma certa.',
    'schema.tooLong': '{label}: o valor é demasiado longo.',
    'schema.uuid': '{label}: tem de ser um UUID.',
    'schema.uuids': '{label}: têm de ser UUIDs.',
    'schema.either': '{label}: tem de ser {first} ou {last}.',
    'schema.oneOfList': '{label}: tem de ser um destes: {values}.',
    'schema.realDate': '{label}: tem de ser uma data real escrita AAAA-MM-DD, entre 1900 e 2100.',
    'schema.isoZone': '{label}: tem de ser uma data e hora ISO com fuso (…Z ou …+01:00).',
    'schema.iso': '{label}: tem de ser uma data e hora ISO.',
    'schema.rrule': '{label}: tem de ser uma RRULE, como {example}.',
    'schema.rruleFreq': '{label}: tem de ser uma RRULE que comece por FREQ=, como {example}.',
    'schema.haveMinChars':
      '{label}: tem de ter pelo menos {n, plural, one {# carácter} other {# caracteres}}.',
    'schema.attachmentsMax':
      'Uma mensagem pode levar no máximo {n, plural, one {# ficheiro} other {# ficheiros}}.',
    'schema.conversationsMax':
      'Uma importação pode ter no máximo {n, plural, one {# conversa} other {# conversas}}.',
    'schema.messagesMax':
      'Uma importação pode ter no máximo {n, plural, one {# mensagem de chat} other {# mensagens de chat}}.',
    'schema.tagsMax': 'São permitidas no máximo {n, plural, one {# etiqueta} other {# etiquetas}}.',
    'schema.channelsList': "Os canais têm de ser uma lista, como [''app'', ''push'', ''email''].",
    'schema.channelsOne': 'Indique pelo menos um canal.',
    'schema.channelsKnown': "Os canais podem ser ''app'', ''push'' e ''email''.",
    'schema.chatSetting':
      'Escolha uma definição do chat a alterar: guardar factos automaticamente, ou ler as respostas em voz alta.',
    'schema.currentPassword': 'Introduza a sua palavra-passe atual.',
    'schema.automationChange': 'Indique pelo menos um de prompt, schedule, timezone, channels ou paused.',
    'schema.importId': 'Não é um id de importação.',
    'schema.keepTokens': 'Indique true ou false para manter os seus tokens de acesso.',
    'schema.notificationChange': 'Envie uma alteração aos lembretes por e-mail ou à hora do resumo.',
    'schema.settingsChange': 'Envie um fuso horário, um tema ou um idioma.',
    'schema.reminderChange':
      'Envie pelo menos uma alteração: o texto, a hora, a regra de repetição, o estado ou um adiamento.',
    'schema.tagsForm': 'As etiquetas têm de ser uma lista de textos ou um texto separado por vírgulas.',
    'schema.briefingTime': 'A hora do resumo tem de ser HH:MM (24 horas), como 07:30, ou null.',
    'schema.confirmEmail':
      'O endereço de e-mail é obrigatório: escreva o endereço de e-mail da conta para confirmar.',
    'schema.expiryYear': 'A data de expiração tem de ser antes do ano 2101.',
    'schema.expiryFuture': 'A data de expiração tem de ser no futuro.',
    'schema.accountFormat': "O formato tem de ser ''remi-account'' (uma exportação de conta do Remi).",
    'schema.memoriesFormat': "O formato tem de ser ''remi-memories'' (um ficheiro de exportação do Remi).",
    'schema.sessionId': 'O id tem de ser um id de sessão.',
    'schema.pushNoKeys': 'A subscrição de notificações não tem chaves.',
    'schema.ruleBlank': 'A regra de repetição não pode ficar em branco (envie null para nenhuma).',
    'schema.serverAddress': 'O endereço do servidor não é um endereço web válido.',
    'schema.snoozeMinutes': 'O adiamento tem de ser um número de minutos.',
    'schema.zoneName': 'O fuso horário tem de ser o nome de um fuso horário, como Europe/Lisbon.',

    'notFound.resource': 'Recurso não encontrado.',
    'notFound.memory': 'Memória não encontrada.',
    'notFound.reminder': 'Lembrete não encontrado.',
    'notFound.user': 'Utilizador não encontrado.',
    'notFound.subscription': 'Subscrição não encontrada.',
    'notFound.session': 'Sessão não encontrada.',
    'notFound.server': 'Servidor não encontrado.',
    'notFound.toolCall': 'Chamada de ferramenta não encontrada.',
    'notFound.tool': 'Ferramenta não encontrada.',
    'notFound.attachment': 'Anexo não encontrado.',
    'notFound.conversation': 'Conversa não encontrada.',
    'notFound.import': 'Importação não encontrada.',
    'notFound.proposal': 'Proposta não encontrada.',
    'notFound.accessToken': 'Token de acesso não encontrado.',
    'notFound.automation': 'Automação não encontrada.',
    'notFound.provider': 'O fornecedor de início de sessão «{name}» não existe.',
    'notFound.providerOff': 'O início de sessão com {provider} não está disponível neste servidor.',
    'notFound.dataSource': 'A fonte de dados «{name}» não existe.',
    'notFound.answer': 'Não há nenhuma resposta para gerar de novo nesta conversa.',

    'auth.signIn': 'Inicie sessão para continuar.',
    'auth.forbidden': 'Não tem permissão para fazer isto.',
    'auth.tokenCannot': 'Os tokens de acesso não podem fazer isto ({action}). Inicie sessão para o fazer.',
    'auth.tokenReadOnly': 'Este token de acesso só pode ler.',
    'auth.sessionToken':
      'O token de início de sessão só identifica a sua sessão (GET /api/auth/user). Use a aplicação, ou um token de acesso pessoal (Definições → Tokens de acesso) para a API.',
    'auth.sendToken':
      'Envie um token de acesso pessoal: Authorization: Bearer remi_pat_… (crie um nas Definições).',
    'auth.otherSite':
      'Esta alteração veio de outro site ({site}); o Remi só aceita alterações feitas nas suas próprias páginas.',
    'auth.noPassword': 'Esta conta inicia sessão com a Google ou a Microsoft e não tem palavra-passe.',
    'auth.wrongPasswordsAccountOne':
      'Demasiadas palavras-passe erradas para esta conta. Tente de novo daqui a {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.wrongPasswordsAccount':
      'Demasiadas palavras-passe erradas para esta conta. Tente de novo daqui a {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.wrongPasswordsAddressOne':
      'Demasiadas palavras-passe erradas a partir do seu endereço. Tente de novo daqui a {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.wrongPasswordsAddress':
      'Demasiadas palavras-passe erradas a partir do seu endereço. Tente de novo daqui a {minutes, plural, one {# minuto} other {# minutos}}.',
    'auth.currentPasswordWrong': 'A palavra-passe atual está errada.',
    'auth.passwordShort':
      'Escolha uma palavra-passe com pelo menos {n, plural, one {# carácter} other {# caracteres}}.',
    'auth.passwordLong':
      'Escolha uma palavra-passe com no máximo {n, plural, one {# carácter} other {# caracteres}}.',
    'auth.passwordCommon': 'Esta palavra-passe é demasiado comum ou fácil de adivinhar. Escolha outra.',
    'auth.passwordEmail': 'Escolha uma palavra-passe que não seja o seu endereço de e-mail.',
    'auth.noInvitations':
      'O início de sessão local está desligado neste servidor, por isso não há nada para onde convidar.',
    'auth.noSmtp': 'Este servidor não pode enviar e-mails (SMTP_URL não está definido).',
    'auth.alreadyVerified': 'O seu endereço de e-mail já está verificado.',
    'account.emailMismatch':
      'O endereço de e-mail não corresponde a esta conta. Escreva-o exatamente para eliminar a conta.',
    'tokens.tooMany':
      'Já tem {n, plural, one {# token de acesso} other {# tokens de acesso}}, o máximo permitido. Revogue primeiro um que já não use.',

    'limits.heavyJobBusy':
      'Já está em curso uma importação ou exportação sua. Tente de novo quando terminar.',
    'limits.heavyJobFull':
      'O servidor está ocupado com outras importações e exportações. Tente de novo daqui a um minuto.',
    'limits.liveConnections':
      'Tem demasiadas ligações em direto abertas. Feche alguns separadores ou janelas da aplicação e tente de novo.',

    'accountZip.invalid': 'O ficheiro não é um zip de exportação do Remi válido.',
    'accountZip.tooMany':
      'O zip contém mais de {n, plural, one {# ficheiro} other {# ficheiros}}; não foi lido.',
    'accountZip.badName': 'O zip contém um ficheiro chamado «{name}», fora das suas pastas; não foi lido.',
    'accountZip.tooBig':
      'O zip descomprimido ocupa mais do que uma exportação de conta pode ter (uma bomba zip?); não foi lido.',
    'accountZip.noJson': 'O zip não contém {file}: não é uma exportação de conta do Remi.',
    'accountZip.missingFile': 'O zip não tem o ficheiro {path} (ou não com o tamanho que a memória indica).',
    'accountZip.tooLarge': 'O zip de importação é demasiado grande (no máximo {mb} MB).',
    'import.fileTooMuch': 'O ficheiro de importação contém mais do que o servidor consegue ler de uma vez.',
    'import.running': 'Já está em curso uma importação para esta conta.',
    'import.someMemories': 'Não foi possível importar algumas memórias do ficheiro.',
    'import.someConversations': 'Não foi possível importar algumas conversas do ficheiro.',
    'import.chatNotImported': '{message} As memórias foram importadas; o chat não.',
    'import.nothingImported': '{message} Nada foi importado.',
    'import.tryLater': '{message} Tente de novo quando terminar.',

    'attachments.tooLarge': 'Um ficheiro pode ter no máximo {mb} MB; este é maior.',
    'attachments.none': 'Escolha um ficheiro para anexar (enviado como multipart/form-data, campo "file").',
    'attachments.empty': 'O ficheiro está vazio.',
    'attachments.badId': 'O id tem de ser um UUID.',
    'attachments.quota':
      'Este ficheiro levaria os seus ficheiros além de {mb} MB, o máximo que cada pessoa pode guardar (ATTACHMENTS_MAX_MB_PER_USER). Elimine primeiro alguns ficheiros.',
    'attachments.typeRefused':
      'Este tipo de ficheiro não pode ser anexado. Anexe uma fotografia (JPEG, PNG, WebP, HEIC), um PDF, um ficheiro de texto ou Markdown, ou um documento Word (DOCX).',
    'images.unreadable':
      'Não é possível ler esta imagem: o ficheiro está danificado ou não é a imagem que diz ser.',
    'images.tooManyPixels':
      'Esta imagem tem mais de {n} milhões de píxeis, demasiados para mostrar; reduza-a primeiro.',

    'automations.tooMany':
      'Já tem {n, plural, one {# automação} other {# automações}}, o máximo que cada pessoa pode ter; elimine primeiro uma.',
    'automations.timezone':
      'O fuso horário «{zone}» não é um fuso horário que este servidor conheça (por exemplo, Europe/Lisbon).',

    'tools.off': 'A ferramenta {name} está desligada.',
    'tools.tooMany':
      'Pode ligar no máximo {n, plural, one {# servidor} other {# servidores}}; remova primeiro um.',
    'tools.callLapsed':
      'Esta chamada caducou quando foi enviada a mensagem seguinte. Peça de novo para a executar.',
    'tools.callUsed': 'Esta chamada já foi executada ou cancelada.',
    'tools.privateAddress':
      'O endereço {address} está numa rede privada ou local, a que o Remi não vai buscar nada.',

    'dataSources.typeMismatch': 'O tipo de fonte de dados «{type}» não corresponde ao endereço ({address}).',
    'dataSources.noLocation': 'Não foi possível encontrar o local «{name}».',

    'notes.uploadTooLarge': 'O envio é demasiado grande (no máximo {mb} MB por importação).',
    'notes.noFile': 'Escolha um ficheiro para importar (enviado como multipart/form-data, campo "file").',
    'notes.tooManyFiles': 'Demasiados ficheiros num só envio (no máximo {n}).',
    'notes.uploadUnreadable': 'Não foi possível ler o envio ({detail}).',
    'notes.tooManyMemories':
      'O ficheiro dá origem a mais de {n, plural, one {# memória} other {# memórias}}, o máximo que uma importação pode escrever.',
    'notes.noNotes': 'Esta importação não tem notas para importar.',
    'notes.started': 'Esta importação já foi iniciada.',
    'notes.noBackground':
      'O trabalho em segundo plano não está a correr neste servidor; não foi possível iniciar a importação.',
    'notes.notFinished': 'Só é possível anular uma importação terminada.',
    'notes.notZip': 'O ficheiro não é um arquivo zip que se consiga ler ({detail}).',
    'notes.tooManyEntries': 'O arquivo tem mais de {n} entradas (o limite por importação).',
    'notes.tooMuchUnpacked': 'O arquivo descomprimido ocupa mais de {gb} GB (o limite por importação).',
    'notes.entryEscapes':
      'O arquivo tem uma entrada cujo nome sai da sua pasta, por isso foi recusado ({detail}).',
    'notes.archiveUnreadable': 'Não foi possível ler o arquivo ({detail}).',
    'notes.xmlEntities':
      'O ficheiro do Evernote declara entidades XML ou um DTD próprio, que o Remi nunca lê (as exportações do Evernote não têm nenhum).',
    'notes.noNotesIn':
      'Não foram encontradas notas em {name}. Este não é um ficheiro do qual o Remi consiga importar notas: escolha um Google Takeout do Keep (.zip ou as suas notas .json), uma exportação do Evernote (.enex), uma cópia de segurança do Bear (.bear2bk) ou notas em Markdown (.md, ou um .zip de uma pasta).',
    'notes.unknownFile':
      '{name}: este não é um ficheiro do qual o Remi consiga importar notas: escolha um Google Takeout do Keep (.zip ou as suas notas .json), uma exportação do Evernote (.enex), uma cópia de segurança do Bear (.bear2bk) ou notas em Markdown (.md, ou um .zip de uma pasta).',
    'notes.oneArchive': 'Envie um arquivo de cada vez, ou vários ficheiros de notas do mesmo tipo.',
    'notes.oneKind': 'Envie ficheiros de um só tipo de cada vez (todos .json, todos .enex ou todos .md).',
    'notes.tooSlow':
      'Não foi possível ler o envio em {minutes, plural, one {# minuto} other {# minutos}}. Envie menos ficheiros ou ficheiros mais pequenos de cada vez.',
    'notes.uploadTooMuch': 'O envio contém mais do que o servidor consegue ler de uma vez.',

    'memories.searchTooLong':
      'Esta pesquisa demorou demasiado. Experimente menos palavras ou palavras mais específicas.',
    'memories.nothingToUndo': 'Não há nenhuma alteração desta memória para anular.',
    'proposals.lapsed':
      'Esta alteração caducou quando foi enviada a mensagem seguinte. Peça de novo para a fazer.',
    'proposals.used': 'Esta alteração já foi aplicada ou mantida.',
    'proposals.stale':
      'Esta memória foi alterada depois de o Remi propor isto, por isso ficou como estava. Peça de novo para a alterar.',
    'proposals.notUndoable': 'Esta alteração já foi anulada, ou nunca foi feita.',
    'proposals.changedSince':
      'Esta memória voltou a ser alterada entretanto; anule isso a partir da memória, na página Memórias.',

    'chat.answerFailed':
      'O assistente não conseguiu responder agora. A sua mensagem ficou guardada; tente de novo.',
    'chat.regenerateFailed':
      'O assistente não conseguiu responder de novo agora; a resposta anterior mantém-se.',
    'voice.tooLarge': 'A gravação é demasiado grande (no máximo {mb} MB).',
    'voice.none': 'Envie a gravação como multipart/form-data, campo "audio".',
    'voice.noTranscription':
      'O ditado não está configurado neste servidor: defina TRANSCRIPTION_MODEL (por exemplo, whisper-1) com AI_PROVIDER openai ou openai-compatible, ou TRANSCRIPTION_BASE_URL para um servidor de voz próprio (README, "Voice").',
    'voice.empty': 'A gravação está vazia.',
    'voice.unsupported':
      'Esta não é uma gravação que o Remi consiga ler: envie áudio WebM/Opus, Ogg, WAV, MP3 ou M4A/MP4.',
    'voice.tooLong':
      'A gravação é demasiado longa (no máximo {minutes, plural, one {# minuto} other {# minutos}}).',
    'voice.noSpeech':
      'A leitura em voz alta no servidor não está configurada: defina SPEECH_MODEL (por exemplo, tts-1) com AI_PROVIDER openai ou openai-compatible, ou TRANSCRIPTION_BASE_URL. Entretanto, a voz do próprio navegador lê as respostas.',
    'voice.transcriptionFailed': 'O serviço de voz não conseguiu transcrever isto agora; tente de novo.',
    'voice.speechFailed': 'O serviço de voz não conseguiu ler isto em voz alta agora; tente de novo.',

    'push.notUrl': 'A subscrição de notificações tem de ser um URL.',
    'push.notHttps': 'A subscrição de notificações tem de ser um URL https://.',
    'push.credentials':
      'A subscrição de notificações não pode incluir um nome de utilizador nem uma palavra-passe.',
    'push.thisMachine':
      'A subscrição de notificações está nesta máquina ({host}), para onde o Remi não envia nada.',
    'push.privateNetwork': 'O endereço {host} da subscrição de notificações está numa rede privada ou local.',
    'push.tooManyDevices':
      'No máximo {n, plural, one {# dispositivo} other {# dispositivos}}; remova primeiro um.',
    'push.otherAccount':
      'Este dispositivo já recebe as notificações de outra conta. Inicie sessão nessa conta e remova-o primeiro em Definições → Notificações.',
    'reminders.hourly':
      'Com FREQ=HOURLY e BYHOUR, INTERVAL tem de dividir 24 e BYHOUR tem de ter uma hora alcançada a partir de dueAt em passos de INTERVAL.',
    'reminders.minutely':
      'Com FREQ=MINUTELY e BYHOUR ou BYMINUTE, INTERVAL tem de dividir 60 e BYMINUTE tem de ter um minuto alcançado a partir de dueAt em passos de INTERVAL.',
    'reminders.wholeNumber': '{part} tem de ser um número inteiro de {range}.',
    'reminders.setpos': 'BYSETPOS pode indicar no máximo {n} posições.',
    'reminders.bysecond': 'BYSECOND pode indicar apenas um segundo.',
    'reminders.ruleAlone': 'Indique só a regra (FREQ=...), sem DTSTART; o início é dueAt.',
    'reminders.noFreq': 'Falta FREQ.',
    'reminders.notRrule': 'Isto não é uma RRULE que o rrule consiga ler ({detail}).',
    'reminders.tooOften': '{what}: no máximo a cada {every}.',
    'reminders.byNeedsDaily':
      'BYMONTH, BYMONTHDAY, BYYEARDAY e BYWEEKNO precisam de FREQ=DAILY ou de uma mais longa.',
    'reminders.never': 'Nunca acontece dentro de {within} depois de dueAt.',
    'reminders.linkExpired': 'Esta ligação expirou ou já foi usada.',
    'reminders.inFuture': 'A hora do lembrete tem de ser no futuro.',
    'reminders.withinYears':
      'A hora do lembrete tem de ser nos próximos {years, plural, one {# ano} other {# anos}}.',
    'reminders.unknownZone': 'O fuso horário «{zone}» não é um fuso horário que este servidor conheça.',
    'reminders.tooManyScheduled':
      'Já tem {n, plural, one {# lembrete agendado} other {# lembretes agendados}}, o máximo que cada pessoa pode ter; marque alguns como feitos ou cancele-os primeiro.',
    'reminders.tooManyScheduledShort':
      'Já tem {n, plural, one {# lembrete agendado} other {# lembretes agendados}}.',
    'reminders.gone': 'Este lembrete já não existe.',
  },
  labels: {
    'The setting to save facts automatically': 'Guardar factos automaticamente',
    'The briefing time': 'Hora do resumo',
    'The code': 'Código',
    'The data source settings': 'Definições da fonte de dados',
    'The data source type': 'Tipo de fonte de dados',
    'The date': 'Data',
    "The reminder's time": 'Hora do lembrete',
    'The e-mail address': 'Endereço de e-mail',
    'The end date': 'Data de fim',
    'The push subscription': 'Subscrição de notificações',
    'The expiry date': 'Data de expiração',
    'The format': 'Formato',
    'The start': 'Início',
    'The calendar link': 'Ligação do calendário',
    'The id': 'Id',
    'The on/off setting': 'Ligado/desligado',
    'The language': 'Idioma',
    'The location': 'Local',
    'The memory id': 'Id da memória',
    'The page number': 'Número da página',
    'The page size': 'Tamanho da página',
    'The password': 'Palavra-passe',
    'The private setting': 'Privado',
    'The search': 'Pesquisa',
    'The setting to read answers aloud after dictation': 'Ler as respostas em voz alta depois do ditado',
    'The repeat rule': 'Regra de repetição',
    'The start date': 'Data de início',
    'The status': 'Estado',
    'The tags': 'Etiquetas',
    'The text': 'Texto',
    'The theme': 'Tema',
    'The time zone': 'Fuso horário',
    'The title': 'Título',
    'The end': 'Fim',
    'The link': 'Ligação',
    'The version': 'Versão',
    Text: 'Texto',
    Name: 'Nome',
    'Each tag': 'Cada etiqueta',
    'The new password': 'Nova palavra-passe',
    'The snooze': 'Adiamento',
    Content: 'Conteúdo',
    Prompt: 'Instrução',
    Limit: 'Limite',
    Channels: 'Canais',
    Schedule: 'Horário',
    Label: 'Rótulo',
    Memories: 'Memórias',
    Conversations: 'Conversas',
    'Attachment ids': 'Ids dos anexos',
    Audio: 'Áudio',
    Auth: 'Chave auth',
    P256dh: 'Chave p256dh',
    'Conversation ID': 'Id da conversa',
    'Current password': 'Palavra-passe atual',
    'New password': 'Nova palavra-passe',
    'Email reminders': 'Lembretes por e-mail',
    Enabled: 'Ativo',
    Paused: 'Em pausa',
    Web: 'Web',
    'Expiration time': 'Validade',
    File: 'Ficheiro',
    Headers: 'Cabeçalhos',
    Provider: 'Fornecedor',
    'Return to': 'Página de regresso',
    Scope: 'Âmbito',
    Search: 'Pesquisa',
    Snooze: 'Adiamento',
    Tags: 'Etiquetas',
    'The address': 'Endereço',
    'The server address': 'Endereço do servidor',
    URL: 'URL',
    Action: 'Ação',
  },
  kinds: {
    text: 'texto',
    'a number': 'um número',
    'a whole number': 'um número inteiro',
    'true or false': 'verdadeiro ou falso',
    'a list': 'uma lista',
    'a set of fields': 'um conjunto de campos',
    'a date': 'uma data',
    empty: 'vazio',
  },
}
