/**
 * One run of an automation once claimed: the assistant answers its prompt in the automation's own
 * conversation (a model when one is set, else the offline assistant), and the answer goes out through
 * the reminders' delivery code (the in-app toast, Web Push, e-mail) with a link to the conversation.
 */
import type { AutomationDelivery } from '@remi/shared'
import type { Env } from '../../config/env.ts'
import type { JobLogger } from '../../jobs/queue.ts'
import { AppError } from '../../lib/errors.ts'
import { oneLine, type DeliveryRow, type HubEvent, type RemindersService } from '../reminders/index.ts'
import type { AutomationRow, AutomationsRepo, RunClaim } from './automations.repo.ts'

/** The chat, as a run writes to it: a conversation made, a message sent and answered there. */
export interface AutomationChat {
  create(userId: string): Promise<{ id: string }>
  beginSend(
    userId: string,
    body: { content: string; conversationId?: string | undefined },
  ): Promise<{
    conversationId: string
    answer(options: { signal: AbortSignal }): Promise<{ content: string }>
  }>
}

/** The reminders' delivery code: a notice on a delivery this module claimed, and its replay to a tab. */
export type AutomationNotices = Pick<RemindersService, 'deliverNotice' | 'replayMissed'>

/** How long one answer may take (a model's, with its tools) before the run is tried again. */
const ANSWER_LEASE_MS = 240_000
const ANSWER_TIMEOUT_MS = 180_000

export function createAutomationRun(deps: {
  repo: AutomationsRepo
  env: Env
  chat: AutomationChat
  notices: AutomationNotices
  logger: JobLogger
  now: () => Date
}) {
  const { repo, env, chat } = deps

  /** The automation's conversation: its own, made at the first run (again if the person deleted it). */
  async function conversationOf(automation: AutomationRow): Promise<string> {
    if (automation.conversationId) return automation.conversationId
    const made = await chat.create(automation.userId)
    await repo.update(automation.userId, automation.id, { conversationId: made.id })
    return made.id
  }

  /** The prompt sent in the automation's conversation and answered there; the answer's text. */
  async function answer(automation: AutomationRow): Promise<{ conversationId: string; content: string }> {
    let conversationId = await conversationOf(automation)
    const turn = await chat
      .beginSend(automation.userId, { content: automation.prompt, conversationId })
      .catch(async (error: unknown) => {
        // Its conversation was deleted meanwhile: a new one.
        if (!(error instanceof AppError && error.statusCode === 404)) throw error
        conversationId = await conversationOf({ ...automation, conversationId: null })
        return chat.beginSend(automation.userId, { content: automation.prompt, conversationId })
      })
    const answered = await turn.answer({ signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) })
    return { conversationId: turn.conversationId, content: answered.content }
  }

  const urlOf = (automation: AutomationRow) =>
    automation.conversationId ? `/chat/${automation.conversationId}` : '/chat'

  /** The in-app toast of an answered run, when the automation is delivered in the app. */
  function toastOf(automation: AutomationRow, delivery: DeliveryRow): HubEvent | null {
    if (!automation.channels.includes('app')) return null
    const data: AutomationDelivery = {
      automationId: automation.id,
      title: delivery.title,
      body: delivery.body,
      url: urlOf(automation),
    }
    return { userId: automation.userId, id: delivery.createdAt.toISOString(), event: 'automation', data }
  }

  /** A run's toast again, for a tab that was away when it was answered (not one still being answered). */
  async function missedToast(delivery: DeliveryRow): Promise<HubEvent | null> {
    if (!delivery.body) return null
    const automation = await repo.get(delivery.userId, delivery.key.split('@')[0]!)
    return automation ? toastOf(automation, delivery) : null
  }
  deps.notices.replayMissed('automation', missedToast)

  /** Answers the claimed run (unless a crashed attempt already did) and delivers it. False: another holds it. */
  async function answerAndDeliver(claim: RunClaim): Promise<boolean> {
    let delivery: DeliveryRow = claim.delivery
    let automation = claim.automation
    let content = delivery.body
    if (!delivery.body) {
      if (!(await repo.takeAnswering(delivery.id, ANSWER_LEASE_MS))) return false
      const answered = await answer(automation)
      content = answered.content
      automation = { ...automation, conversationId: answered.conversationId }
      delivery = await repo.answered(delivery.id, {
        title: `${oneLine(automation.prompt, 60)}`,
        body: oneLine(content.replace(/[#*_`>[\]]/g, ''), 300),
      })
    }
    const url = urlOf(automation)
    const channels = new Set(automation.channels)
    return deps.notices.deliverNotice(delivery, {
      event: toastOf(automation, delivery),
      message: (words) => ({
        payload: { type: 'automation', title: delivery.title, body: delivery.body, url },
        subject: `Remi: ${oneLine(automation.prompt, 70)}`,
        text: `${content}\n\n${words.t('automation.open', { url: `${env.appUrl}${url}` })}\n`,
        email: channels.has('email') ? 'asked' : 'off',
        push: channels.has('push'),
      }),
    })
  }

  return { answerAndDeliver }
}
