import { randomUUID } from 'node:crypto'
import { MEMORIES_EXPORT_FORMAT } from '@remi/shared'

const WORDS =
  `meeting dentist garden plan project review call mother birthday dinner recipe travel flight passport
doctor gym running book movie music guitar lesson school budget invoice rent car repair train ticket laptop phone
backup release design client deadline report parcel groceries bread cheese fruit pasta soup cake tea plant roses
kitchen window roof plumber laundry vacation weekend morning evening idea note remember important later question`
    .split(/\s+/)
    .filter(Boolean)
const TAGS = ['work', 'home', 'health', 'family', 'finance', 'travel', 'ideas', 'shopping']

/** Deterministic pseudo-random numbers, so a run's files are the same every time. */
export function random(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 4294967296
  }
}

/** Text of a memory a person might write: some words (8–16 by default) and a marker that makes it unique. */
export function memoryText(next: () => number, marker: string, fewest = 8): string {
  const words = Array.from(
    { length: fewest + Math.floor(next() * 9) },
    () => WORDS[Math.floor(next() * WORDS.length)],
  )
  return `${words.join(' ')} ${marker}`
}

/**
 * A Remi export file of `count` memories. With ids and times (a re-import of one's own export) a memory
 * is about 250 bytes; without (a file written elsewhere) about 100, so 100 000 make 10 MB.
 */
export function exportFile(count: number, seed: number, marker: string, options: { full?: boolean } = {}) {
  const next = random(seed)
  const memories = Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2016, 0, 1) + Math.floor(next() * 3650) * 86_400_000)
    const text = memoryText(next, `${marker}-${i}`, 3)
    const tags = TAGS.filter(() => next() < 0.1)
    const date = next() < 0.85 ? day.toISOString().slice(0, 10) : null
    return options.full
      ? { id: randomUUID(), text, tags, date, createdAt: day.toISOString(), updatedAt: day.toISOString() }
      : { text, tags, date }
  })
  return { format: MEMORIES_EXPORT_FORMAT, version: 1, exportedAt: new Date().toISOString(), memories }
}
