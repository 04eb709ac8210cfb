import v8 from 'node:v8'
import vm from 'node:vm'

type Gc = (options?: {
  type?: 'major' | 'minor'
  execution?: 'sync' | 'async'
  flavor?: 'regular' | 'last-resort'
}) => void

/**
 * Gives back the memory that loading the app took. Compiling a few thousand modules grows V8's young
 * generation to its largest (on a machine with memory to spare, over 100 MB), and nothing shrinks it
 * again while the server waits for its first requests: a start-up left it at ~300 MB resident. One full
 * collection with V8's memory-reducing flavour, once the server listens, brings that to ~100 MB; the
 * young generation grows again under load and V8's memory reducer shrinks it once idle.
 * `gc` is not on this context's global (no --expose-gc on the command line), only in a new context.
 */
export function releaseMemory(): void {
  try {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as Gc
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  } catch {
    // A runtime without these options: nothing to give back, nothing broken.
  }
}

/**
 * The same once the server has had no request for `idleMs`: a burst of searches grows the heap and the
 * young generation again, and V8 alone keeps much of it resident long after (350 MB measured five
 * seconds after a load test). The collection runs only when nobody is waiting for an answer.
 */
export function releaseMemoryWhenIdle(
  server: { on(event: 'request', listener: () => void): unknown },
  idleMs = 10_000,
) {
  let timer: NodeJS.Timeout | undefined
  let busy = false
  server.on('request', () => {
    busy = true
    clearTimeout(timer)
    timer = setTimeout(() => {
      if (!busy) return
      busy = false
      releaseMemory()
    }, idleMs)
    timer.unref()
  })
}
