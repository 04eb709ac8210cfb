import type { Language } from '@remi/shared'
import { SearchTimeoutError } from '../../db/time-limit.ts'
import type { MemoriesService, MemoryRecord } from '../memories/index.ts'
import { namesInMemory, type ReadQuestion } from './question.ts'
import type { RankedRecord, RecallRepo } from './recall.repo.ts'
import { inLawCandidates, namesForRoles, roleSearchWords, rolesAsked } from './relations.ts'
import type { Ranking, WordRanking } from './word-ranking.ts'

/** How many memories the second pass adds after the memory that named its name, at most. */
const SECOND_PASS = 2
/** A name found in more than this share of the user's memories leads nowhere in particular. */
const LINK_SHARE = 0.05
/** How many of the newest notes holding a role's words are read for who has it. */
const ROLE_NOTES = 60
/** A name a role stands for weighs as a name the question gives... */
export const ROLE_NAME_WEIGHT = 1.5
/** ...and the role's own word, once its name is known, this share of its weight. */
export const RESOLVED_ROLE_WEIGHT = 0.5

/**
 * People's names: those the user's notes give the roles a question names ("my son": Tomás), and the
 * second pass that follows the names the best matches give.
 */
export function createNamePasses({ repo, rank }: { repo: RecallRepo; rank: WordRanking['rank'] }) {
  /** The names the user's notes give the roles the words name ("my son": "my son Tomás"), newest first. */
  async function namesByRole(userId: string, text: string, language?: Language) {
    const asked = rolesAsked(text)
    if (asked.length === 0) return { names: [], roleWords: new Set<string>() }
    const notes = (
      await repo.textsHolding(userId, roleSearchWords(asked), ROLE_NOTES, undefined, language)
    ).map((text) => ({
      text,
    }))
    // Whose family the notes name, when the question asks for family by marriage: the one the person's
    // notes name most is likely the partner (a friend's mum is named in a note or two).
    const whose = inLawCandidates(asked, notes)
    const mentions = whose.length > 1 ? (await repo.terms(userId, whose, language)).stats : []
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
   * The second pass (multi-hop): when the best memories do not hold all the question's words, the
   * names they give that the question does not ("Marta is my sister" for "can my sister eat prawns?")
   * are looked for with the rest of the question; what that finds comes after the memory that named
   * them, those holding more of the rest of the question first. Names most memories hold (the user's own, a diary's speakers) lead nowhere and are not followed.
   */
  async function followNames(
    userId: string,
    question: ReadQuestion,
    ranking: Ranking,
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
      const { stats } = await repo.terms(userId, names, filters.language)
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

  return { namesByRole, followNames }
}
