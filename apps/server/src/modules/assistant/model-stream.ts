import { assistantTools, type AnswerMode } from '@remi/shared'
import { APICallError } from '@ai-sdk/provider'
import type { TextStreamPart, ToolSet } from 'ai'
import type { AnswerInput } from './assistant.types.ts'

/**
 * One model call's stream, read for the chat: its deltas sent on (a tool call written as text held
 * back), stopped by the user, the first-token timer or the deadline, and what it came to.
 */
export type ModelMode = Exclude<AnswerMode, 'offline'>
export type Outcome =
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
export function watchCall(signal: AbortSignal, firstTokenMs: number, deadline: number) {
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
export function answerText(mode: ModelMode, watch: CallWatch, onEvent: AnswerInput['onEvent']) {
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
export async function readStream(
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

export interface Limits {
  firstTokenMs: number
  totalMs: number
}

/** What a finished model call comes to: its text, or why it was stopped, refused or failed. */
export function outcomeOf(
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
