import { describe, expect, it } from 'vitest'
import { readAudioFormat } from './audio-format.ts'

const bytes = (...parts: Array<string | number[] | Buffer>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))
const u32le = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n)
  return b
}
const u32be = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

/** An Ogg page: header (27 bytes), one segment of `packet`, at this granule position. */
function oggPage(packet: Buffer, granule: bigint) {
  const header = Buffer.alloc(27)
  header.write('OggS', 0, 'latin1')
  header.writeBigUInt64LE(granule, 6)
  header[26] = 1
  return Buffer.concat([header, Buffer.from([packet.length]), packet])
}

describe("reading a recording's type and length from its bytes", () => {
  it('knows WAV, with its length from the data size (or what arrived, when a recorder streams it)', () => {
    const wav = (dataSize: number, data: number) =>
      bytes(
        'RIFF',
        u32le(36 + data),
        'WAVEfmt ',
        u32le(16),
        [1, 0, 1, 0],
        u32le(8000),
        u32le(16000),
        [2, 0, 16, 0],
        'data',
        u32le(dataSize),
        Buffer.alloc(data),
      )
    expect(readAudioFormat(wav(32000, 32000))).toEqual({ mediaType: 'audio/wav', durationSeconds: 2 })
    expect(readAudioFormat(wav(0xffffffff, 8000))).toEqual({ mediaType: 'audio/wav', durationSeconds: 0.5 })
  })

  it('knows Ogg Opus and Vorbis, with the length from the last page', () => {
    const opusHead = bytes('OpusHead', [1, 1], [0x38, 0x01], u32le(48000), [0, 0, 0])
    const opus = Buffer.concat([oggPage(opusHead, 0n), oggPage(Buffer.alloc(10), 48_000n * 3n + 312n)])
    expect(readAudioFormat(opus)).toEqual({ mediaType: 'audio/ogg', durationSeconds: 3 })
    const vorbisHead = bytes([1], 'vorbis', u32le(0), [1], u32le(44100), Buffer.alloc(14))
    const vorbis = Buffer.concat([oggPage(vorbisHead, 0n), oggPage(Buffer.alloc(10), 44_100n * 700n)])
    expect(readAudioFormat(vorbis)).toEqual({ mediaType: 'audio/ogg', durationSeconds: 700 })
  })

  it("knows WebM, with a length when its Info says one (MediaRecorder's does not)", () => {
    const duration = Buffer.alloc(8)
    duration.writeDoubleBE(4500)
    const withDuration = bytes(
      [0x1a, 0x45, 0xdf, 0xa3, 0x80],
      [0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40],
      [0x44, 0x89, 0x88],
      duration,
    )
    expect(readAudioFormat(withDuration)).toEqual({ mediaType: 'audio/webm', durationSeconds: 4.5 })
    expect(readAudioFormat(bytes([0x1a, 0x45, 0xdf, 0xa3], Buffer.alloc(40)))).toEqual({
      mediaType: 'audio/webm',
      durationSeconds: undefined,
    })
  })

  it('knows MP4/M4A, with the length from its movie header', () => {
    const m4a = bytes(
      u32be(20),
      'ftypM4A ',
      Buffer.alloc(8),
      u32be(108),
      'moov',
      u32be(100),
      'mvhd',
      [0, 0, 0, 0],
      u32be(0),
      u32be(0),
      u32be(1000),
      u32be(650_000),
    )
    expect(readAudioFormat(m4a)).toEqual({ mediaType: 'audio/mp4', durationSeconds: 650 })
  })

  it('knows MP3 by its frame or its ID3 tag, and nothing else', () => {
    expect(readAudioFormat(bytes([0xff, 0xfb, 0x90, 0x64]))?.mediaType).toBe('audio/mpeg')
    expect(readAudioFormat(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]))?.mediaType).toBe('audio/mpeg')
    // AAC in ADTS shares the sync word but has layer 00; a PNG, a PDF and nothing at all are not audio.
    expect(readAudioFormat(bytes([0xff, 0xf1, 0x50, 0x80]))).toBeNull()
    expect(readAudioFormat(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull()
    expect(readAudioFormat(bytes('%PDF-1.7'))).toBeNull()
    expect(readAudioFormat(Buffer.alloc(0))).toBeNull()
  })
})
