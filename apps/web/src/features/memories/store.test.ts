import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_SIZE, hasActiveFilters, useMemoriesUi } from './store'

const ui = () => useMemoriesUi.getState()

describe('memory UI state (spec §3, §4)', () => {
  beforeEach(() => ui().reset())

  it('starts with 12 memories a page, no filter and no memory being created or edited', () => {
    expect(ui()).toMatchObject({ isCreating: false, editingId: null, quickDateFilter: null })
    expect(ui().filters.pageSize).toBe(DEFAULT_PAGE_SIZE)
    expect(DEFAULT_PAGE_SIZE).toBe(12)
    expect(hasActiveFilters(ui().filters)).toBe(false)
  })

  it("'Clear' resets every filter but keeps the page size", () => {
    useMemoriesUi.setState((s) => ({ filters: { ...s.filters, pageSize: 24 } }))
    ui().setSearchTerm('dentist')
    ui().toggleTag('health')
    ui().chooseQuickDateFilter('lastWeek', { startDate: '2025-12-28', endDate: '2026-01-03' })
    expect(hasActiveFilters(ui().filters)).toBe(true)
    ui().clearFilters()
    expect(ui().filters).toEqual({ searchTerm: '', tags: [], startDate: '', endDate: '', pageSize: 24 })
    expect(ui().quickDateFilter).toBeNull()
  })

  it('a quick date filter replaces any date range; choosing the active one again clears it', () => {
    ui().setDateRange({ startDate: '2020-01-01', endDate: '2020-12-31' })
    ui().chooseQuickDateFilter('thisMonth', { startDate: '2026-01-01' })
    expect(ui().filters).toMatchObject({ startDate: '2026-01-01', endDate: '' })
    ui().chooseQuickDateFilter('thisMonth', { startDate: '2026-01-01' })
    expect(ui().quickDateFilter).toBeNull()
    expect(ui().filters).toMatchObject({ startDate: '', endDate: '' })
  })
})
