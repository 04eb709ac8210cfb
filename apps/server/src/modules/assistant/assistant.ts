import { TOOL_CALLS_PER_ANSWER } from '@remi/shared'
import type { ToolSet } from 'ai'
import { BRAND } from '../../config/brand.ts'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import { aiSdk } from '../../integrations/ai/sdk.ts'
import type {
  Answer,
  AnswerInput,
  Assistant,
  AssistantEvent,
  PendingAnswer,
  SentFile,
  TakenMessage,
} from './assistant.types.ts'
import { buildModelContext, readContext, type ContextReads } from './context.ts'
import type { Cited } from './intents/index.ts'
import {
  answerText,
  outcomeOf,
  readStream,
  watchCall,
  type Limits,
  type ModelMode,
  type Outcome,
} from './model-stream.ts'
import { answerOffline, emitAsDeltas, FALLBACK_NOTE, OFFLINE_INTRODUCTION } from './offline.ts'
import { fallbackNoteFor, isOtherLanguage } from './languages/index.ts'
import { filesAnswer } from './sent-files.ts'
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
/** Every call the answer may make (8), each in a step of its own, and a step to answer after them. */
const MAX_STEPS = TOOL_CALLS_PER_ANSWER + 1

/** Whether a model's answer is a tool call written as text, and whether an error refuses tools. */
export { refusesTools, toolCallText } from './model-stream.ts'

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
    cited: tools.cited,
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
  reads: Promise<ContextReads>,
  deadline: number,
  files: SentFile[],
): Promise<Outcome> {
  // The person's own tools (issue 50): their list is read once per answer, when the model may call
  // tools, while recall's reads finish and the prompt is built (a round trip off the answer's path).
  const connected = mode === 'tools' ? tools.connectedTools() : Promise.resolve({})
  // Awaited below; if building the prompt fails first, its failure must not go unhandled.
  connected.catch(() => {})
  const context = await buildModelContext({
    services: rt.services,
    tools,
    userId: input.userId,
    content: input.content,
    history: input.history,
    now: rt.clock(),
    reads: await reads,
    mode,
    assistantName: BRAND,
    files,
  })
  const offered: ToolSet = mode === 'tools' ? { ...(await tools.aiTools()), ...(await connected) } : {}
  const { stepCountIs, streamText } = await aiSdk()
  if (input.signal.aborted) return { kind: 'stopped', text: '' }

  const watch = watchCall(input.signal, rt.firstTokenMs, deadline)
  const answer = answerText(mode, watch, input.onEvent)
  const error = await readStream(
    () =>
      streamText({
        model: model.model,
        instructions: context.system,
        messages: context.messages,
        ...(mode === 'tools'
          ? {
              tools: offered,
              stopWhen: stepCountIs(MAX_STEPS),
              // Its calls used up, the model answers with what it has.
              prepareStep: () => (tools.callsSpent() ? { toolChoice: 'none' as const } : {}),
            }
          : {}),
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
async function askModel(
  rt: Runtime,
  lm: AssistantModel,
  input: AnswerInput,
  tools: AssistantTools,
  reads: Promise<ContextReads>,
  files: SentFile[],
) {
  const deadline = Date.now() + rt.totalMs
  let mode = modeFor(rt, lm)
  let outcome = await runModel(rt, lm, mode, input, tools, reads, deadline, files)
  if (outcome.kind === 'refused' && mode === 'tools' && rt.setting === 'auto') {
    if (!rt.contextOnly.has(modelKey(lm))) {
      rt.contextOnly.add(modelKey(lm))
      rt.logger?.warn(
        { provider: lm.provider, model: lm.modelId, reason: outcome.reason },
        `The model ${lm.modelId} does not support tools; from now on it answers with the facts in its prompt (context mode). Set AI_TOOLS=off to start it that way.`,
      )
    }
    mode = 'context'
    outcome = await runModel(rt, lm, mode, input, tools, reads, deadline, files)
  }
  return { mode, outcome }
}

/** The offline assistant's answer: with no model, or (`fellBack`) after the model failed, under a note. */
async function answerOfflineFor(
  rt: Runtime,
  input: AnswerInput,
  tools: AssistantTools,
  fellBack = false,
  files: SentFile[] = [],
): Promise<Answer> {
  if (!fellBack && input.signal.aborted)
    return answerWith(tools, { content: '', mode: 'offline', stopped: true })
  if (files.length > 0) {
    // Files sent in the chat: saved as a memory already; it says so and what it read of them.
    const intro = !fellBack && !input.offlineIntroduced ? `\n\n${OFFLINE_INTRODUCTION}` : ''
    const said = `${filesAnswer(files)}${intro}`
    const content = fellBack ? `${FALLBACK_NOTE}\n\n${said}` : said
    emitAsDeltas(content, input.onEvent)
    return answerWith(tools, { content, mode: 'offline', stopped: false })
  }
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
  const note = isOtherLanguage(answered.language) ? fallbackNoteFor(answered.language) : FALLBACK_NOTE
  const content = fellBack ? `${note}\n\n${answered.markdown}` : answered.markdown
  emitAsDeltas(content, input.onEvent)
  return answerWith(tools, { content, mode: 'offline', stopped: false }, answered.cited)
}

/**
 * The chat's assistant. With no model it is the offline assistant. With one, it answers in tools
 * mode (the model calls the tools, at most 8 calls) or context mode (the server puts the facts in the
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

  /**
   * The tools for one message, and with a model the reads its prompt needs (readContext), started now;
   * the answer itself (the model asked, or the offline assistant) when `answer` is called.
   */
  function begin(message: TakenMessage): PendingAnswer {
    let onEvent: ((event: AssistantEvent) => void) | undefined
    const tools = createAssistantTools(rt.services, message.userId, {
      // The stream that shows the events is opened after begin (chat.routes.ts).
      onEvent: (event) => onEvent?.(event),
      now: rt.clock,
      onUnexpectedError: (tool, error) => logger?.warn({ err: error, tool }, 'An assistant tool failed'),
      conversationId: message.conversationId,
      web: message.web === true,
    })
    const reads = lm ? readContext({ ...message, services: rt.services, tools, now: rt.clock() }) : null
    // Awaited by `answer`; a message never answered (its storing failed) must not leave it unhandled.
    reads?.catch(() => {})
    message.files?.catch(() => {})

    return {
      async answer(options) {
        onEvent = options.onEvent
        const input: AnswerInput = { ...message, ...options }
        const files = (await message.files) ?? []
        if (!lm || !reads) return answerOfflineFor(rt, input, tools, false, files)

        const { mode, outcome } = await askModel(rt, lm, input, tools, reads, files)
        if (outcome.kind === 'ok' || outcome.kind === 'stopped') {
          const stopped = outcome.kind === 'stopped'
          return answerWith(tools, { content: outcome.text, mode, model: lm.modelId, stopped })
        }
        logger?.warn(
          // The reason only: a provider error carries the request body, the user's memories with it.
          { provider: lm.provider, model: lm.modelId, mode, reason: outcome.reason },
          'The language model did not answer; the offline assistant answered instead',
        )
        return answerOfflineFor(rt, input, tools, true, files)
      },
    }
  }

  return {
    // `web` only when there is a provider: the composer then shows its Web toggle.
    info: { name: BRAND, model: lm?.modelId ?? null, ...(deps.services.web ? { web: true } : {}) },
    begin,
    answer: (input) => begin(input).answer(input),
  }
}
