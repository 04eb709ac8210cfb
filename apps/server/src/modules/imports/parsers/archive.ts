import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { NOTE_IMPORT_LIMITS } from '@remi/shared'
import yauzl from 'yauzl'
import { badRequest, payloadTooLarge } from '../../../lib/errors.ts'

/** One file to read notes from: an uploaded file, or an entry of an uploaded archive. */
export interface SourceFile {
  /** Its name (an archive entry's path inside the archive, '/'-separated). */
  name: string
  /** Bytes it unpacks to. */
  size: number
  /** When it was last changed (an archive entry's time), if known. */
  modified: Date | null
  /** Its bytes as a stream (an Evernote file is read as it streams). */
  stream(): Promise<Readable>
}

/** A note file bigger than this is skipped as too big (it would make thousands of memories). */
export const NOTE_FILE_MAX_BYTES = 16 * 1024 * 1024

export class TooBigError extends Error {}

/** The whole of a (small) file, at most `max` bytes. */
export async function readSmall(file: SourceFile, max = NOTE_FILE_MAX_BYTES): Promise<Buffer> {
  if (file.size > max) throw new TooBigError(`it is larger than ${max / 1024 / 1024} MB`)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of await file.stream()) {
    size += (chunk as Buffer).length
    if (size > max) throw new TooBigError(`it is larger than ${max / 1024 / 1024} MB`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * A file's bytes in an ArrayBuffer of their own (so they can be transferred to another thread), or null
 * when it is larger than `max` (not read at all).
 */
export async function readBytes(file: SourceFile, max: number): Promise<Uint8Array | null> {
  if (file.size > max) return null
  const bytes = new Uint8Array(file.size)
  let size = 0
  for await (const chunk of await file.stream()) {
    const part = chunk as Buffer
    // yauzl refuses an entry longer than it declared; a file on disk that grew is cut at its size.
    bytes.set(part.subarray(0, Math.max(0, file.size - size)), size)
    size += part.length
  }
  return size === file.size ? bytes : bytes.slice(0, size)
}

/** A file's text (UTF-8), without the byte order mark Windows editors put first (front matter starts after it). */
export const readText = async (file: SourceFile, max?: number) =>
  (await readSmall(file, max)).toString('utf8').replace(/^\uFEFF/, '')

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * An entry's name. A zip that does not flag its names as UTF-8 (nor gives a Unicode path field) is read
 * by yauzl as the old DOS code page; but macOS's Compress and most tools today write UTF-8 bytes
 * without the flag ('Café.md' would become 'Caf├⌐.md'): such names are read as UTF-8 when they are
 * valid UTF-8. Composed (NFC), as people type them: macOS writes 'é' as 'e' and an accent.
 * (ASCII bytes read the same either way, so yauzl's checks of '..', '/' and '\\' still hold.)
 */
function entryName(entry: yauzl.Entry): string {
  const declared =
    (entry.generalPurposeBitFlag & 0x800) !== 0 || entry.extraFields.some((field) => field.id === 0x7075)
  if (declared) return entry.fileName.normalize('NFC')
  try {
    return UTF8.decode(entry.fileNameRaw).normalize('NFC')
  } catch {
    return entry.fileName
  }
}

/** An uploaded file on disk. */
export function diskFile(name: string, path: string, size: number): SourceFile {
  return { name, size, modified: null, stream: async () => createReadStream(path) }
}

const ZIP_SLIP = /invalid relative path|absolute path|invalid characters in fileName/i

export const TOO_MANY_ENTRIES = `The archive has more than ${NOTE_IMPORT_LIMITS.archiveEntries.toLocaleString('en')} entries (the limit for one import).`
export const TOO_MUCH_UNPACKED = `The archive unpacks to more than ${NOTE_IMPORT_LIMITS.unpackedBytes / 1024 / 1024 / 1024} GB (the limit for one import).`

/**
 * An uploaded zip, opened and checked before any entry is unpacked: at most 20 000 entries (400), at most
 * 1 GB unpacked all together (413, from the sizes the archive declares; yauzl refuses an entry that
 * unpacks to more than it declared), and no entry whose name leaves its folder ('../x', '/etc/x': 400).
 * Entries are only ever read into memory, one at a time, never written to disk. Close it when done.
 */
export async function openArchive(
  path: string,
  limits = { entries: NOTE_IMPORT_LIMITS.archiveEntries, unpacked: NOTE_IMPORT_LIMITS.unpackedBytes },
): Promise<{ files: SourceFile[]; close(): void }> {
  let zip: yauzl.ZipFile
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        path,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
        (error, z) => (error ? reject(error) : resolve(z)),
      ),
    )
  } catch (error) {
    throw badRequest(`The file is not a zip archive that can be read (${(error as Error).message}).`)
  }
  if (zip.entryCount > limits.entries) {
    zip.close()
    throw badRequest(TOO_MANY_ENTRIES)
  }
  const files: SourceFile[] = []
  let unpacked = 0
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject)
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize
        if (unpacked > limits.unpacked) return reject(payloadTooLarge(TOO_MUCH_UNPACKED))
        if (!entry.fileName.endsWith('/')) {
          files.push({
            name: entryName(entry),
            size: entry.uncompressedSize,
            modified: entry.getLastModDate(),
            stream: () =>
              new Promise<Readable>((ok, fail) =>
                zip.openReadStream(entry, (error, stream) => (error ? fail(error) : ok(stream))),
              ),
          })
        }
        zip.readEntry()
      })
      zip.readEntry()
    })
  } catch (error) {
    zip.close()
    if (error instanceof Error && ZIP_SLIP.test(error.message))
      throw badRequest(
        `The archive has an entry whose name leaves its folder, so it is refused (${error.message}).`,
      )
    if (error instanceof Error && 'statusCode' in error) throw error
    throw badRequest(`The archive could not be read (${(error as Error).message}).`)
  }
  return { files, close: () => zip.close() }
}
