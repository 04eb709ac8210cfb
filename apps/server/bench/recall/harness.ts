/**
 * The real app in this process (buildApp) on a database of its own, its model the loopback OpenAI fake
 * (AI_PROVIDER=openai-compatible, AI_TOOLS=off: context mode, the memories written into the prompt),
 * rate limits off. Each corpus is one user, its memories loaded through the import (the real write path);
 * each question goes through POST /api/chat/send in a fresh conversation, with the assistant's clock set
 * to the question's "today", and the memories it was shown are read back from the prompt the fake got.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ImportMemoriesBody, MEMORIES_EXPORT_FORMAT } from '@remi/shared'
import { buildApp } from '../../src/app.ts'
import { loadEnv } from '../../src/config/env.ts'
import type { Database } from '../../src/db/client.ts'
import { formatDay } from '../../src/modules/language/index.ts'
import { createUsersRepo } from '../../src/modules/auth/index.ts'
import { remappedId } from '../../src/modules/memories/index.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../src/test/fakes/openai.ts'
import { factsSettled } from '../lib/facts.ts'
import { startOpenAIFakeThread } from '../lib/openai-fake-thread.ts'
import { recallDirect } from './recall-adapter.ts'
import type { Corpus } from './sets.ts'

export type RecallMode = 'chat' | 'direct'

/** Where nothing must be reached: weather and geocoding fail at once instead of waiting on the internet. */
const NOWHERE = 'http://127.0.0.1:9'

export interface LoadedCorpus {
  corpus: Corpus
  userId: string
  headers: Record<string, string>
  /** Memory id → the set's key. */
  keyOf: Map<string, string>
  /** Memory id → its day. */
  dateOf: Map<string, string | null>
  /** A memory's text as the prompt writes it (spaces collapsed) → ids with that text. */
  idsOfText: Map<string, string[]>
}

export interface Asked {
  /** The set's keys of the memories shown, best first (at most `limit`). */
  shown: string[]
  /** Chat mode: the server's time for chat/send, ms. */
  sendMs?: number
}

export interface RecallHarness {
  /** Null when the fake runs on its own thread (`modelThread`). */
  fake: OpenAIFake | null
  services: Awaited<ReturnType<typeof buildApp>>['services']
  app: Awaited<ReturnType<typeof buildApp>>
  signIn(userId: string): Promise<Record<string, string>>
  load(corpus: Corpus): Promise<LoadedCorpus>
  /** One chat/send as `headers`' user (a fresh conversation), the fake answering at once. */
  /** The conversation's id. */
  send(headers: Record<string, string>, content: string, now?: Date): Promise<string>
  factsSettled(headers: Record<string, string>, conversationId: string): Promise<void>
  ask(
    loaded: LoadedCorpus,
    question: { text: string; now: Date },
    mode: RecallMode,
    limit: number,
  ): Promise<Asked>
  close(): Promise<void>
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * `modelThread`: the fake model on a thread of its own, answering every request "Noted." (the latency
 * figure: its work is not the server's); chat mode's quality needs it here, to read its prompts.
 * `env`: more of the server's environment (an embedding model: without one, recall is lexical only).
 * `background`: start the job queue and what runs on it (the embeddings' store and index), as main.ts
 * does once the server listens.
 */
export async function startRecallHarness(
  database: Database,
  options: { env?: Record<string, string>; background?: boolean; modelThread?: boolean } = {},
): Promise<RecallHarness> {
  const threaded = options.modelThread ? await startOpenAIFakeThread() : null
  const fake = threaded ? null : await startOpenAIFake()
  const model = threaded ?? fake!
  const dataDir = mkdtempSync(join(tmpdir(), 'remi-bench-recall-'))
  const env = loadEnv({
    SESSION_SECRET: 'bench-recall-session-secret-long-enough-0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: model.model,
    AI_API_KEY: model.apiKey,
    AI_BASE_URL: model.url,
    AI_TOOLS: 'off',
    WEATHER_API_URL: NOWHERE,
    GEOCODING_API_URL: NOWHERE,
    RATE_LIMIT_PER_MINUTE: '0',
    // The local signal of meaning as the server would have it (RECALL_LOCAL_MEANING=on to compare).
    RECALL_LOCAL_MEANING: process.env.RECALL_LOCAL_MEANING ?? 'off',
    ...options.env,
  })
  // The assistant reads "now" from this clock (AssistantOptions.now): each question sets it.
  let now = new Date()
  const app = await buildApp({
    env,
    database,
    rateLimits: { global: 0, signIn: 1_000_000, chatSends: 1_000_000 },
    assistant: { now: () => now },
  })
  await app.ready()
  if (options.background) await app.background.start()
  const { services } = app
  let counter = 0

  /** A live session for a user, with the CSRF token a write needs (as buildTestApp's signInAs). */
  async function signIn(userId: string): Promise<Record<string, string>> {
    const session = await services.sessions.create(userId, 'bench-recall')
    const csrf = await app.inject({
      method: 'GET',
      url: '/api/auth/csrf-token',
      headers: { cookie: `remi_session=${session.cookieValue}` },
    })
    const csrfCookie = csrf.cookies.find((c) => c.name === 'remi_csrf')
    if (!csrfCookie) throw new Error(`no CSRF cookie: ${csrf.statusCode} ${csrf.body}`)
    const headers = {
      cookie: `remi_session=${session.cookieValue}; remi_csrf=${csrfCookie.value}`,
      'x-csrf-token': csrf.json<{ csrfToken: string }>().csrfToken,
      'content-type': 'application/json',
    }
    return headers
  }

  async function load(corpus: Corpus): Promise<LoadedCorpus> {
    counter += 1
    const email = `recall-${counter}-${corpus.name}@example.test`
    const user = await createUsersRepo(database.db).createUserWithIdentity(
      { email, name: corpus.name, picture: null, timezone: corpus.timeZone },
      { provider: 'local', subject: `bench-${email}`, email },
    )
    const headers = await signIn(user.id)
    // Ids of our own making: the import gives a file's unknown ids stable stand-ins (remappedId).
    const keyOf = new Map<string, string>()
    const dateOf = new Map<string, string | null>()
    const idsOfText = new Map<string, string[]>()
    const items = corpus.memories.map((m) => {
      const fileId = randomUUID()
      const id = remappedId(user.id, fileId)
      keyOf.set(id, m.key)
      dateOf.set(id, m.date)
      const text = collapse(m.text)
      idsOfText.set(text, [...(idsOfText.get(text) ?? []), id])
      return {
        id: fileId,
        text: m.text,
        tags: m.tags,
        date: m.date,
        createdAt: m.createdAt.toISOString(),
        updatedAt: m.createdAt.toISOString(),
      }
    })
    const body = ImportMemoriesBody.parse({ format: MEMORIES_EXPORT_FORMAT, version: 1, memories: items })
    const result = await services.memories.importAll(user.id, body)
    if (result.created !== items.length)
      throw new Error(`${corpus.name}: imported ${result.created} of ${items.length} memories`)
    return { corpus, userId: user.id, headers, keyOf, dateOf, idsOfText }
  }

  async function send(headers: Record<string, string>, content: string, at?: Date) {
    if (at) now = at
    if (fake) {
      fake.reset()
      // More answers than a turn should need: a turn that asks twice must not meet an unscripted 500.
      fake.enqueue(openaiReply.text('Noted.'), openaiReply.text('Noted.'), openaiReply.text('Noted.'))
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers,
      payload: JSON.stringify({ content }),
    })
    if (res.statusCode !== 200) throw new Error(`chat/send answered ${res.statusCode}: ${res.body}`)
    return (JSON.parse(res.body) as { conversationId: string }).conversationId
  }

  /** Waits (untimed) until the facts of the conversation's last answer are picked out (lib/facts.ts). */
  const waitForFacts = (headers: Record<string, string>, conversationId: string) =>
    factsSettled(async (url) => {
      const res = await app.inject({ method: 'GET', url, headers })
      return { status: res.statusCode, body: res.body }
    }, conversationId)

  async function ask(
    loaded: LoadedCorpus,
    question: { text: string; now: Date },
    mode: RecallMode,
    limit: number,
  ): Promise<Asked> {
    now = question.now
    if (mode === 'direct') {
      const found = await recallDirect(services, {
        userId: loaded.userId,
        text: question.text,
        now: question.now,
        limit,
      })
      return { shown: found.slice(0, limit).map((m) => loaded.keyOf.get(m.id) ?? `?${m.id}`) }
    }
    if (!fake) throw new Error('chat mode reads the prompts: start the harness without modelThread')
    const start = performance.now()
    await send(loaded.headers, question.text)
    const sendMs = performance.now() - start
    const request = fake.requests[0]
    if (!request) throw new Error(`chat/send made no model request for "${question.text}"`)
    const shown = promptMemories(fake.systemPrompt(request), loaded).slice(0, limit)
    return { shown, sendMs }
  }

  return {
    fake,
    services,
    app,
    signIn,
    load,
    ask,
    send,
    factsSettled: waitForFacts,
    async close() {
      await app.close()
      await model.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The memories a system prompt shows, best first, as the set's keys: the lines of its "Memories that
 * may be relevant" list (prompt.ts memoryLine: "- (May 8, 2023; tags: a, b) text", "- (noted May 8, 2023, later
 * changed) text"). A text several
 * memories share goes to the one whose day the line names, else the first not yet shown. A prompt with
 * neither the list nor its "No saved memory matched" line is an error: the format changed, and a silent
 * zero would read as a recall failure.
 */
export function promptMemories(system: string, loaded: LoadedCorpus): string[] {
  const lines = system.split('\n')
  const start = lines.findIndex((l) => /^Memories that may be relevant/.test(l))
  if (start < 0) {
    if (/No saved memory matched/.test(system)) return []
    throw new Error(`the prompt has no memories list the benchmark can read:\n${system.slice(0, 2000)}`)
  }
  const shown: string[] = []
  const taken = new Set<string>()
  for (const line of lines.slice(start + 1)) {
    const m = /^- \(([^)]*)\) (.*)$/.exec(line)
    if (!m) break
    const [, head = '', rawText = ''] = m
    const text = rawText.replace(/…$/, '')
    let ids = loaded.idsOfText.get(text)
    if (!ids) {
      // Cut at MEMORY_TEXT_MAX: the memory whose text starts so.
      ids = [...loaded.idsOfText]
        .filter(([t]) => rawText.endsWith('…') && t.startsWith(text))
        .flatMap(([, i]) => i)
    }
    // "noted May 8, 2023, later changed" (a memory a later note changes) is that day too.
    const day = head
      .split(';')[0]!
      .trim()
      .replace(/^noted /, '')
      .replace(/, later changed$/, '')
    const candidates = ids.filter((id) => !taken.has(id))
    const byDay = candidates.filter((id) => {
      const date = loaded.dateOf.get(id)
      return date && formatDay(date) === day
    })
    const id = byDay[0] ?? candidates[0]
    if (!id) {
      shown.push(`?${text.slice(0, 60)}`)
      continue
    }
    taken.add(id)
    shown.push(loaded.keyOf.get(id)!)
  }
  return shown
}
