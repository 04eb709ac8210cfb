import * as chrono from 'chrono-node'
import { weatherWordsOf } from '../../../lib/words/weather.ts'
import { re, type LanguagePack } from './pack.ts'
import { hourWords, listOf, weekdayIndex } from './shared-words.ts'

/** chrono-node's German (it reads "übermorgen" and "in 20 Minuten" itself). */
const parser = chrono.de.casual.clone()

const WEEKDAYS = ['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag']
const WEEKDAY_NAMES = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag']

/** A day of a calendar answer: "Heute", "Morgen", "Am Freitag, 4. Dezember". */
const dayDE = ({ ahead, day }: { ahead: number; day: string }) =>
  ahead === 0 ? 'Heute' : ahead === 1 ? 'Morgen' : `Am ${day}`

export const de: LanguagePack = {
  language: 'de',
  locale: 'de',
  chrono: parser,
  // "17.30 Uhr" as chrono reads it: "17:30 Uhr".
  normalise: [
    [/(?<![\p{N}.])(\d{1,2})\.(\d{2})\s*uhr\b/giu, '$1:$2 Uhr'],
    // chrono reads "daran, morgen um 18 Uhr" (a comma or two spaces before it) as this morning, not tomorrow.
    [/[,\s]+(?=morgen\b)/giu, ' '],
    ...hourWords,
  ],
  stopWords: listOf(
    'der die das den dem des ein eine einen einem einer eines und oder aber dass zu zum zur von vom mit ohne für auf an am im in ins aus bei nach ich du er sie es wir ihr mich dich mir dir uns euch mein meine meinen meinem dein deine sein seine nicht ja schon sehr mehr noch',
  ),
  questionWords: listOf(
    'was wann wo wer wie welche welcher welches wieviel wie viele ist sind war hat weißt erinnerst sag notiz notizen gespeichert gesagt habe tag datum',
  ),
  read: {
    remember: re(
      String.raw`^(?:bitte\s+)?(?:merk dir|merke dir|merken sie sich|denk daran|denke daran|vergiss nicht|notiere|notier|speichere|speicher|behalte)(?:\s+(?:bitte|mal))?\s*[,:]?\s*(?:dass\s+)?(.+)$`,
    ),
    remind: re(String.raw`^(?:bitte\s+)?(?:erinnere mich|erinner mich|erinnern sie mich)\b[\s,]*(.*)$`),
    listReminders: re(
      String.raw`^(?:welche|was sind|zeig|zeige|liste|meine|habe ich)\b.*\berinnerungen\b|^erinnerungen$`,
    ),
    everyWeekday: re(
      String.raw`\b(?:jeden|jeder|immer)\s+(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b|\b(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s\b`,
    ),
    everyDay: re(String.raw`\b(?:jeden tag|täglich|jeden morgen|jeden abend)\b`),
    everyMonth: re(String.raw`\bam (\d{1,2})\.?\s+(?:jedes|jeden) monats\b`),
    weekday: (word) => weekdayIndex(WEEKDAYS, word),
    afternoon: re(String.raw`\b(?:nachmittags|abends|am nachmittag|am abend)\b`),
    morning: re(String.raw`\b(?:morgens|früh|vormittags|am morgen|am vormittag)\b`),
    partsOfDay: [
      [re(String.raw`\b(?:morgens|früh|vormittag)\b`), 9],
      [re(String.raw`\bnachmittag`), 13],
      [re(String.raw`\babend`), 18],
      [re(String.raw`\bnacht\b`), 20],
    ],
    beforeTime: re(String.raw`(?:\b(?:am|um|an|den|diesen|nächsten|ab|für)\s*)+$`),
    afterTime: re(String.raw`^\s*(?:uhr|nachmittags|abends|morgens|früh)\b`),
    lead: re(String.raw`^(?:(?:an|daran)(?:\s+(?:den|die|das|dem))?|dass|zu)[\s,]+`),
    question: re(String.raw`^(?:was|wann|wo|wer|wie|welche|welcher|welches|weißt du|erinnerst du dich)\b`),
    help: re(
      String.raw`^(?:hilfe|was kannst du(?: alles| so)?(?: tun| machen)?|wie funktionierst du|wobei kannst du (?:mir )?helfen)\b`,
    ),
    time: re(
      String.raw`^(?:wie spät ist es|wie viel uhr ist es|wieviel uhr ist es|weißt du,? wie spät es ist)\b`,
    ),
    whatDay: re(
      String.raw`^(?:welcher tag ist|welches datum ist|welchen tag haben wir|den wievielten haben wir|der wievielte ist)\s*(.*)$`,
    ),
    daysUntil: re(
      String.raw`^(?:wie viele tage|wieviele tage|wie lange)\s+(?:sind es\s+|ist es\s+|dauert es\s+)?(?:noch\s+)?bis\s+(?:zum\s+|zur\s+)?(.+)$`,
    ),
    calendar: re(String.raw`\b(?:kalender|terminkalender|terminplan|zeitplan)\b`),
    events: re(
      String.raw`\b(?:termine?|besprechungen|besprechung|meetings?|veranstaltungen|verabredungen?)\b|^(?:was habe ich|was hab ich|was steht|was ist los)\b|^(?:habe|hab) ich\b.*\b(?:etwas|was|irgendwas)\b`,
    ),
    weather: re(
      String.raw`\b(?:wetter|regnen|regnet|regen|sonne|sonnig|warm|kalt|temperatur|wettervorhersage|regenschirm|schneien)\b`,
    ),
    week: re(String.raw`\b(?:diese woche|die woche|nächsten tage|wochenende)\b`),
    greeting: re(
      String.raw`^(?:hallo|hi|guten morgen|guten tag|guten abend|servus|moin|grüß dich|grüezi)\b[\s,!.]*(?:remi)?[\s!.]*$`,
    ),
    thanks: re(String.raw`^(?:danke|vielen dank|dankeschön)\b`),
    feasts: {
      christmas: re(String.raw`\bweihnacht`),
      'new-year': re(String.raw`\b(?:neujahr|silvester)\b`),
      easter: re(String.raw`\bostern\b`),
    },
  },
  examples: {
    'reminder-list': ['Welche Erinnerungen habe ich?', 'Zeig meine Erinnerungen'],
    reminder: [
      'Erinnere mich morgen um 17 Uhr an den Zahnarzt',
      'Erinnere mich jeden Montag um 8 Uhr daran, die Pflanzen zu gießen',
      'Jeden Montag um 8 Uhr die Pflanzen gießen',
      'Erinnere mich in 20 Minuten an den Ofen',
    ],
    remember: [
      'Merk dir, dass der Code vom Tor 4512 ist',
      'Merk dir, dass Anas Geburtstag am 12. Mai ist #familie',
    ],
    help: ['Was kannst du?', 'Hilfe'],
    time: ['Wie spät ist es?'],
    'what-day': ['Welcher Tag ist heute?', 'Welches Datum ist morgen?'],
    'days-until': ['Wie viele Tage noch bis Weihnachten?', 'Wie lange noch bis Ostern?'],
    calendar: [
      'Was habe ich heute im Kalender?',
      'Welche Termine habe ich morgen?',
      'Habe ich am Freitag etwas vor?',
      'Was steht diese Woche an?',
    ],
    weather: ['Wie wird das Wetter morgen?', 'Regnet es heute?', 'Wie ist das Wetter diese Woche?'],
    greeting: ['Hallo', 'Guten Morgen', 'Danke!'],
    search: ['Wie ist der Code vom Tor?', 'Wann hat Ana Geburtstag?'],
    statement: ['Ich habe auf Ebene 3 geparkt, Platz B12'],
    fallback: ['…'],
  },
  say: {
    helpTitle: 'Das kann ich:',
    helpLine: {
      remember: 'Eine Notiz speichern',
      search: 'In deinen Notizen suchen',
      reminder: 'Eine Erinnerung anlegen',
      'reminder-list': 'Deine Erinnerungen sehen',
      weather: 'Das Wetter',
      'what-day': 'Daten',
      'days-until': 'Tage zählen',
      calendar: 'Dein Kalender',
      time: 'Die Uhrzeit',
    },
    intro: (brand) =>
      `_Ich bin der Offline-Assistent von ${brand}: Ich laufe ohne Sprachmodell und verstehe deshalb nur einige Arten von Anfragen (frag mich „Was kannst du?“). Um ein Modell anzubinden, setze \`AI_PROVIDER\` und \`AI_MODEL\` (und je nach Anbieter \`AI_API_KEY\` oder \`AI_BASE_URL\`) und starte den Server neu._`,
    fallbackNote: '_Das Sprachmodell war nicht erreichbar, deshalb hat der Offline-Assistent geantwortet._',
    fallback: (help) => `Darauf kann ich ohne Sprachmodell nicht antworten. ${help}`,
    shortHelp:
      'Du kannst mich bitten, eine Notiz zu speichern, in deinen Notizen zu suchen, Erinnerungen anzulegen oder dir das Wetter zu sagen.',
    hello: (name) =>
      `Hallo${name ? ` ${name}` : ''}! Du kannst mich bitten, eine Notiz zu speichern, in deinen Notizen zu suchen, Erinnerungen anzulegen oder dir das Wetter zu sagen.`,
    welcome: 'Gern geschehen!',
    saved: 'In deinen Notizen gespeichert:',
    noDate: '**Datum:** keines (die Nachricht nannte keinen Tag)',
    date: (day) => `**Datum:** ${day}`,
    whatToRemember: 'Was soll ich mir merken? Zum Beispiel: „Merk dir, dass der Code vom Tor 4512 ist“.',
    cannotSave: 'Das konnte ich nicht speichern. Versuch es gleich noch einmal.',
    notSaved: (example) =>
      `Das habe ich nicht gespeichert. Um es als Notiz zu behalten, schick: „${example}“.`,
    rememberPrefix: 'Merk dir:',
    found: 'Das habe ich in deinen Notizen gefunden:',
    nothingFound: (words) =>
      `Ich habe in deinen Notizen nichts${words ? ` zu **${words}**` : ''} gefunden. Um etwas zu speichern, beginne deine Nachricht mit „Merk dir“.`,
    cannotSearch: 'Ich konnte deine Notizen nicht durchsuchen. Versuch es gleich noch einmal.',
    reminderMade: (text, when) => `Erinnerung angelegt: **${text}**, ${when}.`,
    reminderRepeats: (text, rule, first) =>
      `Erinnerung angelegt: **${text}**, ${rule}; die erste am ${first}.`,
    everyWeekday: (weekday, time) => `jeden ${WEEKDAY_NAMES[weekday]} um ${time}`,
    everyDay: (time) => `jeden Tag um ${time}`,
    everyMonth: (day, time) => `am ${day}. jedes Monats um ${time}`,
    reminderUnclear:
      'Wann soll ich dich erinnern? Zum Beispiel: „Erinnere mich morgen um 17 Uhr an den Zahnarzt“.',
    noReminders: 'Du hast keine Erinnerungen. Sag „Erinnere mich morgen um 9 Uhr an …“, um eine anzulegen.',
    yourReminders: 'Deine Erinnerungen:',
    remindersOff: 'Erinnerungen sind auf diesem Server nicht verfügbar.',
    today: (date) => `Heute ist ${date}.`,
    tomorrow: (date) => `Morgen ist ${date}.`,
    dayIs: (date) => `Das ist ${date}.`,
    daysUntil: (n, what, date) =>
      n === 0
        ? `Das ist heute: ${date}.`
        : `Noch **${n}** ${n === 1 ? 'Tag' : 'Tage'} bis ${what} (${date}).`,
    timeIs: (time) => `Es ist ${time} Uhr.`,
    allDay: 'Ganztägig',
    calendarEvents: (when, count) =>
      `**${'ahead' in when ? dayDE(when) : `Vom ${when.from} bis ${when.to}`}** hast du ${count === 1 ? '1 Termin' : `${count} Termine`}:`,
    calendarNothing: (when) =>
      `**${'ahead' in when ? dayDE(when) : `Vom ${when.from} bis ${when.to}`}** steht nichts in deinem Kalender.`,
    calendarProblems: 'Einige Kalender konnten nicht gelesen werden.',
    calendarOff:
      'Das kann ich nicht sagen: Der Kalender ist nicht verbunden. Schalte ihn unter Datenquellen ein und wähle einen Kalender aus.',
    calendarOffNote:
      'Termine aus dem Kalender fehlen: Der Kalender ist nicht verbunden (schalte ihn unter Datenquellen ein).',
    calendarFailed: 'Ich konnte deinen Kalender nicht lesen. Versuch es gleich noch einmal.',
    fromMemories: '**Aus deinen Notizen:**',
    weatherOff: 'Das Wetter ist nicht eingerichtet: Füge in den Einstellungen einen Ort hinzu.',
    weatherFailed: 'Ich konnte das Wetter nicht abrufen. Versuch es gleich noch einmal.',
    weatherDay: ({ day, place, description, min, max, rain }) =>
      `**${day}** in ${place}: ${description}, zwischen ${min} und ${max}${rain === null ? '' : `, Regenwahrscheinlichkeit ${rain} %`}.`,
    weatherNow: ({ temperature, description }) => `Gerade: ${temperature}, ${description}.`,
    weatherWords: weatherWordsOf('de'),
  },
}
