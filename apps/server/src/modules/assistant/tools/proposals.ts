import { CreateMemoryBody, type MemoryProposal } from '@remi/shared'
import { z } from 'zod'
import type { ToolRecord } from './record.ts'
import { firstIssue, toolInputSchemas, type DeleteMemoryInput, type UpdateMemoryInput } from './schemas.ts'
import { toToolMemory, type ProposeOutput, type ToolError } from './types.ts'

/**
 * update_memory and delete_memory, and the offline assistant's "Save as memory": each a proposal
 * stored for the person to apply or keep; nothing changes here.
 */
export function proposalTools(record: ToolRecord) {
  const { services, userId, run } = record

  /** A private memory, another user's or an unknown id is "not found". */
  async function propose(
    kind: 'update' | 'delete',
    input: UpdateMemoryInput | DeleteMemoryInput,
  ): Promise<ProposeOutput> {
    const name = kind === 'update' ? 'update_memory' : 'delete_memory'
    const report = {
      summary: kind === 'update' ? 'Proposed a change to a memory' : 'Proposed deleting a memory',
      done: (result: Exclude<ProposeOutput, ToolError>) => ({ memoryId: result.memory.id }),
      failed: kind === 'update' ? 'Could not propose the change' : 'Could not propose deleting it',
    }
    return run<Exclude<ProposeOutput, ToolError>>(name, input, report, async () => {
      const parsed = toolInputSchemas[name].safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      if (!services.proposals) return { error: 'Memories cannot be changed from here.' }
      const id = parsed.data.id.trim().toLowerCase()
      if (!z.uuid().safeParse(id).success) return { error: 'No memory has that id.' }
      const memory = await services.memories.get(userId, id, { hidePrivate: true }).catch(() => null)
      if (!memory) return { error: 'No memory has that id.' }
      const text =
        'text' in parsed.data && typeof parsed.data.text === 'string' ? parsed.data.text.trim() : undefined
      const proposal = await services.proposals.propose(userId, {
        conversationId: record.conversationId,
        kind,
        memoryId: memory.id,
        before: memory.text,
        text: text ?? null,
        tags: memory.tags,
        date: memory.date,
      })
      record.proposed.push(proposal)
      return {
        proposed: kind,
        memory: toToolMemory(memory),
        ...(text ? { newText: text } : {}),
        note: 'Not changed yet: the user sees Apply and Keep under your answer.',
      }
    })
  }

  /** A fact told but not saved: a "Save as memory" button under the answer (a proposal to create it). */
  async function proposeSave(text: string): Promise<MemoryProposal | null> {
    const parsed = CreateMemoryBody.safeParse({ text, tags: [] })
    if (!parsed.success || !services.proposals) return null
    const proposal = await services.proposals.propose(userId, {
      conversationId: record.conversationId,
      kind: 'create',
      memoryId: null,
      before: null,
      text: parsed.data.text,
      tags: [],
      date: null,
    })
    record.proposed.push(proposal)
    return proposal
  }

  return {
    updateMemory: (input: UpdateMemoryInput) => propose('update', input),
    deleteMemory: (input: DeleteMemoryInput) => propose('delete', input),
    proposeSave,
  }
}
