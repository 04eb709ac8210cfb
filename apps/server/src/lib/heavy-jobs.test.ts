import { describe, expect, it } from 'vitest'
import { createHeavyJobs, HEAVY_JOB_BUSY_MESSAGE, HEAVY_JOB_FULL_MESSAGE } from './heavy-jobs.ts'

/** A job that runs until its release() is called (or fails with fail()). */
function gate() {
  let release!: () => void
  let fail!: (error: Error) => void
  const done = new Promise<void>((resolve, reject) => {
    release = resolve
    fail = reject
  })
  return { job: () => done, release: () => release(), fail: (e: Error) => fail(e) }
}
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('heavy jobs', () => {
  it('runs the waiting in the order they came, each as a place frees', async () => {
    const jobs = createHeavyJobs({ workers: 1, queue: 2 })
    const started: string[] = []
    const gates = { a: gate(), b: gate(), c: gate() }
    const runs = (['a', 'b', 'c'] as const).map((who) =>
      jobs.run(who, async () => {
        started.push(who)
        await gates[who].job()
      }),
    )
    await tick()
    expect(started).toEqual(['a'])
    expect(jobs.load).toEqual({ running: 1, waiting: 2 })
    gates.a.release()
    await runs[0]
    await tick()
    expect(started).toEqual(['a', 'b'])
    gates.b.release()
    gates.c.release()
    await Promise.all(runs)
    expect(started).toEqual(['a', 'b', 'c'])
    expect(jobs.load).toEqual({ running: 0, waiting: 0 })
  })

  it('a job that fails gives its place and its person back', async () => {
    const jobs = createHeavyJobs({ workers: 1, queue: 0 })
    const first = gate()
    const running = jobs.run('ana', first.job)
    expect(() => jobs.check('ana')).toThrow(HEAVY_JOB_BUSY_MESSAGE)
    expect(() => jobs.check('bo')).toThrow(HEAVY_JOB_FULL_MESSAGE)
    first.fail(new Error('disk full'))
    await expect(running).rejects.toThrow('disk full')
    expect(jobs.load).toEqual({ running: 0, waiting: 0 })
    await expect(jobs.run('ana', async () => 'again')).resolves.toBe('again')
  })

  it('the refusals carry their status, and the full one a Retry-After', () => {
    const jobs = createHeavyJobs({ workers: 1, queue: 0 })
    void jobs.run('ana', gate().job)
    expect(() => jobs.check('ana')).toThrow(expect.objectContaining({ statusCode: 409 }))
    expect(() => jobs.check('bo')).toThrow(expect.objectContaining({ statusCode: 503, retryAfterS: 30 }))
  })
})
