import * as chrono from 'chrono-node'
import { weatherWordsOf } from '../../../lib/words/weather.ts'
import { re, type LanguagePack } from './pack.ts'
import { dayAfterTomorrow, hourWords, listOf, weekdayIndex } from './shared-words.ts'

/** chrono-node's Spanish, and "pasado mañana", which it reads as tomorrow. */
const parser = chrono.es.casual.clone()
parser.parsers.push(dayAfterTomorrow(re(String.raw`\bpasado mañana\b`)))

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'mi', 'jueves', 'viernes', 's']
const WEEKDAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado']

/** A day of a calendar answer: "hoy", "mañana", "el viernes, 4 de diciembre". */
const dayES = ({ ahead, day }: { ahead: number; day: string }) =>
  ahead === 0 ? 'hoy' : ahead === 1 ? 'mañana' : `el ${day}`
const capitalES = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

export const es: LanguagePack = {
  language: 'es',
  locale: 'es',
  chrono: parser,
  normalise: hourWords,
  stopWords: listOf(
    'el la los las un una unos unas de del al a en por para con sin y o u pero que se yo tú él ella nosotros vosotros ellos ellas me te le nos os mi mis tu tus su sus esto eso aquello este esta ese esa no sí ya muy más lo',
  ),
  questionWords: listOf(
    'qué cuál cuáles cuándo dónde quién quiénes cómo cuánto cuántos cuántas es son era fue está recuerdas sabes dime recuerdo recuerdos guardé dije tengo día fecha',
  ),
  read: {
    remember: re(
      String.raw`^(?:por favor,?\s+)?(?:recuerda|acuérdate de|no olvides|apunta|anota|guarda|memoriza)(?:\s+(?:que|esto))?\s*[,:]?\s+(.+)$`,
    ),
    remind: re(String.raw`^(?:por favor,?\s+)?(?:recuérdame|recuerdame|avísame|avisame)\b[\s,]*(.*)$`),
    listReminders: re(
      String.raw`^(?:qué|que|cuáles|cuales|muéstrame|muestrame|enséñame|lista|ver|mis|tengo)\b.*\brecordatorios\b|^recordatorios$`,
    ),
    everyWeekday: re(
      String.raw`\b(?:todos los|cada)\s+(lunes|martes|miércoles|miercoles|jueves|viernes|sábados?|sabados?|domingos?)\b`,
    ),
    everyDay: re(
      String.raw`\b(?:todos los días|todos los dias|cada día|cada dia|a diario|todas las mañanas|todas las noches)\b`,
    ),
    everyMonth: re(String.raw`\b(?:el\s+)?(?:día\s+)?(\d{1,2})\s+de (?:cada|todos los) mes(?:es)?\b`),
    weekday: (word) => weekdayIndex(WEEKDAYS, word),
    afternoon: re(String.raw`\b(?:de la tarde|de la noche|por la tarde|por la noche)\b`),
    morning: re(String.raw`\b(?:de la mañana|por la mañana|de la madrugada)\b`),
    partsOfDay: [
      [re(String.raw`\bpor la mañana\b`), 9],
      [re(String.raw`\btarde\b`), 13],
      [re(String.raw`\bnoche\b`), 20],
    ],
    beforeTime: re(String.raw`(?:\b(?:el|la|los|las|a|al|en|para|este|esta|de)\s*)+$`),
    afterTime: re(
      String.raw`^\s*(?:de la tarde|de la noche|de la mañana|por la tarde|por la noche|por la mañana|horas)\b`,
    ),
    lead: re(String.raw`^(?:que|de|para|a)\s+`),
    question: re(
      String.raw`^(?:qué|que|cuál|cuáles|cuándo|dónde|quién|cómo|cuánto|cuántos|cuántas|recuerdas|sabes)\b`,
    ),
    help: re(
      String.raw`^(?:ayuda|qué (?:sabes|puedes) hacer|que (?:sabes|puedes) hacer|cómo funcionas|como funcionas|en qué (?:me )?puedes ayudar)\b`,
    ),
    time: re(String.raw`^(?:qué hora es|que hora es|me dices la hora|sabes qué hora es)\b`),
    whatDay: re(
      String.raw`^(?:qué|que|cuál es la|en qué) (?:día|dia|fecha)\s*(?:es|será|cae|estamos)?\s*(.*)$`,
    ),
    daysUntil: re(
      String.raw`^(?:cuántos|cuantos) días (?:faltan |quedan )?(?:para|hasta)\s+(.+)$|^cuánto falta para\s+(.+)$`,
    ),
    calendar: re(String.raw`\b(?:calendario|agenda)\b`),
    events: re(
      String.raw`\b(?:eventos?|citas?|reuniones|reunión|compromisos?|planes)\b|^(?:qué|que) (?:tengo|hay)\b|^tengo (?:algo|alguna|algún)\b`,
    ),
    weather: re(
      String.raw`\b(?:tiempo|llover|llueve|lluvia|sol|calor|frío|frio|temperatura|pronóstico|paraguas|nevar)\b`,
    ),
    week: re(String.raw`\b(?:esta semana|la semana|próximos días|fin de semana)\b`),
    greeting: re(
      String.raw`^(?:hola|buenos días|buenos dias|buenas tardes|buenas noches|buenas)\b[\s,!.]*(?:remi)?[\s!.]*$`,
    ),
    thanks: re(String.raw`^(?:muchas\s+)?gracias\b`),
    feasts: {
      christmas: re(String.raw`\bnavidad\b`),
      'new-year': re(String.raw`\b(?:año nuevo|nochevieja)\b`),
      easter: re(String.raw`\b(?:pascua|semana santa)\b`),
    },
  },
  examples: {
    'reminder-list': ['¿Cuáles son mis recordatorios?', 'Muéstrame mis recordatorios'],
    reminder: [
      'Recuérdame el lunes a las 8 regar las plantas',
      'Recuérdame mañana a las 17:30 llamar a mamá',
      'Todos los lunes a las 8 regar las plantas',
      'Recuérdame dentro de 20 minutos mirar el horno',
    ],
    remember: [
      'Recuerda que el código del portal es 4512',
      'Recuerda que el cumpleaños de Ana es el 12 de mayo #familia',
    ],
    help: ['¿Qué sabes hacer?', 'Ayuda'],
    time: ['¿Qué hora es?'],
    'what-day': ['¿Qué día es hoy?', '¿Qué día es mañana?'],
    'days-until': ['¿Cuántos días faltan para Navidad?', '¿Cuánto falta para Pascua?'],
    calendar: [
      '¿Qué tengo hoy en el calendario?',
      '¿Qué tengo mañana?',
      '¿Tengo alguna cita el viernes?',
      '¿Qué reuniones tengo esta semana?',
    ],
    weather: ['¿Qué tiempo hace mañana?', '¿Va a llover hoy?', '¿Qué tiempo hará esta semana?'],
    greeting: ['Hola', 'Buenos días', '¡Gracias!'],
    search: ['¿Cuál es el código del portal?', '¿Cuándo es el cumpleaños de Ana?'],
    statement: ['He aparcado en la planta 3, plaza B12'],
    fallback: ['…'],
  },
  say: {
    helpTitle: 'Esto es lo que sé hacer:',
    helpLine: {
      remember: 'Guardar un recuerdo',
      search: 'Buscar en tus recuerdos',
      reminder: 'Crear un recordatorio',
      'reminder-list': 'Ver tus recordatorios',
      weather: 'El tiempo',
      'what-day': 'Fechas',
      'days-until': 'Contar días',
      calendar: 'Tu calendario',
      time: 'La hora',
    },
    intro: (brand) =>
      `_Soy el asistente sin conexión de ${brand}: funciono sin un modelo de lenguaje, así que solo entiendo algunos tipos de peticiones (pregúntame «¿qué sabes hacer?»). Para conectar un modelo, define \`AI_PROVIDER\` y \`AI_MODEL\` (y \`AI_API_KEY\` o \`AI_BASE_URL\`, según tu proveedor) y reinicia el servidor._`,
    fallbackNote:
      '_El modelo de lenguaje no estaba disponible, así que ha respondido el asistente sin conexión._',
    fallback: (help) => `No puedo responder a eso sin un modelo de lenguaje. ${help}`,
    shortHelp:
      'Puedes pedirme que guarde un recuerdo, que busque en tus recuerdos, que cree recordatorios o que te diga qué tiempo hace.',
    hello: (name) =>
      `¡Hola${name ? `, ${name}` : ''}! Puedes pedirme que guarde un recuerdo, que busque en tus recuerdos, que cree recordatorios o que te diga qué tiempo hace.`,
    welcome: '¡De nada!',
    saved: 'Guardado en tus recuerdos:',
    noDate: '**Fecha:** ninguna (el mensaje no decía ningún día)',
    date: (day) => `**Fecha:** ${day}`,
    whatToRemember: '¿Qué debo recordar? Por ejemplo: «Recuerda que el código del portal es 4512».',
    cannotSave: 'No he podido guardarlo. Inténtalo de nuevo dentro de un rato.',
    notSaved: (example) => `No lo he guardado. Para guardarlo como recuerdo, envía: «${example}».`,
    rememberPrefix: 'Recuerda que',
    found: 'Esto es lo que he encontrado en tus recuerdos:',
    nothingFound: (words) =>
      `No he encontrado nada${words ? ` sobre **${words}**` : ''} en tus recuerdos. Para guardar algo, empieza el mensaje con «Recuerda que».`,
    cannotSearch: 'No he podido buscar en tus recuerdos. Inténtalo de nuevo dentro de un rato.',
    reminderMade: (text, when) => `Recordatorio creado: **${text}**, el ${when}.`,
    reminderRepeats: (text, rule, first) =>
      `Recordatorio creado: **${text}**, ${rule}; el primero, el ${first}.`,
    everyWeekday: (weekday, time) =>
      `todos los ${WEEKDAY_NAMES[weekday]}${weekday === 0 || weekday === 6 ? 's' : ''} a las ${time}`,
    everyDay: (time) => `todos los días a las ${time}`,
    everyMonth: (day, time) => `el día ${day} de cada mes a las ${time}`,
    reminderUnclear: '¿Cuándo te lo recuerdo? Por ejemplo: «Recuérdame mañana a las 17:00 llamar a mamá».',
    noReminders: 'No tienes recordatorios. Di «recuérdame mañana a las 9 …» para crear uno.',
    yourReminders: 'Tus recordatorios:',
    remindersOff: 'Los recordatorios no están disponibles en este servidor.',
    today: (date) => `Hoy es ${date}.`,
    tomorrow: (date) => `Mañana es ${date}.`,
    dayIs: (date) => `Es ${date}.`,
    daysUntil: (n, what, date) =>
      n === 0
        ? `Es hoy: ${date}.`
        : `${n === 1 ? 'Falta **1** día' : `Faltan **${n}** días`} para ${what} (${date}).`,
    timeIs: (time) => (time.startsWith('01:') ? `Es la ${time}.` : `Son las ${time}.`),
    allDay: 'Todo el día',
    calendarEvents: (when, count) =>
      `${'ahead' in when ? `**${capitalES(dayES(when))}**` : `**Del ${when.from} al ${when.to}**`} tienes ${count === 1 ? '1 evento' : `${count} eventos`}:`,
    calendarNothing: (when) =>
      `No tienes nada en el calendario ${'ahead' in when ? `para **${dayES(when)}**` : `**del ${when.from} al ${when.to}**`}.`,
    calendarProblems: 'No se han podido leer algunos calendarios.',
    calendarOff:
      'No puedo saberlo: el calendario no está conectado. Actívalo y elige un calendario en Fuentes de datos.',
    calendarOffNote:
      'Los eventos del calendario no están incluidos: el calendario no está conectado (actívalo en Fuentes de datos).',
    calendarFailed: 'No he podido leer tu calendario. Inténtalo de nuevo dentro de un rato.',
    fromMemories: '**De tus recuerdos:**',
    weatherOff: 'El tiempo no está configurado: añade una ubicación en Ajustes.',
    weatherFailed: 'No he podido consultar el tiempo. Inténtalo de nuevo dentro de un rato.',
    weatherDay: ({ day, place, description, min, max, rain }) =>
      `**${day}** en ${place}: ${description}, entre ${min} y ${max}${rain === null ? '' : `, ${rain}% de probabilidad de lluvia`}.`,
    weatherNow: ({ temperature, description }) => `Ahora: ${temperature}, ${description}.`,
    weatherWords: weatherWordsOf('es'),
  },
}
