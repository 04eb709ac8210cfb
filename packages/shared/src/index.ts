export * from './errors.ts'
export * from './auth.ts'
export * from './datasources.ts'
export * from './memories.ts'
