import type { CreateReminderBody } from '@remi/shared'
import {
  confirmation,
  fromWall,
  matchByWords,
  readReminderRequest,
  type ReminderRequest,
} from '../../reminders/index.ts'
import { remember as save } from '../answers/memories.ts'
import { formatDay } from '../format.ts'
import { memoryRequest } from '../understand/memory-request.ts'
import type { Answered, Deps } from './types.ts'
import { intent, said } from './types.ts'

/** What a memory's answer says of a repeat; with a reminder made, the reminder repeats. */
const NO_REPEAT = "A memory is kept once, on that day: I don't repeat reminders."

/**
 * "Remind me to call mum tomorrow at 5pm", "… every Monday at 8 …", "… on the 1st of every month …",
 * "remind me about the dentist the day before", "what are my reminders?", "cancel the plants
 * reminder" (issue 31). A "remind me …" with a time makes a reminder and, as before, saves the words as
 * a memory (the reminder is linked to it); with no time it is the `remember` intent's.
 */
export const reminders = intent<ReminderRequest>({
  name: 'reminders',
  examples: [
    'remind me to call mum tomorrow at 5pm',
    'remind me in 20 minutes to check the oven',
    'remind me every Monday at 8 to water the plants',
    'remind me on the 1st of every month to pay the rent',
    'remind me about the dentist the day before',
    'what are my reminders?',
    'cancel the plants reminder',
  ],
  match(text, clock) {
    const request = readReminderRequest(text, clock)
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
  // A create: the words saved as a memory, as "remind me …" always did, and the reminder linked to it.
  const asMemory = memoryRequest(deps.text, clock.timeZone, clock.now)
  let saved: Answered | null = null
  let memoryId: string | null = null
  if (asMemory?.text) {
    saved = await save({ ...deps, tools: remembering(deps, (id) => (memoryId = id)) }, asMemory)
  }
  const body: CreateReminderBody = {
    text: capitalised(request.text),
    dueAt: request.dueAt.toISOString(),
    recurrence: request.recurrence,
    memoryId: memoryId && realId(memoryId),
  }
  const created = await service.create(userId, body)
  const line = confirmation(
    { text: request.text, dueAt: request.dueAt, recurrence: created.recurrence },
    clock.timeZone,
  )
  if (!saved) return said(line)
  const markdown = saved.markdown.includes(NO_REPEAT)
    ? saved.markdown.replace(NO_REPEAT, line)
    : `${saved.markdown}\n\n${line}`
  return { markdown, cited: saved.cited }
}

/** The memories about some words that have a day, soonest coming first. */
async function searchDated(deps: Deps, about: string) {
  const result = await deps.tools.searchMemories({ query: about, from: deps.clock.today })
  if ('error' in result) return { memories: [] }
  const memories = result.memories.filter((m) => m.date).sort((a, b) => a.date!.localeCompare(b.date!))
  return { memories }
}

/** The tools, with the saved memory's id kept (to link the reminder to it). */
function remembering(deps: Deps, keep: (id: string) => void): Deps['tools'] {
  return {
    ...deps.tools,
    async createMemory(input) {
      const result = await deps.tools.createMemory(input)
      if ('saved' in result) keep(result.saved.id)
      return result
    },
  }
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
