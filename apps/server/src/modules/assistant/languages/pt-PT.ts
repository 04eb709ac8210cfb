import * as chrono from 'chrono-node'
import { weatherWordsOf } from '../../../lib/words/weather.ts'
import { re, type LanguagePack } from './pack.ts'
import { dayAfterTomorrow, hourWords, listOf, weekdayIndex } from './shared-words.ts'

/** chrono-node's Portuguese, and what it does not read: "depois de amanhã", "daqui a 20 minutos". */
const parser = chrono.pt.casual.clone()
parser.parsers.push(dayAfterTomorrow(re(String.raw`\bdepois de amanhã\b`)), {
  pattern: () => re(String.raw`\b(?:daqui a|dentro de|em)\s+(\d+)\s+(minutos?|horas?)\b`),
  extract(context, match) {
    const at = new Date(context.reference.getDateWithAdjustedTimezone())
    const n = Number(match[1])
    at.setMinutes(at.getMinutes() + (/^h/i.test(match[2]!) ? n * 60 : n))
    return {
      day: at.getDate(),
      month: at.getMonth() + 1,
      year: at.getFullYear(),
      hour: at.getHours(),
      minute: at.getMinutes(),
      // A time counted from now is the one said: never moved to the afternoon.
      meridiem: at.getHours() >= 12 ? 1 : 0,
    }
  },
})

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado']
const EVERY_WEEKDAY = [
  'todos os domingos',
  'todas as segundas-feiras',
  'todas as terças-feiras',
  'todas as quartas-feiras',
  'todas as quintas-feiras',
  'todas as sextas-feiras',
  'todos os sábados',
]

/** A day of a calendar answer: "hoje", "amanhã", "sexta-feira, 4 de dezembro". */
const dayPT = ({ ahead, day }: { ahead: number; day: string }) =>
  ahead === 0 ? 'hoje' : ahead === 1 ? 'amanhã' : day

export const ptPT: LanguagePack = {
  language: 'pt-PT',
  locale: 'pt-PT',
  chrono: parser,
  normalise: hourWords,
  stopWords: listOf(
    'o a os as um uma uns umas de do da dos das no na nos nas em ao aos à às por pelo pela para com sem e ou mas que se eu tu ele ela nós vós eles elas me te lhe nos vos meu minha seu sua teu tua isto isso aquilo este esta esse essa não sim já muito mais',
  ),
  questionWords: listOf(
    'qual quais quando onde quem como quanto quantos quantas é são era foi está lembras lembra sabes sabe diz diga memória memórias guardei disse tenho meus minhas dia data',
  ),
  read: {
    remember: re(
      String.raw`^(?:por favor,?\s+)?(?:lembra-te|lembre-se|recorda-te|não te esqueças|não se esqueça|guarda|guarde|anota|anote|memoriza|memorize)(?:\s+(?:que|de que|de|disto|isto))?\s*[,:]?\s+(.+)$`,
    ),
    remind: re(
      String.raw`^(?:por favor,?\s+)?(?:lembra-me|lembre-me|relembra-me|relembre-me|recorda-me)\b[\s,]*(.*)$`,
    ),
    listReminders: re(
      String.raw`^(?:quais|que|mostra|mostre|lista|liste|ver|os meus|tenho)\b.*\blembretes\b|^lembretes$`,
    ),
    everyWeekday: re(
      String.raw`\b(?:todas as|todos os|cada|à|às|ao|aos)\s+(segunda|terça|quarta|quinta|sexta|sábado|domingo)s?(?:-feiras?)?\b`,
    ),
    everyDay: re(String.raw`\b(?:todos os dias|todas as manhãs|todas as noites|diariamente)\b`),
    everyMonth: re(String.raw`\b(?:no dia|a|ao dia)\s+(\d{1,2})\s+de (?:cada|todos os) m[eê]s(?:es)?\b`),
    weekday: (word) => weekdayIndex(WEEKDAYS, word),
    afternoon: re(String.raw`\b(?:da tarde|da noite|à tarde|à noite)\b`),
    morning: re(String.raw`\b(?:da manhã|de manhã|da madrugada)\b`),
    partsOfDay: [
      [re(String.raw`\bmanhã\b(?!\s*às)`), 9],
      [re(String.raw`\btarde\b`), 13],
      [re(String.raw`\bnoite\b`), 20],
    ],
    beforeTime: re(String.raw`(?:\b(?:no|na|para|às|as|à|a|ao|em|de|o|a)\s*)+$`),
    afterTime: re(String.raw`^\s*(?:da tarde|da noite|da manhã|de manhã|horas)\b`),
    lead: re(String.raw`^(?:de|para|que|a|às|do|da)\s+`),
    question: re(
      String.raw`^(?:qual|quais|quando|onde|quem|como|quanto|quantos|quantas|o que|que|será|lembras-te|sabes)\b`,
    ),
    help: re(
      String.raw`^(?:ajuda|socorro|o que (?:é que )?(?:sabes|sabe|consegues|consegue|podes|pode) fazer|como funcionas|como funciona|em que (?:me )?(?:podes|pode) ajudar)\b`,
    ),
    time: re(String.raw`^(?:que horas são|que horas sao|que hora é|(?:sabes|sabe) (?:que|as) horas)\b`),
    whatDay: re(
      String.raw`^(?:que|qual é o|qual o|em que) (?:dia|data)\s*(?:é|será|calha|cai|estamos|fica)?\s*(.*)$`,
    ),
    daysUntil: re(
      String.raw`^(?:quantos dias (?:faltam |falta )?(?:para|até)|quanto (?:tempo )?falta para|quanto tempo até)\s+(.+)$`,
    ),
    calendar: re(String.raw`\b(?:agenda|calendário|calendario)\b`),
    events: re(
      String.raw`\b(?:eventos?|compromissos?|reuniões|reunião|marcações|consultas?)\b|^(?:o que|que)(?: é que)? (?:eu )?(?:tenho|há|está marcado)\b|^tenho (?:alguma coisa|algo|algum|alguma)\b`,
    ),
    weather: re(
      String.raw`\b(?:tempo|chover|chove|chuva|chuvoso|sol|calor|frio|temperatura|meteorologia|previsão|guarda-chuva|nevar)\b`,
    ),
    week: re(String.raw`\b(?:esta semana|a semana|próximos dias|fim de semana)\b`),
    greeting: re(
      String.raw`^(?:olá|ola|oi|bom dia|boa tarde|boa noite|viva|boas)\b[\s,!.]*(?:remi)?[\s!.]*$`,
    ),
    thanks: re(String.raw`^(?:muito\s+)?(?:obrigad[oa]|agradecid[oa])\b`),
    feasts: {
      christmas: re(String.raw`\bnatal\b`),
      'new-year': re(String.raw`\b(?:ano novo|passagem de ano)\b`),
      easter: re(String.raw`\bpáscoa\b`),
    },
  },
  examples: {
    'reminder-list': ['Quais são os meus lembretes?', 'Mostra os meus lembretes'],
    reminder: [
      'Lembra-me amanhã às 17h de ligar à mãe',
      'Lembra-me todas as segundas às 8 de regar as plantas',
      'Todas as segundas às 8 regar as plantas',
      'Lembra-me daqui a 20 minutos de ver o forno',
    ],
    remember: [
      'Lembra-te que o código do portão é 4512',
      'Lembra-te que o aniversário da Ana é a 12 de maio #família',
    ],
    help: ['O que sabes fazer?', 'Ajuda'],
    time: ['Que horas são?'],
    'what-day': ['Que dia é hoje?', 'Que dia é amanhã?'],
    'days-until': ['Quantos dias faltam para o Natal?', 'Quanto falta para a Páscoa?'],
    calendar: [
      'O que tenho hoje na agenda?',
      'Que eventos tenho amanhã?',
      'O que tenho na sexta-feira?',
      'Tenho alguma reunião esta semana?',
    ],
    weather: ['Como está o tempo amanhã?', 'Vai chover hoje?', 'Qual é a previsão para esta semana?'],
    greeting: ['Olá', 'Bom dia', 'Obrigado!'],
    search: ['Qual é o código do portão?', 'Quando é o aniversário da Ana?'],
    statement: ['Estacionei no piso 3, lugar B12'],
    fallback: ['…'],
  },
  say: {
    helpTitle: 'Eis o que sei fazer:',
    helpLine: {
      remember: 'Guardar uma memória',
      search: 'Procurar nas suas memórias',
      reminder: 'Criar um lembrete',
      'reminder-list': 'Ver os lembretes',
      weather: 'O tempo',
      'what-day': 'Datas',
      'days-until': 'Contar dias',
      calendar: 'A agenda',
      time: 'As horas',
    },
    intro: (brand) =>
      `_Sou o assistente offline do ${brand}: funciono sem um modelo de linguagem, por isso compreendo apenas alguns tipos de pedidos (pergunte-me “o que sabes fazer?”). Para ligar um modelo, defina \`AI_PROVIDER\` e \`AI_MODEL\` (e \`AI_API_KEY\` ou \`AI_BASE_URL\`, conforme o fornecedor) e reinicie o servidor._`,
    fallbackNote:
      '_O modelo de linguagem não estava disponível, por isso foi o assistente offline a responder._',
    fallback: (help) => `Não consigo responder a isso sem um modelo de linguagem. ${help}`,
    shortHelp:
      'Pode pedir-me para guardar uma memória, procurar nas suas memórias, criar lembretes ou dizer-lhe como está o tempo.',
    hello: (name) =>
      `Olá${name ? `, ${name}` : ''}! Pode pedir-me para guardar uma memória, procurar nas suas memórias, criar lembretes ou dizer-lhe como está o tempo.`,
    welcome: 'De nada!',
    saved: 'Guardado nas suas memórias:',
    noDate: '**Data:** nenhuma (a mensagem não indicava um dia)',
    date: (day) => `**Data:** ${day}`,
    whatToRemember: 'O que devo guardar? Por exemplo: “Lembra-te que o código do portão é 4512”.',
    cannotSave: 'Não consegui guardar isso. Tente novamente daqui a pouco.',
    notSaved: (example) => `Não guardei isso. Para o guardar como memória, envie: “${example}”.`,
    rememberPrefix: 'Lembra-te que',
    found: 'Eis o que encontrei nas suas memórias:',
    nothingFound: (words) =>
      `Não encontrei nada${words ? ` sobre **${words}**` : ''} nas suas memórias. Para guardar algo, comece a mensagem por “Lembra-te que”.`,
    cannotSearch: 'Não consegui procurar nas suas memórias. Tente novamente daqui a pouco.',
    reminderMade: (text, when) => `Lembrete criado: **${text}**, ${when}.`,
    reminderRepeats: (text, rule, first) => `Lembrete criado: **${text}**, ${rule}; o primeiro é ${first}.`,
    everyWeekday: (weekday, time) => `${EVERY_WEEKDAY[weekday]} às ${time}`,
    everyDay: (time) => `todos os dias às ${time}`,
    everyMonth: (day, time) => `no dia ${day} de cada mês às ${time}`,
    reminderUnclear:
      'Para quando é o lembrete? Diga o dia e a hora, por exemplo: “Lembra-me amanhã às 17h de ligar à mãe”.',
    noReminders: 'Não tem lembretes. Diga “lembra-me amanhã às 9h de …” para criar um.',
    yourReminders: 'Os seus lembretes:',
    remindersOff: 'Os lembretes não estão disponíveis neste servidor.',
    today: (date) => `Hoje é ${date}.`,
    tomorrow: (date) => `Amanhã é ${date}.`,
    dayIs: (date) => `É ${date}.`,
    daysUntil: (n, what, date) =>
      n === 0
        ? `É hoje: ${date}.`
        : `${n === 1 ? 'Falta **1** dia' : `Faltam **${n}** dias`} para ${what} (${date}).`,
    timeIs: (time) => `São ${time}.`,
    allDay: 'Todo o dia',
    calendarEvents: (when, count) =>
      `${'ahead' in when ? `Para **${dayPT(when)}**` : `De **${when.from}** a **${when.to}**`}, tem ${count === 1 ? '1 evento' : `${count} eventos`}:`,
    calendarNothing: (when) =>
      `Não tem nada no seu calendário ${'ahead' in when ? `para **${dayPT(when)}**` : `de **${when.from}** a **${when.to}**`}.`,
    calendarProblems: 'Não foi possível ler alguns calendários.',
    calendarOff:
      'Não consigo saber: o calendário não está ligado. Ligue-o e escolha um calendário em Fontes de dados.',
    calendarOffNote:
      'Os eventos do calendário não estão incluídos: o calendário não está ligado (ligue-o em Fontes de dados).',
    calendarFailed: 'Não consegui ler o seu calendário. Tente novamente daqui a pouco.',
    fromMemories: '**Das suas memórias:**',
    weatherOff: 'O tempo não está configurado: adicione uma localização em Definições.',
    weatherFailed: 'Não consegui obter a previsão do tempo. Tente novamente daqui a pouco.',
    weatherDay: ({ day, place, description, min, max, rain }) =>
      `**${day}** em ${place}: ${description}, entre ${min} e ${max}${rain === null ? '' : `, ${rain}% de probabilidade de chuva`}.`,
    weatherNow: ({ temperature, description }) => `Agora: ${temperature}, ${description}.`,
    weatherWords: weatherWordsOf('pt-PT'),
  },
}
