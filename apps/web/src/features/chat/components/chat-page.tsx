import { BRAND } from '../../../config/brand'

// Placeholder until the chat issue lands.
export function ChatPage() {
  return <h1>Chat with {BRAND}</h1>
}
