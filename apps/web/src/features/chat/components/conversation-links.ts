import { paths } from '../../../config/paths'

/** An untitled conversation (empty, or cleared). */
export const UNTITLED = 'New chat'

export const conversationPath = (id: string, messageId?: string) =>
  `${paths.chat}/${id}${messageId ? `?message=${encodeURIComponent(messageId)}` : ''}`
