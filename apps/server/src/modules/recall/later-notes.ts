import type { MemoryQuery } from '../memories/index.ts'
import type { RankedRecord, RecallRepo } from './recall.repo.ts'

/**
 * "Now" and changes (issue 44): a fact that changed is often noted again without the words of its first
 * note ("Piano with Mrs Hale, £15 a lesson" then "Mrs Hale going up to £18 from May"; "Bins: black on
 * Tuesdays" then "rounds changing: black now Thursday"), so a question asking for the present value
 * finds the old note by its words and not the new one. For such a question, the best matches' later
 * notes that share the words few other notes hold (a name, the things the note lists) are put right
 * before them, and the older note is marked as changed later.
 */

/** The best matches whose later notes are looked for. */
const LATER_OF = 3
/** A word held by more than this share of the user's memories is too common to tie two notes. */
const RARE_SHARE = 0.03
/**
 * Two notes are tied when the words they share, few other notes hold, weigh at least this many times the
 * IDF of a word held by three notes: one name (few notes hold it), or two or three of a list's words.
 */
const TIE = 1

/**
 * The kinds of value a note states and a question asks for: a changed fact is the same kind of value
 * again ("£15 a lesson" then "going up to £18"; "black bin Tuesdays" then "black now Thursday").
 */
type ValueKind = 'money' | 'time' | 'day' | 'phone' | 'number'
const VALUE_KINDS: Array<[ValueKind, RegExp]> = [
  ['money', /[£$€¥]\s?\d|\d\s?(?:p|pence|euros?|dollars?|pounds?|quid)\b|\b(?:usd|gbp|eur)\b/i],
  ['phone', /(?:\+?\d[\d ]{8,}\d)/],
  ['time', /\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b/i],
  [
    'day',
    /\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?s?\b|\b(?:daily|weekly|fortnightly|monthly)\b/i,
  ],
  ['number', /\d/],
]
const ASKED_KINDS: Array<[ValueKind, RegExp]> = [
  ['money', /\b(?:how much|cost|costs|price|fee|fees|rent|charge|charges|pay|paying)\b/i],
  ['phone', /\b(?:number|phone|mobile|landline|contact|ring|call)\b/i],
  ['time', /\bwhat time\b/i],
  ['day', /\b(?:what|which) day\b|\bhow often\b|\bwhen\b/i],
  ['number', /\b(?:how many|size|dose|how long|how far|weight|how old|pb|record)\b/i],
]
const kindsIn = (text: string) => new Set(VALUE_KINDS.filter(([, re]) => re.test(text)).map(([k]) => k))
/** The kind of value a question asks for, if it says. */
export const askedKind = (question: string): ValueKind | null =>
  ASKED_KINDS.find(([, re]) => re.test(question))?.[0] ?? null

const idf = (total: number, holding: number) =>
  Math.log(1 + (Math.max(total, holding) - holding + 0.5) / (holding + 0.5))

/** Whether `b` was noted after `a`: a later day, or the same day saved later. */
export const notedAfter = (b: RankedRecord, a: RankedRecord) =>
  b.sortDate > a.sortDate || (b.sortDate === a.sortDate && b.createdAt.getTime() > a.createdAt.getTime())

export interface LaterNotesInput<T extends Partial<RankedRecord> & { id: string }> {
  repo: Pick<RecallRepo, 'rank'>
  userId: string
  /** The ranking so far, best first; those with `words` (the best few of the words' ranking) are followed. */
  ranked: T[]
  filters: MemoryQuery
  /** How many memories the user has (for the words' IDF). */
  total: number
  /** The lexemes of the question's own words: every match holds those, they tie nothing. */
  questionLexemes: ReadonlySet<string>
  /** The question as asked: a later note stating the kind of value it asks for is the likelier change. */
  text: string
  /** Ids already known to be changed later (kept, and added to). */
  changed?: Set<string>
}

/**
 * The ranking with each of the best matches' latest tied note before it, and the ids of the notes that
 * were noted again later (to be marked so in the prompt).
 */
export async function withLaterNotes<T extends Partial<RankedRecord> & { id: string }>(
  input: LaterNotesInput<T>,
): Promise<{
  ranked: (T | RankedRecord)[]
  changed: Set<string>
  /** Each later note and the one it changes (laterFirst keeps them in this order). */
  changes: Array<[later: string, older: string]>
}> {
  const { total } = input
  const result: (T | RankedRecord)[] = [...input.ranked]
  const changed = input.changed ?? new Set<string>()
  const changes: Array<[string, string]> = []
  const seen = new Set(input.ranked.map((m) => m.id))
  const rare = Math.max(3, total * RARE_SHARE)
  const asked = askedKind(input.text)
  const best = input.ranked
    .filter((m): m is T & RankedRecord => Boolean(m.words && m.matched?.length && m.sortDate))
    .slice(0, LATER_OF)
  for (const old of best) {
    const ties = (old.words ?? []).filter(
      ([lexeme, , holding]) =>
        holding !== null &&
        holding >= 2 &&
        holding <= rare &&
        /^\p{L}{2,}$/u.test(lexeme) &&
        !input.questionLexemes.has(lexeme),
    )
    if (ties.length === 0) continue
    const weightOf = new Map(ties.map(([lexeme, , holding]) => [lexeme, idf(total, holding!)]))
    const found = await input.repo.rank(input.userId, {
      terms: [...weightOf].map(([lexeme, weight]) => ({ lexeme, weight, group: lexeme })),
      pairs: [],
      candidates: [...weightOf.keys()],
      filters: input.filters,
      limit: 20,
      candidateLimit: 200,
      timeoutMs: 0,
    })
    const tie = idf(total, 3) * TIE
    const later = found
      .filter((m) => m.id !== old.id && notedAfter(m, old))
      .map((m) => ({
        m,
        weight: m.matched.reduce((sum, l) => sum + (weightOf.get(l) ?? 0), 0),
        kind: asked !== null && kindsIn(m.text).has(asked),
      }))
      .filter((x) => x.weight >= tie)
      // Stating what the question asks for, then the most tied (the same things said again), then the later.
      .sort(
        (a, b) =>
          Number(b.kind) - Number(a.kind) ||
          b.weight - a.weight ||
          Number(notedAfter(b.m, a.m)) - Number(notedAfter(a.m, b.m)),
      )[0]?.m
    if (!later) continue
    changed.add(old.id)
    changes.push([later.id, old.id])
    if (seen.has(later.id)) {
      // Already ranked: it goes before the note it changes if it stood after it.
      const at = result.findIndex((m) => m.id === later.id)
      const oldAt = result.indexOf(old)
      if (at > oldAt) result.splice(oldAt, 0, ...result.splice(at, 1))
      continue
    }
    seen.add(later.id)
    result.splice(result.indexOf(old), 0, later)
  }
  return { ranked: result, changed, changes }
}

/**
 * The ranking with each later note before the note it changes, wherever later steps (fusion with
 * another list) put them: moved to just before it when it stood after it.
 */
export function laterFirst<T extends { id: string }>(ranked: T[], changes: Array<[string, string]>): T[] {
  const result = [...ranked]
  for (const [later, older] of changes) {
    const at = result.findIndex((m) => m.id === later)
    const olderAt = result.findIndex((m) => m.id === older)
    if (at > olderAt && olderAt >= 0) result.splice(olderAt, 0, ...result.splice(at, 1))
  }
  return result
}
