import { sql, type SQL } from 'drizzle-orm'
import { floatParam, queryRows, textParam, uuidArray, type Db } from '../../db/client.ts'
import { withTimeLimit } from '../../db/time-limit.ts'
import { memories, memoryCounts, memoryTerms } from '../../db/schema.ts'
import { searchConfig } from '../../lib/search-query.ts'
import type { Language } from '@remi/shared'
import {
  filterConditions,
  hasFilesColumn,
  listOrder,
  toRecord,
  type ListRow,
  type MemoryQuery,
  type MemoryRecord,
} from '../memories/index.ts'

/**
 * Words in more of a person's memories than this are read newest first instead of through the search
 * index (textsHolding): so many hold them that reading in order soon meets enough.
 */
export const DENSE_TERMS = 1000

/** The first string after every one that starts with `prefix` (its last letter's next), for a range scan. */
function following(prefix: string): string {
  const letters = [...prefix]
  const last = letters.pop() ?? ''
  return letters.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)
}

/** A stemmed word of the question and how many of the user's memories hold it. */
export interface TermStat {
  word: string
  lexeme: string
  memories: number
}

/** A lexeme to score, with its weight (its IDF times how much its word counts). */
export interface ScoredTerm {
  lexeme: string
  weight: number
  /** The question's word it stands for: of a word's forms and related words only the best counts. */
  group: string
}

/** Two neighbouring words of the question, found close together in a memory: worth `weight` more. */
export interface TermPair {
  first: string
  second: string
  weight: number
}

export interface RankInput {
  terms: ScoredTerm[]
  pairs: TermPair[]
  /** The lexemes whose memories are the candidates (the rarest ones: recall.service.ts). */
  candidates: string[]
  filters: MemoryQuery
  /** The question's names: a memory that opens with one of them is about it ("Marta is…", "Ana: …"). */
  names?: string[] | undefined
  /** Memories on these days come first when any match. */
  period?: { from: string; to: string } | null | undefined
  /** A short period's memories that hold none of the words come after its matches (before other days'). */
  periodFill?: boolean | undefined
  limit: number
  candidateLimit: number
  /**
   * Candidates only among the user's newest this many memories (a question of common words alone):
   * the list order's index read newest first, so the work is bounded however many memories match.
   */
  recentWindow?: number | undefined
  /** Milliseconds a ranking statement may take (PostgreSQL; 0: no limit); past it the search answers without it. */
  timeoutMs: number
  /**
   * Pseudo-relevance feedback (recall.service.ts): every ranked memory's stemmed words with their
   * counts, and for the best this many, how many of the user's memories hold each (0: none of that).
   */
  feedback?: number | undefined
  /**
   * Each ranked memory's conversational neighbours within this many seconds (see `neighbours` in the
   * statement): read with the ranking, not in a statement after it (a round trip less per question).
   */
  neighbourSeconds?: number | undefined
}

/** A memory saved just before or after a ranked one (the same day, 1 s to `neighbourSeconds` apart). */
export type NeighbourRecord = MemoryRecord & { sortDate: string }

export type RankedRecord = MemoryRecord & {
  score: number
  matched: string[]
  inPeriod: boolean
  sortDate: string
  /** With `feedback`: its stemmed words of text and tags as [lexeme, occurrences, memories holding it (the best few only)]. */
  words?: MemoryWord[] | undefined
  /** With `neighbourSeconds`: the memory saved just before it and the one just after, where there are. */
  neighbours?: NeighbourRecord[] | undefined
  /** Whether it has files (their names and words are in its attachment_text); unknown for a neighbour. */
  hasFiles?: boolean | undefined
}

/** A stemmed word of a memory: the lexeme, how often the memory holds it, how many memories do (or null). */
export type MemoryWord = [lexeme: string, occurrences: number, holding: number | null]

/** A lexeme as one tsquery term on the stemmed words (A: text, B: tags). Lexemes are letters and digits only. */
const quoted = (lexeme: string) => `'${lexeme}'`

/**
 * BM25's constants: k1, how soon more of the same word stops counting, and b, how much a long memory's
 * length takes from each of its words. ts_rank gives a single word's occurrences already saturated
 * (one: 1/1.645 of its weight, two: 1.25 times that, many: at most 1.645 times), read here as the count.
 * b is 0.4, not the usual 0.75: a memory is a note, and a longer one is mostly a fuller account of one
 * thing, not a document that holds a word by chance ("Rosie is allergic to tree nuts (walnuts, cashews,
 * pecans)…" answers "can my sister eat walnuts?" before "…the house ate our savings"). Measured on the
 * recall benchmark: 0.75 → 0.4 took LoCoMo dev hit@8 69.3% → 69.9% and the notes 87.0% → 88.0%; 0.2 and
 * 0.5 did no better, k1 0.9 or 1.6 no better either.
 */
const K1 = 1.2
const B = 0.4
const ONE_OCCURRENCE = 0.6079
/**
 * Below this many characters (a note of about a dozen words) length says nothing of a note: short
 * notes are not told apart by it, longer ones weigh less the longer they are (BM25's b).
 */
const SHORT = 60
/** A period of at most this many days ("last week", "last month", "in May 2023") is filled with its memories. */
const FILL_DAYS = 31
/** ...at most this many of them, the newest first. */
const PERIOD_FILL = 100
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1

/** How much more a memory that opens with a name the question asks about counts. */
const SUBJECT = 1.6

/** One lexeme of a tsvector's text: 'word' (a quote inside doubled, a backslash escaped), then its positions. */
const TSVECTOR_ENTRY = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g

/**
 * A memory's stemmed words from its tsvector's text ('garden':1A,7A 'plan':2A,9 'home':12B): each word
 * of its text (A) or tags (B) with how often it occurs there (positions weighted A, B or C; an unmarked
 * position is D, the words as written), in the tsvector's order, and how many of the user's memories
 * hold it where known.
 */
export function stemmedWords(text: string, holding: Record<string, number> | string | null): MemoryWord[] {
  const counts: Record<string, number> | null = typeof holding === 'string' ? JSON.parse(holding) : holding
  const words: MemoryWord[] = []
  for (const [, quoted, positions = ''] of text.matchAll(TSVECTOR_ENTRY)) {
    // Positions are digits, each with its weight's letter unless D: A and B (text, tags) and C count.
    let weighted = 0
    let ofTextOrTags = false
    for (let i = 0; i < positions.length; i++) {
      const c = positions.charCodeAt(i)
      if (c === 65 || c === 66) {
        weighted++
        ofTextOrTags = true
      } else if (c === 67) weighted++
    }
    // Only words of the text or tags (a word only as written, D, is not one).
    if (!ofTextOrTags) continue
    const lexeme = /['\\]/.test(quoted!) ? quoted!.replace(/''/g, "'").replace(/\\(.)/g, '$1') : quoted!
    const held = counts?.[lexeme]
    words.push([lexeme, weighted, held === undefined ? null : Number(held)])
  }
  return words
}

/** A ranked memory's row as the ranking statement gives it. */
type RankRow = ListRow & {
  score: number
  matched: string | null
  in_period: boolean
  has_files: boolean
  sort_date: string
  search_text?: string | null
  holding?: Record<string, number> | string | null
  neighbours?: Array<ListRow & { sort_date: string }> | string | null
}

/** The neighbours' rows as json_agg gives them (node-postgres parses json; text is read too). */
function neighbourRecords(rows: Array<ListRow & { sort_date: string }> | string | null): NeighbourRecord[] {
  const list: Array<ListRow & { sort_date: string }> =
    typeof rows === 'string' ? JSON.parse(rows) : (rows ?? [])
  return list.map((r) => ({ ...toRecord(r), sortDate: String(r.sort_date) }))
}

export function createRecallRepo(db: Db) {
  return {
    /**
     * The question's words as the search stems them, each with how many of the user's memories hold
     * it, and how many memories the user has: one lookup in memory_terms' primary key.
     */
    async terms(
      userId: string,
      words: string[],
      language?: Language,
    ): Promise<{ total: number; stats: TermStat[] }> {
      if (words.length === 0) return { total: 0, stats: [] }
      // Named (queryRows): primary-key lookups, the same plan whatever the words.
      const rows = await queryRows<{ word: string; lexeme: string; memories: number; total: number | null }>(
        db,
        sql`
        select w.word, l.lexeme, coalesce(t.memories, 0)::int as memories,
          (select total from ${memoryCounts} where user_id = ${userId})::int as total
        from unnest(${textParam(words)}) with ordinality as w(word, i)
        cross join lateral unnest(tsvector_to_array(to_tsvector(${searchConfig(language)}, w.word))) as l(lexeme)
        left join ${memoryTerms} t on t.user_id = ${userId} and t.term = l.lexeme
        order by w.i`,
      )
      const stats = rows
        .filter((r) => /^[\p{L}\p{N}]+$/u.test(r.lexeme))
        .map((r) => ({ word: r.word, lexeme: r.lexeme, memories: Number(r.memories) }))
      return { total: Number(rows[0]?.total ?? 0), stats }
    },

    /**
     * The user's stems that start as each of `prefixes` does, with how many memories hold each, at most
     * 300 a prefix, the commonest first: the dictionary a question's unknown words are spelt against.
     */
    async stemsStarting(
      userId: string,
      prefixes: string[],
    ): Promise<Array<{ term: string; memories: number }>> {
      if (prefixes.length === 0) return []
      return queryRows<{ term: string; memories: number }>(
        db,
        sql`
        select t.term, t.memories
        from unnest(${textParam(prefixes)}, ${textParam(prefixes.map(following))}) as p(prefix, following)
        cross join lateral (
          select term, memories from ${memoryTerms}
          where user_id = ${userId} and term >= p.prefix and term < p.following
            and starts_with(term, p.prefix) and memories > 0
          order by memories desc limit 300) t`,
      )
    },

    /**
     * The candidates (the newest memories holding any of `candidates`, and as many again on the
     * period's days), ranked by BM25 over all the question's terms (IDF among the user's memories,
     * length normalised against the candidates' average), with a bonus for neighbouring question
     * words found close together. Best first; those on the period's days before the others.
     */
    async rank(userId: string, input: RankInput): Promise<RankedRecord[]> {
      if (input.terms.length === 0 || input.candidates.length === 0) return []
      const { where } = filterConditions(userId, { ...input.filters, searchTerm: undefined })
      // Without weights (:AB) the GIN index answers alone, with no recheck of each row's words; a word
      // only as written (D) scores nothing below and drops out there.
      const matchAny = sql`to_tsquery('simple', ${input.candidates.map(quoted).join(' | ')})`
      // The list order exactly as memories_user_sort_idx has it (nulls last), so the index can give it.
      const order = listOrder()
      // What ranking needs of a candidate, read once: its words, length, day, and opening (names).
      const candidateColumns = sql`id, search, length(text) as len, sort_date, created_at, left(text, 80) as head`
      const period = input.period
      // A short period's own memories come after its matches, though they hold none of the words.
      const periodFill = Boolean(
        period && input.periodFill && daysBetween(period.from, period.to) <= FILL_DAYS,
      )
      const inPeriod = period
        ? sql`(c.sort_date between ${period.from}::date and ${period.to}::date)`
        : sql`false`
      const periodCandidates: SQL = period
        ? sql`union select * from (select ${candidateColumns} from ${memories}
            where ${where} and ${memories.search} @@ ${matchAny}
              and ${memories.sortDate} between ${period.from}::date and ${period.to}::date
            order by ${order} limit ${input.candidateLimit}) p
          ${
            periodFill
              ? sql`union select * from (select ${candidateColumns} from ${memories}
                  where ${where} and ${memories.sortDate} between ${period.from}::date and ${period.to}::date
                  order by ${order} limit ${sql.raw(String(PERIOD_FILL))}) f`
              : sql``
          }`
        : sql``
      // A memory that opens with a name the question asks about is about them, not one that mentions them.
      const names = (input.names ?? []).filter((n) => /^[\p{L}\p{N}]+$/u.test(n))
      const subject = names.length
        ? sql`(case when c.head ~* ${`^[^[:alnum:]]*(${names.join('|')})\\M`} then ${sql.raw(`${SUBJECT}`)} else 1 end)`
        : sql`1`
      const pairs = input.pairs.map((p) => {
        const [a, b] = [quoted(p.first), quoted(p.second)]
        return `${a} <1> ${b} | ${a} <2> ${b} | ${a} <3> ${b} | ${b} <1> ${a} | ${b} <2> ${a}`
      })
      // The stemmed words of each ranked memory as the tsvector's text (read here: stemmedWords), and of
      // the best few how many memories hold each word of text (A) or tags (B). Unnesting every memory's
      // words in SQL instead took half the statement's time.
      const words = input.feedback
        ? sql`, m.search::text as search_text,
            case when t.rn <= ${sql.raw(String(Math.trunc(input.feedback)))} then (
              select json_object_agg(mt.term, mt.memories) from unnest(m.search) l
              join ${memoryTerms} mt on mt.user_id = ${userId} and mt.term = l.lexeme
              where l.weights && '{A,B}'::text[]) end as holding`
        : sql``
      // The memory saved just before each ranked one and the one just after (the saved-order index, two
      // rows each), when about the same day and 1 s to `neighbourSeconds` apart, matching the filters.
      // Less than a second apart is a machine's batch (an import, a tool saving several), not an exchange.
      const neighbourColumns = sql`id, text, tags, date, created_at, updated_at, sort_date::text as sort_date`
      const within = sql.raw(`interval '${Math.trunc(input.neighbourSeconds ?? 0)} seconds'`)
      const batch = sql.raw(`interval '1 second'`)
      // The same day (sort_date is never null) and a range of created_at: memories_user_sort_idx's order,
      // read forwards or backwards, so each is one index row. `is not distinct from` here kept that index
      // out and read every memory saved in the minute: 0.3 ms a ranked memory at 100 000 memories.
      const newestFirst = sql.raw(`"memories".created_at desc nulls last, "memories".id desc nulls last`)
      const oldestFirst = sql.raw(`"memories".created_at asc nulls first, "memories".id asc nulls first`)
      const neighbours = input.neighbourSeconds
        ? sql`, (select json_agg(n) from (
            (select ${neighbourColumns} from ${memories}
              where ${where} and ${memories.createdAt} <= t.created_at - ${batch} and ${memories.createdAt} > t.created_at - ${within}
                and ${memories.sortDate} = t.sort_date
              order by ${newestFirst} limit 1)
            union all
            (select ${neighbourColumns} from ${memories}
              where ${where} and ${memories.createdAt} >= t.created_at + ${batch} and ${memories.createdAt} < t.created_at + ${within}
                and ${memories.sortDate} = t.sort_date
              order by ${oldestFirst} limit 1)) n) as neighbours`
        : sql``
      const timed = input.timeoutMs > 0
      const statement = sql`
        with q(lexeme, w, grp) as (
          select * from unnest(${textParam(input.terms.map((t) => quoted(t.lexeme)))},
            ${floatParam(input.terms.map((t) => t.weight))}, ${textParam(input.terms.map((t) => t.group))})),
        cand as materialized (
          ${
            input.recentWindow
              ? sql`select * from (select * from (select ${candidateColumns} from ${memories} where ${where}
                  order by ${order} limit ${sql.raw(String(Math.trunc(input.recentWindow)))}) w
                where w.search @@ ${matchAny} limit ${sql.raw(String(Math.trunc(input.candidateLimit)))}) r`
              : sql`select * from (select ${candidateColumns} from ${memories}
                  where ${where} and ${memories.search} @@ ${matchAny}
                  order by ${order} limit ${sql.raw(String(Math.trunc(input.candidateLimit)))}) n`
          }
          ${periodCandidates}),
        norm as (select greatest(avg(len), ${sql.raw(`${SHORT}`)})::float8 as avgdl from cand),
        groups as (
          select c.id, s.grp, max(s.bm) as best, string_agg(s.lexeme, ' ') as lexemes
          from cand c cross join norm n
          cross join lateral (
            select q.lexeme, q.grp, q.w * (x.r * ${sql.raw(`${K1 + 1}`)}) / (x.r + ${sql.raw(`${K1}`)} * (${sql.raw(`${1 - B}`)} + ${sql.raw(`${B}`)} * greatest(c.len, ${sql.raw(`${SHORT}`)}) / n.avgdl)) as bm
            from q cross join lateral (
              select ts_rank('{0, 0, 1, 1}'::float4[], c.search, q.lexeme::tsquery) / ${sql.raw(`${ONE_OCCURRENCE}`)} as r) x
            where x.r > 0) s
          group by c.id, s.grp),
        scored as (select id, sum(best) as score, string_agg(lexemes, ' ') as matched from groups group by id),
        near as (
          select c.id, sum(p.w) as bonus from cand c
          join unnest(${textParam(pairs)}, ${floatParam(input.pairs.map((p) => p.weight))}) as p(tsq, w)
            on c.search @@ p.tsq::tsquery
          group by c.id),
        top as (
          select c.id, c.sort_date, c.created_at,
            ((coalesce(s.score, 0) + coalesce(nr.bonus, 0)) * ${subject})::float8 as score, s.matched, ${inPeriod} as in_period
          from cand c left join scored s on s.id = c.id left join near nr on nr.id = c.id
          where s.id is not null or ${periodFill ? inPeriod : sql`false`}
          order by in_period desc, score desc, ${listOrder('c.')}
          limit ${input.limit})
        select m.id, m.text, m.tags, m.date, m.created_at, m.updated_at, m.sort_date::text as sort_date,
          t.score, t.matched, t.in_period, ${hasFilesColumn('m.')} ${words} ${neighbours}
        from (select top.*, row_number() over (
            order by in_period desc, score desc, sort_date desc, created_at desc, id desc) as rn from top) t
        join ${memories} m on m.id = t.id
        order by t.rn`
      // Under the time limit (withTimeLimit: custom plans) a named statement, parsed once per connection;
      // without it (rare words, a few candidates) unnamed, so no generic plan is ever kept for it.
      const run = async (exec: Db) =>
        timed
          ? queryRows<RankRow>(exec, statement)
          : ((await exec.execute(statement)) as unknown as { rows: RankRow[] }).rows
      const rows = timed ? await withTimeLimit(db, input.timeoutMs, run) : await run(db)
      return rows.map((r) => ({
        ...toRecord(r),
        score: Number(r.score),
        matched: (r.matched ?? '')
          .split(' ')
          .filter(Boolean)
          .map((l) => l.replace(/^'|'$/g, '')),
        inPeriod: Boolean(r.in_period),
        hasFiles: Boolean(r.has_files),
        sortDate: String(r.sort_date),
        ...(input.feedback ? { words: stemmedWords(r.search_text ?? '', r.holding ?? null) } : {}),
        ...(input.neighbourSeconds ? { neighbours: neighbourRecords(r.neighbours ?? null) } : {}),
      }))
    },

    /**
     * The texts of the user's memories recall may show (never a private one) that hold any of these
     * words, newest first: where recall reads who is who (relations.ts). Its work is bounded whatever
     * the words: when they are rare, the search index finds all their memories (a few); when common
     * (the person's memory_terms count them in more than DENSE_TERMS memories), the newest memories are
     * read in order until `limit` hold one, which takes about limit × memories / count rows, instead
     * of fetching thousands to keep sixty (59.8 ms at 100 000 memories, now a few).
     */
    async textsHolding(
      userId: string,
      words: string[],
      limit: number,
      dense = DENSE_TERMS,
      language?: Language,
    ): Promise<string[]> {
      const clean = [...new Set(words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')))].filter(
        (w) => w.length > 2,
      )
      if (clean.length === 0) return []
      const { where } = filterConditions(userId, {})
      const query = sql`to_tsquery(${searchConfig(language)}, ${clean.join(' | ')})`
      const max = sql.raw(String(Math.trunc(limit)))
      // One round trip: the count picks which of the two reads runs (a one-time filter on each), and
      // each is planned on its own. "is true" keeps the planner off the search index: the newest rows,
      // read in the list's order.
      const rows = await queryRows<{ text: string }>(
        db,
        sql`with held as (
            select coalesce(sum(${memoryTerms.memories}), 0) as n from ${memoryTerms}
            where ${memoryTerms.userId} = ${userId}
              and ${memoryTerms.term} = any(tsvector_to_array(to_tsvector(${searchConfig(language)}, ${clean.join(' ')}))))
          select text from (
            (select text, sort_date, created_at, id from ${memories}
              where ${where} and (${memories.search} @@ ${query}) is true and (select n from held) > ${dense}
              order by ${listOrder()} limit ${max})
            union all
            (select text, sort_date, created_at, id from ${memories}
              where ${where} and ${memories.search} @@ ${query} and (select n from held) <= ${dense}
              order by ${listOrder()} limit ${max})) found
          order by ${listOrder()} limit ${max}`,
      )
      return rows.map((r) => r.text)
    },

    /** The user's memories with these ids, in no order (another user's ids find nothing). */
    async byIds(userId: string, ids: string[]): Promise<MemoryRecord[]> {
      if (ids.length === 0) return []
      const result = (await db.execute(sql`
        select id, text, tags, date, created_at, updated_at from ${memories}
        where user_id = ${userId} and id = any(${uuidArray(ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))})`)) as unknown as {
        rows: ListRow[]
      }
      return result.rows.map(toRecord)
    },
  }
}
export type RecallRepo = ReturnType<typeof createRecallRepo>
