import { useEffect, useRef, useState, type RefObject } from 'react'
import Col from 'react-bootstrap/Col'
import Row from 'react-bootstrap/Row'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { MemoryItem } from '../api/get-memories'
import { GRID_HEIGHT, GRID_ROW_HEIGHT, GRID_WIDTH, gridColumns, VIRTUALIZE_FROM } from '../lib/grid'
import { MemoryCard } from './memory-card'

interface MemoryGridProps {
  memories: MemoryItem[]
  timeZone: string
  onEdit(memory: MemoryItem): void
  onDelete(memory: MemoryItem): void
}

export function MemoryGrid(props: MemoryGridProps) {
  if (props.memories.length < VIRTUALIZE_FROM) {
    return (
      <Row xs={1} md={2} lg={3} className="g-3" data-testid="memory-grid">
        {props.memories.map((memory) => (
          <Col key={memory.id}>
            <MemoryCard
              memory={memory}
              timeZone={props.timeZone}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
            />
          </Col>
        ))}
      </Row>
    )
  }
  return <VirtualMemoryGrid {...props} />
}

/** The container's width, followed as it changes (columns = floor(width / 400)). */
function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

function VirtualMemoryGrid({ memories, timeZone, onEdit, onDelete }: MemoryGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const columns = gridColumns(useWidth(scrollRef))
  const rows = Math.ceil(memories.length / columns)
  // TanStack Virtual returns functions the React Compiler cannot memoize; this component is simply not compiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: 2,
  })
  return (
    <div
      ref={scrollRef}
      data-testid="memory-grid-virtual"
      style={{
        height: GRID_HEIGHT,
        width: GRID_WIDTH,
        maxWidth: '100%',
        overflowY: 'auto',
        margin: '0 auto',
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: GRID_ROW_HEIGHT,
              transform: `translateY(${row.start}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: '1rem',
              paddingBottom: '1rem',
            }}
          >
            {memories.slice(row.index * columns, row.index * columns + columns).map((memory) => (
              <MemoryCard
                key={memory.id}
                memory={memory}
                timeZone={timeZone}
                onEdit={onEdit}
                onDelete={onDelete}
                fixedHeight={GRID_ROW_HEIGHT - 16}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}
