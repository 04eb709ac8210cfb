/**
 * Loaded into the server under test (NODE_OPTIONS=--import, see loopMonitorEnv): how long its main thread
 * held the event loop, in CPU time, whatever else the machine runs. Every 5 ms a tick compares the
 * thread's CPU time with the last tick's; a tick late because the loop was held sees that work. Ticks
 * over 5 ms of CPU are appended to LOOP_MONITOR_FILE as 'epoch-ms cpu-ms' lines. Wall-clock probes
 * (/healthz) say what a person waits; on a shared machine they also count the other processes' turns,
 * which this does not.
 */
import { appendFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.LOOP_MONITOR_FILE
if (isMainThread && file) {
  let last = process.threadCpuUsage()
  setInterval(() => {
    const now = process.threadCpuUsage()
    const cpuMs = (now.user - last.user + now.system - last.system) / 1000
    last = now
    if (cpuMs > 5) appendFileSync(file, `${Date.now()} ${cpuMs.toFixed(1)}\n`)
  }, 5).unref()
}
