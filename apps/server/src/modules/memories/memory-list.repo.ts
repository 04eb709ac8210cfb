import { and, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { preparedRows, queryRows, type Db } from '../../db/client.ts'
import { memories, memoryCounts, memoryTerms } from '../../db/schema.ts'
import { withTimeLimit } from '../../db/time-limit.ts'
import { searchConfig } from '../../lib/search-query.ts'
import {
  filterConditions,
  hasFilesColumn,
  hasFilters,
  listOrder,
  relevance,
  toRecord,
  type ListRow,
  type MemoryQuery,
  type MemoryRecord,
} from './memory-query.repo.ts'
import {
  changesSince,
  lastChangeColumns,
  lastChangeJoin,
  lastChangeOf,
  type LastChangeColumns,
  type VersionRow,
} from './memory-versions.repo.ts'

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

/** A list statement's row with its memory's last undoable change (lastChangeJoin). */
type PageRow = ListRow & LastChangeColumns & { has_files?: boolean | null }

export interface ListResult {
  rows: MemoryRecord[]
  totalCount: number
  totalCountIsEstimate?: boolean
  /** The page's memories' last undoable changes, by memory id (none: not there). */
  lastChanges: Map<string, VersionRow>
  /** The page's memories that have files (the others' JSON lists none, without asking). */
  withFiles: Set<string>
}

const HAS_FILES = hasFilesColumn()
const HAS_FILES_OF_M = hasFilesColumn('m.')

function toListResult(userId: string, rows: PageRow[]): ListResult {
  const page = rows.filter((r) => r.id !== null)
  const lastChanges = new Map<string, VersionRow>()
  for (const r of page) {
    const change = lastChangeOf(userId, r.id!, r)
    if (change) lastChanges.set(r.id!, change)
  }
  const withFiles = new Set(page.filter((r) => r.has_files).map((r) => r.id!))
  return { rows: page.map(toRecord), totalCount: Number(rows[0]?.total ?? 0), lastChanges, withFiles }
}
/** The memories list: a page and its count, a search's (bounded, ranked) matches, the best few. */
export function createMemoryListRepo(
  db: Db,
  /** Tests: a small bound and candidate set, to reach the many-matches path with few memories. */
  { countBound = SEARCH_COUNT_BOUND, candidates = RANKED_CANDIDATES } = {},
) {
  /**
   * Unnamed: a filter's statement is planned for its values. With its tsqueries or tags as parameters a
   * generic plan evaluates plainto_tsquery per row and guesses the matches blind (a search for 'meeting'
   * at 100 000 memories took 31 ms instead of 15, a tag filter 25 instead of 10). A search's statements
   * are named but run under withTimeLimit, which plans each execution for its values (parsed once per
   * connection: parsing the many-matches statement was 1.6 ms of its 9.6).
   */
  const rowsOf = (query: SQL) =>
    db.execute(query).then((result) => (result as unknown as { rows: PageRow[] }).rows)

  /**
   * A page in the list order and the total, in one statement (one round trip): the total is the
   * user's counter when nothing filters, else a count of the matches. The page follows
   * memories_user_sort_idx, so it is an index range scan that stops after a page of entries; past the
   * first page the ids are picked from the index alone (index-only over the skipped entries) and only
   * the page's rows are read. `userId`, the page size and the offset may be placeholders (plainPage).
   */
  function listStatement(
    userId: string | Placeholder,
    where: SQL,
    filtered: boolean,
    pageSize: number | Placeholder,
    offset: number | Placeholder,
    changedSince?: Placeholder,
  ): SQL {
    const total = filtered
      ? sql`(select count(*)::int as total from ${memories} where ${where})`
      : sql`(select coalesce((select total from ${memoryCounts} where user_id = ${userId}), 0) as total)`
    const pageRows =
      offset === 0
        ? sql`select id, text, tags, date, private, created_at, updated_at, sort_date, ${HAS_FILES} from ${memories}
            where ${where} order by ${listOrder()} limit ${pageSize}`
        : sql`select id, text, tags, date, private, created_at, updated_at, sort_date, ${HAS_FILES} from ${memories}
            where id in (select id from ${memories} where ${where} order by ${listOrder()}
              limit ${pageSize} offset ${offset})`
    return sql`select c.total, p.id, p.text, p.tags, p.date, p.private, p.created_at, p.updated_at, p.has_files,
        ${lastChangeColumns}
      from ${total} c left join lateral (${pageRows}) p on true ${lastChangeJoin(userId, sql`p.id`, changedSince)}
      order by ${listOrder('p.')}`
  }

  /**
   * The plain list (the owner's, nothing filtering: every page the list screen opens with) as two
   * statements built once, the first page and the later ones, run with their values (preparedRows).
   */
  const plainPages = new Map<boolean, (values: Record<string, unknown>) => Promise<PageRow[]>>()
  function plainPage(userId: string, page: number, pageSize: number): Promise<PageRow[]> {
    const first = page === 1
    let run = plainPages.get(first)
    if (!run) {
      const user = sql.placeholder('userId')
      const where = sql`${memories.userId} = ${user}`
      const offset = first ? 0 : sql.placeholder('offset')
      const statement = listStatement(
        user,
        where,
        false,
        sql.placeholder('pageSize'),
        offset,
        sql.placeholder('changedSince'),
      )
      run = preparedRows<PageRow>(db, statement)
      plainPages.set(first, run)
    }
    return run({ userId, pageSize, offset: (page - 1) * pageSize, changedSince: changesSince() })
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
      select c.total, p.id, p.text, p.tags, p.date, p.private, p.created_at, p.updated_at, p.has_files,
        ${lastChangeColumns}
      from (select count(*)::int as total from matches) c
      left join lateral (
        select m.id, m.text, m.tags, m.date, m.private, m.created_at, m.updated_at, ${HAS_FILES_OF_M},
          k.rank, k.sort_date
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
        p.has_files, ${lastChangeColumns}
      from (select (select count(*)::int from candidates) as candidates,
          (select count(*)::int from ${memories}, last where ${others} and (${memories.sortDate},
            ${memories.createdAt}, ${memories.id}) >= (last.sort_date, last.created_at, last.id)) as reached,
          ${total} as total) c
      left join lateral (
        select m.id, m.text, m.tags, m.date, m.private, m.created_at, m.updated_at, ${HAS_FILES_OF_M}, k.tier,
          k.rank, m.sort_date
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
   * "past the bound" without reading the index. A word being typed matches every memory holding a stem
   * it starts ('dent': 'dentist', 'dental'), so one such stem held by more than the bound says it too
   * (a range of the user's terms, stopped at the first; 'dent' at 100 000 memories read 654 blocks of
   * the table to count 1 001 matches, 7.9 ms).
   */
  function boundedCount(userId: string, q: MemoryQuery) {
    const { where, plainText } = filterConditions(userId, q)
    const countedUpTo = (matching: SQL) => sql`(with matches as materialized (select from ${memories}
      where ${matching}) select count(*)::int from (select from matches limit ${countBound + 1}) m)`
    const counted = countedUpTo(where)
    if (!plainText || hasFilters({ ...q, searchTerm: undefined })) return sql`select ${counted} as total`
    const words = plainText.match(/[\p{L}\p{N}]+/gu) ?? []
    const typing = words.length === 1 ? words[0]!.toLowerCase() : undefined
    // Past the last stem starting with the word in any collation's order (a term further on only
    // weakens the shortcut: starts_with decides).
    const typedStems = typing
      ? sql` or exists (select from ${memoryTerms} t where t.user_id = ${userId} and t.term >= ${typing}
          and t.term < ${`${typing}zzzzzzzz`} and starts_with(t.term, ${typing}) and t.memories > ${countBound})`
      : sql``
    // Several words: the memories holding all of them whole are among the matches, and finding them
    // skips the typed last word's every continuation ('garden plan' also reads 'plant', 'planet'…): more
    // than the bound of them says "past the bound" ('garden plan' at 100 000 memories: 4 ms, not 13).
    // The same words looked up whole (filterConditions not as typed), counted the way the matches are.
    const wholeWords =
      words.length > 1
        ? sql` or ${countedUpTo(filterConditions(userId, q, false).where)} > ${countBound}`
        : sql``
    return sql`select case when coalesce((select t.memories from ${memoryTerms} t, tsvector_to_array(
        to_tsvector(${searchConfig(q.language)}, ${plainText})) as l where t.user_id = ${userId} and cardinality(l) = 1
        and t.term = l[1]), 0) > ${countBound}${typedStems}${wholeWords} then ${countBound + 1} else ${counted} end as total`
  }

  async function list(userId: string, q: MemoryQuery, page: number, pageSize: number): Promise<ListResult> {
    if (!hasFilters(q)) return toListResult(userId, await plainPage(userId, page, pageSize))
    if (!q.searchTerm) {
      const statement = listStatement(
        userId,
        filterConditions(userId, q).where,
        true,
        pageSize,
        (page - 1) * pageSize,
      )
      return toListResult(userId, await rowsOf(statement))
    }
    // Under a time limit: a search that runs long gives its connection back (SearchTimeoutError).
    return withTimeLimit(db, SEARCH_TIMEOUT_MS, async (exec) => {
      const rowsOfStatement = <T>(statement: SQL) => queryRows<T>(exec, statement)
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
        return terms.length
          ? sql`to_tsquery(${searchConfig(q.language)}, ${terms.map((w) => `'${w}'`).join(' | ')})`
          : null
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
  }
}
