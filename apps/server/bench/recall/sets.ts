/**
 * The recall benchmark's data, in one shape for every set: corpora (one user's memories each) and the
 * questions asked of them, each with the keys of the memories that answer it.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface BenchMemory {
  /** The set's own id: a LoCoMo dia_id ("D1:3"), a note's id ("n042"). */
  key: string
  text: string
  tags: string[]
  /** The day it is about ('YYYY-MM-DD'). */
  date: string | null
  createdAt: Date
}

export interface BenchQuestion {
  id: string
  text: string
  /** Keys of the memories that hold the answer (all of them needed for recall@8 = 100%). */
  evidence: string[]
  /** The row it is counted in: a LoCoMo category, a notes kind. */
  group: string
  /** "Today" for this question: the assistant's clock while it is asked. */
  now: Date
  answer?: string
}

export interface Corpus {
  name: string
  timeZone: string
  memories: BenchMemory[]
  questions: BenchQuestion[]
}

export interface BenchSet {
  name: string
  title: string
  /** Row labels in table order. */
  groups: string[]
  corpora: Corpus[]
  /** What the loader had to leave out or repair, printed with the table. */
  notes: string[]
}

const dataDir = fileURLToPath(new URL('./datasets/', import.meta.url))

// ---------------------------------------------------------------------------------------------------
// LoCoMo (datasets/locomo-dev, see its README): each dialog turn is one memory of the conversation's user.

export const LOCOMO_CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
}
export const LOCOMO_FILES = ['26', '30', '41', '42', '43']

interface LocomoTurn {
  speaker: string
  dia_id: string
  text: string
  blip_caption?: string
}
interface LocomoQa {
  question: string
  answer?: unknown
  evidence: string[]
  category: number
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

/** "1:56 pm on 8 May, 2023" → that instant (UTC, the users' zone here). */
export function parseSessionTime(text: string): Date {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text)
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1
  if (!m || month < 0) throw new Error(`LoCoMo: cannot read the session time "${text}"`)
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0)
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])))
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10)

/** A turn as a person would keep it: who said it, what, and the photo they shared. */
export function turnText(turn: LocomoTurn): string {
  const photo = turn.blip_caption ? ` [shared a photo: ${turn.blip_caption}]` : ''
  return `${turn.speaker}: ${turn.text}${photo}`
}

/**
 * Evidence ids as LoCoMo writes them, some malformed: "D8:6; D9:17" (two in one string), "D:11:26"
 * (a stray colon), "D" or an id no turn has. Returns the ids that name a turn and those that do not.
 */
export function parseEvidence(raw: readonly string[], turns: ReadonlySet<string>) {
  const usable: string[] = []
  const unusable: string[] = []
  for (const entry of raw) {
    for (const token of String(entry)
      .split(/[;,\s]+/)
      .filter(Boolean)) {
      const m = /^D:?(\d+):(\d+)$/i.exec(token)
      const id = m ? `D${Number(m[1])}:${Number(m[2])}` : token
      if (m && turns.has(id)) {
        if (!usable.includes(id)) usable.push(id)
      } else unusable.push(token)
    }
  }
  return { usable, unusable }
}

export function loadLocomo(options: { files?: string[] } = {}): BenchSet {
  const notes: string[] = []
  const corpora: Corpus[] = []
  let unusableIds = 0
  let repaired = 0
  let dropped = 0
  let total = 0
  for (const file of options.files ?? LOCOMO_FILES) {
    const data = JSON.parse(readFileSync(`${dataDir}locomo-dev/${file}.json`, 'utf8')) as Record<
      string,
      unknown
    >
    const memories: BenchMemory[] = []
    let last = new Date(0)
    for (let n = 1; Array.isArray(data[`session_${n}`]); n++) {
      const at = parseSessionTime(String(data[`session_${n}_date_time`]))
      if (at > last) last = at
      for (const [i, turn] of (data[`session_${n}`] as LocomoTurn[]).entries()) {
        // A second apart, so the order of a session's turns is kept where creation time breaks ties.
        memories.push({
          key: turn.dia_id,
          text: turnText(turn),
          tags: [],
          date: dayOf(at),
          createdAt: new Date(at.getTime() + i * 1000),
        })
      }
    }
    const turns = new Set(memories.map((m) => m.key))
    // Asked as of the conversation's end: the day after its last session, at noon.
    const now = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate() + 1, 12))
    const questions: BenchQuestion[] = []
    for (const [i, qa] of (data.qa as LocomoQa[]).entries()) {
      const group = LOCOMO_CATEGORIES[qa.category]
      if (!group) continue
      total += 1
      const { usable, unusable } = parseEvidence(qa.evidence ?? [], turns)
      unusableIds += unusable.length
      const mended = (qa.evidence ?? []).filter(
        (e) => !turns.has(e) && parseEvidence([e], turns).usable.length,
      )
      if (mended.length) repaired += 1
      if (unusable.length)
        notes.push(`conversation ${file} question ${i}: unusable evidence ${unusable.join(', ')}`)
      if (!usable.length) {
        dropped += 1
        notes.push(`conversation ${file} question ${i} left out (no usable evidence): "${qa.question}"`)
        continue
      }
      questions.push({
        id: `${file}#${i}`,
        text: qa.question,
        evidence: usable,
        group,
        now,
        ...(qa.answer !== undefined ? { answer: String(qa.answer) } : {}),
      })
    }
    corpora.push({ name: `locomo-${file}`, timeZone: 'UTC', memories, questions })
  }
  notes.unshift(
    `${total} questions of categories 1–4; ${unusableIds} evidence ids unusable (malformed or naming no turn); ` +
      `${repaired} questions had ids repaired or split; ${dropped} left out for want of any usable evidence`,
  )
  return {
    name: 'locomo',
    title: 'LoCoMo development half (categories 1–4)',
    groups: Object.values(LOCOMO_CATEGORIES),
    corpora,
    notes,
  }
}

// ---------------------------------------------------------------------------------------------------
// The personal-notes set (datasets/notes, made up; see its README).

export const NOTE_KINDS = ['single fact', 'multi-hop', 'period', 'newest', 'rare word', 'likes', 'several']

const fields = (line: string) => line.split('|').map((f) => f.trim())
const dataLines = (file: string) =>
  readFileSync(`${dataDir}notes/${file}`, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))

export function loadNotes(): BenchSet {
  const timeZone = 'Europe/London'
  const memories: BenchMemory[] = dataLines('notes.txt').map((line, i) => {
    const [key = '', date = '', tags = '', ...text] = fields(line)
    if (!/^n\d+$/.test(key) || !/^\d{4}-\d\d-\d\d$/.test(date))
      throw new Error(`notes.txt: bad line "${line}"`)
    return {
      key,
      date,
      tags: tags ? tags.split(',').map((t) => t.trim()) : [],
      text: text.join(' | '),
      // Written in the evening of its day, in file order.
      createdAt: new Date(`${date}T19:00:00Z`.replace('19:00', `19:${String(i % 60).padStart(2, '0')}`)),
    }
  })
  const keys = new Set(memories.map((m) => m.key))
  if (keys.size !== memories.length) throw new Error('notes.txt: a note id appears twice')
  const questions: BenchQuestion[] = dataLines('questions.txt').map((line) => {
    const [id = '', today = '', kind = '', answers = '', ...text] = fields(line)
    const evidence = answers.split(/\s+/).filter(Boolean)
    const missing = evidence.filter((e) => !keys.has(e))
    if (!NOTE_KINDS.includes(kind) || !evidence.length || missing.length || !/^\d{4}-\d\d-\d\d$/.test(today))
      throw new Error(
        `questions.txt: bad line "${line}"${missing.length ? ` (no note ${missing.join(', ')})` : ''}`,
      )
    // Asked in the afternoon of its own "today".
    return { id, text: text.join(' | '), evidence, group: kind, now: new Date(`${today}T15:00:00Z`) }
  })
  return {
    name: 'notes',
    title: `Personal notes (made up: ${memories.length} notes over two years, ${questions.length} questions)`,
    groups: NOTE_KINDS,
    corpora: [{ name: 'notes', timeZone, memories, questions }],
    notes: [],
  }
}

// ---------------------------------------------------------------------------------------------------
// notebook-dev (datasets/notebook-dev, CC0, see its README): another person's terse phone notes over two
// years and the questions she types, all asked on the set's "today" in its time zone.

export const NOTEBOOK_KINDS = ['single', 'temporal', 'multihop', 'update', 'lexical', 'preference', 'list']

interface NotebookFile {
  person: string
  today: string
  timezone: string
  memories: Array<{ id: string; text: string; tags: string[]; date: string | null }>
  questions: Array<{ id: string; q: string; gold: string[]; type: string; answer?: string }>
}

export function loadNotebook(): BenchSet {
  const data = JSON.parse(readFileSync(`${dataDir}notebook-dev/notebook-dev.json`, 'utf8')) as NotebookFile
  const isDay = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d\d-\d\d$/.test(d)
  if (!isDay(data.today) || !data.timezone) throw new Error('notebook-dev.json: no today or timezone')
  // A note without a date was written alongside its neighbours: it is saved on the day of the nearest
  // dated note before it (after it, for the first ones), in file order, in the evening as the notes set.
  const firstDay = data.memories.find((m) => isDay(m.date))?.date ?? data.today
  let day = firstDay
  const memories: BenchMemory[] = data.memories.map((m, i) => {
    if (m.date !== null && !isDay(m.date)) throw new Error(`notebook-dev.json: ${m.id} has a bad date`)
    if (m.date) day = m.date
    return {
      key: m.id,
      text: m.text,
      tags: m.tags,
      date: m.date,
      createdAt: new Date(`${day}T19:${String(i % 60).padStart(2, '0')}:00Z`),
    }
  })
  const keys = new Set(memories.map((m) => m.key))
  if (keys.size !== memories.length) throw new Error('notebook-dev.json: a note id appears twice')
  // Asked in the afternoon of the set's today, as the notes set's questions (15:00 UTC: in its zone
  // that is the same afternoon, Europe/London being UTC+0 in November).
  const now = new Date(`${data.today}T15:00:00Z`)
  const questions: BenchQuestion[] = data.questions.map((q) => {
    const missing = q.gold.filter((g) => !keys.has(g))
    if (!NOTEBOOK_KINDS.includes(q.type) || !q.gold.length || missing.length)
      throw new Error(
        `notebook-dev.json: bad question ${q.id}${missing.length ? ` (no note ${missing.join(', ')})` : ''}`,
      )
    return {
      id: q.id,
      text: q.q,
      evidence: q.gold,
      group: q.type,
      now,
      ...(q.answer !== undefined ? { answer: q.answer } : {}),
    }
  })
  return {
    name: 'notebook',
    title: `notebook-dev (${data.person}'s notes: ${memories.length} notes, ${questions.length} questions, today ${data.today}, ${data.timezone})`,
    groups: NOTEBOOK_KINDS,
    corpora: [{ name: 'notebook', timeZone: data.timezone, memories, questions }],
    notes: [],
  }
}
