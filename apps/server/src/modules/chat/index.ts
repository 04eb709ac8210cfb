import type { FastifyInstance } from 'fastify'
import { chatRoutes } from './chat.routes.ts'
import type { ChatService } from './chat.service.ts'

export { createChatRepo } from './chat.repo.ts'
export { createChatService, type ChatService } from './chat.service.ts'
export { offlineTitle, TITLE_INSTRUCTIONS } from './conversation-title.ts'

/** Chat API: registered at /api/chat. */
export async function chatModule(
  app: FastifyInstance,
  opts: { chat: ChatService; sendsPerMinute?: number | undefined },
) {
  await app.register(chatRoutes, { service: opts.chat, sendsPerMinute: opts.sendsPerMinute })
  // Titles still being written stop before the database closes.
  app.addHook('onClose', () => opts.chat.close())
}
