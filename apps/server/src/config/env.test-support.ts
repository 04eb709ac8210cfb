import { ConfigError, loadEnv, type Env } from './env.ts'

/** A valid session secret: each test adds only the settings it is about. */
export const secret = { SESSION_SECRET: 's'.repeat(40) }

/** The configuration these settings give (with the secret). */
export const envWith = (env: Record<string, string>): Env => loadEnv({ ...secret, ...env })

/** What start-up says is wrong with these settings; empty when they load. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    envWith(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}
