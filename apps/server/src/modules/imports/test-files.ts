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
