import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { pullToRefresh as limits } from '../../config/ui'
import { reloadPage } from '../../lib/browser'

/** How far the content follows the finger: 1:1 up to the maximum, damped by the resistance beyond it. */
export function pullDistance(drag: number): number {
  if (drag <= 0) return 0
  if (drag <= limits.maxPull) return drag
  return limits.maxPull + (drag - limits.maxPull) * limits.resistance
}

type Phase = 'idle' | 'pulling' | 'refreshing'

interface Props {
  children: ReactNode
  enabled?: boolean
  /** Defaults to reloading the whole page (spec §2). */
  onRefresh?: () => void | Promise<void>
}

export function PullToRefresh({ children, enabled = true, onRefresh = reloadPage }: Props) {
  const { t } = useTranslation()
  const [distance, setDistance] = useState(0)
  const [phase, setPhase] = useState<Phase>('idle')
  const startY = useRef<number | null>(null)
  const current = useRef({ distance: 0, phase: 'idle' as Phase })
  const refresh = useEffectEvent(() => onRefresh())

  useEffect(() => {
    if (!enabled) return
    const set = (nextDistance: number, nextPhase: Phase) => {
      current.current = { distance: nextDistance, phase: nextPhase }
      setDistance(nextDistance)
      setPhase(nextPhase)
    }
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0]
      if (current.current.phase === 'refreshing' || !touch) return
      startY.current = window.scrollY <= limits.maxStartScroll ? touch.clientY : null
    }
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0]
      if (startY.current === null || !touch) return
      const drag = touch.clientY - startY.current
      if (drag <= 0) {
        // An upward move is ordinary scrolling, not a pull.
        if (current.current.phase === 'pulling') set(0, 'idle')
        return
      }
      if (drag > limits.blockScrollAfter && event.cancelable) event.preventDefault()
      set(pullDistance(drag), 'pulling')
    }
    const onEnd = async () => {
      if (startY.current === null) return
      startY.current = null
      if (current.current.distance < limits.threshold) return set(0, 'idle')
      set(limits.threshold, 'refreshing')
      try {
        await refresh()
      } finally {
        window.setTimeout(() => set(0, 'idle'), limits.resetDelayMs)
      }
    }
    // Not passive: past the blocking distance the browser must not scroll the page as well.
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchmove', onMove, { passive: false })
    window.addEventListener('touchend', onEnd)
    window.addEventListener('touchcancel', onEnd)
    return () => {
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchmove', onMove)
      window.removeEventListener('touchend', onEnd)
      window.removeEventListener('touchcancel', onEnd)
      startY.current = null
    }
  }, [enabled])

  const visible = enabled && (phase !== 'idle' || distance > 0)
  const label =
    phase === 'refreshing'
      ? t('common.pullToRefresh.refreshing')
      : distance >= limits.threshold
        ? t('common.pullToRefresh.release')
        : t('common.pullToRefresh.pull')

  return (
    <>
      {visible ? (
        <div
          className="pull-to-refresh-indicator d-flex align-items-center justify-content-center gap-2 text-body-secondary small"
          style={{ height: Math.min(distance, limits.maxIndicatorHeight) }}
          role="status"
          data-testid="pull-to-refresh"
        >
          {phase === 'refreshing' ? <Spinner animation="border" size="sm" aria-hidden="true" /> : null}
          <span>{label}</span>
        </div>
      ) : null}
      {children}
    </>
  )
}
