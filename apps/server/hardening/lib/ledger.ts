import { sql } from 'drizzle-orm'
import type { Database } from '../../src/db/client.ts'
import type { Row } from './scenario.ts'

interface MemoryWrite {
  id: string
  email: string
  text: string
  tags: string[]
}
interface MessageWrite {
  id: string
  email: string
  content: string
}

/**
 * Every write the server acknowledged (a 2xx with the new row's id), checked afterwards against the
 * database itself: the row is there, belongs to the right person and holds what was sent.
 */
export class Ledger {
  readonly memories: MemoryWrite[] = []
  readonly messages: MessageWrite[] = []

  memory(write: MemoryWrite) {
    this.memories.push(write)
  }
  message(write: MessageWrite) {
    this.messages.push(write)
  }
  get size() {
    return this.memories.length + this.messages.length
  }

  async verify(database: Database): Promise<{ checked: number; lost: number; examples: string[] }> {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows
    const emails = [...new Set([...this.memories, ...this.messages].map((w) => w.email))]
    const owners = new Map<string, string>()
    for (const r of await rows(sql`select id, email from users where email = any(${toArray(emails)})`))
      owners.set(r.email as string, r.id as string)

    const examples: string[] = []
    let lost = 0
    const miss = (what: string) => {
      lost += 1
      if (examples.length < 5) examples.push(what)
    }
    for (let i = 0; i < this.memories.length; i += 1000) {
      const chunk = this.memories.slice(i, i + 1000)
      const found = new Map<string, Record<string, unknown>>()
      for (const r of await rows(
        sql`select id, user_id, text, tags from memories where id = any(${toArray(chunk.map((w) => w.id))}::uuid[])`,
      ))
        found.set(r.id as string, r)
      for (const w of chunk) {
        const r = found.get(w.id)
        if (!r) miss(`memory ${w.id} of ${w.email} is missing`)
        else if (r.user_id !== owners.get(w.email) || r.text !== w.text || !sameTags(r.tags, w.tags))
          miss(`memory ${w.id} of ${w.email} differs: ${JSON.stringify(r).slice(0, 160)}`)
      }
    }
    for (let i = 0; i < this.messages.length; i += 1000) {
      const chunk = this.messages.slice(i, i + 1000)
      const found = new Map<string, Record<string, unknown>>()
      for (const r of await rows(
        sql`select id, user_id, content from chat_messages where id = any(${toArray(chunk.map((w) => w.id))}::uuid[])`,
      ))
        found.set(r.id as string, r)
      for (const w of chunk) {
        const r = found.get(w.id)
        if (!r) miss(`chat message ${w.id} of ${w.email} is missing`)
        else if (r.user_id !== owners.get(w.email) || r.content !== w.content)
          miss(`chat message ${w.id} of ${w.email} differs: ${JSON.stringify(r).slice(0, 160)}`)
      }
    }
    return { checked: this.size, lost, examples }
  }
}

const toArray = (values: string[]) => sql`${`{${values.map((v) => JSON.stringify(v)).join(',')}}`}`

/** text[] comes back as an array from node-postgres, or as its literal from other drivers. */
function sameTags(stored: unknown, sent: string[]): boolean {
  const list = Array.isArray(stored) ? stored : []
  return list.length === sent.length && list.every((t, i) => t === sent[i])
}

/** The closing row of a check that every acknowledged write is in the database. */
export function writesRow(
  check: string,
  engine: Row['engine'],
  verified: { checked: number; lost: number; examples: string[] },
): Row {
  return {
    check,
    engine,
    ok: verified.lost === 0 && verified.checked > 0,
    detail: `${verified.checked} checked in the database, ${verified.lost} lost${verified.examples.length ? `: ${verified.examples.join(' | ')}` : ''}`,
    writes: { checked: verified.checked, lost: verified.lost },
  }
}
