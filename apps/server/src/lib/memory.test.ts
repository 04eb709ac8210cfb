import v8 from 'node:v8'
import { expect, it, vi } from 'vitest'
import { releaseMemory, releaseMemoryWhenIdle } from './memory.ts'

const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size

it('shrinks the young generation that start-up grew', () => {
  // Survivors make V8 grow the young generation, as compiling thousands of modules does.
  const kept: unknown[] = []
  for (let i = 0; i < 400_000; i++) kept.push({ i, text: `item ${i}` })
  const grown = newSpace()
  kept.length = 0
  releaseMemory()
  expect(newSpace()).toBeLessThan(grown)
  expect(newSpace()).toBeLessThanOrEqual(4 * 1024 * 1024)
})

it('gives the memory back once nothing has happened for a while, not while work comes', () => {
  vi.useFakeTimers()
  try {
    const activity = releaseMemoryWhenIdle(10_000)
    const kept: unknown[] = []
    for (let i = 0; i < 400_000; i++) kept.push({ i, text: `item ${i}` })
    kept.length = 0
    const grown = newSpace()
    activity()
    vi.advanceTimersByTime(9_000)
    activity()
    vi.advanceTimersByTime(9_000)
    expect(newSpace()).toBe(grown)
    vi.advanceTimersByTime(1_000)
    expect(newSpace()).toBeLessThanOrEqual(4 * 1024 * 1024)
    // The same timer serves the next burst.
    for (let i = 0; i < 400_000; i++) kept.push({ i, text: `item ${i}` })
    kept.length = 0
    const regrown = newSpace()
    expect(regrown).toBeGreaterThan(4 * 1024 * 1024)
    activity()
    vi.advanceTimersByTime(9_000)
    expect(newSpace()).toBe(regrown)
    vi.advanceTimersByTime(1_000)
    expect(newSpace()).toBeLessThanOrEqual(4 * 1024 * 1024)
  } finally {
    vi.useRealTimers()
  }
})
