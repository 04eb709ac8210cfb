import autocannon from 'autocannon'
import { mkdtempSync } from 'node:fs'
import { startServer, signIn } from './lib/server.ts'
const dataDir = mkdtempSync('/tmp/prof/data-')
const server = await startServer({
  dataDir,
  databaseUrl: process.env.PURL,
  logFile: '/tmp/prof/server.log',
  env: process.env.NOPROF ? {} : { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' },
})
const user = await signIn(server.baseUrl, 'prof@example.com')
for (let i = 0; i < 300; i++) {
  const r = await fetch(`${server.baseUrl}/api/memories`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ text: `meeting note ${i} about the garden plan`, tags: ['work'] }),
  })
  if (r.status !== 201) throw new Error(String(r.status) + (await r.text()))
}
const url = `${server.baseUrl}${process.env.PATHQ ?? '/api/memories?page=1&pageSize=12'}`
await autocannon({ url, headers: { cookie: user.cookie }, connections: 50, duration: 2 })
const r = await autocannon({
  url,
  headers: { cookie: user.cookie },
  connections: Number(process.env.CONN ?? 50),
  duration: 8,
})
console.log('req/s', r.requests.average, 'p50', r.latency.p50, 'errors', r.errors, 'non2xx', r.non2xx)
await server.stop()
