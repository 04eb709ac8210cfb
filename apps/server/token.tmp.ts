import { signIn } from './bench/lib/server.ts'
const base = 'http://localhost:3100'
const u = await signIn(base, process.argv[2] ?? 'me@example.com')
const h = { cookie: u.cookie, 'x-csrf-token': u.csrfToken, 'content-type': 'application/json' }
const f = JSON.parse((await import('node:fs')).readFileSync('/tmp/explore/fakes.json', 'utf8'))
for (const [path, body] of [
  ['/api/datasources/weather', { isEnabled: true, configuration: { locationName: 'Lisbon' } }],
  ['/api/datasources/calendar', { isEnabled: true, configuration: { icsUrl: f.ics } }],
] as const) {
  const r = await fetch(base + path, { method: 'PUT', headers: h, body: JSON.stringify(body) })
  console.error(path, r.status, (await r.text()).slice(0, 200))
}
const r = await fetch(base + '/api/auth/tokens', {
  method: 'POST',
  headers: h,
  body: JSON.stringify({ name: 'explore', scope: 'write' }),
})
const j = (await r.json()) as { token: string }
console.log(j.token)
