import { Writable } from 'node:stream'
import { loggerOptions } from '../app.ts'

/** The app's real logger configuration, writing into memory so a test can read what was logged. */
export function captureLogs(level = 'info') {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: { ...(loggerOptions(level) as object), stream }, text: () => lines.join('') }
}
