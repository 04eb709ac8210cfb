import type { QuickDateFilter } from '@remi/shared'
import { create } from 'zustand'
import type { MemoryFilters } from './api/get-memories'

export const DEFAULT_PAGE_SIZE = 12

const emptyFilters = (pageSize: number): MemoryFilters => ({
  searchTerm: '',
  tags: [],
  startDate: '',
  endDate: '',
  pageSize,
})

/**
 * Spec §3's memory UI state. Pages are the list query's own cursor: new filters start at page 1. The page
 * size is filters.pageSize (12); the list is always the grid and nothing selects cards, so neither is kept.
 */
interface MemoriesUiState {
  filters: MemoryFilters
  quickDateFilter: QuickDateFilter | null
  isCreating: boolean
  editingId: string | null
  setSearchTerm(searchTerm: string): void
  toggleTag(tag: string): void
  setTags(tags: string[]): void
  /** Choosing the active quick filter again clears it; another replaces any date range. */
  chooseQuickDateFilter(filter: QuickDateFilter, range: { startDate: string; endDate?: string }): void
  setDateRange(range: { startDate?: string; endDate?: string }): void
  clearFilters(): void
  startCreating(): void
  startEditing(id: string): void
  closeModal(): void
  reset(): void
}

const initial = () => ({
  filters: emptyFilters(DEFAULT_PAGE_SIZE),
  quickDateFilter: null,
  isCreating: false,
  editingId: null,
})

export const useMemoriesUi = create<MemoriesUiState>()((set) => ({
  ...initial(),
  setSearchTerm: (searchTerm) => set((s) => ({ filters: { ...s.filters, searchTerm } })),
  toggleTag: (tag) =>
    set((s) => {
      const has = s.filters.tags.some((t) => t.toLowerCase() === tag.toLowerCase())
      const tags = has
        ? s.filters.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase())
        : [...s.filters.tags, tag]
      return { filters: { ...s.filters, tags } }
    }),
  setTags: (tags) => set((s) => ({ filters: { ...s.filters, tags } })),
  chooseQuickDateFilter: (filter, range) =>
    set((s) =>
      s.quickDateFilter === filter
        ? { quickDateFilter: null, filters: { ...s.filters, startDate: '', endDate: '' } }
        : {
            quickDateFilter: filter,
            filters: { ...s.filters, startDate: range.startDate, endDate: range.endDate ?? '' },
          },
    ),
  setDateRange: (range) => set((s) => ({ quickDateFilter: null, filters: { ...s.filters, ...range } })),
  clearFilters: () => set((s) => ({ quickDateFilter: null, filters: emptyFilters(s.filters.pageSize) })),
  startCreating: () => set({ isCreating: true, editingId: null }),
  startEditing: (id) => set({ isCreating: false, editingId: id }),
  closeModal: () => set({ isCreating: false, editingId: null }),
  reset: () => set(initial()),
}))

export function hasActiveFilters(filters: MemoryFilters): boolean {
  return Boolean(filters.searchTerm.trim() || filters.tags.length || filters.startDate || filters.endDate)
}
