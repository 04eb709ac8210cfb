import { fileTypeFromBuffer } from 'file-type'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** How a file is read and shown, by the type its bytes say it is (the name is only a label). */
export type FileKind = 'image' | 'heic' | 'pdf' | 'text' | 'docx' | 'download'

export interface Sniffed {
  type: string
  kind: FileKind
}

const BY_TYPE: Record<string, FileKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'application/pdf': 'pdf',
  [DOCX]: 'docx',
}

/** Shown inline (re-encoded without their metadata): every other type is only ever a download. */
export const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * The file's type from its bytes (file-type), or for text, from what the text starts with: SVG and HTML
 * are kept (as downloads, never shown); other UTF-8 is text, Markdown when its name says so. Null: a
 * kind of file that cannot be attached.
 */
export async function sniff(data: Buffer, name: string): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(data)
  if (found) {
    const kind = BY_TYPE[found.mime]
    if (kind) return { type: found.mime, kind }
    if (found.mime === 'application/xml' || found.mime === 'image/svg+xml') return asText(data, name)
    return null
  }
  return asText(data, name)
}

function asText(data: Buffer, name: string): Sniffed | null {
  let text: string
  try {
    text = decoder.decode(data)
  } catch {
    return null
  }
  // A control character other than tab, new line, vertical tab, form feed or carriage return: not text.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 9 || (c > 13 && c < 32)) return null
  }
  const start = text.slice(0, 1024).trimStart().toLowerCase()
  if (
    /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg|<svg[\s>])/.test(start) ||
    /<svg[\s>]/.test(start)
  )
    return { type: 'image/svg+xml', kind: 'download' }
  if (
    /^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>])/.test(start) ||
    /<script[\s>]/.test(start)
  )
    return { type: 'text/html', kind: 'download' }
  return { type: /\.(md|markdown)$/i.test(name) ? 'text/markdown' : 'text/plain', kind: 'text' }
}
