import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const main = fileURLToPath(new URL('./main.ts', import.meta.url))
// Runs in every program image of the process: prints what that image was started with (encoded, as
// NODE_OPTIONS splits at spaces).
const report = `data:text/javascript,${encodeURIComponent(
  "console.log('started with', JSON.stringify([process.pid, process.env.GLIBC_TUNABLES, process.env.NODE_COMPILE_CACHE]))",
)}`

it.runIf(process.platform !== 'win32')(
  "starts itself again, in the same process, with malloc's threshold fixed and the compile cache on",
  () => {
    // A configuration error ends it right after the re-exec, before anything is opened.
    const run = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, NODE_OPTIONS: `--import=${report}`, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    const images = [...run.stdout.matchAll(/started with (.*)/g)].map(
      (m) => JSON.parse(m[1]!) as [number, string | null, string | null],
    )
    expect(images).toHaveLength(2)
    expect(images[0]![0]).toBe(images[1]![0])
    expect(images[0]!.slice(1)).toEqual([null, null])
    expect(images[1]![1]).toBe('glibc.malloc.mmap_threshold=131072')
    expect(images[1]![2]).toMatch(/node-compile-cache$/)
    expect(run.stderr).toContain('PORT')
    expect(run.status).toBe(1)
  },
)

it.runIf(process.platform !== 'win32')(
  'keeps tunables and a compile cache it was given, and does not restart for them',
  () => {
    const cache = mkdtempSync(join(tmpdir(), 'remi-compile-cache-'))
    try {
      const run = spawnSync(process.execPath, [main], {
        env: {
          PATH: process.env.PATH,
          NODE_OPTIONS: `--import=${report}`,
          PORT: 'not-a-port',
          GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536',
          NODE_COMPILE_CACHE: cache,
        },
        encoding: 'utf8',
        timeout: 60_000,
      })
      const images = [...run.stdout.matchAll(/started with (.*)/g)].map((m) => JSON.parse(m[1]!) as unknown[])
      expect(images).toEqual([[expect.any(Number), 'glibc.malloc.mmap_threshold=65536', cache]])
      expect(run.status).toBe(1)
    } finally {
      rmSync(cache, { recursive: true, force: true })
    }
  },
)
