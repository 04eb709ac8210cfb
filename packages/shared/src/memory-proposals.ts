import { z } from 'zod'

/**
 * A change the assistant proposes to the person's memories: nothing happens until they press Apply
 * (or Save, Delete). Single use; it lapses when the next message of the conversation is sent.
 */
export const MemoryProposal = z.object({
  id: z.uuid(),
  kind: z.enum(['create', 'update', 'delete']),
  memoryId: z.uuid().nullable(),
  conversationId: z.uuid().nullable(),
  /** The memory's text when it was proposed ("Change “…” to “…”?", "Delete “…”?"). */
  before: z.string().nullable(),
  /** The proposed text (create, update). */
  text: z.string().nullable(),
  tags: z.array(z.string()),
  date: z.string().nullable(),
  /**
   * applied with auto-save on: the memory is already saved (Undo removes it). lapsed: the answer it was
   * under was regenerated (a proposal under an earlier answer lapses without a status of its own).
   * undone: applied, then taken back with Undo (the memory as it was before).
   */
  status: z.enum(['pending', 'applied', 'kept', 'lapsed', 'undone']),
  /**
   * Picked out of the person's message by the model after the answer (a chip: "Save: …", "Update: …");
   * false for one the answer itself proposed (a card with Apply and Keep, or "Save as memory").
   */
  extracted: z.boolean(),
  createdAt: z.string(),
})
export type MemoryProposal = z.infer<typeof MemoryProposal>

export const MemoryProposalList = z.object({
  proposals: z.array(MemoryProposal),
  /**
   * The model is still picking out the facts of the latest answer (a few seconds at most): more proposals
   * may come, so ask again shortly.
   */
  extracting: z.boolean(),
})
export type MemoryProposalList = z.infer<typeof MemoryProposalList>

export const MemoryProposalParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })
export const MemoryProposalsQuery = z.object({
  conversationId: z.uuid({ error: 'conversationId must be a UUID.' }),
})

/** What applying a proposal did: the memory saved or changed (null when deleted). */
export const AppliedProposal = z.object({
  proposal: MemoryProposal,
  memory: z
    .object({
      id: z.uuid(),
      text: z.string(),
      tags: z.array(z.string()),
      date: z.string().nullable(),
    })
    .nullable(),
})
export type AppliedProposal = z.infer<typeof AppliedProposal>

export const PROPOSAL_USED = 'This change was already applied or kept.'
export const PROPOSAL_LAPSED = 'This change lapsed when the next message was sent. Ask again to change it.'
export const PROPOSAL_NOT_UNDOABLE = 'This change was already undone, or was never made.'
/** Apply of a change or deletion proposed for a memory whose text was changed since. */
export const PROPOSAL_STALE =
  'This memory was changed after Remi proposed this, so it was left as it is. Ask again to change it.'
/** Undo of a chat's change to a memory that was changed again since (by the person, or another change). */
export const PROPOSAL_CHANGED_SINCE =
  'This memory was changed again since; undo that from the memory on the Memories page.'

/** GET|PUT auth/user/settings/chat: how the chat keeps what the person tells it, and how it talks back. */
export const ChatPreferences = z.object({
  /** Facts the model picks out of a chat are saved at once (the answer says so, with Undo), not offered as chips. */
  autoSaveFacts: z.boolean({ error: 'autoSaveFacts must be true or false.' }),
  /** An answer to a dictated message is read aloud when it is complete: a hands-free loop (issue 48). */
  readAloudAfterDictation: z.boolean({ error: 'readAloudAfterDictation must be true or false.' }),
})
export type ChatPreferences = z.infer<typeof ChatPreferences>
/** PUT: the settings to change, one or both. */
export const UpdateChatPreferences = ChatPreferences.partial().refine(
  (changes) => changes.autoSaveFacts !== undefined || changes.readAloudAfterDictation !== undefined,
  { error: 'Choose a chat setting to change: saving facts automatically, or reading answers aloud.' },
)
export type UpdateChatPreferences = z.infer<typeof UpdateChatPreferences>
