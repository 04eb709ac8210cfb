import { localDate, todayIn, type Language } from '@remi/shared'
import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm'
import { memories } from '../../db/schema.ts'
import { searchConfig, typedQuery } from '../../lib/search-query.ts'

// What the memories' repositories share: the filters, the list order and a memory's columns and rows.

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
  /** The language the search's words are stemmed in: the owner's, as their memories' words are (issue 51). */
  language?: Language | undefined
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

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const columns = {
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
export const defaultOrder = [
  sql`${memories.sortDate} desc nulls last`,
  sql`${memories.createdAt} desc nulls last`,
  sql`${memories.id} desc nulls last`,
]

/**
 * The day a memory is listed and filtered by: its date, else the day it was created in the user's
 * zone. A memory written now without a createdAt gets the database's now(), read here as today.
 */
export const sortDateOf = (date: string | null, createdAt: Date | undefined, zone: string) =>
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
function searchCondition(
  term: string,
  asTyped = true,
  language?: Language,
): { where: SQL; rank?: SQL; plainText?: string } {
  // The first SEARCH_WORDS words only: 200 characters of matching words took 1.8 s at 100 000 memories.
  const all = [...term.matchAll(/[\p{L}\p{N}]+/gu)]
  const words = all.slice(0, SEARCH_WORDS).map((m) => m[0])
  // The text up to its last word kept, as typed: 'BK/44190' is one word to the parser, not 'bk' and '44190'.
  const last = all[SEARCH_WORDS - 1]
  const kept = all.length > SEARCH_WORDS && last ? term.slice(0, last.index + last[0].length) : term
  const plain = sql`plainto_tsquery(${searchConfig(language)}, ${kept})`
  if (!asTyped && words.length > 0)
    return { where: sql`${memories.search} @@ ${plain}`, rank: relevance(plain) }
  const symbols = symbolsOf(term)
  if (words.length === 0)
    return { where: symbols.length ? and(...symbols)! : sql`${memories.search} @@ ${plain}` }
  const where = and(sql`${memories.search} @@ (${plain} || ${typedQuery(words, language)})`, ...symbols)!
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
export const relevance = (query: SQL) => sql`ts_rank('{0, 0, 0.4, 1}', ${memories.search}, ${query})`

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
    const search = searchCondition(q.searchTerm, asTyped, q.language)
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

/** How many words of a search are looked for (issue 28: a 200-character search of matching words took seconds). */
export const SEARCH_WORDS = 12

export const hasFilters = (q: MemoryQuery) =>
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

/**
 * Whether a memory has files, as the column `has_files`: their names are in its searched words as soon as
 * one is stored. On the table or, with `alias.`, on a joined one.
 */
export const hasFilesColumn = (alias = '') => sql.raw(`${alias}attachment_text <> '' as has_files`)

/** The list order (memories_user_sort_idx), on the table or, with `alias.`, on a subquery's columns. */
export const listOrder = (alias = '') =>
  sql.raw(`${alias}sort_date desc nulls last, ${alias}created_at desc nulls last, ${alias}id desc nulls last`)
