/**
 * What a recording is, read from its first bytes (never from its name or the type the client claims),
 * and how long it is where its container says: WAV (its data size and byte rate), Ogg (the last page's
 * granule position), WebM (the Duration of its Info, which MediaRecorder leaves out) and MP4/M4A (the
 * movie header). MP3 has no header that says; its length is bounded by the size limit only.
 */
export interface AudioFormat {
  mediaType: 'audio/webm' | 'audio/ogg' | 'audio/wav' | 'audio/mpeg' | 'audio/mp4'
  durationSeconds: number | undefined
}

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text

export function readAudioFormat(bytes: Buffer): AudioFormat | null {
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE'))
    return { mediaType: 'audio/wav', durationSeconds: wavSeconds(bytes) }
  if (ascii(bytes, 0, 'OggS')) return { mediaType: 'audio/ogg', durationSeconds: oggSeconds(bytes) }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3)
    return { mediaType: 'audio/webm', durationSeconds: webmSeconds(bytes) }
  if (ascii(bytes, 4, 'ftyp')) return { mediaType: 'audio/mp4', durationSeconds: mp4Seconds(bytes) }
  if (ascii(bytes, 0, 'ID3') || isMpegFrame(bytes))
    return { mediaType: 'audio/mpeg', durationSeconds: undefined }
  return null
}

/** An MPEG audio frame's sync word with a layer (layer bits 00 is AAC's ADTS, not MP3). */
const isMpegFrame = (b: Buffer) =>
  b.length >= 4 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0

function wavSeconds(bytes: Buffer): number | undefined {
  let at = 12
  let byteRate = 0
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4)
    const size = bytes.readUInt32LE(at + 4)
    if (id === 'fmt ' && at + 16 <= bytes.length) byteRate = bytes.readUInt32LE(at + 16)
    // A recorder that streams writes 0 or 0xFFFFFFFF as the data's size: what arrived counts.
    if (id === 'data') {
      const available = bytes.length - at - 8
      const dataBytes = size === 0 || size > available ? available : size
      return byteRate > 0 ? dataBytes / byteRate : undefined
    }
    at += 8 + size + (size % 2)
  }
  return undefined
}

function oggSeconds(bytes: Buffer): number | undefined {
  // The first page's first packet names the codec: Opus counts at 48 kHz after its pre-skip, Vorbis at its rate.
  const packet = 27 + (bytes[26] ?? 0)
  let rate = 0
  let skip = 0
  if (ascii(bytes, packet, 'OpusHead') && bytes.length >= packet + 12) {
    rate = 48_000
    skip = bytes.readUInt16LE(packet + 10)
  } else if (ascii(bytes, packet + 1, 'vorbis') && bytes.length >= packet + 16) {
    rate = bytes.readUInt32LE(packet + 12)
  }
  const last = bytes.lastIndexOf('OggS')
  if (!rate || last < 0 || last + 14 > bytes.length) return undefined
  const granule = Number(bytes.readBigUInt64LE(last + 6))
  return granule > 0 && granule < Number.MAX_SAFE_INTEGER ? Math.max(0, granule - skip) / rate : undefined
}

function webmSeconds(bytes: Buffer): number | undefined {
  const head = bytes.subarray(0, 64 * 1024)
  const duration = head.indexOf(Buffer.from([0x44, 0x89]))
  if (duration < 0) return undefined
  const size = head[duration + 2]
  let value: number
  if (size === 0x84 && duration + 7 <= head.length) value = head.readFloatBE(duration + 3)
  else if (size === 0x88 && duration + 11 <= head.length) value = head.readDoubleBE(duration + 3)
  else return undefined
  // TimecodeScale (0x2AD7B1), in ns a tick; Matroska's default is a millisecond.
  const scaleAt = head.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]))
  let scale = 1_000_000
  if (scaleAt >= 0) {
    const length = (head[scaleAt + 3] ?? 0x80) & 0x0f
    if (length >= 1 && length <= 6 && scaleAt + 4 + length <= head.length)
      scale = head.readUIntBE(scaleAt + 4, length)
  }
  return Number.isFinite(value) && value >= 0 ? (value * scale) / 1e9 : undefined
}

function mp4Seconds(bytes: Buffer): number | undefined {
  const box = bytes.indexOf('mvhd')
  if (box < 0) return undefined
  const version = bytes[box + 4]
  if (version === 1 && box + 36 <= bytes.length) {
    const timescale = bytes.readUInt32BE(box + 24)
    return timescale ? Number(bytes.readBigUInt64BE(box + 28)) / timescale : undefined
  }
  if (version === 0 && box + 24 <= bytes.length) {
    const timescale = bytes.readUInt32BE(box + 16)
    return timescale ? bytes.readUInt32BE(box + 20) / timescale : undefined
  }
  return undefined
}
