/**
 * Chat: the server's own time in chat/send with a model that answers at once (the loopback OpenAI fake,
 * spoken to by the real @ai-sdk/openai code), and from the model's first token to the first `delta`
 * event's bytes at the client of chat/stream.
 */
import { Client } from 'undici'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../src/test/fakes/openai.ts'
import { factsSettled } from './lib/facts.ts'
import type { RunningServer, SignedIn } from './lib/server.ts'
import { percentiles, type Stats } from './lib/stats.ts'

export interface TimedFake {
  fake: OpenAIFake
  /** performance.now() of each model request as it arrived; the fake writes its first token in that tick. */
  arrivals: number[]
  close(): Promise<void>
}

/** The fake notes each request (requests.push) just before it writes the answer's first chunks. */
export async function startTimedFake(): Promise<TimedFake> {
  const fake = await startOpenAIFake()
  const arrivals: number[] = []
  const push = fake.requests.push.bind(fake.requests)
  fake.requests.push = (...items) => {
    arrivals.push(performance.now())
    return push(...items)
  }
  return { fake, arrivals, close: () => fake.close() }
}

export interface ChatResult {
  send: Stats
  firstDelta: Stats
  /** Model requests a timed turn made to answer, and after the answer to pick out its facts (issue 32). */
  modelCallsPerTurn: number
  factCallsPerTurn: number
}

const ANSWER = 'Noted: the garden plan is on Saturday.'

/**
 * `perUser` sends and as many streams for each user, after the same turns, untimed, by `warmupUsers`:
 * the first user's turns would otherwise be the server's first chat turns, run on code V8 has not
 * optimised yet (the API cases have their warm-up too). Each user stays under the chat rate limit.
 */
export async function measureChat(
  server: RunningServer,
  users: SignedIn[],
  timed: TimedFake,
  perUser: number,
  warmupUsers: SignedIn[] = [],
): Promise<ChatResult> {
  const { fake, arrivals } = timed
  const sendSamples: number[] = []
  const deltaSamples: number[] = []
  let calls = 0
  let factCalls = 0
  let turns = 0
  const prepare = () => {
    fake.reset()
    arrivals.length = 0
    // More answers than a turn should need: a turn asking twice must not meet an unscripted 500.
    fake.enqueue(openaiReply.text(ANSWER), openaiReply.text(ANSWER), openaiReply.text(ANSWER))
  }
  for (const [index, user] of [...warmupUsers, ...users].entries()) {
    const timedTurn = index >= warmupUsers.length
    const client = new Client(server.baseUrl, { pipelining: 1 })
    const headers = {
      cookie: user.cookie,
      'x-csrf-token': user.csrfToken,
      'content-type': 'application/json',
    }
    let conversationId: string | undefined
    try {
      // The first of each kind is a warm-up (the user's first conversation, JIT).
      for (let i = 0; i <= perUser; i++) {
        prepare()
        const start = performance.now()
        const res = await client.request({
          method: 'POST',
          path: '/api/chat/send',
          headers,
          body: JSON.stringify({ content: `What is on my garden plan? (${i})`, conversationId }),
        })
        const text = await res.body.text()
        const elapsed = performance.now() - start
        if (res.statusCode !== 200) throw new Error(`chat/send answered ${res.statusCode}: ${text}`)
        conversationId = (JSON.parse(text) as { conversationId: string }).conversationId
        // The answer's facts call (issue 32) runs after it: waited out, as the web waits for its chips,
        // so the next timed send does not share the server with it. Counted apart from the answer's calls.
        await factsSettled(async (path) => {
          const answer = await client.request({ method: 'GET', path, headers })
          return { status: answer.statusCode, body: await answer.body.text() }
        }, conversationId)
        if (i > 0 && timedTurn) {
          sendSamples.push(elapsed)
          calls += fake.requests.length
          factCalls += fake.factRequests.length
          turns += 1
        }
      }
      for (let i = 0; i <= perUser; i++) {
        prepare()
        const res = await client.request({
          method: 'POST',
          path: '/api/chat/stream',
          headers,
          body: JSON.stringify({ content: `And the dentist? (${i})`, conversationId }),
        })
        if (res.statusCode !== 200)
          throw new Error(`chat/stream answered ${res.statusCode}: ${await res.body.text()}`)
        let seen = ''
        let firstDelta = NaN
        for await (const chunk of res.body) {
          seen += chunk.toString()
          if (Number.isNaN(firstDelta) && seen.includes('event: delta')) firstDelta = performance.now()
        }
        if (!seen.includes('event: done'))
          throw new Error(`chat/stream ended without done: ${seen.slice(-300)}`)
        const token = arrivals.filter((t) => t < firstDelta).at(-1)
        if (token === undefined) throw new Error('no model request before the first delta')
        if (i > 0 && timedTurn) deltaSamples.push(firstDelta - token)
      }
    } finally {
      await client.close()
    }
  }
  return {
    send: percentiles(sendSamples),
    firstDelta: percentiles(deltaSamples),
    modelCallsPerTurn: turns ? calls / turns : NaN,
    factCallsPerTurn: turns ? factCalls / turns : NaN,
  }
}
