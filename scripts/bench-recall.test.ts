// The recall benchmark's own parts (apps/server/bench/recall): its data and the readings its figures rest
// on. A harness that misread the prompt or the evidence would print figures that look like recall's.
import { describe, expect, it } from 'vitest'
import { buildSystemPrompt, MEMORY_TEXT_MAX } from '../apps/server/src/modules/assistant/prompt.ts'
import { promptMemories, type LoadedCorpus } from '../apps/server/bench/recall/harness.ts'
import { score, type QuestionResult } from '../apps/server/bench/recall/quality.ts'
import {
  loadLocomo,
  loadNotes,
  parseEvidence,
  parseSessionTime,
  turnText,
  type BenchMemory,
} from '../apps/server/bench/recall/sets.ts'

describe('LoCoMo as the benchmark reads it', () => {
  it('reads a session time and writes a turn as a person keeps it', () => {
    expect(parseSessionTime('1:56 pm on 8 May, 2023').toISOString()).toBe('2023-05-08T13:56:00.000Z')
    expect(parseSessionTime('12:19 am on 4 January, 2024').toISOString()).toBe('2024-01-04T00:19:00.000Z')
    expect(() => parseSessionTime('yesterday')).toThrow(/cannot read/)
    expect(
      turnText({ speaker: 'Caroline', dia_id: 'D1:5', text: 'Look!', blip_caption: 'a photo of a dog' }),
    ).toBe('Caroline: Look! [shared a photo: a photo of a dog]')
  })

  it('splits and mends malformed evidence ids and reports those naming no turn', () => {
    const turns = new Set(['D8:6', 'D9:17', 'D11:26', 'D1:3'])
    expect(parseEvidence(['D8:6; D9:17', 'D:11:26', 'D1:3', 'D1:3'], turns)).toEqual({
      usable: ['D8:6', 'D9:17', 'D11:26', 'D1:3'],
      unusable: [],
    })
    expect(parseEvidence(['D', 'D10:19'], turns)).toEqual({ usable: [], unusable: ['D', 'D10:19'] })
  })

  it('loads the five development conversations, categories 1–4 only, every evidence id a turn', () => {
    const set = loadLocomo()
    expect(set.corpora.map((c) => c.name)).toEqual(['26', '30', '41', '42', '43'].map((f) => `locomo-${f}`))
    const questions = set.corpora.flatMap((c) => c.questions)
    expect(questions).toHaveLength(760)
    expect(new Set(questions.map((q) => q.group))).toEqual(new Set(set.groups))
    for (const corpus of set.corpora) {
      const keys = new Set(corpus.memories.map((m) => m.key))
      for (const q of corpus.questions)
        for (const e of q.evidence) expect(keys.has(e), `${q.id} ${e}`).toBe(true)
      // Asked after the last session.
      const last = Math.max(...corpus.memories.map((m) => m.createdAt.getTime()))
      for (const q of corpus.questions) expect(q.now.getTime()).toBeGreaterThan(last)
    }
    expect(set.notes[0]).toMatch(/2 evidence ids unusable.*2 left out/)
  })
})

describe('the personal-notes set', () => {
  it('has every kind, and every answer is a note written by the question’s today', () => {
    const set = loadNotes()
    const [corpus] = set.corpora
    expect(corpus!.memories.length).toBeGreaterThanOrEqual(300)
    expect(corpus!.questions.length).toBeGreaterThanOrEqual(80)
    const byKey = new Map(corpus!.memories.map((m) => [m.key, m]))
    for (const kind of set.groups)
      expect(
        corpus!.questions.some((q) => q.group === kind),
        kind,
      ).toBe(true)
    for (const q of corpus!.questions) {
      for (const e of q.evidence)
        expect(byKey.get(e)!.date! <= q.now.toISOString().slice(0, 10), q.id).toBe(true)
    }
  })
})

describe('reading the memories back from the prompt', () => {
  const memories: BenchMemory[] = [
    { key: 'a', text: 'Thanks!', tags: [], date: '2023-05-08', createdAt: new Date('2023-05-08T10:00:00Z') },
    { key: 'b', text: 'Thanks!', tags: [], date: '2023-06-01', createdAt: new Date('2023-06-01T10:00:00Z') },
    {
      key: 'c',
      text: `Long ${'x'.repeat(MEMORY_TEXT_MAX + 50)}`,
      tags: ['work'],
      date: null,
      createdAt: new Date(),
    },
    {
      key: 'd',
      text: 'Marta is  my\nsister',
      tags: ['family', 'people'],
      date: '2024-01-02',
      createdAt: new Date(),
    },
  ]
  const loaded: LoadedCorpus = {
    corpus: { name: 't', timeZone: 'UTC', memories, questions: [] },
    userId: 'u',
    headers: {},
    keyOf: new Map(memories.map((m) => [`id-${m.key}`, m.key])),
    dateOf: new Map(memories.map((m) => [`id-${m.key}`, m.date])),
    idsOfText: new Map(),
  }
  for (const m of memories) {
    const text = m.text.replace(/\s+/g, ' ').trim()
    loaded.idsOfText.set(text, [...(loaded.idsOfText.get(text) ?? []), `id-${m.key}`])
  }
  const prompt = (shown: BenchMemory[]) =>
    buildSystemPrompt({
      assistantName: 'Remi',
      userName: 'T',
      now: new Date('2024-02-01T12:00:00Z'),
      timeZone: 'UTC',
      mode: 'context',
      memories: shown,
      facts: ['The weather: sunny.'],
    })

  it('finds each memory the app wrote, in order, a shared text by its day, a cut one by its start', () => {
    const [a, b, c, d] = memories
    expect(promptMemories(prompt([d!, b!, c!, a!]), loaded)).toEqual(['d', 'b', 'c', 'a'])
  })

  it('reads an empty list as nothing shown, and refuses a prompt it cannot read', () => {
    expect(promptMemories(prompt([]), loaded)).toEqual([])
    expect(() => promptMemories('You are Remi.', loaded)).toThrow(/no memories list/)
  })
})

describe('the figures', () => {
  it('hit@k is any evidence shown, recall@k the share shown, averaged over questions', () => {
    const result = (evidence: string[], shown: string[]): QuestionResult => ({
      corpus: 'c',
      id: 'q',
      group: 'g',
      text: '?',
      evidence,
      shown: { Remi: shown, BM25: [], 'BM25+stop': [] },
    })
    const s = score([result(['a', 'b'], ['x', 'a']), result(['c'], ['x']), result(['d'], ['d'])], 'Remi')
    expect(s.questions).toBe(3)
    expect(s.hit).toBeCloseTo(2 / 3)
    expect(s.recall).toBeCloseTo((0.5 + 0 + 1) / 3)
  })
})
