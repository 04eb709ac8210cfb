import { ATTACHMENT_LIMITS, IMAGE_TOO_MANY_PIXELS } from '@remi/shared'
import type sharp from 'sharp'
import type { SharpOptions } from 'sharp'
import { badRequest, payloadTooLarge } from '../../lib/errors.ts'

/**
 * sharp (libvips), loaded on the first image: most requests and a start-up never need it (loaded at
 * start-up it was part of a second more to /readyz and 10 MB more of idle memory).
 */
let loaded: Promise<{ default: typeof sharp }> | undefined
const sharpOf = async (data: Buffer, options?: SharpOptions) =>
  (await (loaded ??= import('sharp'))).default(data, options)

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320

export const IMAGE_UNREADABLE =
  'This image cannot be read: the file is damaged or not the image it says it is.'

// Decoding refuses more pixels than the limit itself (sharp checks before it decodes).
const decode = (data: Buffer) =>
  sharpOf(data, { limitInputPixels: ATTACHMENT_LIMITS.imagePixels, failOn: 'error', sequentialRead: true })

/**
 * An image's size from its header alone (nothing decoded): more pixels than the limit is refused here,
 * so a 20 000 × 20 000 PNG of a few bytes is never inflated.
 */
export async function imageSize(data: Buffer): Promise<{ width: number; height: number }> {
  let width: number | undefined
  let height: number | undefined
  try {
    // The header only: nothing is decoded here, so no pixel limit is needed to read it.
    const meta = await (await sharpOf(data, { limitInputPixels: false })).metadata()
    width = meta.autoOrient?.width ?? meta.width
    height = meta.autoOrient?.height ?? meta.height
  } catch {
    throw badRequest(IMAGE_UNREADABLE)
  }
  if (!width || !height) throw badRequest(IMAGE_UNREADABLE)
  if (width * height > ATTACHMENT_LIMITS.imagePixels) throw payloadTooLarge(IMAGE_TOO_MANY_PIXELS)
  return { width, height }
}

/** A small WebP of the image, turned upright, with no metadata (EXIF, GPS) left in it. */
export async function thumbnailOf(data: Buffer): Promise<Buffer> {
  return (await decode(data))
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer()
}

/**
 * The image as shown in a page: the same format, turned upright, its metadata (EXIF with GPS, XMP)
 * left out. The stored file keeps its bytes (the account export gives them back as they came).
 */
export async function shownImage(data: Buffer, type: string): Promise<Buffer> {
  const image = (await decode(data)).rotate()
  try {
    if (type === 'image/png') return await image.png().toBuffer()
    if (type === 'image/webp') return await image.webp({ quality: 90 }).toBuffer()
    return await image.jpeg({ quality: 90 }).toBuffer()
  } catch {
    throw badRequest(IMAGE_UNREADABLE)
  }
}

/** The longest side of a photo shown to a vision model (more costs tokens and is scaled down there anyway). */
export const MODEL_IMAGE_SIZE = 1568

/** A photo as a vision model is shown it: upright, at most 1568 px a side, a JPEG without metadata. */
export async function modelImage(data: Buffer): Promise<Buffer> {
  return (await decode(data))
    .rotate()
    .resize(MODEL_IMAGE_SIZE, MODEL_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer()
}

const ICON_COLOURS: Record<string, string> = { pdf: '#dc3545', docx: '#0d6efd', text: '#6c757d' }

/** A plain icon for a file with no picture of its own: a page with its kind's label (our own SVG). */
export async function iconOf(label: string, kind: string): Promise<Buffer> {
  const colour = ICON_COLOURS[kind] ?? '#6c757d'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320">
<rect x="20" y="10" width="200" height="300" rx="12" fill="#f8f9fa" stroke="${colour}" stroke-width="8"/>
<rect x="50" y="220" width="140" height="56" rx="8" fill="${colour}"/>
<text x="120" y="260" font-family="sans-serif" font-size="34" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text>
</svg>`
  return (await sharpOf(Buffer.from(svg))).webp({ quality: 80 }).toBuffer()
}
