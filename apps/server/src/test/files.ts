import { deflateRawSync, crc32 } from 'node:zlib'

/** A zip entry for zipOf: its name exactly as written (even '../x'), its bytes, and the size it claims. */
export interface ZipEntry {
  name: string
  data?: Buffer
  /** Deflated bytes to write as they are (several entries may share one), with the size they unpack to. */
  deflated?: { bytes: Buffer; size: number; crc: number }
  /** false: the name's UTF-8 bytes without the zip's UTF-8 flag, as macOS's Compress writes them. */
  utf8Flag?: boolean
}

/**
 * A zip archive built byte by byte (tests only): entries may have names no zip tool would write
 * ('../evil.md') and share compressed data, so a zip bomb costs the test almost nothing to make.
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = entry.data ?? Buffer.alloc(0)
    const packed = entry.deflated ?? { bytes: deflateRawSync(data), size: data.length, crc: crc32(data) }
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    const flags = entry.utf8Flag === false ? 0 : 0x0800 // UTF-8 names
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(packed.crc >>> 0, 14)
    local.writeUInt32LE(packed.bytes.length, 18)
    local.writeUInt32LE(packed.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(packed.crc >>> 0, 16)
    central.writeUInt32LE(packed.bytes.length, 20)
    central.writeUInt32LE(packed.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed.bytes)
    centrals.push(central, name)
    offset += 30 + name.length + packed.bytes.length
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

/** A multipart/form-data body with these files (field "file"), and its content type. */
export function multipartOf(files: Array<{ name: string; data: Buffer | string }>) {
  const boundary = `----remi-test-${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * A one-page PDF with these lines in Helvetica, written by hand (objects, cross-reference table and
 * trailer with their byte offsets): enough for pdf.js to read its words.
 */
export function pdfOf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`)
  const content = `BT /F1 18 Tf 72 720 Td 24 TL ${lines.map((l) => `(${escape(l)}) '`).join(' ')} ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** A DOCX (an Office Open XML zip) whose body is these paragraphs. */
export function docxOf(paragraphs: string[]): Buffer {
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
          .map((p) => `<w:p><w:r><w:t>${xml(p)}</w:t></w:r></w:p>`)
          .join('')}</w:body></w:document>`,
      ),
    },
  ])
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/**
 * A PNG that says it is `width` × `height` (8-bit grey) with a few bytes of pixel data: a pixel bomb
 * whose header alone must get it refused, since decoding it would take width × height bytes.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateRawSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
