/**
 * The OpenAI fake on a thread of its own, answering every request at once ("Noted."): for timing the
 * server's own work on chat/send. In the server's thread the fake's HTTP server, JSON parsing and
 * streaming were counted as the server's time; a real model's work is on another machine.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import { openaiReply, startOpenAIFake } from '../../src/test/fakes/openai.ts'

export interface ThreadedFake {
  url: string
  apiKey: string
  model: string
  close(): Promise<void>
}

export async function startOpenAIFakeThread(): Promise<ThreadedFake> {
  const worker = new Worker(new URL(import.meta.url))
  const started = await new Promise<{ url: string; apiKey: string; model: string }>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return {
    ...started,
    async close() {
      await worker.terminate()
    },
  }
}

if (!isMainThread && parentPort) {
  const fake = await startOpenAIFake({ otherwise: openaiReply.text('Noted.') })
  parentPort.postMessage({ url: fake.url, apiKey: fake.apiKey, model: fake.model })
}
