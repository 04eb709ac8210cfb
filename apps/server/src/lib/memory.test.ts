import v8 from 'node:v8'
import { expect, it } from 'vitest'
import { releaseStartupMemory } from './memory.ts'

const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size

it('shrinks the young generation that start-up grew', () => {
  // Survivors make V8 grow the young generation, as compiling thousands of modules does.
  const kept: unknown[] = []
  for (let i = 0; i < 400_000; i++) kept.push({ i, text: `item ${i}` })
  const grown = newSpace()
  kept.length = 0
  releaseStartupMemory()
  expect(newSpace()).toBeLessThan(grown)
  expect(newSpace()).toBeLessThanOrEqual(4 * 1024 * 1024)
})
