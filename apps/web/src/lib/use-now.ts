import { useEffect, useState } from 'react'

/** The current time, re-rendering every `ms` so relative times ('5 min ago') move on. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms)
    return () => window.clearInterval(timer)
  }, [ms])
  return now
}
