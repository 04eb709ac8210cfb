import { MEMORY_LIMITS, type Memory } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { SearchTimeoutError } from '../../db/time-limit.ts'
import type { UserLimit } from '../../lib/user-limit.ts'
import type { UsersService } from '../auth/index.ts'
import { toMemory, type MemoriesService, type MemoryRecord, type SavedDays } from '../memories/index.ts'
import {
  namesInMemory,
  readQuestion,
  withoutNearDuplicates,
  type QuestionTerm,
  type ReadQuestion,
} from './question.ts'
import {
  createRecallRepo,
  type MemoryWord,
  type RankedRecord,
  type ScoredTerm,
  type TermPair,
  type TermStat,
} from './recall.repo.ts'
import { laterFirst, withLaterNotes } from './later-notes.ts'
import { inLawCandidates, namesForRoles, roleSearchWords, rolesAsked } from './relations.ts'
import { createLocalSemantic, withMeaning } from './local-semantic.ts'
import type { SemanticRecall } from './semantic.ts'
import { correctedSpelling, MIN_SPELLING_LENGTH, spellingPrefix } from './spelling.ts'
import {
  isCommonWord,
  ownWords,
  withCompoundParts,
  withDoers,
  withWordNeighbours,
} from './word-neighbours.ts'

export interface RecallRequest {
  /** The person's words; empty lists the newest memories matching the filters. */
  query: string
  tags?: string[] | undefined
  /** Inclusive days ('YYYY-MM-DD'); when given, a period the words name is not read again. */
  from?: string | undefined
  to?: string | undefined
  /** Inclusive days on which the memories were saved, whatever day they are about. */
  saved?: SavedDays | undefined
  /** The names among the query's words; by default those it capitalises where no sentence starts. */
  names?: string[] | undefined
  /** With no query: the ones saved last first, not the newest by day. */
  newestSaved?: boolean | undefined
  limit?: number
  /** The asker's clock (the assistant's): "last month" is the month before the one it reads. */
  now?: Date | undefined
  /** The asker's time zone when the caller has it already (else read when the words name a day). */
  timeZone?: string | undefined
}

/**
 * Candidates come from the rarest of the question's words until their memories add up to this many
 * (a common word alone: its newest this many): BM25 then ranks them on all the words. The rarest words
 * are where the best matches are, and this bounds the work at any number of memories.
 */
const CANDIDATE_TARGET = 500
const CANDIDATE_LIMIT = CANDIDATE_TARGET
/**
 * When even the rarest word is in more memories than that, its newest this many: few enough that
 * PostgreSQL walks the list order's index newest first and stops, instead of reading every match.
 */
const COMMON_CANDIDATES = 50
/**
 * ...looked for among the user's newest this many memories (read in the list order's index). Reading
 * them is most of such a search's time: at 100 000 memories of common words (the latency benchmark)
 * 2 000 and 100 took 20 ms a recall on PostgreSQL, 1 000 and 50 take 15 ms; the quality sets' figures
 * are the same (their corpora hold a few hundred memories each).
 */
const RECENT_WINDOW = 1000
/** How many ranked memories the reading of the question reorders, thins and follows from. */
const RANKED = 40
/** Neighbouring words of the question found within three words of each other: this share of their IDFs. */
const PROXIMITY = 0.25
/** How many memories the second pass adds after the memory that named its name, at most. */
const SECOND_PASS = 2
/** A name found in more than this share of the user's memories leads nowhere in particular. */
const LINK_SHARE = 0.05
/** Words that may name a period (question.ts periodIn): only then is the user's zone read. */
const DAY_WORDS =
  /\b(?:yesterday|today|tonight|tomorrow|last|this|next|ago|week|weekend|month|year|spring|summer|autumn|fall|winter|(?:19|20)\d\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|\d{1,2}(?:st|nd|rd|th)?)/i
/**
 * The conversational neighbour: a memory saved within this many seconds just before or after one of the
 * best matches is likely part of the same exchange or burst of notes (a question and its answer, "what
 * pets do you have?" then "a cat named Bailey"), and takes a share of its score when that beats its own.
 * Memories saved less than a second apart are a machine's batch (an import, a tool saving several, a
 * test's fixtures), not an exchange's turns, and an exchange's turns are about one day: not neighbours.
 */
const NEIGHBOUR_SECONDS = 60
/** Whose neighbours are looked at: this many of the best matches. */
const NEIGHBOUR_OF = 5
/**
 * The share of the match's score its neighbour gets. Measured on the recall benchmark (direct): LoCoMo dev
 * hit@8 69.9% → 72.5% at 0.5 (70.7% at 0.3), the notes set (a day apart, no neighbours) 88.9% either way.
 */
const NEIGHBOUR_SHARE = 0.5
/**
 * A short period the question names ("last month", "this week"): its memories holding none of the words
 * come after its matches, before other days' ("what did I do in Scotland last month?" finds the days in
 * Edinburgh). Measured on the recall benchmark (direct): the notes set's hit@8 88.9% → 90.7%, LoCoMo dev
 * 72.5% → 72.2% (its questions seldom name a period the reader knows).
 */
const PERIOD_FILL = true
/**
 * Pseudo-relevance feedback (RM3's relevance model, as a rerank of the ranked list): the words the best
 * FEEDBACK_DOCS memories hold besides the question's, weighed by how much of each memory they are times
 * that memory's share of their scores, and by how rare they are (IDF), the FEEDBACK_TERMS heaviest looked
 * for at FEEDBACK_WEIGHT of their IDF (the heaviest; the others in proportion) in the ranked memories,
 * which are ranked again. A question's answer often holds few of its words but shares the best match's
 * ("what does Tom play?": "Tom plays the cello in a quartet", then "quartet rehearsal… the cello needs new
 * strings"). No more round trips: the ranking statement returns the memories' words. Measured on the
 * recall benchmark (direct), LoCoMo dev hit@8 / recall@8 72.1% / 65.9% → 74.2% / 67.6%, better in each
 * of its five conversations (hits 108→114, 63→65, 108→110, 135→139, 134→136 of 150, 81, 152, 199, 178);
 * the notes set 91.7% / 84.1% → 94.4% / 88.6%. Five memories instead of three: 73.4% (four of five
 * conversations better), notes 93.5%.
 */
const FEEDBACK_DOCS = 3
const FEEDBACK_TERMS = 10
const FEEDBACK_WEIGHT = 0.3
/** Fewer memories than this: too few for the feedback's words to say anything. */
const FEEDBACK_MIN_MEMORIES = 20
/** How many of the newest notes holding a role's words are read for who has it. */
const ROLE_NOTES = 60
/** A name a role stands for weighs as a name the question gives... */
const ROLE_NAME_WEIGHT = 1.5
/** ...and the role's own word, once its name is known, this share of its weight. */
const RESOLVED_ROLE_WEIGHT = 0.5
/** Reciprocal rank fusion's constant (the usual 60). */
const RRF_K = 60

export interface RecallOptions {
  db: Db
  memories: Pick<MemoriesService, 'best' | 'query'>
  users: Pick<UsersService, 'timezoneOf'>
  /** Semantic search, when a deployment has an embedding model; its list is fused with the words'. */
  semantic?: SemanticRecall | undefined
  /**
   * The local semantic signal (local-semantic.ts) where semantic search gives nothing. Off by default:
   * it gained on notebook-dev but took LoCoMo dev below its budget (figures in local-semantic.ts).
   */
  localSemantic?: boolean | undefined
  /** One user's searches at once (shared with the memories list's search). */
  searches?: UserLimit | undefined
  /** The assistant's clock: "last month" is the month before this one. */
  now?: () => Date
  /** How long semantic search may take before recall answers from the words alone (default 250 ms). */
  semanticWaitMs?: number
  /** How long a ranking statement may take on PostgreSQL (default 2 s). */
  statementTimeoutMs?: number
}

/** BM25's IDF (the +1 keeps it positive for a word most memories hold). */
const idf = (total: number, holding: number) =>
  Math.log(1 + (Math.max(total, holding) - holding + 0.5) / (holding + 0.5))

/** BM25's saturation of a word's occurrences (k1 1.2), without length: the feedback's words are a hint. */
const saturated = (occurrences: number) => (occurrences * 2.2) / (occurrences + 1.2)

/**
 * Pseudo-relevance feedback (FEEDBACK_DOCS): the ranked memories with the weight of the words the best
 * of them share added to their scores, best first again (those in the period first, as before; equal
 * scores keep their order). The best few are ranked again too: letting them keep their places was
 * measured, and lost most of the gain (LoCoMo dev 72.8%, two of five conversations worse).
 */
function withFeedback(ranked: RankedRecord[], question: ScoredTerm[], total: number): RankedRecord[] {
  const best = ranked.filter((r) => r.matched.length > 0).slice(0, FEEDBACK_DOCS)
  if (best.length < 2 || total < FEEDBACK_MIN_MEMORIES) return ranked
  const own = new Set(question.map((t) => t.lexeme))
  const scores = best.reduce((sum, r) => sum + r.score, 0)
  if (!(scores > 0)) return ranked
  const relevance = new Map<string, { p: number; holding: number; inBest: number }>()
  for (const memory of best) {
    const words = memory.words ?? []
    const length = words.reduce((sum, w) => sum + w[1], 0) || 1
    for (const [lexeme, occurrences, holding] of words) {
      // A word only this memory holds would raise it alone: it says nothing of the others.
      if (own.has(lexeme) || holding === null || holding < 2 || !/^[\p{L}\p{N}]+$/u.test(lexeme)) continue
      const known = relevance.get(lexeme) ?? { p: 0, holding, inBest: 0 }
      known.p += (occurrences / length) * (memory.score / scores)
      known.inBest += 1
      relevance.set(lexeme, known)
    }
  }
  // A word only the best few hold would only reorder them: the feedback is for finding others.
  const expansion = [...relevance.entries()]
    .filter(([, r]) => r.holding > r.inBest)
    .map(([lexeme, r]) => ({ lexeme, idf: idf(total, r.holding), w: r.p * idf(total, r.holding) }))
    .sort((a, b) => b.w - a.w || a.lexeme.localeCompare(b.lexeme))
    .slice(0, FEEDBACK_TERMS)
  if (expansion.length === 0) return ranked
  const heaviest = expansion[0]!.w
  const weightOf = new Map(expansion.map((e) => [e.lexeme, FEEDBACK_WEIGHT * e.idf * (e.w / heaviest)]))
  return ranked
    .map((r, i) => {
      let bonus = 0
      for (const [lexeme, occurrences] of r.words ?? ([] as MemoryWord[])) {
        const weight = weightOf.get(lexeme)
        if (weight) bonus += weight * saturated(occurrences)
      }
      return { r: bonus ? { ...r, score: r.score + bonus } : r, i }
    })
    .sort((a, b) => Number(b.r.inPeriod) - Number(a.r.inPeriod) || b.r.score - a.r.score || a.i - b.i)
    .map(({ r }) => r)
}

/**
 * Recall: the memories that answer a person's words, best first. Every place that chooses memories for
 * a question uses it (the chat in all its modes, the tools, MCP, the briefing, the memories screen's
 * closest matches).
 */
export function createRecallService(options: RecallOptions) {
  const repo = createRecallRepo(options.db)
  const now = options.now ?? (() => new Date())
  const semanticWaitMs = options.semanticWaitMs ?? 250
  const timeoutMs = options.statementTimeoutMs ?? 2000
  const local = options.localSemantic ? createLocalSemantic(options.db) : null

  /** The words' terms with their weights, the pairs of neighbours, and the lexemes that pick candidates. */
  function weigh(terms: QuestionTerm[], words: string[], stats: TermStat[], total: number) {
    const scored = new Map<string, ScoredTerm & { holding: number; share: number }>()
    const lexemesOf = new Map<string, string[]>()
    for (const stat of stats) {
      lexemesOf.set(stat.word, [...(lexemesOf.get(stat.word) ?? []), stat.lexeme])
      const term = terms.find((t) => t.word === stat.word)
      if (!term || stat.memories === 0) continue
      const weight = idf(total, stat.memories) * term.weight
      const known = scored.get(stat.lexeme)
      if (!known || known.weight < weight) {
        scored.set(stat.lexeme, {
          lexeme: stat.lexeme,
          weight,
          group: term.of,
          holding: stat.memories,
          share: term.weight,
        })
      }
    }
    const pairs: TermPair[] = []
    for (let i = 0; i + 1 < words.length; i++) {
      const first = scored.get(lexemesOf.get(words[i]!)?.[0] ?? '')
      const second = scored.get(lexemesOf.get(words[i + 1]!)?.[0] ?? '')
      if (first && second && first.lexeme !== second.lexeme) {
        pairs.push({
          first: first.lexeme,
          second: second.lexeme,
          weight: PROXIMITY * (idf(total, first.holding) + idf(total, second.holding)),
        })
      }
    }
    const candidates: string[] = []
    let reach = 0
    // Rarest first, a word looked for lightly (a neighbour in meaning) as if it were commoner than it is.
    const rarest = [...scored.values()].sort((a, b) => a.holding / a.share - b.holding / b.share)
    for (const term of rarest) {
      if (candidates.length && reach + term.holding > CANDIDATE_TARGET) break
      candidates.push(term.lexeme)
      reach += term.holding
    }
    return { terms: [...scored.values()], pairs, candidates, lexemesOf, reach }
  }

  /** The words' ranking (BM25 on the user's statistics), best first. */
  async function rank(
    userId: string,
    question: Pick<ReadQuestion, 'terms' | 'words' | 'names'>,
    filters: Awaited<ReturnType<MemoriesService['query']>>,
    /** `period`: its days' memories come first; `neighbours`: the best matches' conversational neighbours read too. */
    scope: { period: ReadQuestion['period']; neighbours?: boolean },
  ): Promise<{
    ranked: RankedRecord[]
    lexemesOf: Map<string, string[]>
    holding: Map<string, number>
    total: number
  }> {
    const words = [...new Set(question.terms.map((t) => t.word))]
    const found = await repo.terms(userId, words)
    const total = found.total
    const spelled = await spelledAsNotes(userId, question, found.stats)
    const stats = [...found.stats.filter((s) => !spelled.some((c) => c.word === s.word)), ...spelled]
    const weighed = weigh(question.terms, question.words, stats, total)
    const holding = new Map(stats.map((s) => [s.lexeme, s.memories]))
    const ranked = await repo.rank(userId, {
      terms: weighed.terms,
      pairs: weighed.pairs,
      candidates: weighed.candidates,
      filters,
      names: question.names,
      period: scope.period,
      periodFill: PERIOD_FILL,
      limit: RANKED,
      candidateLimit: weighed.reach > CANDIDATE_LIMIT ? COMMON_CANDIDATES : CANDIDATE_LIMIT,
      recentWindow: weighed.reach > CANDIDATE_LIMIT ? RECENT_WINDOW : undefined,
      // Rare words read a few memories: a time limit (a transaction, three more round trips) only
      // where the candidates are many.
      timeoutMs: weighed.reach > CANDIDATE_LIMIT ? timeoutMs : 0,
      feedback: FEEDBACK_DOCS,
      neighbourSeconds: scope.neighbours ? NEIGHBOUR_SECONDS : undefined,
    })
    return {
      ranked: withFeedback(ranked, weighed.terms, total),
      lexemesOf: weighed.lexemesOf,
      holding,
      total,
    }
  }

  /**
   * The question's own words that no memory holds and no English dictionary knows, read as the person's
   * notes spell them (spelling.ts): each a stat of its word with the stem it means.
   */
  async function spelledAsNotes(
    userId: string,
    question: Pick<ReadQuestion, 'terms' | 'names'>,
    stats: TermStat[],
  ): Promise<TermStat[]> {
    const unknown = ownWords(question.terms, question.names).filter(
      (word) =>
        word.length >= MIN_SPELLING_LENGTH &&
        !isCommonWord(word) &&
        !stats.some((s) => s.word === word && s.memories > 0),
    )
    if (unknown.length === 0) return []
    const known = await repo.stemsStarting(userId, [...new Set(unknown.map(spellingPrefix))])
    return unknown.flatMap((word) => {
      const stem = correctedSpelling(
        word,
        known.filter((k) => k.term.startsWith(spellingPrefix(word))),
      )
      const memories = known.find((k) => k.term === stem)?.memories ?? 0
      return stem ? [{ word, lexeme: stem, memories }] : []
    })
  }

  /** Semantic search's ids within its time limit, or null (not configured, failing, or too slow). */
  function nearest(userId: string, text: string, limit: number): Promise<string[] | null> {
    const semantic = options.semantic
    if (!semantic || !text.trim()) return Promise.resolve(null)
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        controller.abort()
        resolve(null)
      }, semanticWaitMs)
    })
    const asked = semantic
      .nearest(userId, text, limit, { signal: controller.signal })
      .catch(() => null)
      .finally(() => clearTimeout(timer))
    return Promise.race([asked, late])
  }

  async function find(userId: string, request: RecallRequest): Promise<RecalledMemory[]> {
    const limit = request.limit ?? 8
    const text = request.query
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MEMORY_LIMITS.searchTermMax * 5)
    // A question that names no day needs no time zone (one round trip less).
    const zone = !DAY_WORDS.test(text)
      ? 'UTC'
      : (request.timeZone ?? (await options.users.timezoneOf(userId)))
    const read = readQuestion(text, zone, request.now ?? now(), request.names)
    const question = {
      ...read,
      terms: withDoers(withCompoundParts(withWordNeighbours(read.terms, read.names), read.names), read.names),
    }
    // People by role (issue 44): "my son" is looked for by the name the person's notes give him too, and
    // the role's word counts less: a note about him need not say "son".
    const byRole = await namesByRole(userId, text)
    if (byRole.names.length)
      question.terms = question.terms.map((t) =>
        byRole.roleWords.has(t.of) ? { ...t, weight: t.weight * RESOLVED_ROLE_WEIGHT } : t,
      )
    for (const name of byRole.names) {
      if (question.names.includes(name)) continue
      question.names.push(name)
      question.words.push(name)
      question.terms.push({ word: name, weight: ROLE_NAME_WEIGHT, of: name })
    }
    const explicitDays = Boolean(request.from || request.to)
    const filters = await options.memories.query(userId, {
      tags: request.tags?.length ? request.tags : undefined,
      startDate: request.from,
      endDate: request.to,
      saved: request.saved,
      newestSaved: request.newestSaved,
    })
    const legacy = () =>
      options.memories.best(
        userId,
        {
          tags: request.tags?.length ? request.tags : undefined,
          startDate: request.from,
          endDate: request.to,
          saved: request.saved,
          newestSaved: request.newestSaved,
          searchTerm: text.slice(0, MEMORY_LIMITS.searchTermMax) || undefined,
        },
        limit,
      )
    // Nothing to look for but the filters: the newest (or those the whole text finds, as typed).
    if (question.terms.length === 0) return legacy()

    const semantic = nearest(userId, text, Math.max(limit * 3, 20))
    // Where semantic search gives nothing (no model, failing, slow): the local signal (local-semantic.ts).
    const meaning = semantic.then((ids) =>
      ids || !local
        ? null
        : local.nearest(userId, question.words, filters, Math.max(limit * 3, 20)).catch(() => null),
    )
    let ranking: Awaited<ReturnType<typeof rank>>
    try {
      ranking = await rank(userId, question, filters, {
        period: explicitDays ? null : question.period,
        neighbours: true,
      })
    } catch (error) {
      // Too long a search answers what the faster searches find, never an error in the chat.
      if (!(error instanceof SearchTimeoutError)) throw error
      ranking = { ranked: [], lexemesOf: new Map(), holding: new Map(), total: 0 }
    }
    const withNeighbours = neighbours(ranking.ranked, question.period)
    let ranked: (MemoryRecord & Partial<RankedRecord>)[] = withNeighbours
    // Notes noted again later (issue 44, "now"): marked so in the prompt.
    let changed = new Set<string>()
    let changes: Array<[later: string, older: string]> = []
    if (question.present && !question.several)
      ranked = newestFirstWhereTheyDisagree(withNeighbours, question.now ? changed : undefined)
    if (question.now) {
      const questionLexemes = new Set(question.words.flatMap((w) => ranking.lexemesOf.get(w) ?? []))
      ;({ ranked, changed, changes } = await withLaterNotes({
        repo,
        userId,
        ranked,
        filters,
        total: ranking.total,
        questionLexemes,
        text,
        changed,
      }))
    }
    ranked = withoutNearDuplicates(ranked)
    ranked = await followNames(userId, question, ranking, ranked, filters)
    ranked = fuse(ranked, await semantic, await missing(userId, ranked, await semantic))
    const near = await meaning
    ranked = withMeaning(ranked, near, await missing(userId, ranked, near?.map((m) => m.id) ?? null))
    ranked = withoutNearDuplicates(ranked)
    ranked = laterFirst(ranked, changes)
    if (ranked.length === 0 && question.period && !explicitDays) {
      // A question naming a period never leaves the model with nothing: the period's own notes.
      ranked = await options.memories
        .best(
          userId,
          {
            tags: request.tags?.length ? request.tags : undefined,
            startDate: question.period.from,
            endDate: question.period.to,
          },
          limit,
        )
        .then((found) =>
          found.map((m) => ({ ...m, createdAt: new Date(m.createdAt), updatedAt: new Date(m.updatedAt) })),
        )
    }
    if (ranked.length === 0) {
      // The search box's reading fills what is left ('dent' finds 'dentist' as the word being typed).
      const seen = new Set(ranked.map((m) => m.id))
      for (const m of await legacy()) {
        if (!seen.has(m.id))
          ranked.push({ ...m, createdAt: new Date(m.createdAt), updatedAt: new Date(m.updatedAt) })
      }
      ranked = withoutNearDuplicates(ranked)
    }
    return ranked
      .slice(0, limit)
      .map((m) => (changed.has(m.id) ? { ...toMemory(m), changedLater: true } : toMemory(m)))
  }

  /** The names the user's notes give the roles the words name ("my son": "my son Tomás"), newest first. */
  async function namesByRole(userId: string, text: string) {
    const asked = rolesAsked(text)
    if (asked.length === 0) return { names: [], roleWords: new Set<string>() }
    const notes = (await repo.textsHolding(userId, roleSearchWords(asked), ROLE_NOTES)).map((text) => ({
      text,
    }))
    // Whose family the notes name, when the question asks for family by marriage: the one the person's
    // notes name most is likely the partner (a friend's mum is named in a note or two).
    const whose = inLawCandidates(asked, notes)
    const mentions = whose.length > 1 ? (await repo.terms(userId, whose)).stats : []
    const likelyPartner =
      whose.length === 1
        ? whose[0]!
        : (whose
            .map((name) => ({
              name,
              memories: Math.max(0, ...mentions.filter((s) => s.word === name).map((s) => s.memories)),
            }))
            .sort((a, b) => b.memories - a.memories)[0]?.name ?? null)
    return {
      names: namesForRoles(asked, notes, 2, likelyPartner),
      roleWords: new Set(asked.flatMap((r) => r.group)),
    }
  }

  /**
   * The best matches' conversational neighbours (NEIGHBOUR_SECONDS) with a share of their score when
   * it beats their own, in the ranking by score (those in the period first, as the words' ranking has it).
   */
  function neighbours(ranked: RankedRecord[], period: ReadQuestion['period']): RankedRecord[] {
    const byId = new Map(ranked.map((m) => [m.id, m] as const))
    for (const { id, neighbours: found = [] } of ranked.slice(0, NEIGHBOUR_OF)) {
      for (const n of found) {
        // As it stands now: it may have taken a share of an earlier match's score.
        const borrowed = byId.get(id)!.score * NEIGHBOUR_SHARE
        const known = byId.get(n.id)
        if (known) {
          if (known.score < borrowed) byId.set(n.id, { ...known, score: borrowed })
          continue
        }
        byId.set(n.id, {
          ...n,
          score: borrowed,
          matched: [],
          inPeriod: Boolean(period && n.sortDate >= period.from && n.sortDate <= period.to),
        })
      }
    }
    // Stable: equal scores keep the words' order.
    return [...byId.values()].sort((a, b) => Number(b.inPeriod) - Number(a.inPeriod) || b.score - a.score)
  }

  /** The memories semantic search found that the words did not, read whole. */
  async function missing(userId: string, ranked: MemoryRecord[], ids: string[] | null) {
    if (!ids?.length) return []
    const known = new Set(ranked.map((m) => m.id))
    return repo.byIds(
      userId,
      ids.filter((id) => !known.has(id)),
    )
  }

  /**
   * Reciprocal rank fusion of the words' list and semantic search's (each memory 1/(60 + rank) from
   * each list it is on); the words' list alone when semantic search gave nothing.
   */
  function fuse<T extends MemoryRecord>(
    ranked: T[],
    ids: string[] | null,
    extra: MemoryRecord[],
  ): (T | MemoryRecord)[] {
    if (!ids?.length) return ranked
    const score = new Map<string, number>()
    ranked.forEach((m, i) => score.set(m.id, 1 / (RRF_K + i + 1)))
    ids.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + i + 1)))
    const byId = new Map<string, T | MemoryRecord>([
      ...extra.map((m) => [m.id, m] as const),
      ...ranked.map((m) => [m.id, m] as const),
    ])
    return [...score.entries()]
      .filter(([id]) => byId.has(id))
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => byId.get(id)!)
  }

  /**
   * The second pass (multi-hop): when the best memories do not hold all the question's words, the
   * names they give that the question does not ("Marta is my sister" for "can my sister eat prawns?")
   * are looked for with the rest of the question; what that finds comes after the memory that named
   * them, those holding more of the rest of the question first. Names most memories hold (the user's own, a diary's speakers) lead nowhere and are not followed.
   */
  async function followNames(
    userId: string,
    question: ReadQuestion,
    ranking: Awaited<ReturnType<typeof rank>>,
    ranked: (MemoryRecord & Partial<RankedRecord>)[],
    filters: Awaited<ReturnType<MemoriesService['query']>>,
  ) {
    const own = question.words.flatMap((w) => ranking.lexemesOf.get(w) ?? [])
    // Only for a question naming someone by role ("my sister"): one naming them holds their name already.
    if (!question.byRole) return ranked
    const bridges = ranked.slice(0, 3).filter((m) => own.some((l) => !m.matched?.includes(l)))
    if (bridges.length === 0 || ranked.length === 0) return ranked
    const result = [...ranked]
    const seen = new Set(ranked.map((m) => m.id))
    for (const bridge of bridges) {
      const names = namesInMemory(bridge.text, question.words).slice(0, 2)
      if (names.length === 0) continue
      const { stats } = await repo.terms(userId, names)
      const links = stats.filter(
        (s) => s.memories > 0 && s.memories <= Math.max(3, ranking.total * LINK_SHARE),
      )
      if (links.length === 0) continue
      const linkWords = [...new Set(links.map((l) => l.word))]
      // The rest of the question: the words the memory that named them did not hold.
      const rest = question.terms.filter(
        (t) => !(ranking.lexemesOf.get(t.of) ?? []).some((l) => bridge.matched?.includes(l)),
      )
      const second = await rank(
        userId,
        {
          terms: [...linkWords.map((word) => ({ word, weight: 1.5, of: word })), ...rest],
          words: [...linkWords, ...rest.filter((t) => t.word === t.of).map((t) => t.word)],
          names: linkWords,
        },
        filters,
        { period: null },
      ).catch((error: unknown) => {
        if (error instanceof SearchTimeoutError) return null
        throw error
      })
      const linkLexemes = links.map((l) => l.lexeme)
      const found = (second?.ranked ?? [])
        .filter((m) => !seen.has(m.id) && m.matched.some((l) => linkLexemes.includes(l)))
        .slice(0, SECOND_PASS)
      if (found.length === 0) continue
      for (const m of found) seen.add(m.id)
      result.splice(result.indexOf(bridge) + 1, 0, ...found)
    }
    return result
  }

  return {
    /** The memories most relevant to the words, best first, at most `limit` (8 by default). */
    async find(userId: string, request: RecallRequest): Promise<RecalledMemory[]> {
      return options.searches
        ? options.searches.run(userId, () => find(userId, request))
        : find(userId, request)
    },
  }
}
export type RecallService = ReturnType<typeof createRecallService>

/** A memory as recall gives it: `changedLater` when a later note changes what it says (the prompt says so). */
export type RecalledMemory = Memory & { changedLater?: boolean }

/**
 * For a question about now: among memories that hold the same of the question's words (the same
 * fact told at different times, "Tiago works at Google" and later "Tiago works at Spotify now"), the
 * newest takes the best place of the group; other memories keep their places.
 */
export function newestFirstWhereTheyDisagree(
  ranked: RankedRecord[],
  /** Given: the ids of the older memories of each such group are added to it. */
  older?: Set<string>,
): RankedRecord[] {
  const key = (m: RankedRecord) => [...m.matched].sort().join(' ')
  const top = ranked[0]?.score ?? 0
  const groups = new Map<string, RankedRecord[]>()
  for (const m of ranked) {
    // Only memories close to the best: a weak match is no rival fact; nor is a neighbour that holds none of the words.
    if (m.score < top * 0.5 || m.matched.length === 0) continue
    groups.set(key(m), [...(groups.get(key(m)) ?? []), m])
  }
  const result = [...ranked]
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const places = group.map((m) => result.indexOf(m)).sort((a, b) => a - b)
    const newest = [...group].sort(
      (a, b) => b.sortDate.localeCompare(a.sortDate) || b.createdAt.getTime() - a.createdAt.getTime(),
    )
    places.forEach((place, i) => (result[place] = newest[i]!))
    for (const m of newest.slice(1)) older?.add(m.id)
  }
  return result
}
