import { assistantTools, type AnswerMode } from '@remi/shared'
import { APICallError, stepCountIs, streamText, type TextStreamPart, type ToolSet } from 'ai'
import { BRAND } from '../../config/brand.ts'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import type { Answer, AnswerInput, Assistant } from './assistant.types.ts'
import { buildModelContext } from './context.ts'
import type { Cited } from './intents/index.ts'
import { answerOffline, emitAsDeltas, FALLBACK_NOTE } from './offline.ts'
import { createAssistantTools, type AssistantServices, type AssistantTools } from './tools/index.ts'

/** AI_TOOLS: try tools and fall back to context mode per model (auto), or force either. */
export type AiToolsSetting = 'auto' | 'on' | 'off'

export interface AssistantOptions {
  /** How long the model may take to send its first token (or tool call). Default 20 s. */
  firstTokenTimeoutMs?: number
  /** How long one answer may take in all, tools and a context-mode retry included. Default 60 s. */
  totalTimeoutMs?: number
  /** Retries of a failed model call (429, 5xx) before the offline assistant answers. Default 1. */
  maxRetries?: number
  /** The clock for "today" (tests fix it). */
  now?: () => Date
}

/** The part of a pino/Fastify logger the assistant writes to. */
export interface AssistantLogger {
  warn(details: object, message: string): void
}

export const DEFAULT_TIMEOUTS = { firstTokenMs: 20_000, totalMs: 60_000 } as const
const MAX_STEPS = 5

type ModelMode = Exclude<AnswerMode, 'offline'>
type Outcome =
  | { kind: 'ok'; text: string }
  | { kind: 'stopped'; text: string }
  /** The model cannot use tools: a 400 saying so, or a tool call written out as text. */
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string; error?: unknown }

const TOOL_NAMES = assistantTools.join('|')
/** Markers of tool-call syntax some models print instead of calling (Hermes/Qwen, Llama 3, Mistral, functionary). */
const TOOL_CALL_MARKERS =
  /<tool_call>|<\|tool_call|<function[=>]|\[TOOL_CALLS\]|<\|python_tag\|>|<\|tool_calls_section_begin\|>/
const JSON_TOOL_CALL = new RegExp(
  `^(?:\`\`\`(?:json)?\\s*)?\\[?\\s*\\{\\s*"(?:name|tool|tool_name|function)"\\s*:\\s*(?:\\{\\s*"name"\\s*:\\s*)?"(?:${TOOL_NAMES})"`,
)

/**
 * Whether the start of an answer is a tool call written as text: 'tool-call', 'text', or
 * 'undecided' while it still could be one (it starts like JSON or markup). `final`: nothing more comes.
 */
export function toolCallText(text: string, final = false): 'tool-call' | 'text' | 'undecided' {
  const t = text.trimStart()
  if (TOOL_CALL_MARKERS.test(t) || JSON_TOOL_CALL.test(t)) return 'tool-call'
  if (!t) return final ? 'text' : 'undecided'
  if (!/^(?:```|\{|\[|<)/.test(t)) return 'text'
  return final || t.length > 600 ? 'text' : 'undecided'
}

function* causes(error: unknown): Generator<unknown> {
  let current = error
  for (let depth = 0; current && depth < 5; depth++) {
    yield current
    const next = current as { lastError?: unknown; cause?: unknown }
    current = next.lastError ?? next.cause
  }
}

/** A provider's 400 saying the model cannot use tools (Ollama: "… does not support tools"). */
export function refusesTools(error: unknown): boolean {
  for (const e of causes(error)) {
    if (!APICallError.isInstance(e) || e.statusCode !== 400) continue
    const said = `${e.message} ${e.responseBody ?? ''}`
    if (
      /does not support (?:tools|tool use|tool calling|function calling|functions)|(?:tools?|tool use|function calling) (?:is|are) not supported|tool_use is not supported|tools param requires/i.test(
        said,
      )
    )
      return true
  }
  return false
}

function describeError(error: unknown): string {
  for (const e of causes(error)) {
    if (APICallError.isInstance(e)) return `${e.statusCode ?? 'no status'}: ${e.message}`
  }
  return error instanceof Error ? error.message : String(error)
}

/** One model call's stop: the user's abort, no first token in time, the deadline, or a tool call written as text. */
type StopReason = 'user' | 'first-token' | 'total' | 'tool-text'

/** Aborts a model call on the user's abort, after `firstTokenMs` without a first token, or at `deadline`. */
function watchCall(signal: AbortSignal, firstTokenMs: number, deadline: number) {
  const controller = new AbortController()
  let why: StopReason | undefined
  const stop = (reason: StopReason) => {
    if (why) return
    why = reason
    controller.abort()
  }
  const onUserAbort = () => stop('user')
  signal.addEventListener('abort', onUserAbort, { once: true })
  const firstTimer = setTimeout(() => stop('first-token'), firstTokenMs)
  const totalTimer = setTimeout(() => stop('total'), Math.max(0, deadline - Date.now()))
  return {
    signal: controller.signal,
    stop,
    why: () => why,
    /** Something came (text, reasoning or a tool call): the first-token timer is done. */
    started: () => clearTimeout(firstTimer),
    end() {
      clearTimeout(firstTimer)
      clearTimeout(totalTimer)
      signal.removeEventListener('abort', onUserAbort)
    },
  }
}
type CallWatch = ReturnType<typeof watchCall>

/**
 * The answer's text as it streams in, sent on as deltas. Tools mode holds back an answer that starts
 * like JSON or markup until it is clearly not a tool call written out as text, so such a call never
 * reaches the screen; a step after text starts on a new paragraph.
 */
function answerText(mode: ModelMode, watch: CallWatch, onEvent: AnswerInput['onEvent']) {
  let text = ''
  let held = ''
  let holding = mode === 'tools'
  let newStep = false
  const emit = (piece: string) => {
    text += piece
    onEvent?.({ type: 'delta', text: piece })
  }
  return {
    add(delta: string) {
      let piece = delta
      if (newStep) {
        newStep = false
        const sofar = text + held
        if (sofar && !/\n\s*$/.test(sofar)) piece = `\n\n${piece.trimStart()}`
      }
      if (!holding) {
        emit(piece)
        return
      }
      held += piece
      const verdict = toolCallText(held)
      if (verdict === 'tool-call') watch.stop('tool-text')
      else if (verdict === 'text') {
        holding = false
        emit(held)
        held = ''
      }
    },
    startStep: () => {
      newStep = Boolean(text || held)
    },
    /** Sends what was held back (the stream ended and it is not a tool call). */
    release: () => {
      emit(held)
      held = ''
    },
    text: () => text,
    held: () => held,
  }
}
type AnswerText = ReturnType<typeof answerText>

/** Reads the model's stream into `answer` until it ends or the watch stops it; the error it gave, if any. */
async function readStream(
  start: () => { fullStream: AsyncIterable<TextStreamPart<ToolSet>> },
  watch: CallWatch,
  answer: AnswerText,
): Promise<unknown> {
  let error: unknown
  try {
    const stream = start()
    for await (const part of stream.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        watch.started()
        answer.add(part.text)
      } else if (
        part.type === 'reasoning-delta' ||
        part.type === 'tool-input-start' ||
        part.type === 'tool-call'
      ) {
        watch.started()
      } else if (part.type === 'start-step') {
        answer.startStep()
      } else if (part.type === 'error') {
        error ??= part.error
      }
      if (watch.why()) break
    }
  } catch (thrown) {
    error ??= thrown
  } finally {
    watch.end()
  }
  return error
}

interface Limits {
  firstTokenMs: number
  totalMs: number
}

/** What a finished model call comes to: its text, or why it was stopped, refused or failed. */
function outcomeOf(
  why: StopReason | undefined,
  error: unknown,
  answer: AnswerText,
  mode: ModelMode,
  limits: Limits,
): Outcome {
  const held = answer.held()
  if (why === 'user') {
    const text = answer.text()
    return { kind: 'stopped', text: held && toolCallText(held, true) === 'text' ? text + held : text }
  }
  if (why === 'tool-text') return { kind: 'refused', reason: 'it wrote a tool call as text' }
  if (why === 'first-token')
    return { kind: 'failed', reason: `no first token within ${limits.firstTokenMs} ms` }
  if (why === 'total') return { kind: 'failed', reason: `no complete answer within ${limits.totalMs} ms` }
  if (error) {
    if (mode === 'tools' && refusesTools(error)) return { kind: 'refused', reason: describeError(error) }
    return { kind: 'failed', reason: describeError(error), error }
  }
  if (held) {
    if (toolCallText(held, true) === 'tool-call')
      return { kind: 'refused', reason: 'it wrote a tool call as text' }
    answer.release()
  }
  const text = answer.text()
  if (mode === 'tools' && TOOL_CALL_MARKERS.test(text)) {
    return { kind: 'refused', reason: 'it wrote a tool call as text' }
  }
  if (!text.trim()) return { kind: 'failed', reason: 'the answer was empty' }
  return { kind: 'ok', text }
}

/** The answer: its content, and the citations, activity and calls the tools recorded. */
function answerWith(
  tools: AssistantTools,
  rest: Pick<Answer, 'content' | 'mode' | 'stopped' | 'model'>,
  cited?: readonly Cited[],
): Answer {
  // A model saw every memory its lookups found; an offline answer cites only those it shows (a search
  // for "December 3" finds more than the memories that name the day), in the order it shows them.
  const shown = (cited ?? []).flatMap((m, i, all) => {
    const citation = all.findIndex((c) => c.id === m.id) === i && tools.citations.find((c) => c.id === m.id)
    return citation ? [citation] : []
  })
  return {
    content: rest.content,
    citations: rest.mode === 'offline' ? shown : [...tools.citations],
    activity: [...tools.activity],
    calls: [...tools.calls],
    mode: rest.mode,
    ...(rest.model ? { model: rest.model } : {}),
    stopped: rest.stopped,
  }
}

/** What one assistant keeps between answers: its services, settings, and the models that refused tools. */
interface Runtime extends Limits {
  services: AssistantServices
  setting: AiToolsSetting
  maxRetries: number
  clock: () => Date
  logger?: AssistantLogger | undefined
  /** Models (provider:modelId) that refused tools under AI_TOOLS=auto. */
  contextOnly: Set<string>
}

const modelKey = (m: AssistantModel) => `${m.provider}:${m.modelId}`

function modeFor(rt: Runtime, m: AssistantModel): ModelMode {
  if (rt.setting === 'on') return 'tools'
  if (rt.setting === 'off') return 'context'
  return rt.contextOnly.has(modelKey(m)) ? 'context' : 'tools'
}

/** One model call in one mode: the prompt built, the answer streamed, and what it came to. */
async function runModel(
  rt: Runtime,
  model: AssistantModel,
  mode: ModelMode,
  input: AnswerInput,
  tools: AssistantTools,
  deadline: number,
): Promise<Outcome> {
  const context = await buildModelContext({
    services: rt.services,
    tools,
    userId: input.userId,
    content: input.content,
    history: input.history,
    mode,
    assistantName: BRAND,
    now: rt.clock(),
  })
  if (input.signal.aborted) return { kind: 'stopped', text: '' }

  const watch = watchCall(input.signal, rt.firstTokenMs, deadline)
  const answer = answerText(mode, watch, input.onEvent)
  const error = await readStream(
    () =>
      streamText({
        model: model.model,
        instructions: context.system,
        messages: context.messages,
        ...(mode === 'tools' ? { tools: tools.aiTools(), stopWhen: stepCountIs(MAX_STEPS) } : {}),
        abortSignal: watch.signal,
        maxRetries: rt.maxRetries,
        // Errors arrive as stream parts; the default handler would print them to the console.
        onError: () => {},
      }),
    watch,
    answer,
  )
  return outcomeOf(watch.why(), error, answer, mode, rt)
}

/**
 * The model's answer in its mode; under AI_TOOLS=auto a model that refuses tools is moved to context
 * mode for the life of the process, and asked again that way.
 */
async function askModel(rt: Runtime, lm: AssistantModel, input: AnswerInput, tools: AssistantTools) {
  const deadline = Date.now() + rt.totalMs
  let mode = modeFor(rt, lm)
  let outcome = await runModel(rt, lm, mode, input, tools, deadline)
  if (outcome.kind === 'refused' && mode === 'tools' && rt.setting === 'auto') {
    if (!rt.contextOnly.has(modelKey(lm))) {
      rt.contextOnly.add(modelKey(lm))
      rt.logger?.warn(
        { provider: lm.provider, model: lm.modelId, reason: outcome.reason },
        `The model ${lm.modelId} does not support tools; from now on it answers with the facts in its prompt (context mode). Set AI_TOOLS=off to start it that way.`,
      )
    }
    mode = 'context'
    outcome = await runModel(rt, lm, mode, input, tools, deadline)
  }
  return { mode, outcome }
}

/** The offline assistant's answer: with no model, or (`fellBack`) after the model failed, under a note. */
async function answerOfflineFor(
  rt: Runtime,
  input: AnswerInput,
  tools: AssistantTools,
  fellBack = false,
): Promise<Answer> {
  if (!fellBack && input.signal.aborted)
    return answerWith(tools, { content: '', mode: 'offline', stopped: true })
  const answered = await answerOffline({
    services: rt.services,
    tools,
    userId: input.userId,
    content: input.content,
    history: input.history,
    now: rt.clock(),
    introduce: !fellBack && !input.offlineIntroduced,
    ...(fellBack ? { alreadySaved: tools.created } : {}),
  })
  const content = fellBack ? `${FALLBACK_NOTE}\n\n${answered.markdown}` : answered.markdown
  emitAsDeltas(content, input.onEvent)
  return answerWith(tools, { content, mode: 'offline', stopped: false }, answered.cited)
}

/**
 * The chat's assistant. With no model it is the offline assistant. With one, it answers in tools
 * mode (the model calls the tools, at most 5 steps) or context mode (the server puts the facts in the
 * prompt), chosen per model: AI_TOOLS=auto starts with tools and moves a model that refuses them to
 * context mode for the life of the process. A model that fails, is silent for 20 s, takes over 60 s
 * or says nothing is replaced by the offline assistant, whose answer then starts with a note.
 */
export function createAssistant(deps: {
  services: AssistantServices
  languageModel: AssistantModel | null
  env?: { ai: { tools?: AiToolsSetting | undefined } }
  logger?: AssistantLogger | undefined
  options?: AssistantOptions | undefined
}): Assistant {
  const { languageModel: lm, logger } = deps
  const options = deps.options ?? {}
  const rt: Runtime = {
    services: deps.services,
    setting: deps.env?.ai.tools ?? 'auto',
    firstTokenMs: options.firstTokenTimeoutMs ?? DEFAULT_TIMEOUTS.firstTokenMs,
    totalMs: options.totalTimeoutMs ?? DEFAULT_TIMEOUTS.totalMs,
    maxRetries: options.maxRetries ?? 1,
    clock: options.now ?? (() => new Date()),
    logger,
    contextOnly: new Set<string>(),
  }

  return {
    info: { name: BRAND, model: lm?.modelId ?? null },

    async answer(input) {
      const tools = createAssistantTools(rt.services, input.userId, {
        onEvent: input.onEvent,
        now: rt.clock,
        onUnexpectedError: (tool, error) => logger?.warn({ err: error, tool }, 'An assistant tool failed'),
        conversationId: input.conversationId,
      })
      if (!lm) return answerOfflineFor(rt, input, tools)

      const { mode, outcome } = await askModel(rt, lm, input, tools)
      if (outcome.kind === 'ok' || outcome.kind === 'stopped') {
        const stopped = outcome.kind === 'stopped'
        return answerWith(tools, { content: outcome.text, mode, model: lm.modelId, stopped })
      }
      logger?.warn(
        // The reason only: a provider error carries the request body, the user's memories with it.
        { provider: lm.provider, model: lm.modelId, mode, reason: outcome.reason },
        'The language model did not answer; the offline assistant answered instead',
      )
      return answerOfflineFor(rt, input, tools, true)
    },
  }
}
