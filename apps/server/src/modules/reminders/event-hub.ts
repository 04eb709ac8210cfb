/**
 * The in-app channel: events for a user's open tabs (GET /api/events). Deliveries are published in the
 * transaction that claims them; on PostgreSQL as a NOTIFY (sent only if that transaction commits, and
 * heard by every instance's LISTEN connection, so a tab connected to any instance gets it), on PGlite
 * (one instance) in process once it commits.
 */
import { EventEmitter } from 'node:events'
import type pg from 'pg'
import type { AutomationDelivery, BriefingDelivery, ReminderDelivery, ReminderUpdate } from '@remi/shared'
import type { Database } from '../../db/client.ts'
import type { JobLogger } from '../../jobs/queue.ts'

export type HubEvent =
  | { userId: string; id: string; event: 'reminder'; data: ReminderDelivery }
  | { userId: string; id: string; event: 'briefing'; data: BriefingDelivery }
  | { userId: string; id: string; event: 'automation'; data: AutomationDelivery }
  | { userId: string; id?: undefined; event: 'reminder-updated'; data: ReminderUpdate }

export const NOTIFY_CHANNEL = 'remi_events'

export interface EventHub {
  /** Calls `listener` with each of this user's events until the returned function is called. */
  subscribe(userId: string, listener: (event: HubEvent) => void): () => void
  /**
   * How to publish inside a claiming transaction: returns the SQL to run there (PostgreSQL) or null,
   * and then `afterCommit` must be called (PGlite) once it committed.
   */
  readonly crossInstance: boolean
  /** PGlite: hands the event to this process's listeners. */
  publishLocal(event: HubEvent): void
  start(): Promise<void>
  stop(): Promise<void>
}

export function createEventHub(database: Database, logger: JobLogger): EventHub {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  const crossInstance = database.kind === 'postgres'
  /** The connection that LISTENs, and how to give it back to the pool (once, whoever asks first). */
  let client: { connection: pg.PoolClient; giveBack: (destroy: boolean) => void } | null = null
  let stopped = false

  const emit = (event: HubEvent) => emitter.emit(event.userId, event)

  async function listen(): Promise<void> {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    const connection = await pool.connect()
    let held = true
    // A lost connection (database restart) is replaced; events sent meanwhile are caught up by the
    // tabs' reconnection (Last-Event-ID), not here.
    const onError = (error: Error) => {
      if (!held) return
      logger.warn({ err: error }, 'the events listener lost its connection; listening again')
      giveBack(true)
      client = null
      if (!stopped) setTimeout(() => void listen().catch(() => {}), 1000).unref()
    }
    // Once back in the pool the connection is the pool's: an error on it later (the database ending
    // idle connections) is not this listener's to handle, and releasing it twice throws.
    const giveBack = (destroy: boolean) => {
      if (!held) return
      held = false
      connection.removeListener('error', onError)
      connection.removeListener('notification', onNotification)
      connection.release(destroy)
    }
    const onNotification = (message: pg.Notification) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return
      try {
        emit(JSON.parse(message.payload) as HubEvent)
      } catch (error) {
        logger.warn({ err: error }, 'an unreadable event on the events channel was ignored')
      }
    }
    connection.on('notification', onNotification)
    connection.on('error', onError)
    await connection.query(`LISTEN ${NOTIFY_CHANNEL}`)
    client = { connection, giveBack }
  }

  return {
    crossInstance,
    subscribe(userId, listener) {
      emitter.on(userId, listener)
      return () => emitter.off(userId, listener)
    },
    publishLocal: emit,
    async start() {
      if (crossInstance && !client) await listen()
    },
    async stop() {
      stopped = true
      const listening = client
      client = null
      if (listening) {
        await listening.connection.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => {})
        listening.giveBack(false)
      }
    },
  }
}
