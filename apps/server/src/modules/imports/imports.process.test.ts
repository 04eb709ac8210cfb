/**
 * Note imports against the production server (src/main.ts in a child process): its memory while it is
 * sent a 300 MB upload, a zip bomb, an archive that lies about its sizes and an XML bomb, and an import
 * killed with SIGKILL halfway, which after the restart is all there or (until it runs again) none.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import type { MemoryList, NoteImport, NoteImportCreated } from '@remi/shared'
import { afterAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase, withDatabaseName } from '../../test/db.ts'
import { Browser } from '../../test/http-client.ts'
import { killAllServers, startProductionServer } from '../../test/production-server.ts'
import { localSignIn } from '../../test/sign-in.ts'
import { multipartOf, zipOf } from './test-files.ts'

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL
const SECRET = 'imports-process-test-secret-0123456789'
/** How far the server's resident memory may grow over its settled size while refusing all of these. */
const RSS_GROWTH_BOUND_MB = 150

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  await killAllServers()
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function databaseUrl(): Promise<string | undefined> {
  if (!onPostgres) return undefined
  const name = `remi_imports_${randomBytes(5).toString('hex')}`
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, name, { poolSize: 1 })
  cleanups.push(() => database.close())
  return withDatabaseName(process.env.TEST_DATABASE_URL!, name)
}

const start = (dataDir: string, url: string | undefined, port?: number) =>
  startProductionServer({
    dataDir,
    databaseUrl: url,
    sessionSecret: SECRET,
    logFile: join(dataDir, 'server.log'),
    ...(port && { port }),
    env: { LOG_LEVEL: 'info' },
  })

/** A signed-in person: requests with the session cookie and CSRF token, to whichever server is given. */
async function signIn(baseUrl: string, email: string) {
  const browser = new Browser()
  await localSignIn(browser, baseUrl, { email, name: 'Importer' })
  const { csrfToken } = (await (await browser.request(`${baseUrl}/api/auth/csrf-token`)).json()) as {
    csrfToken: string
  }
  return {
    async json<T>(base: string, method: string, path: string) {
      const res = await browser.request(`${base}${path}`, { method, headers: { 'x-csrf-token': csrfToken } })
      return { status: res.status, body: (await res.json()) as T }
    },
    async upload(base: string, body: BodyInit, contentType: string) {
      const res = await browser.request(`${base}/api/imports`, {
        method: 'POST',
        headers: { 'x-csrf-token': csrfToken, 'content-type': contentType },
        body,
        duplex: 'half',
      } as RequestInit)
      return { status: res.status, body: (await res.json()) as NoteImportCreated & { message?: string } }
    },
  }
}

/** A 300 MB multipart body that arrives in pieces, without a Content-Length. */
function streamedUpload(totalMb: number) {
  const boundary = 'remi-big-upload'
  const chunk = Buffer.alloc(1024 * 1024, 'a')
  let sent = -1
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.md"\r\n\r\n`,
          ),
        )
      } else if (sent < totalMb) controller.enqueue(chunk)
      else {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`))
        controller.close()
      }
      sent++
    },
  })
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('note imports on the production server', () => {
  it(`refuses a 300 MB upload, a zip bomb, a lying archive and an XML bomb, its memory growing less than ${RSS_GROWTH_BOUND_MB} MB`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'remi-imports-'))
    const server = await start(dataDir, await databaseUrl())
    const person = await signIn(server.baseUrl, `rss-${Date.now()}@example.test`)
    // Settled: one small import read first, so what it loads once (parsers, the queue) is in the baseline.
    const small = multipartOf([{ name: 'a.md', data: '# A\n\nwarm up' }])
    expect((await person.upload(server.baseUrl, small.body, small.contentType)).status).toBe(201)
    const baseline = server.rssMb()
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50)
    try {
      const big = streamedUpload(300)
      const refused = await person
        .upload(server.baseUrl, big.stream, big.contentType)
        .catch((error: Error) => ({
          status: 0,
          body: { message: error.message } as NoteImportCreated & { message?: string },
        }))
      expect(refused.status).toBe(413)
      expect(refused.body.message).toMatch(/at most 200 MB/)

      const zeros = Buffer.alloc(64 * 1024 * 1024)
      const shared = { bytes: deflateRawSync(zeros), size: zeros.length, crc: crc32(zeros) }
      const bomb = multipartOf([
        {
          name: 'bomb.zip',
          data: zipOf(Array.from({ length: 17 }, (_, i) => ({ name: `n${i}.md`, deflated: shared }))),
        },
      ])
      const bombed = await person.upload(server.baseUrl, bomb.body, bomb.contentType)
      expect(bombed.status).toBe(413)
      expect(bombed.body.message).toMatch(/unpacks to more than 1 GB/)

      // Each entry says it holds 100 bytes and inflates to 64 MB: yauzl stops it at the 101st.
      const lying = multipartOf([
        {
          name: 'vault.zip',
          data: zipOf([
            { name: 'Fine.md', data: Buffer.from('# Fine\n\nStill imported') },
            ...Array.from({ length: 5 }, (_, i) => ({
              name: `liar${i}.md`,
              deflated: { ...shared, size: 100 },
            })),
          ]),
        },
      ])
      const lied = await person.upload(server.baseUrl, lying.body, lying.contentType)
      expect(lied.status).toBe(201)
      expect(lied.body.preview.counts).toMatchObject({ toImport: 1, broken: 5 })

      const laughs = `<?xml version="1.0"?><!DOCTYPE en-export [<!ENTITY a "${'x'.repeat(1000)}"><!ENTITY b "${'&a;'.repeat(1000)}">]><en-export><note><title>&b;&b;&b;</title></note></en-export>`
      const xml = multipartOf([{ name: 'laughs.enex', data: laughs }])
      expect((await person.upload(server.baseUrl, xml.body, xml.contentType)).status).toBe(400)
    } finally {
      clearInterval(sampler)
    }
    peak = Math.max(peak, server.rssMb())
    console.log(
      `imports RSS: baseline ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)})`,
    )
    expect(peak - baseline).toBeLessThan(RSS_GROWTH_BOUND_MB)
    await server.stop()
  }, 300_000)

  it('an import killed with SIGKILL halfway is rolled back whole and runs again after the restart: every note once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'remi-imports-'))
    const url = await databaseUrl()
    let server = await start(dataDir, url)
    const port = server.port
    const person = await signIn(server.baseUrl, `crash-${Date.now()}@example.test`)
    const notes = 6000
    const zip = zipOf(
      Array.from({ length: notes }, (_, i) => ({
        name: `Vault/Folder ${i % 20}/Note ${i}.md`,
        data: Buffer.from(`Note number ${i} of the crash test. ${'words '.repeat(40)}`),
      })),
    )
    const body = multipartOf([{ name: 'Vault.zip', data: zip }])
    const created = await person.upload(server.baseUrl, body.body, body.contentType)
    expect(created.status).toBe(201)
    expect(created.body.preview.counts.toImport).toBe(notes)
    const id = created.body.id
    expect((await person.json(server.baseUrl, 'POST', `/api/imports/${id}/start`)).status).toBe(202)

    // Killed once it has written some of the notes and not all.
    let seen: NoteImport | undefined
    const deadline = Date.now() + 120_000
    for (;;) {
      seen = (await person.json<NoteImport>(server.baseUrl, 'GET', `/api/imports/${id}`)).body
      if (seen.progress.done > 0 && seen.progress.done < notes) break
      if (seen.status === 'done' || Date.now() > deadline)
        throw new Error(`never caught halfway: ${JSON.stringify(seen.progress)}`)
      await new Promise((r) => setTimeout(r, 20))
    }
    await server.kill()

    server = await start(dataDir, url, port)
    const count = async () =>
      (await person.json<MemoryList>(server.baseUrl, 'GET', '/api/memories?pageSize=1')).body.totalCount
    // Straight after the restart: nothing of the cut-short run is left (the new run starts from none).
    const first = (await person.json<NoteImport>(server.baseUrl, 'GET', `/api/imports/${id}`)).body
    expect(first.status).not.toBe('done')
    const counts: number[] = []
    for (;;) {
      const state = (await person.json<NoteImport>(server.baseUrl, 'GET', `/api/imports/${id}`)).body
      counts.push(await count())
      if (state.status === 'done') break
      expect(state.status).not.toBe('failed')
      if (Date.now() > deadline + 120_000) throw new Error('the import did not finish after the restart')
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(await count()).toBe(notes)
    const done = (await person.json<NoteImport>(server.baseUrl, 'GET', `/api/imports/${id}`)).body
    expect(done.counts.created).toBe(notes)
    // The memories grew from none again, never past the whole.
    expect(Math.max(...counts)).toBeLessThanOrEqual(notes)
    await server.stop()
  }, 400_000)
})
