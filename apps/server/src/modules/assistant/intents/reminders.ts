import {
  confirmation,
  fromWall,
  matchByWords,
  readReminderRequest,
  type ReminderRequest,
} from '../../reminders/index.ts'
import { formatDay, memoryRequest } from '../../language/index.ts'
import type { Answered, Deps } from './types.ts'
import { intent, said } from './types.ts'

/** A message that starts with a repeat and says a time: "every Monday at 8 …", "every day at 7:30 …". */
const REPEAT_AT =
  /^(?:every|each)\s+(?:day|morning|evening|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b.*\bat\s+\d|^on the \d{1,2}(?:st|nd|rd|th)? of (?:every|each) month\b.*\bat\s+\d/i

/**
 * "Remind me to call mum tomorrow at 5pm", "… every Monday at 8 …", "… on the 1st of every month …",
 * "remind me about the dentist the day before", "what are my reminders?", "cancel the plants
 * reminder" (issue 31). A "remind me …" with a time makes a reminder (no memory: a reminder is a
 * reminder); with no time it is the `remember` intent's.
 */
export const reminders = intent<ReminderRequest>({
  name: 'reminders',
  examples: [
    'remind me to call mum tomorrow at 5pm',
    'remind me in 20 minutes to check the oven',
    'remind me every Monday at 8 to water the plants',
    'every Monday at 8 water the plants',
    'remind me on the 1st of every month to pay the rent',
    'remind me about the dentist the day before',
    'what are my reminders?',
    'cancel the plants reminder',
  ],
  match(text, clock) {
    // "Every Monday at 8 water the plants": a repeat and a time, said without "remind me", is one too.
    const request =
      readReminderRequest(text, clock) ??
      (REPEAT_AT.test(text) ? readReminderRequest(`remind me ${text}`, clock) : null)
    // A holiday ("on Easter Monday") is not read by the reminder phrases: kept as a memory, on its day.
    if (request?.kind === 'create' && memoryRequest(text, clock.timeZone, clock.now)?.date?.holiday)
      return null
    return request
  },
  answer: (request, deps) => answerReminder(request, deps),
  async fact(request, deps) {
    // For the model: the reminders of private memories are left out (their text is the memory's).
    const answered = await answerReminder(
      request,
      { ...deps, passOn: async () => said('') },
      { forModel: true },
    )
    return answered.markdown
      ? `You have just done this for the user; tell them in one or two sentences: ${answered.markdown}`
      : null
  },
})

/** `forModel`: the answer goes into a model's prompt (context mode), so private memories' reminders stay out. */
async function answerReminder(
  request: ReminderRequest,
  deps: Deps,
  { forModel = false }: { forModel?: boolean } = {},
): Promise<Answered> {
  const service = deps.services.reminders
  if (!service) return deps.passOn()
  const { userId, clock } = deps
  if (request.kind === 'list') {
    const list = await service.list(userId, { status: 'scheduled', limit: 20, hidePrivate: forModel })
    if (!list.length) return said('You have no reminders. Say “remind me to … tomorrow at 9” to make one.')
    return said(
      [
        'Your reminders:',
        '',
        ...list.map(
          (r) => `- ${confirmation(reminderWhen(r), r.timezone).replace(/^I'll remind you to /, '')}`,
        ),
      ].join('\n'),
    )
  }
  if (request.kind === 'cancel') {
    const scheduled = await service.list(userId, { status: 'scheduled', limit: 100, hidePrivate: forModel })
    const matches = matchByWords(scheduled, request.words)
    const found = matches[0]
    if (!found) return said(`You have no reminder about “${request.words}”. Ask “what are my reminders?”.`)
    if (matches.length > 1) {
      // Never a guess: the person says which, with more of its words.
      const which = matches.slice(0, 5).map((r) => `“${r.text}”`)
      return said(
        `More than one reminder is about “${request.words}”: ${which.join(', ')}. Say “cancel the … reminder” with more of its words.`,
      )
    }
    await service.patch(userId, found.id, { status: 'cancelled' })
    return said(`Cancelled the reminder to ${found.text[0]!.toLowerCase()}${found.text.slice(1)}.`)
  }
  if (request.kind === 'before-memory') {
    const { memories } = await searchDated(deps, request.about)
    const memory = memories[0]
    if (!memory?.date) {
      return said(`I found no memory with a day about “${request.about}”. Save it with its day first.`)
    }
    const day = new Date(`${memory.date}T00:00:00Z`)
    day.setUTCDate(day.getUTCDate() - request.daysBefore)
    day.setUTCHours(request.hour, request.minute, 0, 0)
    const dueAt = fromWall(day, clock.timeZone)
    if (dueAt.getTime() <= clock.now.getTime()) {
      return said(`${formatDay(memory.date, { weekday: true })} is too soon to be reminded before it.`)
    }
    const created = await service.create(userId, {
      text: memory.text,
      dueAt: dueAt.toISOString(),
      memoryId: realId(memory.id),
    })
    return {
      markdown: `${confirmation({ text: created.text, dueAt, recurrence: null }, clock.timeZone)}`.replace(
        /^I'll remind you to /,
        'I’ll remind you of: ',
      ),
      cited: [memory],
    }
  }
  // A create makes the reminder alone: a second copy as a memory cluttered the list and stayed in the
  // briefing after the reminder was cancelled. Saving it too is "remember …", said as such.
  const created = await service.create(userId, {
    text: capitalised(request.text),
    dueAt: request.dueAt.toISOString(),
    recurrence: request.recurrence,
  })
  return said(
    confirmation(
      { text: request.text, dueAt: request.dueAt, recurrence: created.recurrence },
      clock.timeZone,
    ),
  )
}

/** The memories about some words that have a day, soonest coming first. */
async function searchDated(deps: Deps, about: string) {
  const result = await deps.tools.searchMemories({ query: about, from: deps.clock.today })
  if ('error' in result) return { memories: [] }
  const memories = result.memories.filter((m) => m.date).sort((a, b) => a.date!.localeCompare(b.date!))
  return { memories }
}

/** A memory id the reminders service can link (the answer tests' fakes use "new-1"). */
const realId = (id: string) => (/^[0-9a-f-]{36}$/i.test(id) ? id : null)

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

const reminderWhen = (r: {
  text: string
  dueAt: string
  nextAt: string | null
  recurrence: string | null
}) => ({
  text: r.text,
  dueAt: new Date(r.nextAt ?? r.dueAt),
  recurrence: r.recurrence,
})
