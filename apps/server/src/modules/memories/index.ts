import type { FastifyInstance } from 'fastify'
import type { ModuleOptions } from '../module-options.ts'

/** Memories API (issue 4): registered at /api/memories. */
export async function memoriesModule(_app: FastifyInstance, _opts: ModuleOptions) {}
