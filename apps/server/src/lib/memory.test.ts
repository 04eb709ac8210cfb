import { EventEmitter } from 'node:events'
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

it('gives the memory back once no request has come for a while, not while requests come', () => {
  vi.useFakeTimers()
  try {
    const server = new EventEmitter()
    releaseMemoryWhenIdle(server, 10_000)
    const kept: unknown[] = []
    for (let i = 0; i < 400_000; i++) kept.push({ i, text: `item ${i}` })
    kept.length = 0
    const grown = newSpace()
    server.emit('request')
    vi.advanceTimersByTime(9_000)
    server.emit('request')
    vi.advanceTimersByTime(9_000)
    expect(newSpace()).toBe(grown)
    vi.advanceTimersByTime(1_000)
    expect(newSpace()).toBeLessThanOrEqual(4 * 1024 * 1024)
  } finally {
    vi.useRealTimers()
  }
})
