// The database's tables, by area in schema/*.ts. drizzle-kit (drizzle.config.ts) and the database client
// read them all from here.
export * from './schema/accounts.ts'
export * from './schema/memories.ts'
export * from './schema/chat.ts'
export * from './schema/dashboard.ts'
export * from './schema/note-imports.ts'
export * from './schema/reminders.ts'
export * from './schema/automations.ts'
export * from './schema/connected-tools.ts'
export * from './schema/attachments.ts'
