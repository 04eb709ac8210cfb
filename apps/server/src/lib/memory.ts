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
 * The same once nothing has happened for `idleMs`: a burst of work grows the heap and the young
 * generation again, and V8 alone keeps much of it resident long after (350 MB measured five seconds
 * after a load test). Returns the function to call on every piece of work (a request, a message);
 * the collection runs `idleMs` after the last one, so never while work keeps coming.
 */
export function releaseMemoryWhenIdle(idleMs = 10_000): () => void {
  let timer: NodeJS.Timeout | undefined
  return () => {
    // refresh() re-arms the one timer, also after it has fired: no new timer per request.
    if (timer) timer.refresh()
    else timer = setTimeout(releaseMemory, idleMs).unref()
  }
}
