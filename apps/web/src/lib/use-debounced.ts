import { useEffect, useState } from 'react'

/** `value`, once it has stayed the same for `ms` (a search box's text, once typing pauses). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return settled
}
