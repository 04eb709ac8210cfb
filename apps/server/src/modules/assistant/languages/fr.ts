import * as chrono from 'chrono-node'
import { weatherWordsOf } from '../../../lib/words/weather.ts'
import { re, type LanguagePack } from './pack.ts'
import { dayAfterTomorrow, hourWords, listOf, weekdayIndex } from './shared-words.ts'

/** chrono-node's French, and "après-demain", which it reads as tomorrow. */
const parser = chrono.fr.casual.clone()
parser.parsers.push(dayAfterTomorrow(re(String.raw`\baprès-demain\b`)))

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi']

/** A day of a calendar answer: "aujourd'hui", "demain", "le vendredi 4 décembre". */
const dayFR = ({ ahead, day }: { ahead: number; day: string }) =>
  ahead === 0 ? "aujourd'hui" : ahead === 1 ? 'demain' : `le ${day}`
const capitalFR = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

export const fr: LanguagePack = {
  language: 'fr',
  locale: 'fr',
  chrono: parser,
  normalise: hourWords,
  stopWords: listOf(
    'le la les l un une des de du d au aux à a en par pour avec sans et ou mais que qu se je tu il elle nous vous ils elles me te lui leur mon ma mes ton ta tes son sa ses notre votre ce cet cette ces ne pas oui déjà très plus y',
  ),
  questionWords: listOf(
    "quel quelle quels quelles quand où qui comment combien est c qu'est ce sont était été tu vous te souviens sais savez dis dites souvenir souvenirs note notes noté enregistré ai j jour date",
  ),
  read: {
    remember: re(
      String.raw`^(?:s'il (?:te|vous) pla[iî]t,?\s+)?(?:souviens-toi|souvenez-vous|rappelle-toi|rappelez-vous|retiens|retenez|note|notez|n'oublie pas|n'oubliez pas|mémorise|mémorisez|enregistre|enregistrez)(?:\s+(?:bien\s+)?(?:que|qu'|de|d'))?\s*[,:]?\s*(.+)$`,
    ),
    remind: re(
      String.raw`^(?:s'il (?:te|vous) pla[iî]t,?\s+)?(?:rappelle-moi|rappelez-moi|fais-moi penser|faites-moi penser)\b[\s,]*(.*)$`,
    ),
    listReminders: re(
      String.raw`^(?:quels|quelles|qu'est-ce|montre|montrez|liste|listez|affiche|mes|ai-je|j'ai)\b.*\brappels\b|^rappels$`,
    ),
    everyWeekday: re(
      String.raw`\b(?:tous les|chaque)\s+(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?\b`,
    ),
    everyDay: re(
      String.raw`\b(?:tous les jours|chaque jour|tous les matins|chaque matin|tous les soirs|chaque soir|quotidiennement)\b`,
    ),
    everyMonth: re(
      String.raw`\ble (\d{1,2})(?:er)? (?:de chaque mois|de tous les mois|du mois|tous les mois|chaque mois)\b`,
    ),
    weekday: (word) => weekdayIndex(WEEKDAYS, word),
    afternoon: re(String.raw`\b(?:de l'après-midi|du soir|l'après-midi|le soir)\b`),
    morning: re(String.raw`\b(?:du matin|le matin)\b`),
    partsOfDay: [
      [re(String.raw`\bmatin\b`), 9],
      [re(String.raw`\baprès-midi\b`), 13],
      [re(String.raw`\bsoir\b`), 18],
      [re(String.raw`\bnuit\b`), 20],
    ],
    beforeTime: re(String.raw`(?:\b(?:le|la|à|a|au|pour|ce|cette|de|d'|en|dès)\s*)+$`),
    afterTime: re(String.raw`^\s*(?:de l'après-midi|du soir|du matin|heures?)\b`),
    lead: re(String.raw`^(?:de\s+|d'|que\s+|qu'|à\s+|pour\s+)`),
    question: re(
      String.raw`^(?:quel|quelle|quels|quelles|quand|où|qui|comment|combien|qu'est-ce|est-ce|te souviens-tu|vous souvenez-vous)\b`,
    ),
    help: re(
      String.raw`^(?:aide|au secours|que (?:sais-tu|savez-vous|peux-tu|pouvez-vous) faire|qu'est-ce que (?:tu sais|vous savez|tu peux|vous pouvez) faire|comment (?:ça marche|tu fonctionnes|vous fonctionnez)|tu sais faire quoi)\b`,
    ),
    time: re(
      String.raw`^(?:quelle heure est-il|il est quelle heure|quelle heure il est|vous avez l'heure|tu as l'heure)\b`,
    ),
    whatDay: re(
      String.raw`^(?:quel jour (?:sommes-nous|on est|est-on)(?: aujourd'hui)?()$|quel jour (?:est|sera|tombe)\s*(.*)$|quelle est la date\s*(.*)$|on est quel jour()$)`,
    ),
    daysUntil: re(
      String.raw`^combien (?:de jours|de temps)\s+(?:reste-t-il\s+|il reste\s+|y a-t-il\s+|encore\s+)?(?:avant|jusqu'à|d'ici)\s+(.+)$`,
    ),
    calendar: re(String.raw`\b(?:agenda|calendrier|emploi du temps|planning)\b`),
    events: re(
      String.raw`\b(?:rendez-vous|rdv|événements?|évènements?|réunions?)\b|^(?:qu'est-ce que j'ai|qu'ai-je|j'ai quoi|est-ce que j'ai quelque chose|ai-je quelque chose|qu'est-ce qui est prévu|qu'est-ce qu'il y a|qu'y a-t-il)\b`,
    ),
    weather: re(
      String.raw`\b(?:temps fait|quel temps|météo|pleuvoir|pleut|pluie|soleil|chaud|froid|température|prévisions|parapluie|neiger)\b`,
    ),
    week: re(String.raw`\b(?:cette semaine|la semaine|prochains jours|week-end)\b`),
    greeting: re(String.raw`^(?:bonjour|salut|bonsoir|coucou|hello)\b[\s,!.]*(?:remi)?[\s!.]*$`),
    thanks: re(String.raw`^merci\b`),
    feasts: {
      christmas: re(String.raw`\bnoël\b`),
      'new-year': re(String.raw`\b(?:nouvel an|jour de l'an|réveillon)\b`),
      easter: re(String.raw`\bpâques\b`),
    },
  },
  examples: {
    'reminder-list': ['Quels sont mes rappels ?', 'Montre mes rappels'],
    reminder: [
      "Rappelle-moi demain à 9h d'appeler le garage",
      'Rappelle-moi tous les lundis à 8h d’arroser les plantes',
      'Tous les lundis à 8h arroser les plantes',
      'Rappelle-moi dans 20 minutes de sortir le gâteau',
    ],
    remember: [
      'Souviens-toi que le code du portail est 4512',
      "Souviens-toi que l'anniversaire d'Ana est le 12 mai #famille",
    ],
    help: ['Que savez-vous faire ?', 'Aide'],
    time: ['Quelle heure est-il ?'],
    'what-day': ['Quel jour sommes-nous ?', 'Quel jour sera demain ?'],
    'days-until': ['Combien de jours avant Noël ?', 'Combien de jours reste-t-il avant Pâques ?'],
    calendar: [
      "Qu'est-ce que j'ai aujourd'hui ?",
      'Quels sont mes rendez-vous demain ?',
      "Qu'y a-t-il dans mon agenda vendredi ?",
      'Ai-je des réunions cette semaine ?',
    ],
    weather: [
      'Quel temps fera-t-il demain ?',
      "Est-ce qu'il va pleuvoir aujourd'hui ?",
      'Quelle est la météo cette semaine ?',
    ],
    greeting: ['Bonjour', 'Salut', 'Merci !'],
    search: ['Quel est le code du portail ?', "Quand est l'anniversaire d'Ana ?"],
    statement: ['Je me suis garé au niveau 3, place B12'],
    fallback: ['…'],
  },
  say: {
    helpTitle: 'Voici ce que je sais faire :',
    helpLine: {
      remember: 'Garder une note',
      search: 'Retrouver vos notes',
      reminder: 'Créer un rappel',
      'reminder-list': 'Voir vos rappels',
      weather: 'La météo',
      'what-day': 'Les dates',
      'days-until': 'Compter les jours',
      calendar: 'Votre agenda',
      time: "L'heure",
    },
    intro: (brand) =>
      `_Je suis l'assistant hors ligne de ${brand} : je fonctionne sans modèle de langage, je ne comprends donc que quelques types de demandes (demandez-moi « que savez-vous faire ? »). Pour connecter un modèle, définissez \`AI_PROVIDER\` et \`AI_MODEL\` (et \`AI_API_KEY\` ou \`AI_BASE_URL\` selon votre fournisseur), puis redémarrez le serveur._`,
    fallbackNote:
      "_Le modèle de langage n'était pas disponible : l'assistant hors ligne a répondu à sa place._",
    fallback: (help) => `Je ne peux pas répondre à cela sans modèle de langage. ${help}`,
    shortHelp:
      'Vous pouvez me demander de garder une note, de retrouver vos notes, de créer des rappels ou de vous donner la météo.',
    hello: (name) =>
      `Bonjour${name ? ` ${name}` : ''} ! Vous pouvez me demander de garder une note, de retrouver vos notes, de créer des rappels ou de vous donner la météo.`,
    welcome: 'Avec plaisir !',
    saved: 'Enregistré dans vos notes :',
    noDate: '**Date :** aucune (le message ne nommait pas de jour)',
    date: (day) => `**Date :** ${day}`,
    whatToRemember: 'Que dois-je retenir ? Par exemple : « Souviens-toi que le code du portail est 4512 ».',
    cannotSave: "Je n'ai pas pu l'enregistrer. Réessayez dans un moment.",
    notSaved: (example) => `Je ne l'ai pas enregistré. Pour le garder en note, envoyez : « ${example} ».`,
    rememberPrefix: 'Souviens-toi que',
    found: "Voici ce que j'ai trouvé dans vos notes :",
    nothingFound: (words) =>
      `Je n'ai rien trouvé${words ? ` sur **${words}**` : ''} dans vos notes. Pour garder quelque chose, commencez votre message par « Souviens-toi que ».`,
    cannotSearch: "Je n'ai pas pu chercher dans vos notes. Réessayez dans un moment.",
    reminderMade: (text, when) => `Rappel créé : **${text}**, ${when}.`,
    reminderRepeats: (text, rule, first) => `Rappel créé : **${text}**, ${rule} ; le premier : ${first}.`,
    everyWeekday: (weekday, time) => `tous les ${WEEKDAYS[weekday]}s à ${time}`,
    everyDay: (time) => `tous les jours à ${time}`,
    everyMonth: (day, time) => `le ${day === 1 ? '1er' : day} de chaque mois à ${time}`,
    reminderUnclear:
      "Quand dois-je vous le rappeler ? Par exemple : « Rappelle-moi demain à 9h d'appeler le garage ».",
    noReminders: "Vous n'avez aucun rappel. Dites « rappelle-moi demain à 9h de … » pour en créer un.",
    yourReminders: 'Vos rappels :',
    remindersOff: 'Les rappels ne sont pas disponibles sur ce serveur.',
    today: (date) => `Nous sommes le ${date}.`,
    tomorrow: (date) => `Demain, nous serons le ${date}.`,
    dayIs: (date) => `C'est le ${date}.`,
    daysUntil: (n, what, date) =>
      n === 0
        ? `C'est aujourd'hui : ${date}.`
        : `Encore **${n}** ${n === 1 ? 'jour' : 'jours'} avant ${what} (${date}).`,
    timeIs: (time) => `Il est ${time}.`,
    allDay: 'Toute la journée',
    calendarEvents: (when, count) =>
      `${'ahead' in when ? `**${capitalFR(dayFR(when))}**` : `**Du ${when.from} au ${when.to}**`}, vous avez ${count === 1 ? '1 événement' : `${count} événements`} :`,
    calendarNothing: (when) =>
      `Vous n'avez rien dans votre agenda ${'ahead' in when ? `**${dayFR(when)}**` : `**du ${when.from} au ${when.to}**`}.`,
    calendarProblems: "Certains agendas n'ont pas pu être lus.",
    calendarOff:
      "Je ne peux pas le savoir : l'agenda n'est pas connecté. Activez-le et choisissez un agenda dans Sources de données.",
    calendarOffNote:
      "Les événements de l'agenda ne sont pas inclus : l'agenda n'est pas connecté (activez-le dans Sources de données).",
    calendarFailed: "Je n'ai pas pu lire votre agenda. Réessayez dans un moment.",
    fromMemories: "**D'après vos notes :**",
    weatherOff: "La météo n'est pas configurée : ajoutez un lieu dans les Réglages.",
    weatherFailed: "Je n'ai pas pu obtenir la météo. Réessayez dans un moment.",
    weatherDay: ({ day, place, description, min, max, rain }) =>
      `**${day}** à ${place} : ${description}, entre ${min} et ${max}${rain === null ? '' : `, ${rain} % de risque de pluie`}.`,
    weatherNow: ({ temperature, description }) => `En ce moment : ${temperature}, ${description}.`,
    weatherWords: weatherWordsOf('fr'),
  },
}
