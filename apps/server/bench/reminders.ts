/**
 * Reminder delivery latency: from a reminder's due time to its event arriving on an open
 * GET /api/events stream (the in-app channel, the one every delivery takes). Reminders are made due a
 * few seconds ahead, spread over a second, so the scheduler's polling and the claim are what is timed.
 */
import type { SignedIn } from './lib/server.ts'
import { percentiles, sleep, type Stats } from './lib/stats.ts'

export async function measureReminderDelivery(
  baseUrl: string,
  user: SignedIn,
  count: number,
): Promise<Stats & { missing: number }> {
  const headers = { cookie: user.cookie, 'content-type': 'application/json', 'x-csrf-token': user.csrfToken }
  const controller = new AbortController()
  const stream = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: user.cookie },
    signal: controller.signal,
  })
  if (!stream.ok || !stream.body) throw new Error(`GET /api/events answered ${stream.status}`)
  const latencies = new Map<string, number>()
  const wanted = new Set<string>()
  const reading = (async () => {
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        const arrived = Date.now()
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!/^event: reminder$/m.test(block)) continue
          const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as {
            reminderId: string
            occurrenceAt: string
          }
          if (!latencies.has(data.reminderId))
            latencies.set(data.reminderId, arrived - Date.parse(data.occurrenceAt))
        }
      }
    } catch {
      // Aborted at the end.
    }
  })()

  const start = Date.now() + 4000
  for (let i = 0; i < count; i++) {
    const dueAt = new Date(start + Math.round((i * 1000) / count)).toISOString()
    const res = await fetch(`${baseUrl}/api/reminders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: `bench reminder ${i}`, dueAt }),
    })
    if (res.status !== 201) throw new Error(`POST /api/reminders answered ${res.status}: ${await res.text()}`)
    wanted.add(((await res.json()) as { id: string }).id)
  }
  const deadline = start + 60_000
  while (Date.now() < deadline && [...wanted].some((id) => !latencies.has(id))) await sleep(100)
  controller.abort()
  await reading
  const samples = [...wanted].map((id) => latencies.get(id)).filter((v): v is number => v !== undefined)
  return { ...percentiles(samples), missing: wanted.size - samples.length }
}
