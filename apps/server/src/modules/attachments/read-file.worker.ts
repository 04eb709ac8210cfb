/**
 * Reads one file's words (read-text.ts starts it with limits on its heap and time, and ends it): PDF
 * text (unpdf), DOCX (mammoth, after its archive's unpacked size is checked), text files, and the words
 * in a photo by OCR (tesseract.js with the English data of @tesseract.js-data/eng, loaded from
 * node_modules: nothing is fetched). A HEIC photo, which sharp's own libvips cannot decode, is decoded
 * by heic-decode (libheif in WebAssembly, shipped in libheif-js), then thumbnailed and read like others.
 */
import { createRequire } from 'node:module'
import { ATTACHMENT_LIMITS, IMAGE_TOO_MANY_PIXELS } from '@remi/shared'
import type { Sharp } from 'sharp'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import type { ReadResult } from './read-text.ts'
import type { FileKind } from './sniff.ts'
import { checkZipSize } from './zip-size.ts'

const TEXT_CHARS = 1_000_000
/** The thumbnail's width (images.ts THUMBNAIL_SIZE: not imported, that module loads sharp at once). */
const THUMBNAIL_SIZE = 320
const port = parentPort!
const { kind } = workerData as { kind: FileKind }
const require = createRequire(import.meta.url)

const bounded = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, TEXT_CHARS)

async function readPdf(data: Uint8Array): Promise<ReadResult> {
  const { extractText, getDocumentProxy, renderPageAsImage } = await import('unpdf')
  const pdf = await getDocumentProxy(data)
  const { totalPages, text } = await extractText(pdf, { mergePages: true })
  // The first page drawn (pdf.js on @napi-rs/canvas) is its thumbnail; without one it gets an icon.
  let thumbnail: Uint8Array | undefined
  try {
    const page = await renderPageAsImage(pdf, 1, {
      canvasImport: () => import('@napi-rs/canvas'),
      width: THUMBNAIL_SIZE,
    })
    const sharp = (await import('sharp')).default
    thumbnail = new Uint8Array(
      await sharp(Buffer.from(page)).flatten({ background: '#ffffff' }).webp({ quality: 70 }).toBuffer(),
    )
  } catch {
    thumbnail = undefined
  }
  return { status: 'ready', text: bounded(text), pages: totalPages, ...(thumbnail ? { thumbnail } : {}) }
}

async function readDocx(data: Uint8Array): Promise<ReadResult> {
  const refused = await checkZipSize(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
  if (refused) return { status: 'failed', reason: refused }
  const mammoth = (await import('mammoth')).default
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(data) })
  return { status: 'ready', text: bounded(value) }
}

const CANNOT_READ_PHOTO = 'This kind of photo cannot be read on this server (it is kept as it is).'

/** sharp over the photo's pixels: a HEIC one decoded first (heic-decode), both within the pixel limit. */
async function photo(
  data: Uint8Array,
  heic: boolean,
): Promise<{ image: Sharp; width?: number; height?: number } | { failed: string }> {
  const sharp = (await import('sharp')).default
  if (!heic) return { image: sharp(data, { limitInputPixels: ATTACHMENT_LIMITS.imagePixels }) }
  const decode = (await import('heic-decode')).default
  let images: Awaited<ReturnType<typeof decode.all>>
  try {
    images = await decode.all({ buffer: data })
  } catch {
    return { failed: CANNOT_READ_PHOTO }
  }
  try {
    // Its size from the header: more pixels than the limit are refused before anything is decoded.
    const first = images[0]!
    if (first.width * first.height > ATTACHMENT_LIMITS.imagePixels) return { failed: IMAGE_TOO_MANY_PIXELS }
    const { width, height, data: rgba } = await first.decode()
    const image = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
      raw: { width, height, channels: 4 },
    })
    return { image, width, height }
  } catch {
    return { failed: CANNOT_READ_PHOTO }
  } finally {
    images.dispose()
  }
}

/**
 * The photo as a grey PNG of at most 3000 pixels a side, then OCR. A HEIC photo also gets its thumbnail
 * here (a small WebP: the stored file is never shown in a page, and sharp alone cannot decode it).
 */
async function readImage(data: Uint8Array, heic: boolean): Promise<ReadResult> {
  const decoded = await photo(data, heic)
  if ('failed' in decoded) return { status: 'failed', reason: decoded.failed }
  const { image, width, height } = decoded
  let png: Buffer
  let thumbnail: Uint8Array | undefined
  try {
    png = await image
      .clone()
      .rotate()
      .resize(3000, 3000, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .png()
      .toBuffer()
    if (heic)
      thumbnail = new Uint8Array(
        await image
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 70 })
          .toBuffer(),
      )
  } catch {
    return { status: 'failed', reason: CANNOT_READ_PHOTO }
  }
  const { createWorker, OEM } = await import('tesseract.js')
  const langPath = join(require.resolve('@tesseract.js-data/eng/package.json'), '..', '4.0.0_best_int')
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true })
  try {
    // Its pixels have no resolution to go by; a scan's usual one keeps tesseract from guessing.
    await worker.setParameters({ user_defined_dpi: '300' })
    const { data: result } = await worker.recognize(png)
    return {
      status: 'ready',
      text: bounded(result.text),
      ...(thumbnail ? { thumbnail } : {}),
      ...(width && height ? { width, height } : {}),
    }
  } finally {
    await worker.terminate()
  }
}

async function read(data: Uint8Array): Promise<ReadResult> {
  if (kind === 'pdf') return readPdf(data)
  if (kind === 'docx') return readDocx(data)
  if (kind === 'image' || kind === 'heic') return readImage(data, kind === 'heic')
  return { status: 'ready', text: bounded(new TextDecoder().decode(data)) }
}

port.once('message', (data: Uint8Array) => {
  read(data).then(
    (result) => port.postMessage(result),
    () => port.postMessage({ status: 'failed', reason: 'Its words could not be read.' } satisfies ReadResult),
  )
})
