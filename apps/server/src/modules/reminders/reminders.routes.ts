import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreatePushSubscriptionBody,
  ErrorCode,
  CreateReminderBody,
  ListRemindersQuery,
  NotificationPreferences,
  PatchReminderBody,
  PushSubscriptionInfo,
  PushSubscriptionList,
  Reminder,
  ReminderActionBody,
  ReminderList,
  UpdateNotificationPreferences,
  VapidPublicKey,
} from '@remi/shared'
import { AppError } from '../../lib/errors.ts'
import { readerOf, requireUser } from '../../plugins/auth.ts'
import type { EventHub, HubEvent } from './event-hub.ts'
import type { RemindersService } from './reminders.service.ts'

/** A comment line this often keeps proxies from closing a quiet stream (as the chat's stream does). */
const HEARTBEAT_MS = 15_000

/**
 * Open event streams at once, counted by this instance: per session (a browser's tabs share one) and per
 * person (their devices). Each holds a connection, a timer and a subscription, so they are not unlimited.
 */
export const EVENT_STREAMS = { perSession: 5, perPerson: 20 }

const IdParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })

/** /api/reminders: the signed-in user's reminders, and the action tokens' door (no session needed). */
export async function remindersRoutes(app: FastifyInstance, opts: { reminders: RemindersService }) {
  const { reminders } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['reminders']

  r.get(
    '/',
    { schema: { tags, querystring: ListRemindersQuery, response: { 200: ReminderList } } },
    async (request) => ({
      reminders: await reminders.list(requireUser(request), { ...request.query, ...readerOf(request) }),
    }),
  )

  r.post(
    '/',
    { schema: { tags, body: CreateReminderBody, response: { 201: Reminder } } },
    async (request, reply) =>
      reply.status(201).send(await reminders.create(requireUser(request), request.body, readerOf(request))),
  )

  r.get('/:id', { schema: { tags, params: IdParams, response: { 200: Reminder } } }, async (request) =>
    reminders.get(requireUser(request), request.params.id, readerOf(request)),
  )

  r.patch(
    '/:id',
    { schema: { tags, params: IdParams, body: PatchReminderBody, response: { 200: Reminder } } },
    async (request) =>
      reminders.patch(requireUser(request), request.params.id, request.body, undefined, readerOf(request)),
  )

  r.delete('/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await reminders.remove(requireUser(request), request.params.id, readerOf(request))
    return reply.status(204).send()
  })

  // The notification's and the e-mail's Done / Snooze: the signed one-use token is the credential, so
  // neither a session nor a CSRF token is asked for (a forged request cannot know the token).
  r.post(
    '/actions',
    {
      config: { public: true, csrfExempt: true },
      schema: { tags, body: ReminderActionBody, response: { 200: Reminder } },
    },
    async (request) => reminders.act(request.body.token, request.body.action),
  )
}

/** /api/notifications: Web Push's public key and this user's devices. */
export async function notificationsRoutes(app: FastifyInstance, opts: { reminders: RemindersService }) {
  const { reminders } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['notifications']

  r.get('/vapid-public-key', { schema: { tags, response: { 200: VapidPublicKey } } }, async () => ({
    publicKey: reminders.vapidPublicKey(),
  }))

  r.post(
    '/subscriptions',
    {
      config: { credentials: 'session', tokenRefusal: 'register devices for notifications' },
      schema: {
        tags,
        body: CreatePushSubscriptionBody,
        response: { 200: PushSubscriptionInfo, 201: PushSubscriptionInfo },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await reminders.subscribe(
        requireUser(request),
        request.body,
        request.headers['user-agent'],
      )
      return reply.status(created ? 201 : 200).send(subscription)
    },
  )

  r.get('/subscriptions', { schema: { tags, response: { 200: PushSubscriptionList } } }, async (request) => ({
    subscriptions: await reminders.subscriptions(requireUser(request)),
  }))

  r.delete('/subscriptions/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await reminders.unsubscribe(requireUser(request), request.params.id)
    return reply.status(204).send()
  })
}

/** /api/auth/user/settings/notifications: e-mail reminders and the briefing's time, next to the other settings. */
export async function notificationSettingsRoutes(
  app: FastifyInstance,
  opts: { reminders: RemindersService },
) {
  const { reminders } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const schema = { tags: ['settings'], response: { 200: NotificationPreferences } }
  r.get('', { schema }, async (request) => reminders.preferences(requireUser(request)))
  r.put('', { schema: { ...schema, body: UpdateNotificationPreferences } }, async (request) =>
    reminders.setPreferences(requireUser(request), request.body),
  )
}

/**
 * GET /api/events: the signed-in user's live events (server-sent events). A reconnecting EventSource
 * sends Last-Event-ID and first gets what it missed (a server restart in between included).
 * Wire format as the chat's stream (chat/event-stream.ts), with an `id:` line for Last-Event-ID.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  opts: { reminders: RemindersService; hub: EventHub; heartbeatMs?: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const open = new Set<() => void>()
  const bySession = new Map<string, number>()
  const byPerson = new Map<string, number>()
  const add = (counts: Map<string, number>, key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n
    if (next > 0) counts.set(key, next)
    else counts.delete(key)
  }
  // preClose, not onClose: Fastify waits for requests in flight between the two, and a stream never ends
  // by itself (SIGTERM would wait for main.ts's 10-second timer and exit 1).
  app.addHook('preClose', async () => {
    for (const close of [...open]) close()
  })
  r.get(
    '/',
    {
      // The signed-in app's live updates (reminders' texts, a private memory's included): a personal access
      // token is refused, as MCP clients never get those.
      config: { rateLimit: false, credentials: 'session', tokenRefusal: 'open the live event stream' },
      schema: { tags: ['notifications'] },
    },
    async (request, reply) => {
      const userId = requireUser(request)
      const sessionId = request.sessionId ?? userId
      if (
        (bySession.get(sessionId) ?? 0) >= EVENT_STREAMS.perSession ||
        (byPerson.get(userId) ?? 0) >= EVENT_STREAMS.perPerson
      ) {
        throw new AppError(
          429,
          ErrorCode.RateLimited,
          'Too many live connections are open for you. Close some tabs or windows of the app and try again.',
          30,
        )
      }
      add(bySession, sessionId, 1)
      add(byPerson, userId, 1)
      const body = new PassThrough()
      const write = (text: string) => {
        if (!body.destroyed && !body.writableEnded) body.write(text)
      }
      const send = (event: HubEvent) =>
        write(
          `${event.id ? `id: ${event.id}\n` : ''}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`,
        )
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS)
      heartbeat.unref()
      const unsubscribe = opts.hub.subscribe(userId, send)
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        add(bySession, sessionId, -1)
        add(byPerson, userId, -1)
        open.delete(close)
        clearInterval(heartbeat)
        unsubscribe()
        if (!body.destroyed && !body.writableEnded) body.end()
      }
      open.add(close)
      reply.raw.on('close', close)
      body.on('error', close)
      void reply
        .status(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body)
      // Reconnects quickly after a restart (the browser's default is a few seconds).
      write(': stream open\nretry: 2000\n\n')
      const lastEventId = request.headers['last-event-id']
      const missed = await opts.reminders.missedEvents(
        userId,
        typeof lastEventId === 'string' ? lastEventId : undefined,
      )
      for (const event of missed) send(event)
      return reply
    },
  )
}
