// The ceiling for the throughput figures: bare Fastify in its own process answering the app's JSON
// bytes from memory (no auth, no validation, no database). Prints its URL when listening.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>
const app = Fastify({ logger: false })
for (const [path, body] of Object.entries(bodies)) {
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body))
}
const url = await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`${url}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
