import type { EventFact, TodayFacts } from '@remi/shared'
import { escapeMarkdown } from '../../lib/markdown.ts'
import { dayText, inDays } from './today-facts.ts'

const SET_UP = 'Turn it on under Data Sources.'

function eventLine(e: EventFact): string {
  const when = e.allDay
    ? 'All day'
    : e.start && e.end
      ? `${e.start}–${e.end}`
      : e.start
        ? `From ${e.start}`
        : e.end
          ? `Until ${e.end}`
          : 'All day'
  const where = e.location ? ` (${escapeMarkdown(e.location)})` : ''
  return `- **${when}** ${escapeMarkdown(e.title)}${where}`
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * The offline briefing: the same facts in fixed sentences (no model, nothing added). Used when no model
 * is configured and whenever the model fails, runs out of time or answers nothing.
 */
export function renderBriefing(facts: TodayFacts): string {
  const out: string[] = []
  // By first name, as the chat greets ("Good day, Marta!", not "Good day, Marta Silva!").
  const firstName = facts.userName?.split(/\s+/)[0]
  out.push(`## Good day${firstName ? `, ${escapeMarkdown(firstName)}` : ''}!`, '')
  out.push(`Today is **${facts.dateText}**.`, '')

  const { weather } = facts
  out.push('### Weather', '')
  if (weather.status === 'ok') {
    const where = weather.onVacation
      ? `You are on vacation in ${escapeMarkdown(weather.place)}`
      : `In ${escapeMarkdown(weather.place)}`
    const rain = weather.rainChance !== null ? `, ${weather.rainChance}% chance of rain` : ''
    const sun =
      weather.sunrise && weather.sunset ? ` Sunrise ${weather.sunrise}, sunset ${weather.sunset}.` : ''
    out.push(
      `${where}: ${weather.description.toLowerCase()}, high ${weather.high}${weather.unit}, low ${weather.low}${weather.unit}${rain}.${sun}`,
    )
  } else if (weather.status === 'off') {
    out.push(`_Weather is off. ${SET_UP}_`)
  } else {
    out.push(`_Weather is unavailable: ${escapeMarkdown(weather.reason)}_`)
  }
  out.push('')

  const { calendar } = facts
  out.push("### Today's events", '')
  if (calendar.status === 'ok') {
    if (calendar.events.length === 0) out.push('Nothing on your calendar today.')
    else out.push(...calendar.events.map(eventLine))
    const left = calendar.total - calendar.events.length
    if (left > 0) out.push(`- …and ${plural(left, 'more event')}`)
    if (calendar.unreadable.length) {
      out.push('', `_Some calendars could not be read: ${escapeMarkdown(calendar.unreadable.join(' '))}_`)
    }
  } else if (calendar.status === 'off') {
    out.push(`_Calendar is off. ${SET_UP}_`)
  } else {
    out.push(`_Calendar is unavailable: ${escapeMarkdown(calendar.reason)}_`)
  }
  out.push('')

  const { memories } = facts
  out.push('### Memories', '')
  if (memories.status === 'ok') {
    const { dueToday, upcoming, onThisDay, addedThisWeek } = memories
    if (dueToday.length) out.push('**Today**', '', ...dueToday.map((m) => `- ${escapeMarkdown(m.text)}`), '')
    if (upcoming.length) {
      out.push(
        '**In the next 7 days**',
        '',
        ...upcoming.map((m) => `- ${dayText(m.date)} (${inDays(m.daysAhead)}): ${escapeMarkdown(m.text)}`),
        '',
      )
    }
    if (onThisDay.length) {
      out.push(
        '**On this day**',
        '',
        ...onThisDay.map(
          (m) => `- ${m.date.slice(0, 4)} (${plural(m.yearsAgo, 'year')} ago): ${escapeMarkdown(m.text)}`,
        ),
        '',
      )
    }
    if (!dueToday.length && !upcoming.length && !onThisDay.length) {
      out.push('No memories for today or the coming week.', '')
    }
    out.push(`You added ${plural(addedThisWeek, 'memory', 'memories')} this week.`)
  } else {
    out.push(`_Memories are unavailable: ${escapeMarkdown(memories.reason)}_`)
  }

  if (facts.suggestion) out.push('', '### Suggestion', '', escapeMarkdown(facts.suggestion.text))
  return `${out.join('\n').trim()}\n`
}
