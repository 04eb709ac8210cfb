import { addDays, todayIn, type MemoryList } from '@remi/shared'
import { APICallError } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../config/env.ts'
import { buildTestApp, testEnv, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { captureLogs } from '../../test/logs.ts'
import {
  messagesOf,
  scriptedModel,
  systemPromptOf,
  textParts,
  toolCallParts,
  type ModelCall,
  type ScriptStep,
} from '../../test/mock-model.ts'
import { startIcsFake, type IcsFake } from '../../test/fakes/ics.ts'
import { startOpenMeteoFake, storedLocation, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'
import { createAssistant, refusesTools, toolCallText, type AssistantOptions } from './assistant.ts'
import type { AnswerInput, Assistant, AssistantEvent, HistoryMessage } from './assistant.types.ts'
import { FALLBACK_NOTE } from './offline.ts'
import { formatDay } from '../language/index.ts'

let t: TestApp
let meteo: OpenMeteoFake
let ics: IcsFake
const logs = captureLogs('warn')
/** The app's own assistant, built by createServices over this scripted model: one answer, then a failure. */
const appModel = scriptedModel(
  [
    textParts('Hello from ', 'the model.'),
    new APICallError({
      message: 'Service Unavailable',
      url: 'http://model.test',
      requestBodyValues: {},
      statusCode: 503,
    }),
  ],
  { modelId: 'app-model' },
)

beforeAll(async () => {
  ;[meteo, ics] = await Promise.all([startOpenMeteoFake(), startIcsFake()])
  // The ICS fake listens on loopback.
  t = await buildTestApp({
    env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
    integrations: { languageModel: appModel.languageModel },
    assistant: { firstTokenTimeoutMs: 300, totalTimeoutMs: 1000, maxRetries: 0 },
    logger: logs.logger,
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([meteo?.close(), ics?.close()])
})

/** Short timeouts: a stalled model gives up in a fraction of a second. */
const FAST: AssistantOptions = { firstTokenTimeoutMs: 200, totalTimeoutMs: 600, maxRetries: 0 }

function assistantWith(
  steps: ScriptStep[],
  options: {
    tools?: 'auto' | 'on' | 'off'
    hangAfter?: (call: number) => boolean
    assistant?: AssistantOptions
    modelId?: string
  } = {},
) {
  const scripted = scriptedModel(steps, { hangAfter: options.hangAfter, modelId: options.modelId })
  const warnings: Array<{ details: object; message: string }> = []
  const assistant = createAssistant({
    services: t.services,
    languageModel: scripted.languageModel,
    env: { ai: { tools: options.tools ?? 'auto' } },
    logger: { warn: (details, message) => warnings.push({ details, message }) },
    options: { ...FAST, ...options.assistant },
  })
  return { assistant, calls: scripted.calls, warnings }
}

async function ask(
  assistant: Assistant,
  user: TestUser,
  content: string,
  options: { history?: HistoryMessage[]; signal?: AbortSignal; onEvent?: (e: AssistantEvent) => void } = {},
) {
  const events: AssistantEvent[] = []
  const input: AnswerInput = {
    userId: user.id,
    content,
    history: options.history ?? [],
    offlineIntroduced: false,
    signal: options.signal ?? new AbortController().signal,
    onEvent: (e) => {
      events.push(e)
      options.onEvent?.(e)
    },
  }
  const answer = await assistant.answer(input)
  const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('')
  return { answer, events, streamed }
}

const toolNames = (call: ModelCall) => (call.tools ?? []).map((tool) => tool.name).sort()

const refusal = () =>
  new APICallError({
    message: 'registry.ollama.ai/library/gemma:2b does not support tools',
    url: 'http://127.0.0.1:11434/v1/chat/completions',
    requestBodyValues: {},
    statusCode: 400,
    responseBody:
      '{"error":{"message":"registry.ollama.ai/library/gemma:2b does not support tools","type":"api_error","param":null,"code":null}}',
  })

describe('the app assistant', () => {
  it('is built once by the composition root over the configured model', async () => {
    expect(t.services.assistant.info).toEqual({ name: 'Remi', model: 'app-model' })
    const user = await t.createUser()
    const { answer, streamed } = await ask(t.services.assistant, user, 'Hi')
    expect(answer).toMatchObject({ content: 'Hello from the model.', mode: 'tools', model: 'app-model' })
    expect(streamed).toBe('Hello from the model.')
  })

  it('logs a failed answer through the app logger, without the prompt', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'My secret diary entry about Lisbon' })
    const { answer } = await ask(t.services.assistant, user, 'Lisbon?')
    expect(answer.mode).toBe('offline')
    const logged = logs.text()
    expect(logged).toContain('The language model did not answer; the offline assistant answered instead')
    expect(logged).toContain('503: Service Unavailable')
    expect(logged).not.toContain('secret diary')
  })
})

describe('tools mode', () => {
  it('calls search_memories then create_memory, and cites the memories it found and saved', async () => {
    const user = await t.createUser({ name: 'Rui Costa' })
    const ana = await t.factory.memory(user.id, {
      text: "Ana's birthday is on 12 May",
      tags: ['family'],
      date: '2026-05-12',
    })
    const { assistant, calls } = assistantWith([
      toolCallParts('search_memories', { query: 'Ana' }),
      toolCallParts('create_memory', { text: 'Buy a gift for Ana', tags: ['family'], date: '2026-05-10' }),
      textParts("Ana's birthday is on **12 May**. ", 'I saved a reminder to buy her a gift.'),
    ])
    const { answer, events, streamed } = await ask(
      assistant,
      user,
      "When is Ana's birthday? Remind me to buy a gift.",
    )

    expect(answer.mode).toBe('tools')
    expect(answer.model).toBe('mock-model')
    expect(answer.stopped).toBe(false)
    expect(answer.content).toBe("Ana's birthday is on **12 May**. I saved a reminder to buy her a gift.")
    expect(streamed).toBe(answer.content)

    const saved = (await user.api.get<MemoryList>('/api/memories', { searchTerm: 'gift' })).body.items
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ text: 'Buy a gift for Ana', tags: ['family'], date: '2026-05-10' })
    expect(answer.citations.map((c) => c.id)).toEqual([ana.id, saved[0]!.id])
    expect(answer.citations[0]).toEqual({ id: ana.id, excerpt: ana.text, date: '2026-05-12' })
    expect(answer.activity).toEqual([
      { tool: 'search_memories', summary: "Searched memories for 'Ana'" },
      { tool: 'create_memory', summary: 'Saved a memory', memoryId: saved[0]!.id },
    ])
    expect(answer.calls).toEqual([
      { tool: 'search_memories', args: { query: 'Ana' } },
      { tool: 'create_memory', args: { text: 'Buy a gift for Ana', tags: ['family'], date: '2026-05-10' } },
    ])
    expect(events.filter((e) => e.type === 'activity').map((e) => e.type === 'activity' && e.status)).toEqual(
      ['started', 'finished', 'started', 'finished'],
    )

    // Three model calls: each got the tools (issue 32 added update_memory and delete_memory, which
    // propose); the second saw the search's result.
    expect(calls).toHaveLength(3)
    expect(toolNames(calls[0]!)).toEqual([
      // Issue 31 added the reminder tools, issue 50 create_automation.
      'cancel_reminder',
      'create_automation',
      'create_memory',
      'create_reminder',
      'delete_memory',
      'get_calendar_events',
      'get_weather',
      'list_reminders',
      'search_memories',
      'update_memory',
    ])
    const toolResult = JSON.stringify(calls[1]!.prompt.filter((m) => m.role === 'tool'))
    expect(toolResult).toContain(ana.id)
    expect(toolResult).toContain("Ana's birthday is on 12 May")
  })

  it('finds the memories saved on given days, whatever day they are for (savedFrom, savedTo)', async () => {
    const user = await t.createUser()
    const today = todayIn('UTC')
    const now = new Date()
    const recent = await t.factory.memory(user.id, {
      text: 'Dentist on a later day',
      date: addDays(today, 9),
    })
    const older = await t.factory.memory(user.id, {
      text: 'Dentist noted last week',
      date: today,
      createdAt: new Date(now.getTime() - 8 * 86_400_000),
    })
    const { assistant, calls } = assistantWith([
      toolCallParts('search_memories', { query: 'dentist', savedFrom: today, savedTo: today }),
      toolCallParts('search_memories', {
        query: '',
        savedFrom: addDays(today, -10),
        savedTo: addDays(today, -1),
      }),
      toolCallParts('search_memories', { query: '', savedFrom: today, savedTo: addDays(today, -1) }),
      textParts('Done.'),
    ])
    const { answer } = await ask(assistant, user, 'What did I save about the dentist?')
    const results = calls
      .slice(1)
      .map((call) => JSON.stringify(call.prompt.filter((m) => m.role === 'tool').at(-1)))
    expect(results[0]).toContain(recent.id)
    expect(results[0]).not.toContain(older.id)
    expect(results[1]).toContain(older.id)
    expect(results[1]).not.toContain(recent.id)
    expect(results[2]).toContain('savedFrom must not be after savedTo.')
    expect(answer.activity.map((a) => a.summary)).toEqual([
      "Searched memories for 'dentist', saved today",
      `Looked for memories saved between ${formatDay(addDays(today, -10), { year: addDays(today, -10).slice(0, 4) !== today.slice(0, 4) })} and ${formatDay(addDays(today, -1), { year: addDays(today, -1).slice(0, 4) !== today.slice(0, 4) })}`,
      'Looked through recent memories: savedFrom must not be after savedTo.',
    ])
  })

  it('gives a tool a short error for a source that is off, and the model words it', async () => {
    const user = await t.createUser()
    const { assistant, calls } = assistantWith([
      toolCallParts('get_weather', {}),
      textParts('Your weather source is turned off.'),
    ])
    const { answer } = await ask(assistant, user, 'Weather?')
    expect(answer.activity).toEqual([
      {
        tool: 'get_weather',
        summary: 'Could not check the weather for today: it is turned off',
      },
    ])
    expect(JSON.stringify(calls[1]!.prompt)).toContain(
      'The weather data source is turned off; turn it on under Data Sources.',
    )
  })

  it('gives the weather at a place the model names, and a short error for a place it cannot use', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: storedLocation('Lisbon') },
    })
    const { assistant, calls } = assistantWith([
      toolCallParts('get_weather', { place: 'Porto' }),
      toolCallParts('get_weather', { place: 'Atlantis' }),
      toolCallParts('get_weather', { place: '  ' }),
      toolCallParts('get_weather', { place: 'x'.repeat(101) }),
      textParts('Porto it is.'),
    ])
    const { answer } = await ask(assistant, user, 'Weather in Porto?')
    const results = calls
      .slice(1)
      .map((call) => JSON.stringify(call.prompt.filter((m) => m.role === 'tool').at(-1)))
    expect(results[0]).toContain('"place":"Porto"')
    expect(results[1]).toContain("Could not find location 'Atlantis'")
    // The input's schema refuses a blank or overlong place before the tool runs: the model is told which.
    expect(results[2]).toMatch(/Invalid input for tool get_weather.*too_small.*place/s)
    expect(results[3]).toMatch(/Invalid input for tool get_weather.*too_big.*place/s)
    expect(answer.activity.map((a) => a.summary)).toEqual([
      'Checked the weather for today in Porto',
      "Could not check the weather for today in Atlantis: Could not find location 'Atlantis'",
    ])
  })

  it('runs at most 8 tool calls, offers no tool after them, and lets the offline assistant answer when no text came', async () => {
    const user = await t.createUser()
    const { assistant, calls } = assistantWith([toolCallParts('search_memories', { query: 'x' })])
    const { answer } = await ask(assistant, user, 'Loop forever?')
    // 8 calls, then a last step told to answer (toolChoice none); this model calls again anyway.
    expect(calls).toHaveLength(9)
    expect(calls[7]!.toolChoice).toEqual({ type: 'auto' })
    expect(calls[8]!.toolChoice).toEqual({ type: 'none' })
    expect(answer.mode).toBe('offline')
    expect(answer.content.startsWith(FALLBACK_NOTE)).toBe(true)
  })
})

describe('what the model sees', () => {
  it('a system prompt with the name, the local date and time, and several relevant memories', async () => {
    const user = await t.createUser({ name: 'Ana Silva', timezone: 'Pacific/Auckland' })
    const relevant = [
      await t.factory.memory(user.id, {
        text: 'Lisbon trip: flights booked for June',
        tags: ['travel'],
        date: '2026-06-01',
      }),
      await t.factory.memory(user.id, { text: 'Hotel in Lisbon is near Rossio', tags: ['travel'] }),
      await t.factory.memory(user.id, { text: 'Ask Rui about restaurants in Lisbon' }),
      await t.factory.memory(user.id, { text: 'Trip budget: 1200 euros', tags: ['travel'] }),
    ]
    const unrelated = await t.factory.memory(user.id, { text: 'Piano lesson on Thursday' })
    const now = new Date('2026-03-10T23:30:00Z') // already Wednesday 11 March in Auckland
    const { assistant, calls } = assistantWith([textParts('Here is your trip.')], {
      assistant: { now: () => now },
    })
    const history: HistoryMessage[] = [
      { role: 'assistant', content: 'An orphan answer from before the budget cut.' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi Ana!' },
    ]
    const { answer } = await ask(assistant, user, 'What do I have planned for my Lisbon trip?', { history })

    const system = systemPromptOf(calls[0]!)
    expect(system).toContain('You are Remi')
    expect(system).toContain('talking with Ana Silva')
    expect(system).toContain('Wednesday, March 11, 2026, at 12:30 in Pacific/Auckland')
    for (const memory of relevant) expect(system).toContain(memory.text)
    expect(system).toContain('(June 1, 2026; tags: travel) Lisbon trip: flights booked for June')
    expect(system).not.toContain(unrelated.text)
    expect(answer.citations.map((c) => c.id).sort()).toEqual(relevant.map((m) => m.id).sort())

    // History, newest kept, starting with a user message, then the new message.
    expect(messagesOf(calls[0]!, 'user')).toEqual(['Hello', 'What do I have planned for my Lisbon trip?'])
    expect(messagesOf(calls[0]!, 'assistant')).toEqual(['Hi Ana!'])
  })

  it('when the whole question matches nothing, memories holding more of its words come first', async () => {
    const user = await t.createUser()
    const both = await t.factory.memory(user.id, { text: 'Tomatoes in the garden bed', date: '2024-05-01' })
    const garden = await t.factory.memory(user.id, { text: 'Garden gate repaired', date: '2026-02-01' })
    const tomatoes = await t.factory.memory(user.id, { text: 'Buy tomatoes', date: '2026-03-01' })
    await t.factory.memory(user.id, { text: 'Piano lesson on Thursday', date: '2026-03-02' })
    const { assistant } = assistantWith([textParts('ok')])
    const { answer } = await ask(assistant, user, 'Which tomatoes did I plant in the garden in 1999?')
    expect(answer.citations.map((c) => c.id)).toEqual([both.id, tomatoes.id, garden.id])
  })

  it('at most 8 memories, best first, and the oldest history dropped beyond the budget', async () => {
    const user = await t.createUser()
    for (let i = 0; i < 12; i++)
      await t.factory.memory(user.id, { text: `Garden note ${i}: water the tomatoes` })
    const { assistant, calls } = assistantWith([textParts('ok')])
    const history: HistoryMessage[] = [
      { role: 'user', content: `old ${'x'.repeat(7000)}` },
      { role: 'assistant', content: `old answer ${'y'.repeat(7000)}` },
      { role: 'user', content: 'recent question' },
      { role: 'assistant', content: 'recent answer' },
    ]
    const { answer } = await ask(assistant, user, 'tomatoes', { history })
    const system = systemPromptOf(calls[0]!)
    expect(system.match(/Garden note/g)).toHaveLength(8)
    expect(answer.citations).toHaveLength(8)
    expect(messagesOf(calls[0]!, 'user')).toEqual(['recent question', 'tomatoes'])
  })
})

describe('begin: a message taken in before its answer is asked for', () => {
  it('reads the memories for the prompt at once, and once, though the model is asked twice (tools refused)', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Ana likes sunflowers' })
    const asked: string[] = []
    const recall: typeof t.services.recall = {
      find: (userId, request) => {
        asked.push(request.query)
        return t.services.recall.find(userId, request)
      },
    }
    const scripted = scriptedModel([refusal(), textParts('Sunflowers.')])
    const assistant = createAssistant({
      services: { ...t.services, recall },
      languageModel: scripted.languageModel,
      options: FAST,
    })
    const pending = assistant.begin({
      userId: user.id,
      content: 'What flowers does Ana like?',
      history: [],
      offlineIntroduced: false,
    })
    // Recall runs while the chat stores the message; the model is not asked until `answer`.
    await expect.poll(() => asked).toEqual(['What flowers does Ana like?'])
    expect(scripted.calls).toHaveLength(0)
    const events: AssistantEvent[] = []
    const answer = await pending.answer({
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
    })
    expect(answer).toMatchObject({ content: 'Sunflowers.', mode: 'context' })
    expect(answer.citations.map((c) => c.excerpt)).toEqual(['Ana likes sunflowers'])
    expect(scripted.calls).toHaveLength(2)
    expect(systemPromptOf(scripted.calls[1]!)).toContain('Ana likes sunflowers')
    expect(asked).toHaveLength(1)
    // The events of the answer reach the handler given to `answer`.
    expect(events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('')).toBe('Sunflowers.')
  })

  it('a message never answered (its storing failed) leaves no unhandled rejection', async () => {
    const failing: typeof t.services.recall = { find: () => Promise.reject(new Error('database gone')) }
    const scripted = scriptedModel([textParts('Never asked.')])
    const assistant = createAssistant({
      services: { ...t.services, recall: failing },
      languageModel: scripted.languageModel,
      options: FAST,
    })
    const user = await t.createUser()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      assistant.begin({ userId: user.id, content: 'Anything?', history: [], offlineIntroduced: false })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
      // Asked for, the answer gives the read's failure.
      const pending = assistant.begin({
        userId: user.id,
        content: 'And now?',
        history: [],
        offlineIntroduced: false,
      })
      await expect(pending.answer({ signal: new AbortController().signal })).rejects.toThrow('database gone')
      expect(scripted.calls).toHaveLength(0)
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})

describe('context mode', () => {
  it('after a 400 "does not support tools" the model answers with facts in its prompt, and stays there (logged once)', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Ana likes sunflowers' })
    const { assistant, calls, warnings } = assistantWith([
      refusal(),
      textParts('Ana likes sunflowers.'),
      textParts('Still here.'),
    ])
    const first = await ask(assistant, user, 'What flowers does Ana like?')
    expect(first.answer).toMatchObject({
      content: 'Ana likes sunflowers.',
      mode: 'context',
      model: 'mock-model',
    })
    expect(first.answer.citations).toHaveLength(1)
    expect(calls).toHaveLength(2)
    // Issue 31 added the three reminder tools, issue 50 create_automation.
    expect(calls[0]!.tools?.length).toBe(10)
    expect(calls[1]!.tools ?? []).toEqual([])
    expect(systemPromptOf(calls[1]!)).toContain('You cannot call tools')
    expect(systemPromptOf(calls[1]!)).toContain('Ana likes sunflowers')

    const second = await ask(assistant, user, 'And again?')
    expect(second.answer.mode).toBe('context')
    expect(calls).toHaveLength(3)
    expect(calls[2]!.tools ?? []).toEqual([])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.message).toContain('does not support tools')
    expect(warnings[0]!.details).toMatchObject({ provider: 'test', model: 'mock-model' })
  })

  it('switches when the model prints a tool call as text, and that text never reaches the screen', async () => {
    const user = await t.createUser()
    const { assistant, calls, warnings } = assistantWith([
      textParts('{"name": "search_memories", ', '"arguments": {"query": "Ana"}}'),
      textParts('I found nothing about Ana.'),
    ])
    const { answer, streamed } = await ask(assistant, user, 'Anything about Ana?')
    expect(answer.mode).toBe('context')
    expect(answer.content).toBe('I found nothing about Ana.')
    expect(streamed).toBe('I found nothing about Ana.')
    expect(calls).toHaveLength(2)
    expect(warnings).toHaveLength(1)
  })

  it('puts the memories saved on the days a question names in the prompt', async () => {
    const user = await t.createUser()
    const yesterday = addDays(todayIn('UTC'), -1)
    await t.factory.memory(user.id, {
      text: 'Plan the garden beds',
      date: null,
      createdAt: new Date(`${yesterday}T12:00:00Z`),
    })
    const { assistant, calls } = assistantWith([textParts('One memory.')], { tools: 'off' })
    const { answer } = await ask(assistant, user, 'What did I save yesterday?')
    // The search for the message's words finds nothing; the day's lookup does.
    expect(systemPromptOf(calls[0]!)).toContain('No saved memory matched the words of this message.')
    expect(systemPromptOf(calls[0]!)).toContain(
      '- The memories you saved yesterday, newest first:\n  - **No date**: Plan the garden beds',
    )
    expect(answer.activity).toEqual([
      { tool: 'search_memories', summary: 'Looked for memories saved yesterday' },
    ])
  })

  it('puts the coming events a "when" question names in the prompt', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    const { assistant, calls } = assistantWith([textParts('Today.')], { tools: 'off' })
    const { answer } = await ask(assistant, user, 'When is the dentist?')
    expect(answer.content).toBe('Today.')
    expect(systemPromptOf(calls[0]!)).toMatch(
      /- \*\*Coming events that match the question:\*\*\n {2}- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist \(Rua Augusta 1, Lisbon\)$/,
    )
    expect(answer.activity.map((a) => a.tool)).toEqual(['get_calendar_events'])
  })

  it('reads a follow-up as the question it stands for: "where is it?" puts the dentist in the prompt', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    const memory = await t.factory.memory(user.id, { text: 'Dentist: bring the insurance card' })
    await t.factory.memory(user.id, { text: 'Piano lesson on Thursday' })
    const { assistant, calls } = assistantWith([textParts('Rua Augusta 1.')], { tools: 'off' })
    const history: HistoryMessage[] = [
      { role: 'user', content: 'When is the dentist?' },
      { role: 'assistant', content: 'Today at 15:00.' },
    ]
    const { answer } = await ask(assistant, user, 'Where is it?', { history })
    const prompt = systemPromptOf(calls[0]!)
    expect(prompt).toMatch(
      /Coming events that match the question:\*\*\n {2}- \*\*Today\*\*, 1[45]:00–1[56]:00: Dentist/,
    )
    expect(answer.citations.map((c) => c.id)).toEqual([memory.id])
    expect(prompt).not.toContain('Piano lesson')
    // The model reads the message as written.
    expect(messagesOf(calls[0]!, 'user')).toEqual(['When is the dentist?', 'Where is it?'])
  })

  it('puts the total in the prompt for "how far did I run this week?", from more memories than it holds', async () => {
    const user = await t.createUser()
    const today = todayIn('UTC')
    for (let i = 0; i < 12; i++) {
      await t.factory.memory(user.id, { text: `Ran ${i + 1} km by the river`, date: addDays(today, -40 - i) })
    }
    const { assistant, calls } = assistantWith([textParts('78 km.')], { tools: 'off' })
    await ask(assistant, user, 'How far have I run in total?')
    const prompt = systemPromptOf(calls[0]!)
    // 1 + 2 + … + 12 km: all twelve, though the prompt quotes at most eight memories.
    expect(prompt).toContain("Added up from the user's memories:")
    expect(prompt).toContain('**78 km** in all, from 12 memories:')
  })

  it('puts the free time between the events in the prompt for "when am I free?"', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    const { assistant, calls } = assistantWith([textParts('Tomorrow, all day.')], { tools: 'off' })
    await ask(assistant, user, 'When am I free tomorrow?')
    expect(systemPromptOf(calls[0]!)).toContain(
      '- Your free time between 08:00 and 20:00:\n  - **Tomorrow**: 08:00–20:00',
    )
  })

  it('puts the day\'s briefing in the prompt for "brief me"', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    const { assistant, calls } = assistantWith([textParts('A busy day.')], { tools: 'off' })
    const { answer } = await ask(assistant, user, 'Give me my morning briefing')
    expect(answer.content).toBe('A busy day.')
    const prompt = systemPromptOf(calls[0]!)
    expect(prompt).toContain("The user asked for their daily briefing. Today's, from their weather, calendar")
    expect(prompt).toContain('- **09:00–09:30** Team standup')
    expect(prompt).toContain('_Weather is off. Turn it on under Data Sources._')
  })

  it('puts the next event in the prompt for "what\'s my next meeting?"', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    const { assistant, calls } = assistantWith([textParts('The dentist.')], { tools: 'off' })
    const { answer } = await ask(assistant, user, 'When does my day end?')
    expect(answer.content).toBe('The dentist.')
    expect(systemPromptOf(calls[0]!)).toMatch(
      /- Your last event today is \*\*1[45]:00–1[56]:00\*\*: Dentist \(Rua Augusta 1, Lisbon\)[.,]/,
    )
    expect(answer.activity.map((a) => a.tool)).toEqual(['get_calendar_events'])
  })

  it('puts the times of sunrise and sunset in the prompt for "when is sunset?"', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: storedLocation('Lisbon') },
    })
    const { assistant, calls } = assistantWith([textParts('At 17:15.')], { tools: 'off' })
    const { answer } = await ask(assistant, user, 'When is sunset?')
    expect(systemPromptOf(calls[0]!)).toMatch(
      /\*\*Sunrise and sunset for today in Lisbon:\*\* 07:\d\d and 17:\d\d/,
    )
    expect(answer.activity.map((a) => a.tool)).toEqual(['get_weather'])
  })

  it('puts the weather of the day a follow-up means in the prompt: "will it rain that day?"', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: storedLocation('Lisbon') },
    })
    const day = addDays(todayIn('UTC'), 3)
    await t.factory.memory(user.id, { text: 'Car service at the garage', date: day })
    const { assistant, calls } = assistantWith([textParts('Probably not.')], { tools: 'off' })
    const history: HistoryMessage[] = [
      { role: 'user', content: 'When is the car service?' },
      { role: 'assistant', content: 'In three days.' },
    ]
    await ask(assistant, user, 'Will it rain that day?', { history })
    const named = formatDay(day, { weekday: true, today: todayIn('UTC') })
    expect(systemPromptOf(calls[0]!)).toContain(`**Weather for ${named} in Lisbon:**`)
    expect(messagesOf(calls[0]!, 'user')).toEqual(['When is the car service?', 'Will it rain that day?'])
  })

  it('puts today’s weather in the prompt for a weather question, and saves what the user asks to remember', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: {
        locationName: 'Lisbon',
        location: storedLocation('Lisbon'),
      },
    })
    const { assistant, calls } = assistantWith([textParts('Take an umbrella.')], { tools: 'off' })
    const weather = await ask(assistant, user, 'Do I need an umbrella today?')
    expect(calls[0]!.tools ?? []).toEqual([])
    expect(systemPromptOf(calls[0]!)).toContain('**Weather for today in Lisbon:**')
    expect(systemPromptOf(calls[0]!)).toContain('80% chance of rain')
    expect(weather.answer.activity).toEqual([
      { tool: 'get_weather', summary: 'Checked the weather for today' },
    ])

    const remembered = await ask(assistant, user, 'Remember that the plumber comes tomorrow #home')
    const saved = (await user.api.get<MemoryList>('/api/memories', { searchTerm: 'plumber' })).body.items
    expect(saved).toHaveLength(1)
    // "tomorrow" is written as the day it names, so that the memory still reads true after it.
    const tomorrow = addDays(todayIn('UTC'), 1)
    const written = formatDay(tomorrow, {
      weekday: true,
      year: tomorrow.slice(0, 4) !== todayIn('UTC').slice(0, 4),
    })
    expect(saved[0]).toMatchObject({
      text: `The plumber comes on ${written}`,
      tags: ['home'],
      date: tomorrow,
    })
    expect(remembered.answer.activity).toEqual([
      { tool: 'create_memory', summary: 'Saved a memory', memoryId: saved[0]!.id },
    ])
    expect(systemPromptOf(calls[1]!)).toContain('You have just saved this memory')

    // A question about tomorrow: the calendar (off here) and the memory dated tomorrow are in the prompt.
    const day = await ask(assistant, user, 'What do I have tomorrow?')
    expect(systemPromptOf(calls[2]!)).toContain('**Your memories dated tomorrow:**')
    expect(systemPromptOf(calls[2]!)).toContain(
      'Calendar events are not included: the calendar data source is turned off',
    )
    // The day's lines stay lines, indented under the fact.
    expect(systemPromptOf(calls[2]!)).toContain(
      `- **Your memories dated tomorrow:**\n  - **${formatDay(tomorrow)}**: The plumber comes on ${written} _(#home)_\n  _Calendar`,
    )
    expect(day.answer.activity.map((a) => a.summary)).toEqual([
      'Could not read your calendar for tomorrow: it is turned off',
      'Looked for memories dated tomorrow',
      `Searched memories for '${formatDay(addDays(todayIn('UTC'), 1), { year: false })}'`,
    ])

    // A fact with no day named is kept without a date, and the model is told so.
    await ask(assistant, user, 'Remember that the wifi password is on the fridge')
    const wifi = (await user.api.get<MemoryList>('/api/memories', { searchTerm: 'wifi' })).body.items
    expect(wifi[0]).toMatchObject({ text: 'The wifi password is on the fridge', date: null })
    expect(systemPromptOf(calls[3]!)).toContain(
      'You have just saved this memory for the user, with no date: "The wifi password is on the fridge".',
    )
  })

  it('AI_TOOLS=on keeps tools: a refusal is a failure the offline assistant answers', async () => {
    const user = await t.createUser()
    const { assistant, calls, warnings } = assistantWith([refusal()], { tools: 'on' })
    const { answer } = await ask(assistant, user, 'hello')
    expect(answer.mode).toBe('offline')
    expect(answer.content.startsWith(FALLBACK_NOTE)).toBe(true)
    expect(calls).toHaveLength(1)
    expect(warnings.map((w) => w.message)).toEqual([
      'The language model did not answer; the offline assistant answered instead',
    ])
  })
})

describe('falling back to the offline assistant', () => {
  it('when the provider fails (500), with the note first and no model named', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Ana likes sunflowers' })
    const failure = new APICallError({
      message: 'Internal Server Error',
      url: 'http://model.test/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 500,
    })
    const { assistant, warnings } = assistantWith([failure])
    const { answer, streamed } = await ask(assistant, user, 'What does Ana like?')
    expect(answer.mode).toBe('offline')
    expect(answer.model).toBeUndefined()
    expect(answer.content).toMatch(new RegExp(`^${FALLBACK_NOTE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\n`))
    expect(answer.content).toContain('Ana likes sunflowers')
    expect(answer.content).not.toContain('without a language model')
    expect(streamed).toBe(answer.content)
    expect(warnings[0]!.details).toMatchObject({ reason: '500: Internal Server Error' })
  })

  it('when no first token comes in time', async () => {
    const user = await t.createUser()
    const { assistant, calls, warnings } = assistantWith([[]], { hangAfter: () => true })
    const { answer } = await ask(assistant, user, 'hello?')
    expect(warnings[0]!.details).toMatchObject({ reason: 'no first token within 200 ms' })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.abortSignal?.aborted).toBe(true)
    expect(answer.mode).toBe('offline')
    expect(answer.content.startsWith(FALLBACK_NOTE)).toBe(true)
  })

  it('when the whole answer takes too long, even after it started', async () => {
    const user = await t.createUser()
    const slow: ScriptStep = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Let me think' },
    ]
    const { assistant, warnings } = assistantWith([slow], { hangAfter: () => true })
    const { answer, streamed } = await ask(assistant, user, 'hello?')
    expect(warnings[0]!.details).toMatchObject({ reason: 'no complete answer within 600 ms' })
    expect(answer.mode).toBe('offline')
    expect(answer.content.startsWith(FALLBACK_NOTE)).toBe(true)
    expect(answer.content).not.toContain('Let me think')
    // What the screen got: the start of the model's answer, then the offline one (the stored answer replaces it).
    expect(streamed.startsWith('Let me think')).toBe(true)
  })

  it('when the answer is empty', async () => {
    const user = await t.createUser()
    const { assistant, warnings } = assistantWith([textParts('  ')])
    const { answer } = await ask(assistant, user, 'hello?')
    expect(warnings[0]!.details).toMatchObject({ reason: 'the answer was empty' })
    expect(answer.mode).toBe('offline')
    expect(answer.content.startsWith(FALLBACK_NOTE)).toBe(true)
  })

  it('does not save a memory twice when the model saved it before failing', async () => {
    const user = await t.createUser()
    const failure = new APICallError({
      message: 'Bad Gateway',
      url: 'http://x',
      requestBodyValues: {},
      statusCode: 502,
    })
    const { assistant } = assistantWith([
      toolCallParts('create_memory', { text: 'Pick up the parcel', date: todayIn('UTC') }),
      failure,
    ])
    const { answer } = await ask(assistant, user, 'Remember to pick up the parcel')
    expect(answer.mode).toBe('offline')
    expect(answer.content).toContain('Pick up the parcel')
    const list = await user.api.get<MemoryList>('/api/memories')
    expect(list.body.totalCount).toBe(1)
    expect(answer.activity.filter((a) => a.tool === 'create_memory')).toHaveLength(1)
  })
})

describe('stopping', () => {
  it('returns what was generated so far, marked stopped, with no fallback', async () => {
    const user = await t.createUser()
    const partial: ScriptStep = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Once upon ' },
      { type: 'text-delta', id: 't1', delta: 'a time' },
    ]
    const { assistant, calls } = assistantWith([partial], {
      hangAfter: () => true,
      assistant: { totalTimeoutMs: 10_000, firstTokenTimeoutMs: 10_000 },
    })
    const controller = new AbortController()
    let seen = ''
    const { answer } = await ask(assistant, user, 'Tell me a story', {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type !== 'delta') return
        seen += e.text
        if (seen === 'Once upon a time') controller.abort()
      },
    })
    expect(answer).toMatchObject({
      content: 'Once upon a time',
      stopped: true,
      mode: 'tools',
      model: 'mock-model',
    })
    expect(calls[0]!.abortSignal?.aborted).toBe(true)
  })
})

describe('recognising refusals', () => {
  it('knows Ollama’s 400 and tool calls printed as text, and nothing else', () => {
    expect(refusesTools(refusal())).toBe(true)
    expect(
      refusesTools(
        new APICallError({
          message: 'Bad Request',
          url: 'x',
          requestBodyValues: {},
          statusCode: 400,
          responseBody: 'context too long',
        }),
      ),
    ).toBe(false)
    expect(
      refusesTools(
        new APICallError({
          message: 'does not support tools',
          url: 'x',
          requestBodyValues: {},
          statusCode: 500,
        }),
      ),
    ).toBe(false)
    expect(toolCallText('{"name": "get_weather", "arguments": {}}')).toBe('tool-call')
    expect(toolCallText('```json\n{"name":"search_memories"')).toBe('tool-call')
    expect(toolCallText('<tool_call>\n{"name": "x"}')).toBe('tool-call')
    expect(toolCallText('{"na')).toBe('undecided')
    expect(toolCallText('{"na', true)).toBe('text')
    expect(toolCallText('Sure, ')).toBe('text')
    expect(toolCallText('[link](x)')).toBe('undecided')
    expect(toolCallText('[link](x)', true)).toBe('text')
  })
})

describe('AI_TOOLS', () => {
  it('defaults to auto, takes on and off, and refuses anything else at start-up', async () => {
    expect(testEnv().ai.tools).toBe('auto')
    expect(() => testEnv({ AI_TOOLS: 'maybe' })).toThrow(ConfigError)
    expect(() => testEnv({ AI_TOOLS: 'maybe' })).toThrow('AI_TOOLS: must be auto, on or off')

    const env = testEnv({ AI_TOOLS: 'off' })
    expect(env.ai.tools).toBe('off')
    const scripted = scriptedModel([textParts('From the prompt.')])
    const assistant = createAssistant({ services: t.services, languageModel: scripted.languageModel, env })
    const user = await t.createUser()
    const { answer } = await ask(assistant, user, 'hello')
    expect(answer.mode).toBe('context')
    expect(scripted.calls[0]!.tools ?? []).toEqual([])
  })
})
