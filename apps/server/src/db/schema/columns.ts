import { customType, timestamp } from 'drizzle-orm/pg-core'

// Column helpers the tables share (not tables: drizzle-kit reads only the tables schema.ts exports).

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
/** Bytes (a file's): node-postgres gives a Buffer, PGlite a Uint8Array; both read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})
