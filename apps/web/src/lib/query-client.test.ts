import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { createQueryClient, shouldRetryMutation, shouldRetryQuery } from './query-client'
import { currentUserQueryOptions } from './auth'
import { memoriesQueryOptions } from '../features/memories/api/get-memories'
import { memoryTagsQueryOptions } from '../features/memories/api/get-memory-tags'
import { dataSourceQueryOptions } from '../features/data-sources/api/get-data-source'
import { dataSourcesQueryOptions } from '../features/data-sources/api/get-data-sources'

const status = (s: number) => new ApiError('x', s)

describe('query defaults (spec §7)', () => {
  it('queries are fresh 5 minutes and do not refetch on window focus', () => {
    const defaults = createQueryClient().getDefaultOptions()
    expect(defaults.queries?.staleTime).toBe(300_000)
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false)
    expect(defaults.queries?.retry).toBe(shouldRetryQuery)
    expect(defaults.mutations?.retry).toBe(shouldRetryMutation)
  })

  it('caches the current user 15 min, memory list 5, memory tags 15, data source list and detail 10', () => {
    const minutes = (staleTime: unknown) => Number(staleTime) / 60_000
    const filters = { searchTerm: '', tags: [], startDate: '', endDate: '', pageSize: 12 }
    expect(minutes(currentUserQueryOptions().staleTime)).toBe(15)
    expect(minutes(memoriesQueryOptions(filters).staleTime)).toBe(5)
    expect(minutes(memoryTagsQueryOptions().staleTime)).toBe(15)
    expect(minutes(dataSourcesQueryOptions().staleTime)).toBe(10)
    expect(minutes(dataSourceQueryOptions('weather').staleTime)).toBe(10)
  })

  it('queries retry up to 2 times, never on 401 or 403', () => {
    expect(shouldRetryQuery(0, status(500))).toBe(true)
    expect(shouldRetryQuery(1, status(500))).toBe(true)
    expect(shouldRetryQuery(2, status(500))).toBe(false)
    expect(shouldRetryQuery(0, status(404))).toBe(true)
    expect(shouldRetryQuery(0, status(401))).toBe(false)
    expect(shouldRetryQuery(0, status(403))).toBe(false)
    expect(shouldRetryQuery(0, new Error('network'))).toBe(true)
  })

  it('mutations retry once, never on 4xx', () => {
    expect(shouldRetryMutation(0, status(500))).toBe(true)
    expect(shouldRetryMutation(1, status(500))).toBe(false)
    expect(shouldRetryMutation(0, status(0))).toBe(true)
    for (const s of [400, 401, 403, 404, 409, 429, 499]) expect(shouldRetryMutation(0, status(s))).toBe(false)
  })
})

describe('a 401 anywhere', () => {
  const user = { id: '1', name: 'Ada', email: 'a@example.com', picture: null, provider: 'local' as const }

  it.each([
    [401, true],
    [500, false],
  ])('answer %i from another query: current user invalidated = %s', async (code, invalidated) => {
    const client = createQueryClient()
    client.setQueryData(['auth', 'user'], user)
    await client
      .fetchQuery({ queryKey: ['memories'], queryFn: () => Promise.reject(status(code)), retry: false })
      .catch(() => undefined)
    expect(client.getQueryState(['auth', 'user'])?.isInvalidated).toBe(invalidated)
  })

  it('from a mutation also asks for the current user again', async () => {
    const client = createQueryClient()
    client.setQueryData(['auth', 'user'], user)
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(status(401)) })
      .execute(undefined)
      .catch(() => undefined)
    expect(client.getQueryState(['auth', 'user'])?.isInvalidated).toBe(true)
  })
})
