export * from './errors.ts'
export * from './auth.ts'
export * from './memories.ts'
