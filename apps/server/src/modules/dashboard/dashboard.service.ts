import { BRIEFING_LIMITS, todayIn, type Briefing, type DashboardStats, type TodayFacts } from '@remi/shared'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import type { UsersService } from '../auth/index.ts'
import type { CalendarService, WeatherService } from '../datasources/index.ts'
import type { MemoriesService } from '../memories/index.ts'
import { BRIEFING_MODEL_TIMEOUT_MS, writeWithModel } from './briefing-model.ts'
import { renderBriefing } from './briefing-template.ts'
import type { BriefingRow, BriefingsRepo } from './briefings.repo.ts'
import { createTodayFacts, factsHash, sectionsOf, type FactsLogger } from './today-facts.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const FRESH_MS = BRIEFING_LIMITS.freshMinutes * 60 * 1000

export interface DashboardDeps {
  /** The chat's count of active conversations. */
  chats: { activeConversations(userId: string, since: Date): Promise<number> }
  briefings: BriefingsRepo
  users: Pick<UsersService, 'timezoneOf' | 'findById'>
  memories: Pick<MemoriesService, 'summary' | 'datedBetween' | 'onMonthDays' | 'createdSince' | 'yearlyNotes'>
  weather: Pick<WeatherService, 'forecastFor'>
  calendar: Pick<CalendarService, 'eventsBetween'>
  languageModel: AssistantModel | null
  /** How long the model may write before the template takes over (tests shorten it). */
  modelTimeoutMs?: number | undefined
}

function toBriefing(row: BriefingRow): Briefing {
  return {
    content: row.content,
    date: row.localDate,
    source: row.source,
    generatedAt: row.generatedAt.toISOString(),
    sections: row.sections!,
  }
}

export function createDashboardService(deps: DashboardDeps) {
  const { chats, briefings, users, memories, languageModel } = deps
  const { gatherTodayFacts } = createTodayFacts(deps)
  const modelTimeoutMs = deps.modelTimeoutMs ?? BRIEFING_MODEL_TIMEOUT_MS
  /** Who writes briefings now: part of the inputs, so a model added (or back after failing) rewrites the day's. */
  const writer = languageModel ? `model:${languageModel.provider}:${languageModel.modelId}` : 'template'

  const isFresh = (row: BriefingRow, now: Date) => now.getTime() - row.generatedAt.getTime() < FRESH_MS

  /** The model's briefing, or the template's when there is no model or it failed, timed out or said nothing. */
  async function write(facts: TodayFacts, log?: FactsLogger) {
    const text = languageModel
      ? await writeWithModel(languageModel, facts, {
          timeoutMs: modelTimeoutMs,
          // The reason only: a provider error carries the request body, the day's facts and the user's name.
          onError: (error) =>
            log?.warn(
              {
                model: languageModel.modelId,
                reason: error instanceof Error ? error.message : String(error),
              },
              'briefing model failed; the template wrote it',
            ),
        })
      : null
    return text
      ? { content: text, source: 'ai' as const, inputsHash: factsHash(facts, writer) }
      : {
          content: renderBriefing(facts),
          source: 'offline' as const,
          inputsHash: factsHash(facts, 'template'),
        }
  }

  /**
   * Writes and stores the day's briefing while no other generation for this user runs (in any instance).
   * `reuse` judges the row stored by the time the lock is held: a generation that finished while this
   * request waited is answered as it is instead of being made again. The model writes under the lock on
   * purpose: that is what makes it one generation, not one stored row.
   */
  async function generate(
    userId: string,
    facts: TodayFacts,
    memoriesVersion: number,
    reuse: (row: BriefingRow, memoriesNow: number) => boolean,
    log?: FactsLogger,
  ): Promise<Briefing> {
    return briefings.withUserLock(userId, async (exec) => {
      const stored = await briefings.find(userId, facts.date, exec)
      if (stored.row?.sections && reuse(stored.row, stored.memoriesVersion)) return toBriefing(stored.row)
      const row = { localDate: facts.date, ...(await write(facts, log)), sections: sectionsOf(facts) }
      const saved = { ...row, generatedAt: new Date(), memoriesVersion }
      await briefings.save(exec, userId, saved)
      return toBriefing(saved)
    })
  }

  return {
    gatherTodayFacts,

    /** `hidePrivate` (an access token): private memories are not counted. */
    async stats(userId: string, reader: { hidePrivate?: boolean } = {}): Promise<DashboardStats> {
      const [summary, activeChats] = await Promise.all([
        memories.summary(userId, undefined, reader),
        chats.activeConversations(userId, new Date(Date.now() - DAY_MS)),
      ])
      return { ...summary, activeChats }
    },

    /**
     * The day's stored briefing; rewritten when its inputs changed and it is over 30 minutes old, or at
     * once when the user's memories changed since it was made (their own writes show on the next visit;
     * weather and calendar are fetched again at most every 30 minutes). Concurrent requests for one user
     * make one generation: the others wait and answer its result.
     */
    async briefing(userId: string, options: { log?: FactsLogger } = {}): Promise<Briefing> {
      const now = new Date()
      const today = todayIn(await users.timezoneOf(userId), now)
      // The version is read before the facts: a write in between makes the next visit look again.
      const { row: stored, memoriesVersion } = await briefings.find(userId, today)
      const current = (row: BriefingRow, version: number) =>
        isFresh(row, new Date()) && row.memoriesVersion >= version
      if (stored?.sections && current(stored, memoriesVersion)) return toBriefing(stored)
      const facts = await gatherTodayFacts(userId, { now, ...options })
      const hash = factsHash(facts, writer)
      if (stored?.sections && stored.localDate === facts.date && stored.inputsHash === hash) {
        // A write that changed nothing the briefing tells (an old memory edited): it stays as it is.
        if (stored.memoriesVersion < memoriesVersion) {
          await briefings.markCurrent(userId, today, memoriesVersion)
        }
        return toBriefing(stored)
      }
      return generate(
        userId,
        facts,
        memoriesVersion,
        (row, version) => current(row, version) || row.inputsHash === hash,
        options.log,
      )
    },

    /**
     * The person chose another language: the briefing is written again in it on the next visit, not after
     * the stored one's 30 fresh minutes.
     */
    languageChanged: (userId: string) => briefings.forget(userId),

    /** A new briefing now, whatever is stored; one that finished while this request waited is answered instead. */
    async regenerateBriefing(userId: string, options: { log?: FactsLogger } = {}): Promise<Briefing> {
      const startedAt = new Date()
      const memoriesVersion = await briefings.memoriesVersion(userId)
      const facts = await gatherTodayFacts(userId, { now: startedAt, ...options })
      return generate(userId, facts, memoriesVersion, (row) => row.generatedAt > startedAt, options.log)
    },
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
