import { isMemoryDate, localDate, MEMORY_LIMITS, todayIn } from '@remi/shared'
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { giveWay, inUuids, isSingleBackend, queryRows, uuidArray, type Db } from '../../db/client.ts'
import { memories, memoryCounts, memoryImports, memoryImportUndo, memoryTerms } from '../../db/schema.ts'
import { withTimeLimit } from '../../db/time-limit.ts'
import { typedQuery } from '../../lib/search-query.ts'
import {
  lastChangeColumns,
  lastChangeJoin,
  lastChangeOf,
  type LastChangeColumns,
  type VersionRow,
} from './memory-versions.repo.ts'

export interface MemoryQuery {
  searchTerm?: string | undefined
  /** Lower-cased; a memory must carry all of them. */
  tags?: string[] | undefined
  /** Inclusive days on the memory's day: its date, or the day it was created in the user's zone. */
  startDate?: string | undefined
  endDate?: string | undefined
  /** Instants: only memories created at or after savedFrom and before savedBefore, whatever their day. */
  savedFrom?: Date | undefined
  savedBefore?: Date | undefined
  /** best(): the ones saved last first (as when savedFrom or savedBefore filters them). */
  newestSaved?: boolean | undefined
  /**
   * Private memories too: only what the person reads themselves (their list, counts). Left out, they
   * are not there, so no lookup a model or an MCP client gets can reach them.
   */
  withPrivate?: boolean | undefined
}

export interface NewMemory {
  id?: string
  text: string
  tags: string[]
  date: string | null
  private?: boolean
  createdAt?: Date
  updatedAt?: Date
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const columns = {
  id: memories.id,
  text: memories.text,
  tags: memories.tags,
  date: memories.date,
  private: memories.private,
  createdAt: memories.createdAt,
  updatedAt: memories.updatedAt,
}
export type MemoryRecord = {
  id: string
  text: string
  tags: string[]
  date: string | null
  /** Absent where a reader did not select it (read as not private). */
  private?: boolean
  createdAt: Date
  updatedAt: Date
}

/**
 * The memory's day (undated ones by the day they were created), newest first. Follows
 * memories_user_sort_idx exactly, so a page is an index range scan that stops after a page of
 * entries; the id breaks ties (an import can give many memories the same day and createdAt) so
 * pages never overlap.
 */
const defaultOrder = [
  sql`${memories.sortDate} desc nulls last`,
  sql`${memories.createdAt} desc nulls last`,
  sql`${memories.id} desc nulls last`,
]

/**
 * The day a memory is listed and filtered by: its date, else the day it was created in the user's
 * zone. A memory written now without a createdAt gets the database's now(), read here as today.
 */
const sortDateOf = (date: string | null, createdAt: Date | undefined, zone: string) =>
  date ?? (createdAt ? localDate(createdAt, zone) : todayIn(zone))

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/**
 * A search, built only from letters and digits so no user text reaches the tsquery parser as syntax:
 * the whole words, stemmed (plainto_tsquery on text and tags), or the words as typed with the last one
 * as the start of a word, the way a search box is typed into ('dent' finds 'dentist', 'runnin' finds
 * 'running' whose stem is 'run', 'next tues' finds 'next Tuesday'). One tsquery against one column, so
 * the user's GIN postings answer it in one index scan. Ranked on the whole words (text above tags); a
 * match on the typed start of a word only comes after those, newest first.
 * `asTyped: false` (the assistant's and MCP's lookups of a sentence): the whole words only, as a
 * question ending in '(5)' or 'a' is not a word being typed, and '5':* would also read every '50…'.
 */
function searchCondition(term: string, asTyped = true): { where: SQL; rank?: SQL; plainText?: string } {
  // The first SEARCH_WORDS words only: 200 characters of matching words took 1.8 s at 100 000 memories.
  const all = [...term.matchAll(/[\p{L}\p{N}]+/gu)]
  const words = all.slice(0, SEARCH_WORDS).map((m) => m[0])
  // The text up to its last word kept, as typed: 'BK/44190' is one word to the parser, not 'bk' and '44190'.
  const last = all[SEARCH_WORDS - 1]
  const kept = all.length > SEARCH_WORDS && last ? term.slice(0, last.index + last[0].length) : term
  const plain = sql`plainto_tsquery('english', ${kept})`
  if (!asTyped && words.length > 0)
    return { where: sql`${memories.search} @@ ${plain}`, rank: relevance(plain) }
  const symbols = symbolsOf(term)
  if (words.length === 0)
    return { where: symbols.length ? and(...symbols)! : sql`${memories.search} @@ ${plain}` }
  const where = and(sql`${memories.search} @@ (${plain} || ${typedQuery(words)})`, ...symbols)!
  // With no symbol to match too, every memory holding the whole words matches (boundedCount's shortcut).
  const plainText = symbols.length ? {} : { plainText: kept }
  // One or two letters match a large share of everything: newest first is as useful as a ranking there.
  if (!words.some((w) => w.length >= 3)) return { where, ...plainText }
  return { where, rank: relevance(plain), ...plainText }
}

/** Emoji and other pictographs (not ASCII, not a skin tone or other modifier), each once. */
const SYMBOL = /[\p{So}\p{Extended_Pictographic}]/gu
const SEARCH_SYMBOLS = 8

/**
 * The emoji and symbols of a search ('🎂', '☕ with Ana'): the text search's parser drops them, so a
 * search for '🎂' found nothing though a memory held it. Each must be in the memory's text or tags as
 * written; a variation selector or skin tone typed with one is not asked for ('👍🏽' finds '👍').
 */
function symbolsOf(term: string): SQL[] {
  const found = [...new Set(term.match(SYMBOL) ?? [])].filter((c) => c.codePointAt(0)! > 0x7f)
  return found
    .slice(0, SEARCH_SYMBOLS)
    .map(
      (c) =>
        sql`(strpos(${memories.text}, ${c}) > 0 or strpos(array_to_string(${memories.tags}, ' '), ${c}) > 0)`,
    )
}

/**
 * ts_rank on the stemmed words of text (A) and tags (B) only: the words as written (D) are there for
 * prefixes, and counting them too would rank a word whose stem is itself ('garden') above one whose
 * stem is not ('tomatoes', stem 'tomato').
 */
const relevance = (query: SQL) => sql`ts_rank('{0, 0, 0.4, 1}', ${memories.search}, ${query})`

export function filterConditions(
  userId: string,
  q: MemoryQuery,
  asTyped = true,
): { where: SQL; rank?: SQL; plainText?: string } {
  const conditions: SQL[] = [eq(memories.userId, userId)]
  if (!q.withPrivate) conditions.push(eq(memories.private, false))
  let rank: SQL | undefined
  let plainText: string | undefined
  if (q.searchTerm) {
    const search = searchCondition(q.searchTerm, asTyped)
    conditions.push(search.where)
    rank = search.rank
    plainText = search.plainText
  }
  if (q.tags?.length) conditions.push(sql`${memories.tagsLower} @> ${textArray(q.tags)}`)
  if (q.startDate) conditions.push(gte(memories.sortDate, q.startDate))
  if (q.endDate) conditions.push(lte(memories.sortDate, q.endDate))
  if (q.savedFrom) conditions.push(gte(memories.createdAt, q.savedFrom))
  if (q.savedBefore) conditions.push(lt(memories.createdAt, q.savedBefore))
  return { where: and(...conditions)!, ...(rank ? { rank } : {}), ...(plainText ? { plainText } : {}) }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** How many words of a search are looked for (issue 28: a 200-character search of matching words took seconds). */
export const SEARCH_WORDS = 12
/** How long a search's statement may take on PostgreSQL before it answers that it took too long. */
const SEARCH_TIMEOUT_MS = 3000

/**
 * A search's count is exact up to this many matches (and its ranking takes in every match); past it the
 * count is "about N" and only the newest RANKED_CANDIDATES matches are ranked (manyMatchesStatement).
 */
export const SEARCH_COUNT_BOUND = 1000
/** How many of the newest matches a search with more than SEARCH_COUNT_BOUND of them ranks. */
export const RANKED_CANDIDATES = 200

/** An estimate, to two significant figures (never at or below the bound it is said to be above). */
function aboutCount(n: number, bound: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1)
  return Math.max(bound + 1, Math.round(n / magnitude) * magnitude)
}

/** How many of the newest matches best() ranks (for the assistant's ≤ 8 memories a turn). */
const BEST_CANDIDATES = 200

const hasFilters = (q: MemoryQuery) =>
  Boolean(
    !q.withPrivate ||
    q.searchTerm ||
    q.tags?.length ||
    q.startDate ||
    q.endDate ||
    q.savedFrom ||
    q.savedBefore,
  )

/** A list statement's row: the page's memory, or nulls when the page is empty; the total on every row (not in best()). */
export interface ListRow {
  total?: number
  id: string | null
  text: string | null
  tags: string[] | null
  date: string | null
  private?: boolean | null
  created_at: string | null
  updated_at: string | null
}

/** A timestamp as the driver gives it (text), read the way drizzle reads the column. */
const timestamp = (value: string) => memories.createdAt.mapFromDriverValue(value) as Date

export const toRecord = (r: ListRow): MemoryRecord => ({
  id: r.id!,
  text: r.text!,
  tags: r.tags!,
  date: r.date,
  private: Boolean(r.private),
  createdAt: timestamp(r.created_at!),
  updatedAt: timestamp(r.updated_at!),
})

/** A list statement's row with its memory's last undoable change (lastChangeJoin). */
type PageRow = ListRow & LastChangeColumns

export interface ListResult {
  rows: MemoryRecord[]
  totalCount: number
  totalCountIsEstimate?: boolean
  /** The page's memories' last undoable changes, by memory id (none: not there). */
  lastChanges: Map<string, VersionRow>
}

function toListResult(userId: string, rows: PageRow[]): ListResult {
  const page = rows.filter((r) => r.id !== null)
  const lastChanges = new Map<string, VersionRow>()
  for (const r of page) {
    const change = lastChangeOf(userId, r.id!, r)
    if (change) lastChanges.set(r.id!, change)
  }
  return { rows: page.map(toRecord), totalCount: Number(rows[0]?.total ?? 0), lastChanges }
}

/** The list order (memories_user_sort_idx), on the table or, with `alias.`, on a subquery's columns. */
export const listOrder = (alias = '') =>
  sql.raw(`${alias}sort_date desc nulls last, ${alias}created_at desc nulls last, ${alias}id desc nulls last`)

/** A memory on the briefing (its facts of the day). */
export interface DayMemoryRow {
  id: string
  text: string
  tags: string[]
  /** The memory's day: its date, or the day it was created when undated. */
  day: string
  createdAt: Date
}

/** The words of a birthday or an anniversary, as a tsquery of the words as written. */
const YEARLY_WORDS = 'birthday:* | bday:* | b-day | anniversar:*'

const dayColumns = {
  id: memories.id,
  text: memories.text,
  tags: memories.tags,
  day: memories.sortDate,
  createdAt: memories.createdAt,
}

export function createMemoriesRepo(
  db: Db,
  /** Tests: a small bound and candidate set, to reach the many-matches path with few memories. */
  { countBound = SEARCH_COUNT_BOUND, candidates = RANKED_CANDIDATES } = {},
) {
  /**
   * Named (prepared once, a generic plan) only for the plain list: with its tsqueries or tags as
   * parameters a generic plan evaluates plainto_tsquery per row and guesses the matches blind (a search
   * for 'meeting' at 100 000 memories took 31 ms instead of 15, a tag filter 25 instead of 10).
   */
  const rowsOf = (query: SQL, named = false) =>
    named
      ? queryRows<PageRow>(db, query)
      : db.execute(query).then((result) => (result as unknown as { rows: PageRow[] }).rows)

  /**
   * A page in the list order and the total, in one statement (one round trip): the total is the
   * user's counter when nothing filters, else a count of the matches. The page follows
   * memories_user_sort_idx, so it is an index range scan that stops after a page of entries; past the
   * first page the ids are picked from the index alone (index-only over the skipped entries) and only
   * the page's rows are read.
   */
  function listStatement(userId: string, q: MemoryQuery, page: number, pageSize: number): SQL {
    const { where } = filterConditions(userId, q)
    const offset = (page - 1) * pageSize
    const total = hasFilters(q)
      ? sql`(select count(*)::int as total from ${memories} where ${where})`
      : sql`(select coalesce((select total from ${memoryCounts} where user_id = ${userId}), 0) as total)`
    const pageRows =
      offset === 0
        ? sql`select id, text, tags, date, private, created_at, updated_at, sort_date from ${memories}
            where ${where} order by ${listOrder()} limit ${pageSize}`
        : sql`select id, text, tags, date, private, created_at, updated_at, sort_date from ${memories}
            where id in (select id from ${memories} where ${where} order by ${listOrder()}
              limit ${pageSize} offset ${offset})`
    return sql`select c.total, p.id, p.text, p.tags, p.date, p.private, p.created_at, p.updated_at,
        ${lastChangeColumns}
      from ${total} c left join lateral (${pageRows}) p on true ${lastChangeJoin(userId, sql`p.id`)}
      order by ${listOrder('p.')}`
  }

  /**
   * A search ranks every match anyway (relevance first), so the same pass counts them, in one
   * statement: the matches as narrow rows (id, rank, the order's keys) once, counted and ranked, and
   * only the page's rows read whole.
   */
  function searchStatement(userId: string, q: MemoryQuery, page: number, pageSize: number): SQL {
    const { where, rank } = filterConditions(userId, q)
    return sql`with matches as materialized (
        select id, sort_date, created_at, ${rank ?? sql`0`}::real as rank from ${memories} where ${where})
      select c.total, p.id, p.text, p.tags, p.date, p.private, p.created_at, p.updated_at, ${lastChangeColumns}
      from (select count(*)::int as total from matches) c
      left join lateral (
        select m.id, m.text, m.tags, m.date, m.private, m.created_at, m.updated_at, k.rank, k.sort_date
        from (select * from matches order by rank desc, ${listOrder()}
          limit ${pageSize} offset ${(page - 1) * pageSize}) k
        join ${memories} m on m.id = k.id) p on true ${lastChangeJoin(userId, sql`p.id`)}
      order by p.rank desc, ${listOrder('p.')}`
  }

  /**
   * A search with more than SEARCH_COUNT_BOUND matches (a common word, a short prefix): ranking and
   * counting every match read each one's row (7 848 for 'meeting' at 100 000 memories: ~30 ms). Here
   * only the newest RANKED_CANDIDATES matches are read, through the list order's index, and ranked;
   * positions past them continue in the list order. The count is estimated from how far down the list
   * those candidates reached (matches are about as dense further down): the user's memories up to the
   * last candidate, an index-only count.
   */
  function manyMatchesStatement(userId: string, q: MemoryQuery, page: number, pageSize: number): SQL {
    const { where, rank } = filterConditions(userId, q)
    // The estimate's base: the memories the other filters leave (the user's counter when there are none;
    // a reader kept from private memories counts without them, so the estimate tells nothing of those).
    const rest = { ...q, searchTerm: undefined }
    const others = filterConditions(userId, rest).where
    const total = hasFilters(rest)
      ? sql`(select count(*)::int from ${memories} where ${others})`
      : sql`coalesce((select total from ${memoryCounts} where user_id = ${userId}), 0)`
    const offset = (page - 1) * pageSize
    const end = offset + pageSize
    const ranked =
      offset < candidates
        ? sql`select id, 0 as tier, rank from (select id, rank from candidates
            order by rank desc, ${listOrder()} limit ${Math.min(end, candidates) - offset} offset ${offset}) r`
        : null
    const from = Math.max(offset, candidates)
    const after =
      end > candidates
        ? sql`select id, 1 as tier, 0::real as rank from (select id from ${memories} where ${where}
            order by ${listOrder()} limit ${end - from} offset ${from}) l`
        : null
    const picked = ranked && after ? sql`${ranked} union all ${after}` : (ranked ?? after)!
    return sql`with candidates as materialized (
        select id, sort_date, created_at, ${rank ?? sql`0`}::real as rank from ${memories} where ${where}
        order by ${listOrder()} limit ${candidates}),
      last as (select sort_date, created_at, id from candidates order by ${listOrder()}
        offset ${candidates - 1} limit 1)
      select c.candidates, c.reached, c.total, p.id, p.text, p.tags, p.date, p.private, p.created_at, p.updated_at,
        ${lastChangeColumns}
      from (select (select count(*)::int from candidates) as candidates,
          (select count(*)::int from ${memories}, last where ${others} and (${memories.sortDate},
            ${memories.createdAt}, ${memories.id}) >= (last.sort_date, last.created_at, last.id)) as reached,
          ${total} as total) c
      left join lateral (
        select m.id, m.text, m.tags, m.date, m.private, m.created_at, m.updated_at, k.tier, k.rank, m.sort_date
        from (${picked}) k join ${memories} m on m.id = k.id) p on true ${lastChangeJoin(userId, sql`p.id`)}
      order by p.tier, p.rank desc, ${listOrder('p.')}`
  }

  /**
   * How many match, up to the bound + 1: past the bound the count is estimated. The matches are a
   * CTE, which PostgreSQL plans for reading them all (the user's search index for a common word) and
   * reads only up to the bound: with the bound as the query's own LIMIT it chose a sequential scan
   * expecting to stop early, which read other users' rows first (12 ms for 'meeting' at 100 000,
   * p95 > 100 ms where a synchronised scan started elsewhere in the table).
   * One whole word searched by its owner with no other filter: every memory holding its stem matches,
   * so the user's count of that stem (memory_terms, private ones included) past the bound says
   * "past the bound" without reading the index.
   */
  function boundedCount(userId: string, q: MemoryQuery) {
    const { where, plainText } = filterConditions(userId, q)
    const counted = sql`(with matches as materialized (select from ${memories} where ${where})
      select count(*)::int from (select from matches limit ${countBound + 1}) m)`
    if (!plainText || hasFilters({ ...q, searchTerm: undefined })) return sql`select ${counted} as total`
    return sql`select case when coalesce((select t.memories from ${memoryTerms} t, tsvector_to_array(
        to_tsvector('english', ${plainText})) as l where t.user_id = ${userId} and cardinality(l) = 1
        and t.term = l[1]), 0) > ${countBound} then ${countBound + 1} else ${counted} end as total`
  }

  async function list(userId: string, q: MemoryQuery, page: number, pageSize: number): Promise<ListResult> {
    if (!q.searchTerm)
      return toListResult(userId, await rowsOf(listStatement(userId, q, page, pageSize), !hasFilters(q)))
    // Under a time limit: a search that runs long gives its connection back (SearchTimeoutError).
    return withTimeLimit(db, SEARCH_TIMEOUT_MS, async (exec) => {
      const rowsOfStatement = async <T>(statement: SQL) =>
        ((await exec.execute(statement)) as unknown as { rows: T[] }).rows
      const [counted] = await rowsOfStatement<{ total: number }>(boundedCount(userId, q))
      if (Number(counted?.total ?? 0) <= countBound)
        return toListResult(
          userId,
          await rowsOfStatement<PageRow>(searchStatement(userId, q, page, pageSize)),
        )
      const rows = await rowsOfStatement<PageRow & { candidates: number; reached: number }>(
        manyMatchesStatement(userId, q, page, pageSize),
      )
      const first = rows[0]
      const density = Number(first?.candidates ?? 0) / Math.max(1, Number(first?.reached ?? 0))
      return {
        ...toListResult(userId, rows),
        totalCount: aboutCount(density * Number(first?.total ?? 0), countBound),
        totalCountIsEstimate: true,
      }
    })
  }

  return {
    list,

    /**
     * The best matches, without counting them (the assistant's lookups): the search's own ranking, or
     * with `anyOf` the memories holding any of these words (stemmed), those holding more of them (and of
     * the `names` among them) first; then newest first (by when they were saved, when that is what
     * filters them). Only the newest BEST_CANDIDATES matches are ranked: a common word can match
     * tens of thousands of memories. At 100 000 memories, 'garden | plan | 3' (25 056 matches) took
     * 37 ms ranked whole, 6 ms bounded; 'dentist | 2' (7 709) 25 ms with 1 000 candidates, 9 with 200.
     */
    async best(userId: string, q: MemoryQuery & { anyOf?: string[]; names?: string[] }, limit: number) {
      // One word is looked up as the search box does ('dent' finds 'dentist'); a sentence by its words.
      const words = q.searchTerm?.match(/[\p{L}\p{N}]+/gu) ?? []
      const { where, rank } = filterConditions(userId, q, words.length <= 1)
      const anyOf = (list: string[] | undefined) => {
        const terms = (list ?? []).flatMap((w) => w.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16)
        return terms.length ? sql`to_tsquery('english', ${terms.map((w) => `'${w}'`).join(' | ')})` : null
      }
      const any = anyOf(q.anyOf)
      const names = any && anyOf(q.names)
      const matching = any ? and(where, sql`${memories.search} @@ ${any}`) : where
      // A name among the words counts twice: "gift ideas for Marta" ranks "Marta likes orchids" above "a gift for Bruno".
      const order = any ? (names ? sql`${relevance(any)} + ${relevance(names)}` : relevance(any)) : rank
      // The newest candidates keep the table's name, so the ranking's column references read them.
      const rows = await rowsOf(
        order
          ? sql`select id, text, tags, date, private, created_at, updated_at
              from (select * from ${memories} where ${matching}
                order by ${listOrder()} limit ${BEST_CANDIDATES}) as ${memories}
              order by ${order} desc, ${listOrder()} limit ${limit}`
          : sql`select id, text, tags, date, private, created_at, updated_at from ${memories}
              where ${matching} order by ${q.savedFrom || q.savedBefore || q.newestSaved ? sql.raw('created_at desc, id desc') : listOrder()}
              limit ${limit}`,
      )
      return rows.map(toRecord)
    },

    /** The total alone, exact: the same statement with an empty page (a search's matches counted). */
    async count(userId: string, q: MemoryQuery): Promise<number> {
      if (!q.searchTerm) return (await list(userId, q, 1, 0)).totalCount
      const statement = sql`select count(*)::int as total from ${memories}
        where ${filterConditions(userId, q).where}`
      const result = await withTimeLimit(db, SEARCH_TIMEOUT_MS, (exec) => exec.execute(statement))
      return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0)
    },

    async get(userId: string, id: string): Promise<MemoryRecord | undefined> {
      const [row] = await db
        .select(columns)
        .from(memories)
        .where(and(eq(memories.id, id), eq(memories.userId, userId)))
      return row
    },

    /** The user's memories among `ids`; an id that is not a UUID, or not theirs, finds nothing. */
    async byIds(userId: string, ids: string[]): Promise<MemoryRecord[]> {
      const uuids = ids.filter((id) => UUID.test(id))
      if (uuids.length === 0) return []
      return db
        .select(columns)
        .from(memories)
        .where(and(eq(memories.userId, userId), inArray(memories.id, uuids)))
    },

    /** Dated memories (not undated ones) whose date lies in [from, to], soonest first. */
    async datedBetween(userId: string, from: string, to: string, limit: number): Promise<DayMemoryRow[]> {
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(
            eq(memories.userId, userId),
            // Private memories never reach the briefing (its model call, MCP's get_today).
            eq(memories.private, false),
            gte(memories.sortDate, from),
            lte(memories.sortDate, to),
            isNotNull(memories.date),
          ),
        )
        .orderBy(asc(memories.sortDate), asc(memories.createdAt), asc(memories.id))
        .limit(limit)
    },

    /**
     * Memories of earlier days than `before` that fall on one of `monthDays` ('MM-DD'), latest first.
     * The days are listed (every year back to the first a memory may have) so the user's sort index
     * finds them; a month-day test on every row read all of them (100 ms at 100 000 memories).
     */
    async onMonthDays(
      userId: string,
      monthDays: string[],
      before: string,
      limit: number,
    ): Promise<DayMemoryRow[]> {
      const days: string[] = []
      for (let year = Number(before.slice(0, 4)); year >= MEMORY_LIMITS.minYear; year--) {
        for (const monthDay of monthDays) {
          const day = `${year}-${monthDay}`
          if (day < before && isMemoryDate(day)) days.push(day)
        }
      }
      if (days.length === 0) return []
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(eq(memories.userId, userId), eq(memories.private, false), inArray(memories.sortDate, days)),
        )
        .orderBy(desc(memories.sortDate), desc(memories.createdAt), desc(memories.id))
        .limit(limit)
    },

    /**
     * Notes that say birthday, bday, b-day or anniversary in their text or tags (never private), the
     * latest written first: the briefing reads which day of the year each one is about. Found by the
     * search column (the words as written, weight D, hold "b-day" and "birthdays" whole), so the
     * user's search index answers it.
     */
    async yearlyNotes(userId: string, limit: number): Promise<DayMemoryRow[]> {
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(
            eq(memories.userId, userId),
            eq(memories.private, false),
            sql`${memories.search} @@ to_tsquery('simple', ${YEARLY_WORDS})`,
          ),
        )
        .orderBy(desc(memories.createdAt), desc(memories.id))
        .limit(limit)
    },

    /** Memories created at or after `since`. */
    async createdSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(memories)
        .where(and(eq(memories.userId, userId), gte(memories.createdAt, since)))
      return row?.count ?? 0
    },

    /** `zone`: the user's time zone, which gives an undated memory its day. */
    async create(userId: string, memory: NewMemory, zone: string): Promise<MemoryRecord> {
      const sortDate = sortDateOf(memory.date, memory.createdAt, zone)
      const [row] = await db
        .insert(memories)
        .values({ ...memory, userId, sortDate })
        .returning(columns)
      return row!
    },

    async update(
      userId: string,
      id: string,
      changes: {
        text: string
        tags?: string[] | undefined
        date?: string | null | undefined
        private?: boolean | undefined
      },
      zone: string,
    ): Promise<MemoryRecord | undefined> {
      const write = async (exec: Db | Tx, sortDate: string | undefined) => {
        const [row] = await exec
          .update(memories)
          .set({
            text: changes.text,
            ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
            ...(changes.date !== undefined ? { date: changes.date } : {}),
            ...(changes.private !== undefined ? { private: changes.private } : {}),
            ...(sortDate !== undefined ? { sortDate } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(memories.id, id), eq(memories.userId, userId)))
          .returning(columns)
        return row
      }
      if (changes.date !== null) return write(db, changes.date)
      // Losing its date, a memory goes back to the day it was created: read that under a row lock.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ createdAt: memories.createdAt })
          .from(memories)
          .where(and(eq(memories.id, id), eq(memories.userId, userId)))
          .for('update')
        return row ? write(tx, localDate(row.createdAt, zone)) : undefined
      })
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(memories)
        .where(and(eq(memories.id, id), eq(memories.userId, userId)))
        .returning({ id: memories.id })
      return rows.length > 0
    },

    /**
     * Tags counted case-insensitively, shown in their most common spelling. `withPrivate: false`: private
     * memories' tags are not counted (an MCP client's look).
     */
    async tagCounts(
      userId: string,
      { withPrivate = true }: { withPrivate?: boolean } = {},
    ): Promise<{ name: string; count: number }[]> {
      const result = (await db.execute(sql`
        select mode() within group (order by t) as name, count(*)::int as count
        from ${memories}, unnest(${memories.tags}) as t
        where ${memories.userId} = ${userId}${withPrivate ? sql`` : sql` and not ${memories.private}`}
        group by lower(t)
        order by count desc, name asc`)) as unknown as { rows: { name: string; count: number }[] }
      return result.rows.map((r) => ({ name: String(r.name), count: Number(r.count) }))
    },

    async all(userId: string): Promise<MemoryRecord[]> {
      return db
        .select(columns)
        .from(memories)
        .where(eq(memories.userId, userId))
        .orderBy(...defaultOrder)
    },

    /**
     * Upserts by id, all rows or none. Only the user's own ids are kept; every other id (another user's
     * or unknown alike) is passed through `remapForeignId`, so another user's row is never touched and
     * the result does not tell which ids exist. On PostgreSQL that is one transaction. PGlite is one
     * backend, where a transaction holds back every other request until it ends, so there the rows go
     * in steps of their own, each logging what it changed, and a failure (or, after a crash, the next
     * start: recoverImports) puts everything back.
     */
    async importAll(
      userId: string,
      items: NewMemory[],
      remapForeignId: (id: string) => string,
      zone: string,
    ): Promise<{ created: number; updated: number }> {
      if (!isSingleBackend(db)) {
        return db.transaction(async (tx) => {
          const rows = await importRows(tx, userId, items, remapForeignId)
          const counts = { created: 0, updated: 0 }
          for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
            await writeImportChunk(tx, userId, rows.slice(i, i + IMPORT_CHUNK), zone, counts)
          }
          return counts
        })
      }
      const [job] = await db
        .insert(memoryImports)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ id: memoryImports.id })
      if (!job) throw new ImportRunningError()
      const counts = { created: 0, updated: 0 }
      try {
        const rows = await importRows(db, userId, items, remapForeignId)
        for (let i = 0; i < rows.length; i += IMPORT_STEP) {
          const chunk = rows.slice(i, i + IMPORT_STEP)
          await db.transaction(async (tx) => {
            // The GIN indexes gather new entries in a pending list and merge it into the index when it
            // passes gin_pending_list_limit (4 MB): every ~12 000 imported rows one step took 200-310 ms
            // instead of ~60, and a page waiting behind it 250-340 ms. A small list merges often and
            // briefly (steps at most ~200 ms, p99 ~110; the import ~10 % slower).
            await tx.execute(sql`set local gin_pending_list_limit = '256kB'`)
            await tx.execute(sql`
              insert into ${memoryImportUndo} (import_id, memory_id, previous)
              select ${job.id}, v.id, (
                select jsonb_build_object('text', m.text, 'tags', m.tags, 'date', m.date,
                  'sort_date', m.sort_date, 'created_at', m.created_at, 'updated_at', m.updated_at)
                from ${memories} m where m.id = v.id and m.user_id = ${userId})
              from unnest(${uuidArray(chunk.map((r) => r.id))}) as v(id)`)
            await writeImportChunk(tx, userId, chunk, zone, counts)
          })
          // Other people's requests go first between steps: an import may take longer, a page may not.
          await giveWay(db, 250)
        }
        await db.update(memoryImports).set({ finishedAt: new Date() }).where(eq(memoryImports.id, job.id))
      } catch (error) {
        // If this fails too (the database went away), the next start does it.
        await rollBackImport(job.id, userId)
          .then(() => forgetImport(job.id))
          .catch(() => {})
        throw error
      }
      await forgetImport(job.id)
      return counts
    },

    /** At start-up: imports a crash left unfinished are rolled back, finished ones forgotten. */
    async recoverImports(): Promise<number> {
      const jobs = await db.select().from(memoryImports)
      for (const job of jobs) {
        if (!job.finishedAt) await rollBackImport(job.id, job.userId)
        await forgetImport(job.id)
      }
      return jobs.filter((j) => !j.finishedAt).length
    },
  }

  /** Undoes an import's steps, a batch of its log at a time. */
  async function rollBackImport(importId: string, userId: string) {
    for (let round = 0; round < 1_000_000; round++) {
      const done = await db.transaction(async (tx) => {
        const batch = await tx
          .select({ memoryId: memoryImportUndo.memoryId, previous: memoryImportUndo.previous })
          .from(memoryImportUndo)
          .where(eq(memoryImportUndo.importId, importId))
          .limit(IMPORT_CHUNK)
        if (batch.length === 0) return true
        const created = batch.filter((b) => b.previous === null).map((b) => b.memoryId)
        const changed = batch.filter((b) => b.previous !== null).map((b) => b.memoryId)
        if (created.length)
          await tx.delete(memories).where(and(inArray(memories.id, created), eq(memories.userId, userId)))
        if (changed.length)
          await tx.execute(sql`
            update ${memories} m set text = p.text, tags = p.tags, date = p.date, sort_date = p.sort_date,
              created_at = p.created_at, updated_at = p.updated_at
            from ${memoryImportUndo} u, jsonb_to_record(u.previous) as p(text text, tags text[], date date,
              sort_date date, created_at timestamptz, updated_at timestamptz)
            where u.import_id = ${importId} and u.memory_id = any(${uuidArray(changed)})
              and m.id = u.memory_id and m.user_id = ${userId}`)
        await tx.delete(memoryImportUndo).where(
          and(
            eq(memoryImportUndo.importId, importId),
            inArray(
              memoryImportUndo.memoryId,
              batch.map((b) => b.memoryId),
            ),
          ),
        )
        return false
      })
      if (done) return
      await nextTurn()
    }
  }

  /** Deletes an import's log a batch at a time (one big delete would hold PGlite), then the import. */
  async function forgetImport(importId: string) {
    for (let round = 0; round < 1_000_000; round++) {
      const result = await db.execute(sql`
        delete from ${memoryImportUndo} where import_id = ${importId} and memory_id in (
          select memory_id from ${memoryImportUndo} where import_id = ${importId} limit 5000)`)
      if (((result as unknown as { rowCount?: number | null }).rowCount ?? 0) === 0) break
      await nextTurn()
    }
    await db.delete(memoryImports).where(eq(memoryImports.id, importId))
  }
}
export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>

const IMPORT_CHUNK = 1000
/** Rows per step on PGlite: each step holds the backend, so other requests wait at most one step. */
const IMPORT_STEP = 250
type Exec = Db | Parameters<Parameters<Db['transaction']>[0]>[0]
type ImportRow = NewMemory & { id: string }

/** The file's memories with the ids they will have: own ids kept, others remapped, new ones made here. */
async function importRows(
  exec: Exec,
  userId: string,
  items: NewMemory[],
  remapForeignId: (id: string) => string,
): Promise<ImportRow[]> {
  const ids = items.flatMap((m) => (m.id ? [m.id] : []))
  const own = new Set<string>()
  for (let i = 0; i < ids.length; i += IMPORT_CHUNK) {
    const rows = await exec
      .select({ id: memories.id })
      .from(memories)
      .where(and(inUuids(memories.id, ids.slice(i, i + IMPORT_CHUNK)), eq(memories.userId, userId)))
    for (const r of rows) own.add(r.id)
  }
  const rows: ImportRow[] = []
  const seen = new Set<string>()
  for (const m of items) {
    const id = m.id ? (own.has(m.id) ? m.id : remapForeignId(m.id)) : randomUUID()
    // A remapped id can equal another id of the same file; one insert cannot write a row twice.
    if (seen.has(id)) throw new ImportConflictError()
    seen.add(id)
    rows.push({ ...m, id })
    // A large file is a lot of work for this thread (an id hashed for each foreign one): others'
    // requests get turns in between.
    if (rows.length % IMPORT_STEP === 0) await nextTurn()
  }
  return rows
}

/**
 * Upserts one step's rows; a row skipped by the WHERE belongs to someone else: the whole import fails.
 * The rows travel as one JSON parameter read by jsonb_to_recordset: building a thousand-row VALUES list
 * with drizzle cost ~25 ms of this thread per chunk (2.2 s of a 100 000-memory import, in pieces long
 * enough to hold up everyone else's requests); JSON.stringify of the chunk is ~1 ms.
 */
async function writeImportChunk(
  exec: Exec,
  userId: string,
  chunk: ImportRow[],
  zone: string,
  counts: { created: number; updated: number },
) {
  const rows = JSON.stringify(
    chunk.map((m) => ({
      id: m.id,
      text: m.text,
      tags: m.tags,
      date: m.date,
      sort_date: sortDateOf(m.date, m.createdAt, zone),
      created_at: m.createdAt?.toISOString() ?? null,
      updated_at: m.updatedAt?.toISOString() ?? null,
      private: m.private ?? false,
    })),
  )
  // An import never makes a private memory public: a file without the flag (or with false) keeps it private.
  const result = await exec.execute(sql`
    with written as (
      insert into ${memories} (id, user_id, text, tags, date, sort_date, created_at, updated_at, private)
      select r.id, ${userId}, r.text, r.tags, r.date, r.sort_date,
        coalesce(r.created_at, now()), coalesce(r.updated_at, now()), coalesce(r.private, false)
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, text text, tags text[], date date,
        sort_date date, created_at timestamptz, updated_at timestamptz, private boolean)
      on conflict (id) do update set text = excluded.text, tags = excluded.tags, date = excluded.date,
        sort_date = excluded.sort_date, created_at = excluded.created_at, updated_at = excluded.updated_at,
        private = ${memories.private} or excluded.private
        where ${memories.userId} = ${userId}
      returning (xmax = 0) as inserted)
    select count(*)::int as written, (count(*) filter (where inserted))::int as created from written`)
  const [row] = (result as unknown as { rows: { written: number; created: number }[] }).rows
  if (row?.written !== chunk.length) throw new ImportConflictError()
  counts.created += row.created
  counts.updated += row.written - row.created
}

export class ImportRunningError extends Error {
  constructor() {
    super('An import is already running for this account.')
    this.name = 'ImportRunningError'
  }
}

export class ImportConflictError extends Error {
  constructor() {
    super('Some memories in the file could not be imported.')
    this.name = 'ImportConflictError'
  }
}
