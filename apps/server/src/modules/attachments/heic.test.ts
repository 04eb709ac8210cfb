/**
 * A HEIC photo (an iPhone's usual kind), which sharp's own libvips cannot decode: the reading job decodes
 * it with heic-decode, makes its thumbnail and reads its words by OCR; one that says it has more pixels
 * than the limit is refused before it is decoded. The sample is a real HEIC made with libheif and x265
 * (fixtures/README.md says how).
 */
import { readFileSync } from 'node:fs'
import { IMAGE_TOO_MANY_PIXELS, type Attachment, type Memory } from '@remi/shared'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { multipartOf } from '../../test/files.ts'

const HEIC = readFileSync(new URL('./fixtures/words.heic', import.meta.url))

let t: TestApp
let user: TestUser

beforeAll(async () => {
  t = await buildTestApp({ background: true, jobs: { pollingIntervalSeconds: 1 } })
  user = await t.createUser()
}, 60_000)
afterAll(() => t?.close())

async function attach(memoryId: string, name: string, data: Buffer) {
  const { body, contentType } = multipartOf([{ name, data }])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/memories/${memoryId}/attachments`,
    headers: { ...user.headers, 'content-type': contentType },
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Attachment>()
}

async function whenRead(memoryId: string): Promise<Attachment> {
  let file: Attachment | undefined
  await vi.waitFor(
    async () => {
      const res = await user.api.get<Memory>(`/api/memories/${memoryId}`)
      file = res.body.attachments?.[0]
      expect(file?.status).not.toBe('reading')
    },
    { timeout: 60_000, interval: 200 },
  )
  return file!
}

/** The same file saying it is 20 000 × 20 000 (its `ispe` box: the size a decoder reads first). */
function claimingHugeSize(heic: Buffer): Buffer {
  const copy = Buffer.from(heic)
  const at = copy.indexOf('ispe')
  expect(at).toBeGreaterThan(0)
  // 'ispe', version and flags (4 bytes), then width and height.
  copy.writeUInt32BE(20_000, at + 8)
  copy.writeUInt32BE(20_000, at + 12)
  return copy
}

describe('HEIC photos', () => {
  it('are decoded off the request, thumbnailed, read by OCR, and kept byte for byte', async () => {
    // sharp's own libvips reads its header but cannot decode it.
    await expect(sharp(HEIC).png().toBuffer()).rejects.toThrow()
    const memory = await user.api.memories.create({ text: 'Label on the jar' })
    const added = await attach(memory.id, 'IMG_0042.HEIC', HEIC)
    expect(added).toMatchObject({ type: 'image/heic', status: 'reading' })

    const read = await whenRead(memory.id)
    expect(read.status, read.reason).toBe('ready')
    // Its size is known once decoded (sharp reads other photos' sizes when they are attached).
    expect(added.width).toBeUndefined()
    expect(read).toMatchObject({ width: 900, height: 200 })
    const found = await user.api.memories.list({ searchTerm: 'persimmon' })
    expect(found.items.map((m) => m.id)).toEqual([memory.id])

    const thumb = await t.app.inject({ url: `/api/attachments/${added.id}/thumbnail`, headers: user.headers })
    expect(thumb.statusCode).toBe(200)
    expect(thumb.headers['content-type']).toBe('image/webp')
    // The photo itself, made small (900 × 200 → 320 × 71): dark words on white, not the HEIC icon.
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 71 })
    const { channels } = await sharp(thumb.rawPayload).stats()
    expect(channels[0]!.min).toBeLessThan(128)
    expect(channels[0]!.max).toBeGreaterThan(200)

    // Never shown in a page as it is: a download, the same bytes.
    const file = await t.app.inject({ url: `/api/attachments/${added.id}`, headers: user.headers })
    expect(file.headers['content-disposition']).toMatch(/^attachment;/)
    expect(file.rawPayload.equals(HEIC)).toBe(true)
  }, 120_000)

  it('refuses one with more pixels than the limit before decoding it', async () => {
    const memory = await user.api.memories.create({ text: 'A very large photo' })
    await attach(memory.id, 'huge.heic', claimingHugeSize(HEIC))
    const read = await whenRead(memory.id)
    expect(read).toMatchObject({ status: 'failed', reason: IMAGE_TOO_MANY_PIXELS })
  }, 60_000)
})
