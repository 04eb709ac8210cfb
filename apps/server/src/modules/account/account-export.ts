import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type { AccountExport, ExportedChatMessage } from '@remi/shared'

/**
 * Writes an account export to `path` as JSON.stringify(file, null, 2) would, byte for byte, without
 * ever holding the file: the memories and the messages come a slice at a time (from the database), each
 * slice turned into text and written before the next is read. A 76 MB export built as one string held
 * every other request for 1.8 s; a slice is a few milliseconds.
 */
export interface ExportParts {
  head: Omit<AccountExport, 'memories' | 'conversations' | 'dataSources'>
  /** The memories in the file's order, a slice at a time. */
  memories: AsyncIterable<AccountExport['memories']>
  /** The conversations in order, each with its messages a slice at a time. */
  conversations: AsyncIterable<{
    id: string
    createdAt: string
    title: string | null
    messages: AsyncIterable<ExportedChatMessage[]>
  }>
  dataSources: AccountExport['dataSources']
}

/** `value` as JSON.stringify(value, null, 2) writes it `depth` levels into the file. */
const at = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`)
const pad = (depth: number) => '  '.repeat(depth)

export async function writeAccountExport(path: string, parts: ExportParts): Promise<void> {
  const stream = createWriteStream(path, { flags: 'wx', mode: 0o600 })
  const out = new Out(stream)
  try {
    await out.write('{')
    for (const [key, value] of Object.entries(parts.head))
      await out.write(`\n  ${at(key, 0)}: ${at(value, 1)},`)
    await out.write('\n  "memories": ')
    await writeArray(out, 1, parts.memories, (m) => at(m, 2))
    await out.write(',\n  "conversations": ')
    let first = true
    for await (const c of parts.conversations) {
      const fields = [
        `"id": ${at(c.id, 0)}`,
        `"createdAt": ${at(c.createdAt, 0)}`,
        `"title": ${at(c.title, 0)}`,
        '"messages": ',
      ]
      await out.write(`${first ? '[' : ','}\n${pad(2)}{\n${fields.map((f) => pad(3) + f).join(',\n')}`)
      await writeArray(out, 3, c.messages, (m) => at(m, 4))
      await out.write(`\n${pad(2)}}`)
      first = false
    }
    await out.write(first ? '[]' : `\n${pad(1)}]`)
    await out.write(`,\n  "dataSources": ${at(parts.dataSources, 1)}\n}`)
    stream.end()
    await finished(stream)
  } catch (error) {
    stream.destroy()
    throw error
  }
}

/** A JSON array `depth` levels in, its items coming a slice at a time, each slice written at once. */
async function writeArray<T>(out: Out, depth: number, slices: AsyncIterable<T[]>, text: (item: T) => string) {
  let first = true
  for await (const slice of slices) {
    let chunk = ''
    for (const item of slice) {
      chunk += `${first ? '[' : ','}\n${pad(depth + 1)}${text(item)}`
      first = false
    }
    await out.write(chunk)
  }
  await out.write(first ? '[]' : `\n${pad(depth)}]`)
}

/** Text written to a file, waiting whenever the file is behind. */
class Out {
  private readonly stream: WriteStream
  constructor(stream: WriteStream) {
    this.stream = stream
  }
  async write(text: string) {
    if (!this.stream.write(text)) await once(this.stream, 'drain')
  }
}
