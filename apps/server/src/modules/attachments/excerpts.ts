import type { Db } from '../../db/client.ts'
import { createAttachmentsRepo } from './attachments.repo.ts'

/** Characters of a file's words a model is given for one memory's file (its part that holds the words). */
export const EXCERPT_CHARS = 300
/** Files of one memory given to a model at most. */
export const EXCERPT_FILES = 2

/**
 * The part of a file's words around the first of the question's words it holds (a word's first five
 * letters, so "receipts" finds "receipt"), else its beginning; whole words, "…" where cut.
 */
export function excerptOf(text: string, question: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= EXCERPT_CHARS) return flat
  const lower = flat.toLowerCase()
  const stems = (question.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).map((w) => w.slice(0, 5))
  const at = Math.min(...stems.map((s) => lower.indexOf(s)).filter((i) => i >= 0), Infinity)
  const start = at === Infinity ? 0 : Math.max(0, at - EXCERPT_CHARS / 3)
  let end = Math.min(flat.length, start + EXCERPT_CHARS)
  let from = start
  // Whole words at both ends.
  if (from > 0) from = flat.indexOf(' ', from) + 1 || from
  if (end < flat.length) end = flat.lastIndexOf(' ', end) > from ? flat.lastIndexOf(' ', end) : end
  return `${from > 0 ? '…' : ''}${flat.slice(from, end)}${end < flat.length ? '…' : ''}`
}

/**
 * Each memory's files' names with the part of their words that holds the question's, for a model or an
 * MCP client (never bytes). Recall asks it for what it found, which is never a private memory.
 */
export function createFileExcerpts(db: Db) {
  const repo = createAttachmentsRepo(db)
  return {
    async excerpts(userId: string, memoryIds: string[], question: string) {
      const byMemory = new Map<string, Array<{ name: string; excerpt: string }>>()
      for (const file of await repo.texts(userId, memoryIds)) {
        const list = byMemory.get(file.memoryId) ?? []
        if (list.length >= EXCERPT_FILES) continue
        list.push({ name: file.name, excerpt: file.text ? excerptOf(file.text, question) : '' })
        byMemory.set(file.memoryId, list)
      }
      return byMemory
    },
  }
}
