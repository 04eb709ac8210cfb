import type { CreateReminderBody, Reminder } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { clockAt, fakeDeps, type Fakes } from '../intents/fake-deps.test-support.ts'
import type { Clock, Deps } from '../intents/types.ts'
import type { GetCalendarEventsOutput, GetWeatherOutput, ToolEvent } from '../tools/index.ts'
import { answerIn, intentsOf, PACKS, type OtherLanguage } from './index.ts'

/** A fake reminders service: keeps what it is given, as the real one answers it. */
function fakeReminders(timeZone: string) {
  const reminders: Reminder[] = []
  const service = {
    async create(_userId: string, body: CreateReminderBody): Promise<Reminder> {
      const made = {
        id: `r-${reminders.length + 1}`,
        text: body.text,
        dueAt: body.dueAt,
        nextAt: body.dueAt,
        recurrence: body.recurrence ?? null,
        timezone: timeZone,
        status: 'scheduled',
        memoryId: null,
      } as Reminder
      reminders.push(made)
      return made
    },
    list: async () => reminders.filter((r) => r.status === 'scheduled'),
    patch: async () => reminders[0]!,
  }
  return { reminders, service: service as unknown as NonNullable<Deps['services']['reminders']> }
}

/** Lisbon's forecast for Monday, November 30, 2026 and the days after. */
const FORECAST: GetWeatherOutput = {
  date: '2026-11-30',
  place: 'Lisbon',
  onVacation: false,
  summary: '',
  now: { temperature: 14.2, feelsLike: 13, description: 'partly cloudy' },
  day: {
    description: 'light rain',
    temperatureMin: 9,
    temperatureMax: 15.4,
    precipitationProbability: 70,
    sunrise: '07:38',
    sunset: '17:14',
  },
  nextDays: [
    {
      date: '2026-12-01',
      description: 'clear sky',
      temperatureMin: 8,
      temperatureMax: 16,
      precipitationProbability: 5,
    },
    {
      date: '2026-12-02',
      description: 'overcast',
      temperatureMin: 10,
      temperatureMax: 14,
      precipitationProbability: 20,
    },
  ],
  temperatureUnit: '°C',
}

const GATE = { id: 'm-1', text: 'O código do portão é 4512', date: null, tags: [] }

/**
 * A person in `language`, asking at `clock`: the answer, the intent, the reminders and memories made.
 * `calendar`: what the calendar gives instead of the fake events (off, failed).
 */
function person(
  language: OtherLanguage,
  clock: Clock,
  fakes: Fakes = {},
  calendar?: GetCalendarEventsOutput,
) {
  const { reminders, service } = fakeReminders(clock.timeZone)
  return {
    reminders,
    async ask(text: string) {
      const deps = fakeDeps(
        { weather: FORECAST, user: { name: 'Rita Sousa', email: 'rita@example.com' }, ...fakes },
        clock,
        text,
      )
      const tools = calendar ? { ...deps.tools, getCalendarEvents: async () => calendar } : deps.tools
      const answered = await answerIn(language, {
        ...deps,
        tools,
        services: { ...deps.services, reminders: service },
      })
      return { ...answered, created: deps.created }
    },
  }
}

/** Monday, November 30, 2026, 10:00 UTC. */
const MONDAY = '2026-11-30T10:00:00Z'

describe('the offline assistant in Portuguese (Portugal)', () => {
  const clock = clockAt(MONDAY, 'Europe/Lisbon')
  const rita = () => person('pt-PT', clock, { memories: [GATE] })

  it('remembers, with the fact as said and the day it names', async () => {
    const asked = await rita().ask('Lembra-te que o código do portão é 4512')
    expect(asked.intent).toBe('remember')
    expect(asked.created).toEqual([
      expect.objectContaining({ text: 'O código do portão é 4512', date: null }),
    ])
    expect(asked.markdown).toContain('Guardado nas suas memórias:')
    const dated = await rita().ask('Lembra-te que o aniversário da Ana é a 12 de maio #família')
    expect(dated.created).toEqual([
      expect.objectContaining({
        text: 'O aniversário da Ana é a 12 de maio',
        date: '2027-05-12',
        tags: ['família'],
      }),
    ])
    expect(dated.markdown).toContain('**Data:** quarta-feira, 12 de maio de 2027')
  })

  it('recalls what was remembered', async () => {
    const asked = await rita().ask('Qual é o código do portão?')
    expect(asked.intent).toBe('search')
    expect(asked.markdown).toContain('Eis o que encontrei nas suas memórias:')
    expect(asked.markdown).toContain('O código do portão é 4512')
    const none = await person('pt-PT', clock).ask('Qual é o código do portão?')
    expect(none.markdown).toContain('Não encontrei nada sobre **código portão**')
  })

  it('makes a reminder at the time said, and says when in Portuguese', async () => {
    const p = rita()
    const asked = await p.ask('Lembra-me amanhã às 17h de ligar à mãe')
    expect(asked.intent).toBe('reminder')
    expect(p.reminders).toEqual([
      expect.objectContaining({ text: 'Ligar à mãe', dueAt: '2026-12-01T17:00:00.000Z', recurrence: null }),
    ])
    expect(asked.markdown).toBe('Lembrete criado: **Ligar à mãe**, terça-feira, 1 de dezembro às 17:00.')
  })

  it('counts a time from now as said, early in the morning too', async () => {
    const early = person('pt-PT', clockAt('2026-11-30T05:40:00Z', 'Europe/Lisbon'))
    await early.ask('Lembra-me daqui a 20 minutos de ver o forno')
    expect(early.reminders).toEqual([
      expect.objectContaining({ text: 'Ver o forno', dueAt: '2026-11-30T06:00:00.000Z' }),
    ])
  })

  it('makes a repeating reminder', async () => {
    const p = rita()
    const asked = await p.ask('Todas as segundas às 8 regar as plantas')
    expect(p.reminders).toEqual([
      expect.objectContaining({
        text: 'Regar as plantas',
        dueAt: '2026-12-07T08:00:00.000Z',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      }),
    ])
    expect(asked.markdown).toBe(
      'Lembrete criado: **Regar as plantas**, todas as segundas-feiras às 08:00; o primeiro é segunda-feira, 7 de dezembro às 08:00.',
    )
  })

  it('lists the reminders', async () => {
    const p = rita()
    await p.ask('Lembra-me amanhã às 17h de ligar à mãe')
    const asked = await p.ask('Quais são os meus lembretes?')
    expect(asked.intent).toBe('reminder-list')
    expect(asked.markdown).toBe(
      'Os seus lembretes:\n\n- **Ligar à mãe**: terça-feira, 1 de dezembro às 17:00',
    )
  })

  it('tells the weather of the day asked', async () => {
    const asked = await rita().ask('Como está o tempo amanhã?')
    expect(asked.intent).toBe('weather')
    expect(asked.markdown).toBe(
      '**terça-feira, 1 de dezembro** em Lisbon: céu limpo, entre 8°C e 16°C, 5% de probabilidade de chuva.',
    )
  })

  it('answers date questions', async () => {
    expect((await rita().ask('Que dia é hoje?')).markdown).toBe(
      'Hoje é segunda-feira, 30 de novembro de 2026.',
    )
    const christmas = await rita().ask('Quantos dias faltam para o Natal?')
    expect(christmas.intent).toBe('days-until')
    expect(christmas.markdown).toBe('Faltam **25** dias para o Natal (sexta-feira, 25 de dezembro de 2026).')
  })

  it('leaves a day question that names no day to the memories', async () => {
    const asked = await rita().ask('Que dia é o aniversário da Ana?')
    expect(asked.intent).toBe('search')
    expect(asked.markdown).toContain('Não encontrei nada sobre **aniversário ana**')
  })

  it('tells the time, helps, and greets', async () => {
    expect((await rita().ask('Que horas são?')).markdown).toBe('São 10:00.')
    const help = await rita().ask('O que sabes fazer?')
    expect(help.intent).toBe('help')
    expect(help.markdown).toContain('- **Criar um lembrete**: “Lembra-me amanhã às 17h de ligar à mãe”')
    expect((await rita().ask('Olá')).markdown).toMatch(/^Olá, Rita! Pode pedir-me/)
    expect((await rita().ask('Obrigado!')).markdown).toBe('De nada!')
  })

  it('falls back in Portuguese, and reads an English message with the English intents', async () => {
    const other = await rita().ask('xyz')
    expect(other.intent).toBe('fallback')
    expect(other.markdown).toMatch(
      /^Não consigo responder a isso sem um modelo de linguagem\. Eis o que sei fazer:/,
    )
    const english = await rita().ask('what time is it?')
    expect(english.intent).toBe('clock')
    // A Portuguese question is never answered by an English intent.
    expect((await rita().ask('Onde está o meu casaco?')).intent).toBe('search')
  })
})

describe('the offline assistant in Spanish', () => {
  const clock = clockAt(MONDAY, 'Europe/Madrid')
  const ana = () =>
    person('es', clock, {
      memories: [{ id: 'm-1', text: 'El código del portal es 4512', date: null, tags: [] }],
    })

  it('remembers and recalls', async () => {
    const saved = await ana().ask('Recuerda que el código del portal es 4512')
    expect(saved.intent).toBe('remember')
    expect(saved.created).toEqual([expect.objectContaining({ text: 'El código del portal es 4512' })])
    expect(saved.markdown).toContain('Guardado en tus recuerdos:')
    const recalled = await ana().ask('¿Cuál es el código del portal?')
    expect(recalled.intent).toBe('search')
    expect(recalled.markdown).toContain('Esto es lo que he encontrado en tus recuerdos:')
    expect(recalled.markdown).toContain('El código del portal es 4512')
  })

  it('makes reminders, once and every week, and lists them', async () => {
    const p = ana()
    const once = await p.ask('Recuérdame el lunes a las 8 regar las plantas')
    expect(once.intent).toBe('reminder')
    // Monday 8:00 in Madrid (UTC+1), next week's: today's has gone.
    expect(p.reminders[0]).toEqual(
      expect.objectContaining({
        text: 'Regar las plantas',
        dueAt: '2026-12-07T07:00:00.000Z',
        recurrence: null,
      }),
    )
    expect(once.markdown).toBe(
      'Recordatorio creado: **Regar las plantas**, el lunes, 7 de diciembre a las 08:00.',
    )
    const weekly = await p.ask('Todos los lunes a las 8 sacar la basura')
    expect(p.reminders[1]).toEqual(
      expect.objectContaining({
        text: 'Sacar la basura',
        dueAt: '2026-12-07T07:00:00.000Z',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      }),
    )
    expect(weekly.markdown).toContain('todos los lunes a las 08:00')
    const list = await p.ask('¿Cuáles son mis recordatorios?')
    expect(list.markdown).toContain('Tus recordatorios:')
    expect(list.markdown).toContain('- **Sacar la basura**: todos los lunes a las 08:00')
  })

  it('tells the weather, the date, the days until Christmas and the time', async () => {
    const weather = await ana().ask('¿Qué tiempo hace mañana?')
    expect(weather.markdown).toBe(
      '**martes, 1 de diciembre** en Lisbon: cielo despejado, entre 8°C y 16°C, 5% de probabilidad de lluvia.',
    )
    expect((await ana().ask('¿Qué día es hoy?')).markdown).toBe('Hoy es lunes, 30 de noviembre de 2026.')
    expect((await ana().ask('¿Cuántos días faltan para Navidad?')).markdown).toBe(
      'Faltan **25** días para Navidad (viernes, 25 de diciembre de 2026).',
    )
    expect((await ana().ask('¿Qué hora es?')).markdown).toBe('Son las 11:00.')
  })

  it('helps and greets', async () => {
    const help = await ana().ask('¿Qué sabes hacer?')
    expect(help.intent).toBe('help')
    expect(help.markdown).toMatch(/^Esto es lo que sé hacer:/)
    expect((await ana().ask('Hola')).markdown).toMatch(/^¡Hola, Rita!/)
    expect((await ana().ask('Gracias')).markdown).toBe('¡De nada!')
  })
})

describe('the offline assistant in French', () => {
  const clock = clockAt(MONDAY, 'Europe/Paris')
  const marie = () =>
    person('fr', clock, {
      memories: [{ id: 'm-1', text: 'Le code du portail est 4512', date: null, tags: [] }],
    })

  it('remembers and recalls', async () => {
    const saved = await marie().ask('Souviens-toi que le code du portail est 4512')
    expect(saved.intent).toBe('remember')
    expect(saved.created).toEqual([expect.objectContaining({ text: 'Le code du portail est 4512' })])
    expect(saved.markdown).toContain('Enregistré dans vos notes :')
    const recalled = await marie().ask('Quel est le code du portail ?')
    expect(recalled.intent).toBe('search')
    expect(recalled.markdown).toContain("Voici ce que j'ai trouvé dans vos notes :")
    expect(recalled.markdown).toContain('Le code du portail est 4512')
  })

  it('makes reminders, once and every week, and lists them', async () => {
    const p = marie()
    const once = await p.ask("Rappelle-moi demain à 9h d'appeler le garage")
    expect(p.reminders[0]).toEqual(
      expect.objectContaining({
        text: 'Appeler le garage',
        dueAt: '2026-12-01T08:00:00.000Z',
        recurrence: null,
      }),
    )
    expect(once.markdown).toBe('Rappel créé : **Appeler le garage**, mardi 1 décembre à 09:00.')
    const weekly = await p.ask('Tous les lundis à 8h arroser les plantes')
    expect(p.reminders[1]).toEqual(
      expect.objectContaining({
        text: 'Arroser les plantes',
        dueAt: '2026-12-07T07:00:00.000Z',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      }),
    )
    expect(weekly.markdown).toContain('tous les lundis à 08:00')
    const list = await p.ask('Quels sont mes rappels ?')
    expect(list.intent).toBe('reminder-list')
    expect(list.markdown).toContain('- **Appeler le garage**: mardi 1 décembre à 09:00')
  })

  it('tells the weather, the date, the days until Christmas and the time', async () => {
    expect((await marie().ask('Quel temps fera-t-il demain ?')).markdown).toBe(
      '**mardi 1 décembre** à Lisbon : ciel dégagé, entre 8°C et 16°C, 5 % de risque de pluie.',
    )
    expect((await marie().ask('Quel jour sommes-nous ?')).markdown).toBe(
      'Nous sommes le lundi 30 novembre 2026.',
    )
    expect((await marie().ask('Combien de jours avant Noël ?')).markdown).toBe(
      'Encore **25** jours avant Noël (vendredi 25 décembre 2026).',
    )
    expect((await marie().ask('Quelle heure est-il ?')).markdown).toBe('Il est 11:00.')
  })

  it('helps and greets', async () => {
    const help = await marie().ask('Que savez-vous faire ?')
    expect(help.intent).toBe('help')
    expect(help.markdown).toMatch(/^Voici ce que je sais faire :/)
    expect((await marie().ask('Bonjour')).markdown).toMatch(/^Bonjour Rita !/)
    expect((await marie().ask('Merci !')).markdown).toBe('Avec plaisir !')
  })
})

describe('the offline assistant in German', () => {
  const clock = clockAt(MONDAY, 'Europe/Berlin')
  const jonas = () =>
    person('de', clock, {
      memories: [{ id: 'm-1', text: 'Der Code vom Tor ist 4512', date: null, tags: [] }],
    })

  it('remembers and recalls', async () => {
    const saved = await jonas().ask('Merk dir, dass der Code vom Tor 4512 ist')
    expect(saved.intent).toBe('remember')
    expect(saved.created).toEqual([expect.objectContaining({ text: 'Der Code vom Tor 4512 ist' })])
    expect(saved.markdown).toContain('In deinen Notizen gespeichert:')
    const recalled = await jonas().ask('Wie ist der Code vom Tor?')
    expect(recalled.intent).toBe('search')
    expect(recalled.markdown).toContain('Das habe ich in deinen Notizen gefunden:')
    expect(recalled.markdown).toContain('Der Code vom Tor ist 4512')
  })

  it('makes reminders, once and every week, and lists them', async () => {
    const p = jonas()
    const once = await p.ask('Erinnere mich morgen um 17 Uhr an den Zahnarzt')
    expect(p.reminders[0]).toEqual(
      expect.objectContaining({ text: 'Zahnarzt', dueAt: '2026-12-01T16:00:00.000Z', recurrence: null }),
    )
    expect(once.markdown).toBe('Erinnerung angelegt: **Zahnarzt**, Dienstag, 1. Dezember um 17:00.')
    // After a comma, "morgen" is still tomorrow (chrono alone read it as this morning).
    await p.ask('Erinnere mich daran, morgen um 18 Uhr Mama anzurufen')
    expect(p.reminders[1]).toEqual(expect.objectContaining({ dueAt: '2026-12-01T17:00:00.000Z' }))
    p.reminders.pop()
    const weekly = await p.ask('Jeden Montag um 8 Uhr die Pflanzen gießen')
    expect(p.reminders[1]).toEqual(
      expect.objectContaining({
        text: 'Die Pflanzen gießen',
        dueAt: '2026-12-07T07:00:00.000Z',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      }),
    )
    expect(weekly.markdown).toContain('jeden Montag um 08:00')
    const list = await p.ask('Welche Erinnerungen habe ich?')
    expect(list.intent).toBe('reminder-list')
    expect(list.markdown).toContain('- **Zahnarzt**: Dienstag, 1. Dezember um 17:00')
  })

  it('tells the weather, the date, the days until Christmas and the time', async () => {
    expect((await jonas().ask('Wie wird das Wetter morgen?')).markdown).toBe(
      '**Dienstag, 1. Dezember** in Lisbon: klarer Himmel, zwischen 8°C und 16°C, Regenwahrscheinlichkeit 5 %.',
    )
    expect((await jonas().ask('Welcher Tag ist heute?')).markdown).toBe(
      'Heute ist Montag, 30. November 2026.',
    )
    expect((await jonas().ask('Wie viele Tage noch bis Weihnachten?')).markdown).toBe(
      'Noch **25** Tage bis Weihnachten (Freitag, 25. Dezember 2026).',
    )
    expect((await jonas().ask('Wie spät ist es?')).markdown).toBe('Es ist 11:00 Uhr.')
  })

  it('helps and greets', async () => {
    const help = await jonas().ask('Was kannst du?')
    expect(help.intent).toBe('help')
    expect(help.markdown).toMatch(/^Das kann ich:/)
    expect((await jonas().ask('Hallo')).markdown).toMatch(/^Hallo Rita!/)
    expect((await jonas().ask('Danke!')).markdown).toBe('Gern geschehen!')
  })
})

/** An event on Tuesday, December 1, 2026 (the day after MONDAY). */
const tuesday = (title: string, time: string | null, location: string | null = null): ToolEvent => ({
  title,
  time: time ?? 'all day',
  day: '2026-12-01',
  start: time ? `2026-12-01T${time.slice(0, 5)}:00Z` : '2026-12-01T00:00:00Z',
  end: time ? `2026-12-01T${time.slice(6)}:00Z` : '2026-12-02T00:00:00Z',
  allDay: time === null,
  location,
  calendar: 'Casa',
})

const CALENDAR_OFF: GetCalendarEventsOutput = {
  error: 'The calendar data source is turned off; turn it on under Data Sources.',
  off: true,
}
const CALENDAR_FAILED: GetCalendarEventsOutput = { error: 'Google said no.' }

describe('the calendar in each language', () => {
  it('Portuguese: the day asked, an empty day, several days, the calendar off or failing', async () => {
    const clock = clockAt(MONDAY, 'Europe/Lisbon')
    const events = [tuesday('Feriado municipal', null), tuesday('Dentista', '09:30–10:30', 'Rua Augusta 1')]
    const rita = person('pt-PT', clock, { events })
    const tomorrow = await rita.ask('Que eventos tenho amanhã?')
    expect(tomorrow.intent).toBe('calendar')
    expect(tomorrow.markdown).toBe(
      'Para **amanhã**, tem 2 eventos:\n\n- Todo o dia: Feriado municipal\n- 09:30–10:30: Dentista (Rua Augusta 1)',
    )
    expect((await rita.ask('O que tenho hoje na agenda?')).markdown).toBe(
      'Não tem nada no seu calendário para **hoje**.',
    )
    expect((await rita.ask('O que tenho na sexta-feira?')).markdown).toBe(
      'Não tem nada no seu calendário para **sexta-feira, 4 de dezembro**.',
    )
    expect((await rita.ask('Tenho alguma reunião esta semana?')).markdown).toBe(
      [
        'De **segunda-feira, 30 de novembro** a **domingo, 6 de dezembro**, tem 2 eventos:',
        '',
        '**Terça-feira, 1 de dezembro**',
        '- Todo o dia: Feriado municipal',
        '- 09:30–10:30: Dentista (Rua Augusta 1)',
      ].join('\n'),
    )
    const off = await person('pt-PT', clock, {}, CALENDAR_OFF).ask('O que tenho amanhã?')
    expect(off.intent).toBe('calendar')
    expect(off.markdown).toBe(
      'Não consigo saber: o calendário não está ligado. Ligue-o e escolha um calendário em Fontes de dados.',
    )
    const failed = await person('pt-PT', clock, {}, CALENDAR_FAILED).ask('O que tenho amanhã?')
    expect(failed.markdown).toBe('Não consegui ler o seu calendário. Tente novamente daqui a pouco.')
  })

  it('Portuguese: the memories dated on the day, with the calendar or without it', async () => {
    const clock = clockAt(MONDAY, 'Europe/Lisbon')
    const dinner = { id: 'm-2', text: 'Jantar com a Ana', date: '2026-12-01', tags: [] }
    const fakes = { events: [tuesday('Dentista', '09:30–10:30')], memories: [GATE, dinner] }
    const asked = await person('pt-PT', clock, fakes).ask('O que tenho amanhã?')
    expect(asked.markdown).toBe(
      [
        'Para **amanhã**, tem 1 evento:',
        '',
        '- 09:30–10:30: Dentista',
        '',
        '**Das suas memórias:**',
        '',
        '- **terça-feira, 1 de dezembro de 2026**: Jantar com a Ana',
      ].join('\n'),
    )
    expect(asked.cited).toEqual([dinner])
    const off = await person('pt-PT', clock, fakes, CALENDAR_OFF).ask('O que tenho amanhã?')
    expect(off.markdown).toBe(
      [
        '**Das suas memórias:**',
        '',
        '- **terça-feira, 1 de dezembro de 2026**: Jantar com a Ana',
        '',
        '_Os eventos do calendário não estão incluídos: o calendário não está ligado (ligue-o em Fontes de dados)._',
      ].join('\n'),
    )
  })

  it('Spanish: the day asked, an empty day, the calendar off', async () => {
    const clock = clockAt(MONDAY, 'Europe/Madrid')
    const events = [tuesday('Festivo', null), tuesday('Dentista', '09:30–10:30', 'Calle Mayor 1')]
    const ana = person('es', clock, { events })
    const tomorrow = await ana.ask('¿Qué tengo mañana?')
    expect(tomorrow.intent).toBe('calendar')
    expect(tomorrow.markdown).toBe(
      '**Mañana** tienes 2 eventos:\n\n- Todo el día: Festivo\n- 09:30–10:30: Dentista (Calle Mayor 1)',
    )
    expect((await ana.ask('¿Qué tengo hoy en el calendario?')).markdown).toBe(
      'No tienes nada en el calendario para **hoy**.',
    )
    expect((await ana.ask('¿Tengo alguna cita el viernes?')).markdown).toBe(
      'No tienes nada en el calendario para **el viernes, 4 de diciembre**.',
    )
    const off = await person('es', clock, {}, CALENDAR_OFF).ask('¿Qué tengo mañana?')
    expect(off.markdown).toBe(
      'No puedo saberlo: el calendario no está conectado. Actívalo y elige un calendario en Fuentes de datos.',
    )
    const failed = await person('es', clock, {}, CALENDAR_FAILED).ask('¿Qué tengo mañana?')
    expect(failed.markdown).toBe('No he podido leer tu calendario. Inténtalo de nuevo dentro de un rato.')
  })

  it('French: the day asked, an empty day, the calendar off', async () => {
    const clock = clockAt(MONDAY, 'Europe/Paris')
    const events = [tuesday('Jour férié', null), tuesday('Dentiste', '09:30–10:30', 'Rue de Rivoli 1')]
    const marie = person('fr', clock, { events })
    const tomorrow = await marie.ask('Quels sont mes rendez-vous demain ?')
    expect(tomorrow.intent).toBe('calendar')
    expect(tomorrow.markdown).toBe(
      '**Demain**, vous avez 2 événements :\n\n- Toute la journée: Jour férié\n- 09:30–10:30: Dentiste (Rue de Rivoli 1)',
    )
    expect((await marie.ask("Qu'est-ce que j'ai aujourd'hui ?")).markdown).toBe(
      "Vous n'avez rien dans votre agenda **aujourd'hui**.",
    )
    expect((await marie.ask("Qu'y a-t-il dans mon agenda vendredi ?")).markdown).toBe(
      "Vous n'avez rien dans votre agenda **le vendredi 4 décembre**.",
    )
    const off = await person('fr', clock, {}, CALENDAR_OFF).ask('Quels sont mes rendez-vous demain ?')
    expect(off.markdown).toBe(
      "Je ne peux pas le savoir : l'agenda n'est pas connecté. Activez-le et choisissez un agenda dans Sources de données.",
    )
    const failed = await person('fr', clock, {}, CALENDAR_FAILED).ask("Qu'est-ce que j'ai demain ?")
    expect(failed.markdown).toBe("Je n'ai pas pu lire votre agenda. Réessayez dans un moment.")
  })

  it('German: the day asked, an empty day, the calendar off', async () => {
    const clock = clockAt(MONDAY, 'Europe/Berlin')
    const events = [tuesday('Feiertag', null), tuesday('Zahnarzt', '09:30–10:30', 'Hauptstraße 1')]
    const jonas = person('de', clock, { events })
    const tomorrow = await jonas.ask('Welche Termine habe ich morgen?')
    expect(tomorrow.intent).toBe('calendar')
    expect(tomorrow.markdown).toBe(
      '**Morgen** hast du 2 Termine:\n\n- Ganztägig: Feiertag\n- 09:30–10:30: Zahnarzt (Hauptstraße 1)',
    )
    expect((await jonas.ask('Was habe ich heute im Kalender?')).markdown).toBe(
      '**Heute** steht nichts in deinem Kalender.',
    )
    expect((await jonas.ask('Habe ich am Freitag etwas vor?')).markdown).toBe(
      '**Am Freitag, 4. Dezember** steht nichts in deinem Kalender.',
    )
    const off = await person('de', clock, {}, CALENDAR_OFF).ask('Welche Termine habe ich morgen?')
    expect(off.markdown).toBe(
      'Das kann ich nicht sagen: Der Kalender ist nicht verbunden. Schalte ihn unter Datenquellen ein und wähle einen Kalender aus.',
    )
    const failed = await person('de', clock, {}, CALENDAR_FAILED).ask('Was habe ich morgen?')
    expect(failed.markdown).toBe('Ich konnte deinen Kalender nicht lesen. Versuch es gleich noch einmal.')
  })

  it('leaves statements and questions with no day to the other intents', async () => {
    const clock = clockAt(MONDAY, 'Europe/Lisbon')
    const rita = person('pt-PT', clock, { events: [tuesday('Dentista', '09:30–10:30')] })
    expect((await rita.ask('Tenho consulta no dentista amanhã às 10h')).intent).toBe('statement')
    expect((await rita.ask('O que tenho de comprar?')).intent).toBe('search')
    expect((await rita.ask('Como está o tempo amanhã?')).intent).toBe('weather')
    const jonas = person('de', clockAt(MONDAY, 'Europe/Berlin'))
    expect((await jonas.ask('Was habe ich dir über Ana gesagt?')).intent).toBe('search')
    expect((await jonas.ask('Was habe ich gestern gespeichert?')).intent).toBe('search')
  })
})

describe("each language's examples table", () => {
  const clock = clockAt(MONDAY, 'Europe/Lisbon')
  for (const language of Object.keys(PACKS) as OtherLanguage[]) {
    it(`${language}: every example is claimed first by its own intent`, () => {
      const intents = intentsOf(language)
      for (const own of intents) {
        for (const example of own.name === 'fallback' ? [] : own.examples) {
          const first = intents.find((i) => i.claim(example, clock))
          expect({ example, intent: first?.name }).toEqual({ example, intent: own.name })
        }
      }
    })
    it(`${language}: has calendar questions, each claimed by "calendar"`, () => {
      const examples = PACKS[language].examples.calendar
      expect(examples.length).toBeGreaterThanOrEqual(2)
      for (const example of examples) {
        expect(intentsOf(language).find((i) => i.claim(example, clock))?.name).toBe('calendar')
      }
    })
  }
})
