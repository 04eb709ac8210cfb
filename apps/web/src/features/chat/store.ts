import type { Activity } from '@remi/shared'
import { create } from 'zustand'

/** Spec §3's temporary local message: sent, not stored yet (pending), or refused (error). */
export interface TemporaryMessage {
  id: string
  content: string
  /** ISO time it was sent. */
  timestamp: string
  isPending: boolean
  /** Why it failed; the text the person typed stays on screen. */
  error?: string
}

export interface DraftActivity extends Activity {
  running: boolean
}

/** The answer being written, token by token. */
export interface Draft {
  /** The stored user message it answers, once the server has confirmed it. */
  afterId: string | null
  /** The stored answer it replaces (regenerate). */
  replacesId: string | null
  text: string
  activity: DraftActivity[]
}

/** An answer shown without a stored copy (yet): cut short by Stop, or failed midway. */
export interface LocalAnswer {
  id: string
  afterId: string | null
  replacesId: string | null
  content: string
  createdUtc: string
  stopped?: boolean
  error?: string
  /** A failed regenerate can be tried again (the answer it meant to replace is still the last one). */
  canRetry?: boolean
}

/**
 * Spec §3's chat local state. The current history page lives in the history query (its pages are the
 * cursor), the messages themselves in its cache; this holds what exists on this screen only.
 */
interface ChatState {
  /** The signed-in user this state belongs to; another user starts from scratch. */
  ownerId: string | null
  /** The conversation the route names (/chat/:conversationId); null on /chat, the newest one. */
  view: string | null
  conversationId: string | null
  messageInput: string
  /** Waiting for the first token of an answer. */
  isTyping: boolean
  /** Follow the newest message; off while the person has scrolled up. */
  autoScroll: boolean
  isConnected: boolean
  isSending: boolean
  temporaryMessages: TemporaryMessage[]
  draft: Draft | null
  localAnswers: LocalAnswer[]
  /** The running send or regenerate; aborting it is Stop, and a reset makes its late results stale. */
  controller: AbortController | null
  /** Only a stream can be stopped (the plain chat/send fallback cannot). */
  canStop: boolean
  /** The composer's Web toggle: off in every conversation opened, sent with each message. */
  web: boolean
  /** Files chosen, dropped or pasted into the composer, sent (saved as a memory) with the next message. */
  files: File[]
  /** Why a file was refused (too large, a kind not kept, or the server's reason). */
  filesError: string | null

  claim(ownerId: string): void
  /** Another conversation opened: what was on the screen (and any answer running) belongs to the last one. */
  openConversation(view: string | null): void
  setConversationId(conversationId: string | null): void
  setMessageInput(messageInput: string): void
  setWeb(web: boolean): void
  setFiles(files: File[], error?: string | null): void
  setAutoScroll(autoScroll: boolean): void
  setConnected(isConnected: boolean): void
  /** Starts a send or a regenerate; `temporary` is the optimistic user message, if any. */
  beginAnswer(options: { temporary?: TemporaryMessage; draft: Draft; controller: AbortController }): void
  /** Stop: aborts the stream; the server keeps what was written so far. */
  stop(): void
  disallowStop(): void
  removeTemporary(id: string): void
  failTemporary(id: string, error: string): void
  updateDraft(change: (draft: Draft) => Partial<Draft>): void
  /** The first token arrived (or the answer ended). */
  stopTyping(): void
  addLocalAnswer(answer: LocalAnswer): void
  removeLocalAnswer(id: string): void
  endAnswer(): void
  /** Clear History: the stored messages are gone, and so is everything temporary; `keep` stays the conversation. */
  clearConversation(keep?: string | null): void
  reset(): void
}

const initial = () => ({
  ownerId: null,
  view: null as string | null,
  conversationId: null,
  messageInput: '',
  isTyping: false,
  autoScroll: true,
  isConnected: true,
  isSending: false,
  temporaryMessages: [],
  draft: null,
  localAnswers: [],
  controller: null,
  canStop: false,
  web: false,
  files: [] as File[],
  filesError: null as string | null,
})

export const useChatStore = create<ChatState>()((set, get) => ({
  ...initial(),
  claim: (ownerId) => {
    if (get().ownerId === ownerId) return
    get().controller?.abort()
    // The conversation open is the route's, whoever signs in.
    set({ ...initial(), ownerId, view: get().view, conversationId: get().view })
  },
  openConversation: (view) => {
    if (get().view === view) return
    get().controller?.abort()
    const { ownerId, isConnected } = get()
    set({ ...initial(), ownerId, isConnected, view, conversationId: view })
  },
  setConversationId: (conversationId) => set({ conversationId }),
  setMessageInput: (messageInput) => set({ messageInput }),
  setWeb: (web) => set({ web }),
  setFiles: (files, filesError = null) => set({ files, filesError }),
  setAutoScroll: (autoScroll) => set((s) => (s.autoScroll === autoScroll ? s : { autoScroll })),
  setConnected: (isConnected) => set((s) => (s.isConnected === isConnected ? s : { isConnected })),
  beginAnswer: ({ temporary, draft, controller }) =>
    set((s) => ({
      isSending: true,
      isTyping: true,
      autoScroll: true,
      draft,
      controller,
      canStop: true,
      temporaryMessages: temporary ? [...s.temporaryMessages, temporary] : s.temporaryMessages,
    })),
  stop: () => {
    if (get().canStop) get().controller?.abort()
  },
  disallowStop: () => set({ canStop: false }),
  removeTemporary: (id) =>
    set((s) => ({ temporaryMessages: s.temporaryMessages.filter((m) => m.id !== id) })),
  failTemporary: (id, error) =>
    set((s) => ({
      temporaryMessages: s.temporaryMessages.map((m) =>
        m.id === id ? { ...m, isPending: false, error } : m,
      ),
    })),
  updateDraft: (change) => set((s) => (s.draft ? { draft: { ...s.draft, ...change(s.draft) } } : s)),
  stopTyping: () => set((s) => (s.isTyping ? { isTyping: false } : s)),
  addLocalAnswer: (answer) => set((s) => ({ localAnswers: [...s.localAnswers, answer] })),
  removeLocalAnswer: (id) => set((s) => ({ localAnswers: s.localAnswers.filter((a) => a.id !== id) })),
  endAnswer: () => set({ isSending: false, isTyping: false, draft: null, controller: null, canStop: false }),
  clearConversation: (keep = null) =>
    set({ conversationId: keep, temporaryMessages: [], localAnswers: [], draft: null, autoScroll: true }),
  reset: () => {
    get().controller?.abort()
    set(initial())
  },
}))

let sequence = 0
/** Ids for messages that exist only here; never confused with the server's UUIDs. */
export function localId(prefix: string): string {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}
