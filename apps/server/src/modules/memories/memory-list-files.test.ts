/**
 * A list page says which of its memories have files in the statement itself (attachment_text), so the
 * files are looked up for those alone: every list path lists a memory's files and none for the others.
 */
import type { Attachment, Memory, MemoryList } from '@remi/shared'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { multipartOf } from '../../test/files.ts'

let t: TestApp
let user: TestUser
let filed: Memory
let plain: Memory

beforeAll(async () => {
  t = await buildTestApp()
  user = await t.createUser()
  // The one with the file first: the newest comes first, so page 2 of 1 is the one with the file.
  filed = await user.api.memories.create({ text: 'Garden plan with the receipt', tags: ['home'] })
  plain = await user.api.memories.create({ text: 'Garden plan without a file', tags: ['home'] })
  const { body, contentType } = multipartOf([{ name: 'receipt.txt', data: 'Seeds and compost' }])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/memories/${filed.id}/attachments`,
    headers: { ...user.headers, 'content-type': contentType },
    payload: body,
  })
  expect(res.statusCode).toBe(201)
}, 60_000)
afterAll(() => t?.close())

const files = (list: MemoryList, id: string) =>
  list.items.find((m) => m.id === id)?.attachments?.map((a: Attachment) => a.name)

it.each([
  ['the plain list', '/api/memories?page=1&pageSize=12'],
  ['a tag filter', '/api/memories?tags=home'],
  ['a search', '/api/memories?searchTerm=garden'],
  ['a search past the first page', '/api/memories?searchTerm=garden&page=2&pageSize=1'],
])("%s lists a memory's files and none for the others", async (_, url) => {
  const list = (await user.api.get<MemoryList>(url)).body
  expect(files(list, filed.id)).toEqual(['receipt.txt'])
  if (!url.includes('page=2')) expect(files(list, plain.id)).toBeUndefined()
})

it('a later page of the plain list lists its memory’s files', async () => {
  const second = (await user.api.get<MemoryList>('/api/memories?page=2&pageSize=1')).body
  expect(second.items.map((m) => m.id)).toEqual([filed.id])
  expect(files(second, filed.id)).toEqual(['receipt.txt'])
  const first = (await user.api.get<MemoryList>('/api/memories?page=1&pageSize=1')).body
  expect(first.items.map((m) => m.id)).toEqual([plain.id])
  expect(first.items[0]!.attachments).toBeUndefined()
})
