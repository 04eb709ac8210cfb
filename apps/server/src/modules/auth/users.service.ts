import type { UpdateUserSettings, UserSettings } from '@remi/shared'
import { notFound } from '../../lib/errors.ts'
import type { UsersRepo } from './users.repo.ts'

/**
 * The users as other modules see them: a profile, the zone days are counted in, the identity last signed
 * in with, and the settings. Sign-in creates users and identities through auth.service.ts.
 */
export function createUsersService(repo: UsersRepo) {
  return {
    /** The user as stored, or undefined for an unknown id. */
    findById: (userId: string) => repo.findById(userId),
    /** The user's IANA zone; UTC for a stored zone this runtime does not know, or an unknown user. */
    timezoneOf: (userId: string) => repo.timezoneOf(userId),
    /** The user's language: the one their memories' words are stemmed in and the offline assistant speaks. */
    languageOf: (userId: string) => repo.languageOf(userId),
    /** The identity the user signed in with most recently (its provider; its grant reaches a calendar). */
    latestIdentity: (userId: string) => repo.latestIdentity(userId),

    /** The settings as stored: the zone too when this runtime does not know it (the client matches it). */
    async settings(userId: string): Promise<UserSettings> {
      const user = await repo.findById(userId)
      if (!user) throw notFound('User')
      return { timezone: user.timezone, theme: user.theme, language: user.language }
    },

    /** Saves what is given and keeps the rest; `zoneChanged` (`languageChanged`) when it is now another. */
    async updateSettings(
      userId: string,
      changes: UpdateUserSettings,
    ): Promise<{ settings: UserSettings; zoneChanged: boolean; languageChanged: boolean }> {
      const before =
        changes.timezone !== undefined || changes.language !== undefined
          ? await repo.findById(userId)
          : undefined
      const { timezone, theme, language } = changes
      const user = await repo.updateUser(userId, { timezone, theme, language })
      if (!user) throw notFound('User')
      return {
        settings: { timezone: user.timezone, theme: user.theme, language: user.language },
        zoneChanged: before !== undefined && before.timezone !== user.timezone,
        languageChanged: before !== undefined && before.language !== user.language,
      }
    },
  }
}
export type UsersService = ReturnType<typeof createUsersService>
