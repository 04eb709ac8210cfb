import { and, eq } from 'drizzle-orm'
import {
  calendarConfiguration,
  weatherConfiguration,
  type CalendarDataSource,
  type DataSource,
  type WeatherDataSource,
} from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { dataSources } from '../../db/schema.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Row = { type: string; isEnabled: boolean; configuration: unknown }

const columns = {
  type: dataSources.type,
  isEnabled: dataSources.isEnabled,
  configuration: dataSources.configuration,
}

/** Stored JSON is read through its type's schema; a row that does not fit reads as unconfigured. */
function readWeather(row: Row): WeatherDataSource {
  return {
    dataSourceType: 'weather',
    isEnabled: row.isEnabled,
    configuration: weatherConfiguration(row.configuration),
  }
}
function readCalendar(row: Row): CalendarDataSource {
  return {
    dataSourceType: 'calendar',
    isEnabled: row.isEnabled,
    configuration: calendarConfiguration(row.configuration),
  }
}

/** Every query is scoped by the user id: another user's row is simply not there. */
export function createDataSourcesRepo(db: Db) {
  /** The queries for one type, typed by that type's configuration. */
  function ofType<T extends DataSource>(type: T['dataSourceType'], read: (row: Row) => T) {
    const mine = (userId: string) => and(eq(dataSources.userId, userId), eq(dataSources.type, type))

    async function lock(tx: Tx, userId: string): Promise<T | undefined> {
      const [row] = await tx.select(columns).from(dataSources).where(mine(userId)).for('update')
      return row && read(row)
    }

    async function write(tx: Tx, userId: string, next: T): Promise<T> {
      const [row] = await tx
        .update(dataSources)
        .set({ isEnabled: next.isEnabled, configuration: next.configuration, updatedAt: new Date() })
        .where(mine(userId))
        .returning(columns)
      return read(row!)
    }

    return {
      async find(userId: string): Promise<T | undefined> {
        const [row] = await db.select(columns).from(dataSources).where(mine(userId))
        return row && read(row)
      },

      /**
       * Reads, merges and writes in one transaction with the row locked, so two updates arriving
       * together both land. `merge` must not do I/O (it runs while the row is locked) and may run
       * twice when another request creates the row first.
       */
      async update(userId: string, merge: (current: T | undefined) => T): Promise<T> {
        return db.transaction(async (tx) => {
          let current = await lock(tx, userId)
          if (!current) {
            const created = merge(undefined)
            const [row] = await tx
              .insert(dataSources)
              .values({
                userId,
                type,
                isEnabled: created.isEnabled,
                configuration: created.configuration,
              })
              .onConflictDoNothing()
              .returning(columns)
            if (row) return read(row)
            // Another request created the row between our read and our insert: merge into theirs.
            current = await lock(tx, userId)
            if (!current) throw new Error(`The ${type} data source disappeared while it was being saved.`)
          }
          return write(tx, userId, merge(current))
        })
      },

      /** Like update, for a row that exists; `merge` answers null to leave it as it is. */
      async amend(userId: string, merge: (current: T) => T | null): Promise<void> {
        await db.transaction(async (tx) => {
          const current = await lock(tx, userId)
          const next = current && merge(current)
          if (next) await write(tx, userId, next)
        })
      },
    }
  }

  return {
    weather: ofType('weather', readWeather),
    calendar: ofType('calendar', readCalendar),

    /** The types this user has a row for (a type never configured has none). */
    async list(userId: string): Promise<DataSource[]> {
      const rows = await db.select(columns).from(dataSources).where(eq(dataSources.userId, userId))
      return rows.map((row) => (row.type === 'weather' ? readWeather(row) : readCalendar(row)))
    },
  }
}
export type DataSourcesRepo = ReturnType<typeof createDataSourcesRepo>
