/**
 * The sampling of lib/sampler.ts in a process of its own (sampleInChild): the scenario's process builds
 * and sends a 10 MB file meanwhile, and its own pauses (parsing, collecting) would be counted as the
 * server's. Reads its probes from argv, samples until told to stop, answers the times over IPC.
 */
import { User } from './client.ts'
import { sample } from './sampler.ts'

interface Setup {
  user: { email: string; baseUrl: string; cookie: string; csrfToken: string }
  probes: { path: string; everyMs: number }[]
}

const setup = JSON.parse(process.argv[2]!) as Setup
const user = new User(setup.user.email, setup.user.baseUrl, setup.user.cookie, setup.user.csrfToken)
// A moment of warming up first (its own start, the first connections, the JIT): not the server's time.
for (let i = 0; i < 25; i++) await Promise.all(setup.probes.map((p) => user.request('GET', p.path)))
const running = setup.probes.map((p) =>
  sample(() => user.request('GET', p.path, undefined, 60_000), p.everyMs),
)
process.send!({ type: 'started' })
process.once('message', async () => {
  const results = await Promise.all(running.map((r) => r.stop()))
  process.send!({ type: 'results', results: results.map((r) => ({ ...r, statuses: [...r.statuses] })) }, () =>
    process.exit(0),
  )
})
