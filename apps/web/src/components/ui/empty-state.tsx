import type { ReactNode } from 'react'

/**
 * An empty list or page: an icon, what is (not) there, one line on what to do next, and the way
 * forward (buttons), in the design system's frame (design-system.css, .remi-empty).
 */
export function EmptyState({
  icon,
  title,
  children,
  actions,
  headingLevel = 2,
}: {
  icon: ReactNode
  title: string
  /** The line of guidance. */
  children: ReactNode
  actions?: ReactNode
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="remi-empty my-3">
      <div className="remi-empty-icon">{icon}</div>
      <Heading className="h5">{title}</Heading>
      <p className={actions ? undefined : 'mb-0'}>{children}</p>
      {actions ? <div className="d-flex flex-wrap justify-content-center gap-2">{actions}</div> : null}
    </div>
  )
}
