import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemoryItem } from '../api/get-memories'
import { gridColumns } from '../lib/grid'
import { MemoryGrid } from './memory-grid'

const memories = (n: number): MemoryItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    text: `Memory ${i}`,
    tags: [],
    date: '2026-01-05',
    createdAt: null,
  }))

/** The test DOM has no layout: give every element the size a browser would measure. */
function layout(width: number, height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height)
}

afterEach(() => vi.restoreAllMocks())

const noop = () => {}

describe('memory grid', () => {
  it('columns are floor(width / 400), at least 1', () => {
    expect(gridColumns(1200)).toBe(3)
    expect(gridColumns(1199)).toBe(2)
    expect(gridColumns(399)).toBe(1)
    expect(gridColumns(0)).toBe(1)
  })

  it('is a plain responsive grid (1, 2, 3 columns) under 20 items', () => {
    render(<MemoryGrid memories={memories(19)} timeZone="UTC" onEdit={noop} onDelete={noop} />)
    const grid = screen.getByTestId('memory-grid')
    expect(grid).toHaveClass('row-cols-1', 'row-cols-md-2', 'row-cols-lg-3')
    expect(within(grid).getAllByTestId('memory-card')).toHaveLength(19)
  })

  it('virtualizes from 20 items: a 1200×800 container, rows of 280 px, only the visible rows rendered', () => {
    layout(1200, 800)
    render(<MemoryGrid memories={memories(300)} timeZone="UTC" onEdit={noop} onDelete={noop} />)
    const container = screen.getByTestId('memory-grid-virtual')
    expect(container).toHaveStyle({ height: '800px', width: '1200px', overflowY: 'auto' })
    // 300 items in 3 columns: 100 rows of 280 px.
    expect((container.firstElementChild as HTMLElement).style.height).toBe(`${100 * 280}px`)
    const cards = within(container).getAllByTestId('memory-card')
    // 800 px shows three rows (and a bit); two more are rendered ahead: far fewer than 300.
    expect(cards.length).toBeGreaterThanOrEqual(9)
    expect(cards.length).toBeLessThanOrEqual(18)
    const firstRow = container.firstElementChild!.firstElementChild as HTMLElement
    expect(firstRow.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))')
    expect(
      within(firstRow)
        .getAllByTestId('memory-card')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringContaining('Memory 0'),
      expect.stringContaining('Memory 1'),
      expect.stringContaining('Memory 2'),
    ])
  })

  it('uses one column on a narrow screen', () => {
    layout(390, 800)
    render(<MemoryGrid memories={memories(20)} timeZone="UTC" onEdit={noop} onDelete={noop} />)
    const container = screen.getByTestId('memory-grid-virtual')
    expect((container.firstElementChild as HTMLElement).style.height).toBe(`${20 * 280}px`)
    const firstRow = container.firstElementChild!.firstElementChild as HTMLElement
    expect(within(firstRow).getAllByTestId('memory-card')).toHaveLength(1)
  })
})
