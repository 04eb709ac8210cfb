import type { Language } from '@remi/shared'
import { MEMORY_LIMITS, type Memory } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { SearchTimeoutError } from '../../db/time-limit.ts'
import type { UserLimit } from '../../lib/user-limit.ts'
import type { UsersService } from '../auth/index.ts'
import { toMemory, type MemoriesService, type MemoryRecord, type SavedDays } from '../memories/index.ts'
import { createFusion } from './fusion.ts'
import { laterFirst, withLaterNotes } from './later-notes.ts'
import { createLocalSemantic, withMeaning } from './local-semantic.ts'
import { createNamePasses, RESOLVED_ROLE_WEIGHT, ROLE_NAME_WEIGHT } from './name-passes.ts'
import { newestFirstWhereTheyDisagree } from './newest-first.ts'
import { readQuestion, withoutNearDuplicates } from './question.ts'
import { createRecallRepo, type RankedRecord } from './recall.repo.ts'
import type { SemanticRecall } from './semantic.ts'
import { createWordRanking, type Ranking } from './word-ranking.ts'
import { withCompoundParts, withDoers, withWordNeighbours } from './word-neighbours.ts'

export { newestFirstWhereTheyDisagree } from './newest-first.ts'

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
  /** The person's language when the caller has read it (their words are stemmed in it); else read here. */
  language?: Language | undefined
}
/** Words that may name a period (question.ts periodIn): only then is the user's zone read. */
const DAY_WORDS =
  /\b(?:yesterday|today|tonight|tomorrow|last|this|next|ago|week|weekend|month|year|spring|summer|autumn|fall|winter|(?:19|20)\d\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|\d{1,2}(?:st|nd|rd|th)?)/i

export interface RecallOptions {
  db: Db
  memories: Pick<MemoriesService, 'best' | 'query'>
  users: Pick<UsersService, 'timezoneOf' | 'languageOf'>
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
  /** The found memories' files: their names and the parts of their words that hold the question's. */
  files?: FileExcerpts | undefined
}

/** A part of a memory's file that holds the question's words, with the file's name (issue 49). */
export interface FileExcerpt {
  name: string
  excerpt: string
}

/** The files' excerpts of memories recall found (modules/attachments, given at start-up). */
export interface FileExcerpts {
  excerpts(userId: string, memoryIds: string[], words: string): Promise<Map<string, FileExcerpt[]>>
}
/**
 * Recall: the memories that answer a person's words, best first. Every place that chooses memories for
 * a question uses it (the chat in all its modes, the tools, MCP, the briefing, the memories screen's
 * closest matches). Its parts: the words' ranking (word-ranking.ts, feedback.ts), names and roles
 * (name-passes.ts), semantic search fused in (fusion.ts), "now" and later notes (newest-first.ts,
 * later-notes.ts).
 */
export function createRecallService(options: RecallOptions) {
  const repo = createRecallRepo(options.db)
  const { files } = options
  const now = options.now ?? (() => new Date())
  const local = options.localSemantic ? createLocalSemantic(options.db) : null
  const { rank, neighbours } = createWordRanking({ repo, timeoutMs: options.statementTimeoutMs ?? 2000 })
  const { namesByRole, followNames } = createNamePasses({ repo, rank })
  const { nearest, missing, fuse } = createFusion({
    repo,
    semantic: options.semantic,
    semanticWaitMs: options.semanticWaitMs ?? 250,
  })

  /** `withoutFiles` learns which of the memories found are known to have no files. */
  async function find(
    userId: string,
    request: RecallRequest,
    withoutFiles: Set<string>,
  ): Promise<RecalledMemory[]> {
    const limit = request.limit ?? 8
    const text = request.query
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MEMORY_LIMITS.searchTermMax * 5)
    // A question that names no day needs no time zone (one round trip less).
    // The language the person's memories' words are stemmed in (issue 51), read beside the zone.
    const [zone, language] = await Promise.all([
      !DAY_WORDS.test(text) ? 'UTC' : (request.timeZone ?? options.users.timezoneOf(userId)),
      request.language ?? options.users.languageOf(userId),
    ])
    const read = readQuestion(text, zone, request.now ?? now(), request.names)
    const question = {
      ...read,
      terms: withDoers(withCompoundParts(withWordNeighbours(read.terms, read.names), read.names), read.names),
    }
    // People by role (issue 44): "my son" is looked for by the name the person's notes give him too, and
    // the role's word counts less: a note about him need not say "son".
    const byRole = await namesByRole(userId, text, language)
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
    const filters = {
      ...(await options.memories.query(userId, {
        tags: request.tags?.length ? request.tags : undefined,
        startDate: request.from,
        endDate: request.to,
        saved: request.saved,
        newestSaved: request.newestSaved,
      })),
      language,
    }
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
    let ranking: Ranking
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
    const shown = ranked.slice(0, limit)
    for (const m of shown) if (m.hasFiles === false) withoutFiles.add(m.id)
    return shown.map((m) => (changed.has(m.id) ? { ...toMemory(m), changedLater: true } : toMemory(m)))
  }

  return {
    /** The memories most relevant to the words, best first, at most `limit` (8 by default). */
    async find(userId: string, request: RecallRequest): Promise<RecalledMemory[]> {
      const withoutFiles = new Set<string>()
      const found = await (options.searches
        ? options.searches.run(userId, () => find(userId, request, withoutFiles))
        : find(userId, request, withoutFiles))
      // Private memories are never found here, so no private file's words reach a model or MCP. The
      // ranking says which memories have no files: their excerpts are not asked for (a round trip less).
      const mayHaveFiles = found.filter((m) => !withoutFiles.has(m.id)).map((m) => m.id)
      if (!files || mayHaveFiles.length === 0) return found
      const excerpts = await files.excerpts(userId, mayHaveFiles, request.query)
      return found.map((m) => (excerpts.has(m.id) ? { ...m, files: excerpts.get(m.id) } : m))
    },
  }
}
export type RecallService = ReturnType<typeof createRecallService>

/** A memory as recall gives it: `changedLater` when a later note changes what it says (the prompt says so). */
export type RecalledMemory = Memory & { changedLater?: boolean; files?: FileExcerpt[] | undefined }
