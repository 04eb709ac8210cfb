import { useEffect, useRef, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'

export function ListSpinner({ text }: { text: string }) {
  return (
    <div className="d-flex align-items-center gap-2 small text-body-secondary px-1" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {text}
    </div>
  )
}

/** The end of the list: it loads the next page when scrolled into view; the button is for keyboards. */
export function LoadMore({
  sentinel,
  hasMore,
  loading,
  failed,
  onMore,
}: {
  sentinel: (node: HTMLElement | null) => void
  hasMore: boolean
  loading: boolean
  failed: boolean
  onMore: () => void
}) {
  const { t } = useTranslation()
  if (!hasMore && !loading) return null
  return (
    <div ref={sentinel} className="text-center py-2">
      {loading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('chat.list.loadingMore')}</span>
        </Spinner>
      ) : (
        <>
          {failed ? <span className="small text-danger d-block">{t('chat.list.moreFailed')}</span> : null}
          <Button variant="link" size="sm" onClick={onMore}>
            {t('chat.list.loadMore')}
          </Button>
        </>
      )}
    </div>
  )
}

/** Calls `load` whenever the returned ref's element scrolls into view and `enabled` holds. */
export function useLoadMoreWhenVisible(enabled: boolean, load: () => void) {
  const [node, setNode] = useState<HTMLElement | null>(null)
  const latest = useRef(load)
  useEffect(() => {
    latest.current = load
  })
  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current()
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [node, enabled])
  return setNode
}
