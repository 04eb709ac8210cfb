import type { ApiErrorBody } from '@remi/shared'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
let user: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  user = await t.createUser({ timezone: 'America/Sao_Paulo' })
  const memories = [
    ["It's 100% (really) done: a & b | !c", 'work, C++'],
    ['Dentist appointment next Tuesday', 'health'],
    ['Ünïcödé — emoji 🎉 and \\ backslash', 'fun, "quoted"'],
  ]
  for (const [text, tags] of memories) await user.api.memories.create({ text, tags })
})
afterAll(() => t.close())

const tsqueryish = fc.constantFrom(
  "'",
  '&',
  '|',
  '!',
  ':*',
  '(',
  ')',
  '\\',
  '%',
  '_',
  '<->',
  '<2>',
  '"',
  ':',
  '*',
  ' ',
  'or',
  '-',
  ';',
  '--',
  'A:',
  "''",
)
/** Plain text, full Unicode (NUL included), and strings stitched from tsquery/SQL metacharacters. */
const searchish = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc
    .array(fc.oneof(tsqueryish, fc.string({ maxLength: 4 })), { maxLength: 20 })
    .map((parts) => parts.join('')),
)
const numberish = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom('', '0', '1e3', '1.5', 'NaN', '-0', '99999999999999999999', '0x10', ' 3 '),
  fc.string({ maxLength: 8 }),
)
const dateish = fc.oneof(
  fc
    .date({ min: new Date('1850-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '2026-1-1', ''),
  fc.string({ maxLength: 12 }),
)

describe('GET /api/memories never answers 5xx', () => {
  it('for random search terms: 200, or 400 only for a NUL character', async () => {
    await fc.assert(
      fc.asyncProperty(searchish, fc.boolean(), async (searchTerm, withFilters) => {
        const query = {
          searchTerm,
          ...(withFilters ? { tags: 'work', startDate: '2000-01-01', pageSize: '5' } : {}),
        }
        const res = await user.api.get('/api/memories', query)
        expect(res.status, `${JSON.stringify(query)} -> ${res.text}`).toBe(
          searchTerm.includes('\u0000') ? 400 : 200,
        )
      }),
      { numRuns: 400 },
    )
  })

  it('for random search terms and filter values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            searchTerm: searchish,
            tags: fc.oneof(searchish, fc.array(searchish, { maxLength: 4 })),
            page: numberish,
            pageSize: numberish,
            startDate: dateish,
            endDate: dateish,
          },
          { requiredKeys: [] },
        ),
        async (query) => {
          const res = await user.api.get<ApiErrorBody>('/api/memories', query)
          expect(res.status, `${JSON.stringify(query)} -> ${res.text}`).toBeLessThan(500)
          if (res.status !== 200) {
            expect(res.status).toBe(400)
            expect(res.body.code).toBe('VALIDATION_FAILED')
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('for random memory bodies on create', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            text: fc.oneof(searchish, fc.anything()),
            tags: fc.oneof(searchish, fc.array(searchish, { maxLength: 25 }), fc.anything()),
            date: fc.oneof(dateish, fc.constant(null), fc.anything()),
          },
          { requiredKeys: [] },
        ),
        async (payload) => {
          const res = await user.api.post('/api/memories', payload)
          expect(res.status, `${JSON.stringify(payload)} -> ${res.text}`).toBeLessThan(500)
          expect([201, 400]).toContain(res.status)
        },
      ),
      { numRuns: 200 },
    )
  })
})
