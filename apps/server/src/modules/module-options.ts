import type { Env } from '../config/env.ts'
import type { Db } from '../db/client.ts'
import type { AuthService } from './auth/auth.service.ts'

/** What app.ts hands every feature module (registered under /api with its prefix). */
export interface ModuleOptions {
  env: Env
  db: Db
  auth: AuthService
}
