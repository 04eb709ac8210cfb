import { createWriteStream } from 'node:fs'
import { open, rm, stat } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  ACCOUNT_ZIP_ENTRIES_MAX,
  ACCOUNT_ZIP_JSON,
  ATTACHMENT_LIMITS,
  IMPORT_ZIP_BAD_NAME,
  IMPORT_ZIP_INVALID,
  IMPORT_ZIP_NO_JSON,
  IMPORT_ZIP_TOO_BIG,
  IMPORT_ZIP_TOO_MANY,
  MEMORY_LIMITS,
} from '@remi/shared'
import yauzl from 'yauzl'
import yazl from 'yazl'
import { AppError, badRequest } from '../../lib/errors.ts'
import { tempFilePath, type UploadedFile } from '../../lib/upload-file.ts'

/** A memory's file as the zip holds it: at `path`, its bytes read from the database when its turn comes. */
export interface ZippedFile {
  path: string
  type: string
  data: () => Promise<Buffer | undefined>
}

/** Types whose bytes are already compressed: stored as they are, not deflated again. */
const STORED = /^(image\/(jpeg|png|webp|hei[cf])|application\/(pdf|vnd\.openxml))/

/** A file's name as a zip entry's last part: no folders, nothing a file system would take for one. */
export function zipName(name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[/\\:*?"<>|]|\p{Cc}/gu, '_')
    .trim()
    .slice(0, 120)
  return /^\.*$/.test(safe) ? 'file' : safe
}

/** Where a memory's file lies in the export zip. */
export const zipPath = (id: string, name: string) => `files/${id}/${zipName(name)}`

/**
 * Writes the export zip to `path`: the JSON file (already on disk) and each file's bytes, one file at a
 * time (yazl asks for a file's bytes only when it is that file's turn), so at most one file is in memory.
 */
export async function writeAccountZip(path: string, jsonPath: string, files: ZippedFile[]): Promise<void> {
  const zip = new yazl.ZipFile()
  const written = pipeline(zip.outputStream, createWriteStream(path, { flags: 'wx', mode: 0o600 }))
  const mtime = new Date()
  zip.addFile(jsonPath, ACCOUNT_ZIP_JSON, { mtime, mode: 0o100644 })
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { mtime, compress: !STORED.test(file.type) }, (done) => {
      file.data().then(
        // A file deleted since the list was read is an empty entry, not a failed export.
        (data) => done(null, Readable.from([data ?? Buffer.alloc(0)])),
        (error: unknown) => done(error, Readable.from([])),
      )
    })
  }
  zip.end()
  await written
}

/** The file names an export zip may hold: its JSON, and files/<uuid>/<name> (folders alone are skipped). */
const FILE_ENTRY = /^files\/[0-9a-f-]{36}\/[^/\\]+$/i
const FOLDER_ENTRY = /^files\/([0-9a-f-]{36}\/)?$/i

/**
 * Packed bytes far more than they say they unpack to: deflate never grows data by more than a little, so
 * the size is a lie (a bomb saying it is small), refused before anything is written.
 */
const saysTooLittle = (entry: yauzl.Entry) => entry.compressedSize > entry.uncompressedSize * 1.01 + 1024

/** An import zip, read: its JSON (on disk, as an upload) and each file's bytes on asking. */
export interface AccountZip {
  json: UploadedFile
  /** Each file entry's path and its size unpacked. */
  sizes: Map<string, number>
  read(path: string): Promise<Buffer>
  close(): Promise<void>
}

/** Whether the uploaded body is a zip (its first bytes), not JSON. */
export async function isZip(upload: UploadedFile): Promise<boolean> {
  const file = await open(upload.path)
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await file.read(head, 0, 4, 0)
    // A file's header first, or (a zip with no files) the end record.
    return bytesRead === 4 && [0x04034b50, 0x06054b50].includes(head.readUInt32LE(0))
  } finally {
    await file.close()
  }
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  )

/**
 * Opens an uploaded export zip and checks every entry before anything is unpacked: at most
 * ACCOUNT_ZIP_ENTRIES_MAX of them, names only of the export's shape (a '../' or absolute name is refused),
 * the JSON at most an import file's size, each file at most 20 MB, all of them at most `filesMax` bytes
 * as they say (and an entry that unpacks past what it says is an error when read: a zip bomb is never
 * unpacked whole). A bad zip is a 400 naming the problem.
 */
export async function openAccountZip(path: string, filesMax: number): Promise<AccountZip> {
  const zip = await openZip(path).catch(() => {
    throw badRequest(IMPORT_ZIP_INVALID)
  })
  const close = async () => zip.close()
  try {
    if (zip.entryCount > ACCOUNT_ZIP_ENTRIES_MAX + 1) throw badRequest(IMPORT_ZIP_TOO_MANY)
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const found: yauzl.Entry[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        found.push(entry)
        zip.readEntry()
      })
      zip.on('end', () => resolve(found))
      // yauzl refuses an absolute or '..' name itself (strictFileNames); both are a bad name here.
      zip.on('error', (error: Error) =>
        reject(
          /relative path|absolute path|invalid characters/.test(error.message)
            ? badRequest(IMPORT_ZIP_BAD_NAME(error.message.split(': ').slice(1).join(': ')))
            : badRequest(IMPORT_ZIP_INVALID),
        ),
      )
      zip.readEntry()
    })
    let json: yauzl.Entry | undefined
    const byPath = new Map<string, yauzl.Entry>()
    let total = 0
    for (const entry of entries) {
      const name = entry.fileName
      if (name === ACCOUNT_ZIP_JSON) {
        if (json) throw badRequest(IMPORT_ZIP_INVALID)
        if (entry.uncompressedSize > MEMORY_LIMITS.importFileBytes) throw badRequest(IMPORT_ZIP_TOO_BIG)
        json = entry
      } else if (FILE_ENTRY.test(name) && !name.split('/').some((part) => /^\.+$/.test(part))) {
        if (entry.uncompressedSize > ATTACHMENT_LIMITS.fileBytes || saysTooLittle(entry))
          throw badRequest(IMPORT_ZIP_TOO_BIG)
        total += entry.uncompressedSize
        if (total > filesMax) throw badRequest(IMPORT_ZIP_TOO_BIG)
        byPath.set(name, entry)
      } else if (!FOLDER_ENTRY.test(name)) throw badRequest(IMPORT_ZIP_BAD_NAME(name))
    }
    if (!json) throw badRequest(IMPORT_ZIP_NO_JSON)

    const streamOf = (entry: yauzl.Entry) =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
      )
    // Counted as it unpacks: never more than the entry says (yauzl checks too, at its end).
    const capped = (max: number) => {
      let seen = 0
      return new Transform({
        transform(chunk: Buffer, _encoding, next) {
          seen += chunk.length
          next(seen > max ? badRequest(IMPORT_ZIP_TOO_BIG) : null, chunk)
        },
      })
    }
    const jsonPath = tempFilePath('import-json')
    const jsonEntry = json
    await pipeline(
      await streamOf(jsonEntry),
      capped(jsonEntry.uncompressedSize),
      createWriteStream(jsonPath, { flags: 'wx', mode: 0o600 }),
    ).catch(async (error: unknown) => {
      await rm(jsonPath, { force: true })
      throw error instanceof AppError ? error : badRequest(IMPORT_ZIP_INVALID)
    })
    const upload: UploadedFile = {
      path: jsonPath,
      size: (await stat(jsonPath)).size,
      remove: () => rm(jsonPath, { force: true }),
    }
    return {
      json: upload,
      sizes: new Map([...byPath].map(([name, entry]) => [name, entry.uncompressedSize])),
      async read(name) {
        const entry = byPath.get(name)
        if (!entry) throw badRequest(IMPORT_ZIP_INVALID)
        const chunks: Buffer[] = []
        try {
          const stream = await streamOf(entry)
          let seen = 0
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            seen += chunk.length
            if (seen > entry.uncompressedSize) {
              stream.destroy()
              throw badRequest(IMPORT_ZIP_TOO_BIG)
            }
            chunks.push(chunk)
          }
        } catch (error) {
          throw error instanceof AppError ? error : badRequest(IMPORT_ZIP_INVALID)
        }
        return Buffer.concat(chunks)
      },
      async close() {
        await upload.remove()
        await close()
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}
