import type { UsersRepo } from './users.repo.ts'

/**
 * The users as other modules see them: a profile, the zone days are counted in, the identity last signed
 * in with, and settings changes. Sign-in creates users and identities through auth.service.ts.
 */
export function createUsersService(repo: UsersRepo) {
  return {
    /** The user as stored, or undefined for an unknown id. */
    findById: (userId: string) => repo.findById(userId),
    /** The user's IANA zone; UTC for a stored zone this runtime does not know, or an unknown user. */
    timezoneOf: (userId: string) => repo.timezoneOf(userId),
    /** The identity the user signed in with most recently (its provider; its grant reaches a calendar). */
    latestIdentity: (userId: string) => repo.latestIdentity(userId),
    /** Saves settings (timezone, theme, …); the user as saved, or undefined for an unknown id. */
    updateUser: (userId: string, changes: Parameters<UsersRepo['updateUser']>[1]) =>
      repo.updateUser(userId, changes),
  }
}
export type UsersService = ReturnType<typeof createUsersService>
