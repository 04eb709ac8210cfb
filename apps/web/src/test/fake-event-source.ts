/** A stand-in for the browser's EventSource (jsdom has none): tests open, feed, fail and close it. */
export class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []

  readonly url: string
  readyState = FakeEventSource.CONNECTING
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()

  constructor(url: string | URL) {
    this.url = String(url)
    FakeEventSource.instances.push(this)
  }

  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
  }

  close() {
    this.readyState = FakeEventSource.CLOSED
  }

  /** The stream is open (the server answered with text/event-stream). */
  open() {
    this.readyState = FakeEventSource.OPEN
    this.onopen?.()
  }

  /** `event: name` with `data` (JSON unless a string is given). */
  emit(name: string, data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: text }))
  }

  /** The connection failed; `giveUp` as the browser does for an answer that is not an event stream. */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.onerror?.()
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1)
    if (!last) throw new Error('No EventSource was opened')
    return last
  }
}
