import type { AssistantTools, ToolMemory } from '../tools/index.ts'
import { isToolError } from '../tools/index.ts'
import { quoteMemories } from '../answers/words.ts'
import {
  significantWords,
  POLITE,
  asToldAfterRemember,
  correction as correctionIn,
  isStatement,
} from '../../language/index.ts'
import { intent, said, when, type Answered, type Deps } from './types.ts'

/**
 * Keeping memories right (issue 32): "forget …", "delete the note about …", "change … to …", "actually …"
 * find the memory with recall and propose the change; the person applies or keeps it under the answer
 * (several candidates: one proposal each, to choose from). Nothing changes here.
 */

const straight = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"')
/** "the note about", "my memory of": the words that name a memory rather than what it is about. */
const MEMORY_WORDS =
  /\b(?:notes?|memor(?:y|ies)|entry|entries|the|my|that|one|about|on|of|for|with|what i said|i saved|i wrote)\b/gi

const FORGET = new RegExp(
  String.raw`^\s*${POLITE}(?:forget|delete|remove|erase)\s+(?!it\b|about it\b|that\b)(.+?)\s*[.!]*$`,
  'i',
)
const CHANGE_TO = new RegExp(
  String.raw`^\s*${POLITE}(?:change|update|correct|set)\s+(.+?)\s+to\s+(.+?)\s*[.!]*$`,
  'i',
)

/** What a "forget …" names ("the note about the wifi" → "wifi"), or null. */
export function forgetRequest(text: string): string | null {
  const about = FORGET.exec(straight(text))?.[1]?.replace(MEMORY_WORDS, ' ').trim()
  return about ? about : null
}

/** "change the wifi password to orchid7": what is changed and to what, or null. */
export function changeToRequest(text: string): { about: string; to: string } | null {
  const m = CHANGE_TO.exec(straight(text))
  const about = m?.[1]?.replace(MEMORY_WORDS, ' ').replace(/\s+/g, ' ').trim()
  const to = m?.[2]?.trim()
  return about && to ? { about, to } : null
}

/** The new text of a "change X to Y": "Wifi password is orchid7". */
export const changedText = (about: string, to: string) =>
  `${about[0]!.toUpperCase()}${about.slice(1)} is ${to}`

/** "actually, Ana's birthday is June 5" → the corrected fact, when it names what it corrects. */
export function correctionRequest(text: string): string | null {
  const fact = correctionIn(text)
  if (!fact || /^(?:it|that|this|they|he|she)\b/i.test(fact)) return null
  return fact
}

/** The memories holding a word of `words` among recall's best matches: at most three. */
async function candidates(deps: Deps, about: string): Promise<ToolMemory[]> {
  const words = significantWords(about)
  if (words.length === 0) return []
  const found = await deps.tools.searchMemories({ query: words.join(' ') })
  if (isToolError(found)) return []
  const stems = words.map((w) => w.slice(0, Math.max(3, w.length - 2)))
  return found.memories.filter((m) => stems.some((s) => m.text.toLowerCase().includes(s))).slice(0, 3)
}

type Proposing = Pick<AssistantTools, 'updateMemory' | 'deleteMemory' | 'proposeSave'>
/** The chat's tools propose; a set without them (the registry's unit tests) leaves the request to the next intent. */
const proposing = (deps: Deps): Proposing | null => {
  const tools = deps.tools as Deps['tools'] & Partial<Proposing>
  return tools.updateMemory && tools.deleteMemory ? (tools as unknown as Proposing) : null
}

function offer(found: ToolMemory[], one: string, several: string): Answered {
  const lines =
    found.length === 1 ? [one, '', ...quoteMemories(found)] : [several, '', ...quoteMemories(found)]
  return { markdown: lines.join('\n'), cited: found }
}

export const forget = intent({
  name: 'forget',
  help: 'change',
  examples: ['Forget the note about the wifi', 'Please delete the wifi memory', 'remove my gym locker note'],
  match: (text) => {
    const about = forgetRequest(text)
    return about === null ? null : { about }
  },
  async answer({ about }, deps) {
    const tools = proposing(deps)
    const found = tools ? await candidates(deps, about) : []
    if (!tools || found.length === 0) return deps.passOn()
    for (const m of found) await tools.deleteMemory({ id: m.id })
    return offer(
      found,
      'Delete this memory? Press **Delete** below to delete it, or **Keep** to leave it.',
      `These ${found.length} memories match. Press **Delete** under the one you mean, or **Keep**:`,
    )
  },
})

export const changeTo = intent({
  name: 'change-to',
  help: 'change',
  examples: ['Change the wifi password to orchid7', "update Ana's birthday to June 5"],
  match: (text) => changeToRequest(text),
  async answer({ about, to }, deps) {
    const tools = proposing(deps)
    const found = tools ? await candidates(deps, about) : []
    if (!tools || found.length === 0) return deps.passOn()
    const text = changedText(about, to)
    for (const m of found) await tools.updateMemory({ id: m.id, text })
    return offer(
      found,
      `Change it to “${text}”? Press **Apply** below, or **Keep** to leave it.`,
      `These ${found.length} memories match. Press **Apply** under the one to change to “${text}”, or **Keep**:`,
    )
  },
})

export const correct = intent({
  name: 'correct',
  help: 'change',
  examples: ["Actually, Ana's birthday is June 5", 'no, the wifi password is lily-7'],
  match: (text) => {
    const fact = correctionRequest(text)
    return fact === null ? null : { fact }
  },
  async answer({ fact }, deps) {
    const tools = proposing(deps)
    const found = tools ? await candidates(deps, fact) : []
    if (!tools || found.length === 0) return deps.passOn()
    const text = `${fact[0]!.toUpperCase()}${fact.slice(1)}`.replace(/[.!]+$/, '')
    for (const m of found) await tools.updateMemory({ id: m.id, text })
    return offer(
      found,
      `Change it to “${text}”? Press **Apply** below, or **Keep** to leave it.`,
      `These ${found.length} memories may be the one. Press **Apply** under the one to change to “${text}”, or **Keep**:`,
    )
  },
})

/**
 * Something told and not saved ("I parked on level 3, spot B12"): the statement's answer, and a "Save as
 * memory" button under it (a proposal to create the memory, in the words told).
 */
export const told = intent({
  name: 'told',
  help: 'save',
  examples: ['I parked on level 3, spot B12'],
  match: (text) => when(isStatement(text)),
  async answer(_, deps) {
    const tools = proposing(deps)
    if (!tools) return deps.passOn()
    const fact = asToldAfterRemember(deps.text)
    await tools.proposeSave(`${fact[0]!.toUpperCase()}${fact.slice(1)}`)
    // The statement's words: the button under the answer is the other way to keep it.
    return said(`I haven't saved that. To keep it as a memory, send: “Remember ${fact}”.`)
  },
})
