import { renderBriefing } from '../../dashboard/index.ts'
import type { LookupFilters } from '../../memories/index.ts'
import {
  savedSpan,
  formatDay,
  daysSavedOn,
  memoryDaysAsked,
  isDayWord,
  isAboutMemories,
  asksForRecent,
  withoutRecent,
  isSavingWord,
  asToldAfterRemember,
  type MemoryRequest,
  EVERY,
  significantWords,
} from '../../language/index.ts'
import type { Deps, Answered } from '../intents/index.ts'
import { SHORT_HELP } from '../intents/talk.ts'
import { said } from '../intents/types.ts'
import { type AssistantServices, SEARCH_LIMIT, isToolError } from '../tools/index.ts'
import { eventsAbout, eventLine } from './events.ts'
import { quoteMemories, NO_MEMORIES, daysInWords, memoriesCount, allAndRecent, quote } from './words.ts'

/** "Brief me": the dashboard's offline briefing, from the same facts (weather, today's events, memories due). */
export async function todaysBriefing(
  services: Pick<AssistantServices, 'dashboard'>,
  userId: string,
  now: Date,
) {
  return renderBriefing(await services.dashboard.gatherTodayFacts(userId, { now }))
}

/**
 * A question with no words to search for: the memories saved on the days it names ("what did I save
 * yesterday?"), or of the days it names ("what happened yesterday?", "what did I note for this
 * weekend?"), or the newest when it asks about memories or notes ("show me my notes", "what did I write
 * recently?", "what's new?").
 */
export async function noted(
  deps: Pick<Deps, 'services' | 'tools' | 'userId' | 'text' | 'clock'>,
): Promise<Answered> {
  const { tools, services, userId, text: content } = deps
  const { timeZone, now, today } = deps.clock
  // A full search may have left some out: how many there are, and where to see them all.
  const more = async (shown: number, filters: LookupFilters, where: string) => {
    if (shown < SEARCH_LIMIT) return []
    const total = await services.memories.count(userId, filters)
    return total > shown ? ['', `These are the newest ${shown} of ${total}${where}.`] : []
  }
  const saved = daysSavedOn(content, timeZone, now)
  if (saved) {
    const found = await tools.searchMemories({ query: '', savedFrom: saved.from, savedTo: saved.to })
    if (isToolError(found)) return said(`I could not look through your memories: ${found.error}`)
    const span = savedSpan(saved.from, saved.to, today)
    if (found.memories.length === 0) return said(`You saved no memories ${span}.`)
    const markdown = [
      `The memories you saved ${span}, newest first:`,
      '',
      ...quoteMemories(found.memories),
      ...(await more(found.memories.length, { saved }, '')),
    ].join('\n')
    return { markdown, cited: found.memories }
  }
  const range = memoryDaysAsked(content, timeZone, now)
  if (!range && !isAboutMemories(content) && !asksForRecent(content)) {
    return said(`I'm not sure what to look for. ${SHORT_HELP}`)
  }
  // "What's new?", "what did I write recently?": the ones saved last, not the ones dated furthest ahead.
  const recent = !range && asksForRecent(content)
  const found = await tools.searchMemories({ query: '', ...(range ?? {}) }, { newestSaved: recent })
  if (isToolError(found)) return said(`I could not look through your memories: ${found.error}`)
  if (!range) {
    if (found.memories.length === 0) return said(NO_MEMORIES)
    const heading = recent ? 'The memories you saved most recently:' : 'Your newest memories:'
    const newest = found.memories.slice(0, 5)
    return { markdown: [heading, '', ...quoteMemories(newest)].join('\n'), cited: newest }
  }
  const span = daysInWords(range, today)
  if (found.memories.length === 0) return said(`You have no memories for ${span}.`)
  const markdown = [
    `Your memories for ${span}, newest first:`,
    '',
    ...quoteMemories(found.memories),
    ...(await more(
      found.memories.length,
      { startDate: range.from, endDate: range.to },
      '; choose those dates under Memories to see them all',
    )),
  ].join('\n')
  return { markdown, cited: found.memories }
}

/**
 * "How many memories do I have?": all of them and the last 30 days', or those of the days it names, or
 * those saved on the days it names ("how many did I add this week?").
 */
export async function count(deps: Deps): Promise<Answered> {
  const { services, userId, text, clock } = deps
  const { memories } = services
  const { today } = clock
  const saved = daysSavedOn(text, clock.timeZone, clock.now)
  const range = saved ? { saved } : memoryDaysAsked(text, clock.timeZone, clock.now)
  // "How many memories do I have about work?": those the search box finds for the words.
  const about = significantWords(withoutRecent(text))
    .filter((w) => !isDayWord(w) && !isSavingWord(w))
    .join(' ')
  const searchTerm = about || undefined
  const topic = about ? ` about **${about}**` : ''
  if (range && 'saved' in range) {
    const n = await memories.count(userId, { saved: range.saved, searchTerm })
    return said(
      `You saved ${memoriesCount(n)}${topic} ${savedSpan(range.saved.from, range.saved.to, today)}.`,
    )
  }
  if (range) {
    const n = await memories.count(userId, { startDate: range.from, endDate: range.to, searchTerm })
    return said(`You have ${memoriesCount(n)}${topic} for ${daysInWords(range, today)}.`)
  }
  if (about) return said(`You have ${memoriesCount(await memories.count(userId, { searchTerm }))}${topic}.`)
  const { totalMemories, recentMemories } = await memories.summary(userId, today)
  if (totalMemories === 0) return said(NO_MEMORIES)
  return said(`You have ${allAndRecent(totalMemories, recentMemories)}.`)
}

/** "What do you know about me?": who they are, how many memories, their tags and the newest few. */
export async function overview(deps: Deps): Promise<Answered> {
  const { users, memories } = deps.services
  const [user, { totalMemories, recentMemories }] = await Promise.all([
    users.findById(deps.userId),
    memories.summary(deps.userId, deps.clock.today),
  ])
  const name = user?.name?.trim()
  const who = name ? `You're **${name}**, and you` : 'You'
  if (totalMemories === 0) {
    return said(
      `${who} haven't asked me to remember anything yet. To save a memory, start a message with “Remember”: “Remember that Ana's birthday is on May 12 #family”.`,
    )
  }
  const lines = [`${who} have ${allAndRecent(totalMemories, recentMemories)}.`]
  const tags = await memories.tags(deps.userId)
  if (tags.length) lines.push(tagsLine(tags))
  const found = await deps.tools.searchMemories({ query: '' }, { newestSaved: true })
  const newest = isToolError(found) ? [] : found.memories.slice(0, 5)
  if (newest.length) lines.push('', 'The ones you saved most recently:', '', ...quoteMemories(newest))
  lines.push('', 'Ask me about any of them, or “What did I save this week?”.')
  return { markdown: lines.join('\n'), cited: newest }
}

/** "Show my family memories", "what's tagged #work about the budget?": the newest with those tags. */
export async function tagged(
  deps: Deps,
  asked: { named: readonly string[]; candidates: readonly string[] },
): Promise<Answered> {
  const { services, userId, tools } = deps
  // "My family memories": family when it is one of the user's tags.
  const known = asked.candidates.length ? (await services.memories.tags(userId)).map((t) => t.name) : []
  const named = [
    ...asked.named,
    ...asked.candidates.flatMap((word) => known.find((t) => t.toLowerCase() === word.toLowerCase()) ?? []),
  ]
  const tags = named.filter((tag, i) => named.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i)
  if (tags.length === 0) return deps.passOn()
  const lowered = new Set(tags.map((t) => t.toLowerCase()))
  const words = significantWords(deps.message).filter((w) => !lowered.has(w) && !/^tag(?:s|ged)?$/.test(w))
  const query = words.join(' ')
  const names = tags.map((t) => `#${t}`).join(' ')
  const found = await tools.searchMemories({ query, tags })
  if (isToolError(found)) return said(`I could not search your memories: ${found.error}`)
  const about = query ? ` about **${query}**` : ''
  if (found.memories.length === 0) return said(`You have no memories tagged ${names}${about}.`)
  const lines = [
    query
      ? `Your memories tagged ${names}${about}, best match first:`
      : `Your memories tagged ${names}, newest first:`,
    '',
    ...quoteMemories(found.memories),
  ]
  if (!query) {
    const total = await services.memories.count(userId, { tags })
    if (total > found.memories.length) {
      lines.push(
        '',
        `These are the newest ${found.memories.length} of ${total}; choose the tag under Memories to see them all.`,
      )
    }
  }
  return { markdown: lines.join('\n'), cited: found.memories }
}

/** How many tags "what are my tags?" lists. */
const TAGS_SHOWN = 20

/** "What are my tags?": every tag, most used first, with its count. */
export async function listTags(deps: Deps): Promise<Answered> {
  const tags = await deps.services.memories.tags(deps.userId)
  if (tags.length === 0) {
    return said(
      "You have no tags yet. Add #hashtags when you save a memory: “Remember Ana's birthday is on May 12 #family”.",
    )
  }
  return said(tagsLine(tags))
}

/** "Your tags, most used first: #family (3), #work (1)." */
function tagsLine(tags: ReadonlyArray<{ name: string; count: number }>) {
  const shown = tags.slice(0, TAGS_SHOWN).map((t) => `#${t.name} (${t.count})`)
  const more = tags.length > TAGS_SHOWN ? `, and ${tags.length - TAGS_SHOWN} more` : ''
  return `Your tags, most used first: ${shown.join(', ')}${more}.`
}

/** "Delete the wifi memory": not something the assistant does; where to do it, and the likely ones. */
export async function cannotChange(deps: Deps, about: string): Promise<Answered> {
  const { tools } = deps
  const { today } = deps.clock
  const answer =
    "I can't change or delete memories. Open **Memories** and use the memory's pencil button to edit it, or its trash button to delete it."
  const words = significantWords(about)
  if (words.length === 0) return said(answer)
  // "Cancel my dentist appointment": a coming event by those words is the calendar's to change.
  const [found, events] = await Promise.all([
    tools.searchMemories({ query: words.join(' ') }),
    eventsAbout(tools, words, today),
  ])
  const calendar = events.length
    ? [
        '',
        'Your calendar is only read here: change it in the calendar app it comes from. The coming events by those words:',
        '',
        ...events.map((e) => eventLine(e, today)),
      ]
    : []
  if (isToolError(found) || found.memories.length === 0) return said([answer, ...calendar].join('\n'))
  const likely = found.memories.slice(0, 3)
  const markdown = [
    answer,
    '',
    'These look like the ones you mean:',
    '',
    ...quoteMemories(likely),
    ...calendar,
  ]
  return { markdown: markdown.join('\n'), cited: likely }
}

/**
 * "Actually, Ana's birthday is June 5": the memories it may correct, where to edit them, and how to keep
 * it as a new one ("it's on Friday" names nothing to keep).
 */
export async function cannotCorrect({ tools }: Deps, fact: string): Promise<Answered> {
  const keep = /^(?:it|that|this|they|he|she)\b/i.test(fact)
    ? ''
    : `\n\nTo keep it as a new memory, send: “Remember ${asToldAfterRemember(fact)}”.`
  const found = await tools.searchMemories({ query: significantWords(fact).join(' ') })
  const likely = isToolError(found) ? [] : found.memories.slice(0, 3)
  const intro =
    "I can't change memories. If this corrects one, open **Memories** and use that memory's pencil button to edit it."
  const markdown = likely.length
    ? [intro, '', 'These look like the ones you mean:', '', ...quoteMemories(likely)].join('\n')
    : intro
  return { markdown: markdown + keep, cited: likely }
}

export async function remember(deps: Deps, request: MemoryRequest): Promise<Answered> {
  const { today } = deps.clock
  if (deps.alreadySaved?.length) {
    return {
      markdown: ['Saved to your memories:', '', ...quoteMemories(deps.alreadySaved)].join('\n'),
      cited: deps.alreadySaved,
    }
  }
  if (!request.text) {
    return said("What should I remember? For example: “Remember that Ana's birthday is on May 12 #family”.")
  }
  const result = await deps.tools.createMemory({
    text: request.text,
    tags: request.tags,
    date: request.day,
  })
  if (isToolError(result)) return said(`I could not save that: ${result.error}`)
  const saved = result.saved
  const lines = ['Saved to your memories:', '', `> ${quote(saved.text, 500)}`, '']
  const day = saved.date
  let when = '**Date:** none (no day was named in the message)'
  if (day) {
    when = `**Date:** ${formatDay(day, { weekday: true })}`
    if (!request.date) when += ' (today: a reminder with no day named)'
    else if (request.date.holiday) {
      when += ` (the ${day >= today ? 'next' : 'last'} ${request.date.holiday})`
    } else if (request.date.yearGuessed) {
      when +=
        day >= today
          ? ` (the next ${formatDay(day, { year: false })}; write the year to choose another)`
          : ` (the last ${formatDay(day, { year: false })}; write the year to choose another)`
    }
  }
  lines.push(`- ${when}`)
  if (saved.tags.length) lines.push(`- **Tags:** ${saved.tags.map((t) => `#${t}`).join(' ')}`)
  // "Every Monday": a memory has one day, and nothing repeats it.
  if (EVERY.test(saved.text)) {
    lines.push('', `A memory is kept once${day ? ', on that day' : ''}: I don't repeat reminders.`)
  }
  return { markdown: lines.join('\n'), cited: [saved] }
}
