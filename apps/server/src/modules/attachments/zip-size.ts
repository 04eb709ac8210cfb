import yauzl from 'yauzl'

/** A DOCX unpacks to at most this many bytes in all (a real one is a few MB): past it, a zip bomb. */
export const DOCX_UNPACKED_MAX = 64 * 1024 * 1024
/** ...in at most this many entries. */
export const DOCX_ENTRIES_MAX = 2_000

export const DOCX_TOO_BIG = `The document unpacks to more than ${DOCX_UNPACKED_MAX / 1024 / 1024} MB, more than a document can be; it was not read.`

/**
 * Null when the archive unpacks within the limits, else why not. Every entry is inflated once and
 * counted (yauzl checks each against the size it declares), so an archive that lies about its sizes
 * is caught too, before any reader inflates it whole.
 */
export async function checkZipSize(data: Buffer): Promise<string | null> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  ).catch(() => null)
  if (!zip) return 'This document is not a valid DOCX file.'
  let total = 0
  let entries = 0
  try {
    return await new Promise<string | null>((resolve) => {
      zip.on('end', () => resolve(null))
      zip.on('error', () => resolve('This document is not a valid DOCX file.'))
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++
        total += entry.uncompressedSize
        if (entries > DOCX_ENTRIES_MAX || total > DOCX_UNPACKED_MAX) return resolve(DOCX_TOO_BIG)
        zip.openReadStream(entry, (error, stream) => {
          if (error) return resolve(DOCX_TOO_BIG)
          let read = 0
          stream.on('data', (chunk: Buffer) => {
            read += chunk.length
            if (read > DOCX_UNPACKED_MAX) {
              stream.destroy()
              resolve(DOCX_TOO_BIG)
            }
          })
          // A stream that inflates past its declared size errors (validateEntrySizes): a lie, refused.
          stream.on('error', () => resolve(DOCX_TOO_BIG))
          stream.on('end', () => zip.readEntry())
        })
      })
      zip.readEntry()
    })
  } finally {
    zip.close()
  }
}
