import type { EventFact, TodayFacts } from '@remi/shared'
import { escapeMarkdown } from '../../lib/markdown.ts'
import { wordsFor, type Words } from '../../lib/words/index.ts'
import { weatherIn } from '../../lib/words/weather.ts'
import { formatDay } from './today-facts.ts'

function eventLine(e: EventFact, words: Words): string {
  const when = e.allDay
    ? words.t('briefing.allDay')
    : e.start && e.end
      ? `${e.start}–${e.end}`
      : e.start
        ? words.t('briefing.from', { time: e.start })
        : e.end
          ? words.t('briefing.until', { time: e.end })
          : words.t('briefing.allDay')
  const where = e.location ? ` (${escapeMarkdown(e.location)})` : ''
  return `- **${when}** ${escapeMarkdown(e.title)}${where}`
}

/**
 * The offline briefing: the same facts in fixed sentences (no model, nothing added). Used when no model
 * is configured and whenever the model fails, runs out of time or answers nothing.
 */
export function renderBriefing(facts: TodayFacts): string {
  // In the person's language (Settings → Language), the weather's description too; a place and a failure's
  // reason stay as their sources give them.
  const words = wordsFor(facts.language)
  const { t } = words
  const out: string[] = []
  // By first name, as the chat greets ("Good day, Marta!", not "Good day, Marta Silva!").
  const firstName = facts.userName?.split(/\s+/)[0]
  out.push(
    `## ${firstName ? t('briefing.greetingName', { name: escapeMarkdown(firstName) }) : t('briefing.greeting')}`,
    '',
  )
  out.push(t('briefing.today', { date: facts.dateText }), '')

  const { weather } = facts
  out.push(`### ${t('briefing.weather')}`, '')
  if (weather.status === 'ok') {
    const place = escapeMarkdown(weather.place)
    out.push(
      t('briefing.weatherLine', {
        where: t(weather.onVacation ? 'briefing.weatherVacation' : 'briefing.weatherIn', { place }),
        description: weatherIn(words.language, weather.description),
        high: `${weather.high}${weather.unit}`,
        low: `${weather.low}${weather.unit}`,
        rain: weather.rainChance !== null ? t('briefing.rain', { chance: weather.rainChance }) : '',
        sun:
          weather.sunrise && weather.sunset
            ? t('briefing.sun', { sunrise: weather.sunrise, sunset: weather.sunset })
            : '',
      }),
    )
  } else if (weather.status === 'off') {
    out.push(`_${t('briefing.weatherOff')}_`)
  } else {
    out.push(`_${t('briefing.weatherUnavailable', { reason: escapeMarkdown(weather.reason) })}_`)
  }
  out.push('')

  const { calendar } = facts
  out.push(`### ${t('briefing.events')}`, '')
  if (calendar.status === 'ok') {
    if (calendar.events.length === 0) out.push(t('briefing.noEvents'))
    else out.push(...calendar.events.map((e) => eventLine(e, words)))
    const left = calendar.total - calendar.events.length
    if (left > 0) out.push(`- ${t('briefing.moreEvents', { count: left })}`)
    if (calendar.unreadable.length) {
      out.push('', `_${t('briefing.unreadable', { list: escapeMarkdown(calendar.unreadable.join(' ')) })}_`)
    }
  } else if (calendar.status === 'off') {
    out.push(`_${t('briefing.calendarOff')}_`)
  } else {
    out.push(`_${t('briefing.calendarUnavailable', { reason: escapeMarkdown(calendar.reason) })}_`)
  }
  out.push('')

  const { memories } = facts
  out.push(`### ${t('briefing.memories')}`, '')
  if (memories.status === 'ok') {
    const { dueToday, upcoming, onThisDay, addedThisWeek } = memories
    if (dueToday.length)
      out.push(`**${t('briefing.dueToday')}**`, '', ...dueToday.map((m) => `- ${escapeMarkdown(m.text)}`), '')
    if (upcoming.length) {
      const day = (date: string) =>
        formatDay(date, { weekday: 'long', month: 'long', day: 'numeric' }, words.locale)
      out.push(
        `**${t('briefing.upcoming')}**`,
        '',
        ...upcoming.map(
          (m) =>
            `- ${day(m.date)} (${t('briefing.inDays', { days: m.daysAhead })}): ${escapeMarkdown(m.text)}`,
        ),
        '',
      )
    }
    if (onThisDay.length) {
      out.push(
        `**${t('briefing.onThisDay')}**`,
        '',
        ...onThisDay.map(
          (m) =>
            `- ${m.date.slice(0, 4)} (${t('briefing.yearsAgo', { count: m.yearsAgo })}): ${escapeMarkdown(m.text)}`,
        ),
        '',
      )
    }
    if (!dueToday.length && !upcoming.length && !onThisDay.length) out.push(t('briefing.noMemories'), '')
    out.push(t('briefing.addedThisWeek', { count: addedThisWeek }))
  } else {
    out.push(`_${t('briefing.memoriesUnavailable', { reason: escapeMarkdown(memories.reason) })}_`)
  }

  if (facts.suggestion)
    out.push('', `### ${t('briefing.suggestion')}`, '', escapeMarkdown(facts.suggestion.text))
  return `${out.join('\n').trim()}\n`
}
