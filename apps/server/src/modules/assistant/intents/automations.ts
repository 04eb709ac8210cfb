import { AppError } from '../../../lib/errors.ts'
import { formatWhen, readReminderRequest, toWall } from '../../reminders/index.ts'
import type { Clock } from './types.ts'
import { intent, said } from './types.ts'

/** A scheduled request read from words: what to answer, its RRULE (with the time) and the first run. */
interface AutomationRequest {
  prompt: string
  schedule: string
}

/** What the assistant is asked to do each time: tell, send, give, summarise, list… (not "tell me to …": a reminder). */
const ASKS =
  /^(?:summari[sz]e|sum up|tell me(?!\s+to\b)|send me|give me|show me|list|brief me|email me|what(?:'|’)?s|what is|what are)\b/i
/** A repeat: "every Friday", "each morning", "every day". */
const REPEAT = /\b(?:every|each)\s+(?:day|morning|evening|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i
/** "… and send it to me", "…, e-mail it to me": how it comes, said after what (every channel is used). */
const SEND_IT =
  /[\s,]*(?:and\s+)?(?:send|e-?mail|push|text|message)\s+(?:it|that|this|them)(?:\s+(?:to|for)\s+me)?$/i

/**
 * "Every Friday at 5pm summarise my week and send it to me", "every morning at 7 tell me what's due
 * today", "summarise my week every Sunday at 6pm" (issue 50): the reminders' reading of a repeat and a
 * time ("remind me every … at …"), when what is to be done each time is asked of the assistant.
 */
export function readAutomationRequest(text: string, clock: Clock): AutomationRequest | null {
  const words = text.trim().replace(/[?!.]+$/, '')
  if (!REPEAT.test(words) || /^(?:please\s+)?(?:can you\s+)?remind me\b/i.test(words)) return null
  const request = readReminderRequest(`remind me ${words.replace(/\beach\b/i, 'every')}`, clock)
  if (request?.kind !== 'create' || !request.recurrence) return null
  const task = request.text.replace(/^(?:please|and)\s+/i, '')
  if (!ASKS.test(task)) return null
  const prompt = task.replace(SEND_IT, '').trim()
  if (!prompt) return null
  const wall = toWall(request.dueAt, clock.timeZone)
  return {
    prompt: `${prompt[0]!.toUpperCase()}${prompt.slice(1)}`,
    schedule: `${request.recurrence};BYHOUR=${wall.getUTCHours()};BYMINUTE=${wall.getUTCMinutes()}`,
  }
}

export const automations = intent<AutomationRequest>({
  name: 'automations',
  examples: [
    'every Friday at 5pm summarise my week and send it to me',
    "every morning at 7 tell me what's due today",
    'summarize my week every Sunday at 6pm',
    'each Monday at 8:30 give me my week',
  ],
  match: (text, clock) => readAutomationRequest(text, clock),
  async answer(request, deps) {
    const service = deps.services.automations
    if (!service) return deps.passOn()
    try {
      const made = await service.create(deps.userId, { prompt: request.prompt, schedule: request.schedule })
      const first = made.nextRunAt ? `, first on ${formatWhen(new Date(made.nextRunAt), made.timezone)}` : ''
      return said(
        `I'll answer “${made.prompt}” ${made.scheduleText} and send it to you (in the app, on your devices and by e-mail)${first}. The answers are kept in a conversation of their own; pause or delete it on the Reminders page.`,
      )
    } catch (error) {
      if (error instanceof AppError) return said(`I could not schedule that: ${error.message}`)
      throw error
    }
  },
})
