import { CreateMemoryBody, type Activity, type Memory, type MemoryProposal, clip } from '@remi/shared'
import { z } from 'zod'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import { aiSdk } from '../../integrations/ai/sdk.ts'
import { withinTime } from '../../lib/within-time.ts'
import type { RecallService } from '../recall/index.ts'
import type { ProposalsService } from './proposals.service.ts'

/**
 * Keeping what was said (issue 32): after each answer a model wrote, one more small call with a typed
 * result picks out the facts worth keeping from the person's message. Each is compared with the person's
 * memories (recall): one that says something new about a memory becomes a proposed update of it, a new
 * one a proposed save; both are chips under the answer ("Update: …", "Save: …"), or saved at once when
 * the person turned on "Save facts from chats automatically". It runs after the answer is stored and
 * streamed, so the answer never waits for it; failing or timing out changes nothing.
 */

/** How long the model may take to pick out the facts; past it there are no chips for that answer. */
export const FACTS_TIMEOUT_MS = 8_000
/** At most this many chips under one answer. */
export const MAX_FACTS = 3
/**
 * A fact and a memory sharing at least this share of their words (Dice's coefficient over the words
 * that carry meaning) are about the same thing: the fact updates the memory rather than adding a second.
 */
export const NEAR_DUPLICATE = 0.5
/** The chips of one answer are made within this many milliseconds of its time (one apart each). */
export const PROPOSALS_PER_ANSWER_MS = MAX_FACTS + 2
/** Characters of the message the model reads. */
const MESSAGE_CHARACTERS = 2000

/** What the model is told; the OpenAI fake tells this request from an answer by its first words. */
export const FACTS_INSTRUCTIONS =
  'Pick out the facts worth keeping from a message a person sent their personal assistant: lasting ' +
  'things about their life, the people in it, plans, places, preferences, numbers and codes (where they ' +
  'parked, a birthday, a new address, a door code). Write each fact as one short sentence that still ' +
  'makes sense on its own later, in the words of the message, in the first person where the person ' +
  'speaks of themselves. Leave out questions, requests to the assistant, greetings, passing moods and ' +
  'anything not told as true. Most messages hold no such fact: then the list is empty. ' +
  'Answer with JSON only, as {"facts": [{"text": "..."}]}.'

/** The call's typed result (AI SDK structured output). */
export const ExtractedFacts = z.object({
  facts: z
    .array(z.object({ text: z.string().describe('One fact, a short sentence that stands on its own.') }))
    .describe('The facts worth keeping; empty when there are none.'),
})
export type ExtractedFacts = z.infer<typeof ExtractedFacts>

/**
 * Asks the model for the facts of one message: one call with a typed result, stopped by `signal` or
 * after `timeoutMs`. Throws when it fails or times out. Only the message is sent: no memory, private or not.
 */
export async function extractFacts(
  model: AssistantModel,
  message: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<string[]> {
  const { generateText, Output } = await aiSdk()
  const result = await withinTime(
    (abortSignal) =>
      generateText({
        model: model.model,
        instructions: FACTS_INSTRUCTIONS,
        prompt: `Message: ${clip(message, MESSAGE_CHARACTERS)}`,
        output: Output.object({
          schema: ExtractedFacts,
          name: 'facts',
          description: 'Facts worth keeping from the message.',
        }),
        abortSignal,
        maxRetries: 0,
        maxOutputTokens: 400,
      }),
    { ...options, late: `The model did not pick out facts within ${options.timeoutMs} ms.` },
  )
  return result.output.facts.map((f) => f.text.replace(/\s+/g, ' ').trim()).filter(Boolean)
}

/** Words that say little about what a sentence is about. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by did do does for from had has have i i'm im is it its just me my " +
    'mine now of on or our ours s so that the their them then there these they this those to too us was ' +
    'we were will with you your'
  ).split(' '),
)

/** The words of a text that carry meaning: lower case, plural s dropped, stop words left out. */
export function meaningWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .match(/[\p{L}\p{N}]+/gu)
  const out = new Set<string>()
  for (const word of words ?? []) {
    if (STOP_WORDS.has(word)) continue
    out.add(word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)
  }
  return out
}

/** Dice's coefficient over the two texts' meaning words (1: the same words, 0: none shared). */
export function similarity(a: string, b: string): number {
  const x = meaningWords(a)
  const y = meaningWords(b)
  if (x.size === 0 || y.size === 0) return 0
  let shared = 0
  for (const word of x) if (y.has(word)) shared += 1
  return (2 * shared) / (x.size + y.size)
}

/** Whether every meaning word of the fact is already in the memory: it says nothing new. */
export const saysNothingNew = (fact: string, memory: string) => {
  const kept = meaningWords(memory)
  return [...meaningWords(fact)].every((word) => kept.has(word))
}

/** One exchange to keep facts from: the person's message and the stored answer it got. */
export interface KeptExchange {
  userId: string
  conversationId: string
  answerId: string
  /**
   * The stored answer's time: the chips are made with it (a millisecond apart each, at most
   * PROPOSALS_PER_ANSWER_MS after it), so they are that answer's and lapse with it.
   */
  answerCreatedAt: Date
  /** The person's message the facts are picked out of. */
  message: string
  /** The answer's tool calls (a memory it saved is not offered again). */
  activity: Activity[]
}

export interface FactKeeperDeps {
  /** null: no model, nothing is picked out (the offline assistant offers "Save as memory" itself). */
  model: AssistantModel | null
  recall: Pick<RecallService, 'find'>
  proposals: Pick<
    ProposalsService,
    'propose' | 'saveNow' | 'changeNow' | 'latest' | 'preferences' | 'answerExists'
  >
  /**
   * A statement told and not asked ("I parked on level 3, spot B12"), as a fact in its words, or null:
   * the offline assistant's reading, so a told fact gets "Save as memory" in every mode.
   */
  toldFact?: ((message: string) => string | null) | undefined
  logger?: { warn(details: object, message: string): void } | undefined
  timeoutMs?: number | undefined
}

type Decision = { kind: 'create' } | { kind: 'update'; memory: Memory } | null

/**
 * Keeps the facts of answered exchanges: `keep` runs after the answer is stored (the chat does not wait
 * for it) and never throws.
 */
export function createFactKeeper(deps: FactKeeperDeps) {
  const { model, recall, proposals } = deps
  const timeoutMs = deps.timeoutMs ?? FACTS_TIMEOUT_MS
  /** Models whose extraction failed once: logged then, and not again for every message. */
  const failedModels = new Set<string>()

  async function pickFacts(message: string, signal: AbortSignal): Promise<string[]> {
    if (!model) return []
    try {
      const facts = await extractFacts(model, message, { timeoutMs, signal })
      const unique = new Map<string, string>()
      for (const fact of facts) {
        const parsed = CreateMemoryBody.safeParse({ text: fact, tags: [] })
        if (parsed.success && !unique.has(parsed.data.text.toLowerCase()))
          unique.set(parsed.data.text.toLowerCase(), parsed.data.text)
      }
      return [...unique.values()].slice(0, MAX_FACTS)
    } catch (error) {
      if (signal.aborted) return []
      const key = `${model.provider}:${model.modelId}`
      if (!failedModels.has(key)) {
        failedModels.add(key)
        // Not the error itself: a provider's error carries the request, with the person's message.
        const reason = error instanceof Error ? error.message.slice(0, 300) : String(error)
        const status = (error as { statusCode?: unknown } | null)?.statusCode
        deps.logger?.warn(
          { provider: model.provider, model: model.modelId, reason, ...(status ? { status } : {}) },
          'the model could not pick out facts to keep from a chat; nothing was changed (logged once for this model)',
        )
      }
      return []
    }
  }

  /** Whether the fact updates a memory, is new, or is already kept (null). */
  async function decide(
    userId: string,
    fact: string,
    saved: Set<string>,
    proposed: MemoryProposal[],
  ): Promise<Decision> {
    const candidates = await recall.find(userId, { query: fact, limit: 5 })
    let best: { memory: Memory; score: number } | null = null
    for (const memory of candidates) {
      const score = similarity(fact, memory.text)
      if (!best || score > best.score) best = { memory, score }
    }
    const pending = proposed.filter((p) => p.status === 'pending')
    if (best && best.score >= NEAR_DUPLICATE) {
      const { memory } = best
      // Saved by this very answer, already said, or already proposed by the answer: nothing to offer.
      if (saved.has(memory.id) || saysNothingNew(fact, memory.text)) return null
      if (pending.some((p) => p.memoryId === memory.id)) return null
      return { kind: 'update', memory }
    }
    if (pending.some((p) => p.kind === 'create' && similarity(p.text ?? '', fact) >= NEAR_DUPLICATE))
      return null
    return { kind: 'create' }
  }

  async function keepFacts(x: KeptExchange, signal: AbortSignal) {
    const facts = await pickFacts(x.message, signal)
    const told = deps.toldFact?.(x.message) ?? null
    if (signal.aborted || (facts.length === 0 && !told)) return
    // A regenerated answer's facts are not offered under its replacement.
    if (!(await proposals.answerExists(x.userId, x.answerId))) return
    const saved = new Set(
      x.activity.flatMap((a) => (a.tool === 'create_memory' && a.memoryId ? [a.memoryId] : [])),
    )
    const proposed = await proposals.latest(x.userId, x.conversationId)
    const auto = facts.length > 0 && (await proposals.preferences(x.userId)).autoSaveFacts
    // Made with the answer's time (a millisecond apart, in the model's order): they are that answer's,
    // and lapse with it, however late they come.
    const offered: string[] = []
    const madeAt = () => new Date(x.answerCreatedAt.getTime() + offered.length)
    for (const fact of facts) {
      if (signal.aborted) return
      const decision = await decide(x.userId, fact, saved, proposed).catch(() => null)
      if (!decision) continue
      const at = { conversationId: x.conversationId, extracted: true, createdAt: madeAt() }
      offered.push(fact)
      if (decision.kind === 'update') {
        if (auto) await proposals.changeNow(x.userId, { ...at, memoryId: decision.memory.id, text: fact })
        else
          await proposals.propose(x.userId, {
            ...at,
            kind: 'update',
            memoryId: decision.memory.id,
            before: decision.memory.text,
            text: fact,
            tags: null,
            date: decision.memory.date,
          })
      } else if (auto) {
        await proposals.saveNow(x.userId, { ...at, text: fact, tags: [], date: null })
      } else {
        await proposals.propose(x.userId, {
          ...at,
          kind: 'create',
          memoryId: null,
          before: null,
          text: fact,
          tags: [],
          date: null,
        })
      }
    }
    // A told fact no chip covers (none picked out, the model failed): "Save as memory", as offline.
    if (!told || saved.size > 0 || offered.some((f) => similarity(f, told) >= NEAR_DUPLICATE)) return
    const parsed = CreateMemoryBody.safeParse({ text: told, tags: [] })
    if (!parsed.success || signal.aborted) return
    const decision = await decide(x.userId, parsed.data.text, saved, proposed).catch(() => null)
    if (!decision) return
    await proposals.propose(x.userId, {
      conversationId: x.conversationId,
      createdAt: madeAt(),
      kind: 'create',
      memoryId: null,
      before: null,
      text: parsed.data.text,
      tags: [],
      date: null,
    })
  }

  return {
    /** Whether there is a model to pick out facts (the chat marks its answers as awaiting them). */
    enabled: model !== null,
    /** How long picking out may take: the proposals' "extracting" flag waits at most about this long. */
    timeoutMs,
    /** Picks out and offers (or saves) the exchange's facts. Never throws; stops early when `signal` aborts. */
    async keep(exchange: KeptExchange, signal: AbortSignal): Promise<void> {
      try {
        await keepFacts(exchange, signal)
      } catch (error) {
        if (signal.aborted) return
        deps.logger?.warn(
          { reason: error instanceof Error ? error.message.slice(0, 300) : String(error) },
          'the facts picked out of a chat could not be offered; nothing more was changed',
        )
      }
    },
  }
}
export type FactKeeper = ReturnType<typeof createFactKeeper>
