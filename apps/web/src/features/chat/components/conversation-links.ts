import { paths } from '../../../config/paths'

export const conversationPath = (id: string, messageId?: string) =>
  `${paths.chat}/${id}${messageId ? `?message=${encodeURIComponent(messageId)}` : ''}`
