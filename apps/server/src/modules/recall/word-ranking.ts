import type { MemoriesService } from '../memories/index.ts'
import type { QuestionTerm, ReadQuestion } from './question.ts'
import type { RecallRepo, RankedRecord, ScoredTerm, TermPair, TermStat } from './recall.repo.ts'
import { FEEDBACK_DOCS, idf, withFeedback } from './feedback.ts'
import { correctedSpelling, MIN_SPELLING_LENGTH, spellingPrefix } from './spelling.ts'
import { isCommonWord, ownWords } from './word-neighbours.ts'

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
 * The words' ranking: the question's words weighed on the user's statistics (BM25), spelled as the notes
 * spell them, the candidates ranked and given the feedback's words, and the best matches' neighbours.
 */
export function createWordRanking({ repo, timeoutMs }: { repo: RecallRepo; timeoutMs: number }) {
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
    const found = await repo.terms(userId, words, filters.language)
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

  return { rank, neighbours }
}
export type WordRanking = ReturnType<typeof createWordRanking>
export type Ranking = Awaited<ReturnType<WordRanking['rank']>>
