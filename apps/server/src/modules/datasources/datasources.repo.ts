import { and, eq } from 'drizzle-orm'
import type { DataSourceType } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { dataSources } from '../../db/schema.ts'

export interface StoredDataSource {
  type: DataSourceType
  isEnabled: boolean
  configuration: Record<string, unknown>
}

/** Every query is scoped by the user id: another user's row is simply not there. */
export function createDataSourcesRepo(db: Db) {
  return {
    async list(userId: string): Promise<StoredDataSource[]> {
      return db
        .select({
          type: dataSources.type,
          isEnabled: dataSources.isEnabled,
          configuration: dataSources.configuration,
        })
        .from(dataSources)
        .where(eq(dataSources.userId, userId))
    },

    async find(userId: string, type: DataSourceType): Promise<StoredDataSource | undefined> {
      const [row] = await db
        .select({
          type: dataSources.type,
          isEnabled: dataSources.isEnabled,
          configuration: dataSources.configuration,
        })
        .from(dataSources)
        .where(and(eq(dataSources.userId, userId), eq(dataSources.type, type)))
      return row
    },

    async save(userId: string, source: StoredDataSource): Promise<StoredDataSource> {
      const values = {
        isEnabled: source.isEnabled,
        configuration: source.configuration,
        updatedAt: new Date(),
      }
      const [row] = await db
        .insert(dataSources)
        .values({ userId, type: source.type, ...values })
        .onConflictDoUpdate({ target: [dataSources.userId, dataSources.type], set: values })
        .returning({
          type: dataSources.type,
          isEnabled: dataSources.isEnabled,
          configuration: dataSources.configuration,
        })
      return row!
    },
  }
}
export type DataSourcesRepo = ReturnType<typeof createDataSourcesRepo>
