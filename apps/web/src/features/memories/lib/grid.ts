/** Spec §9: a plain grid under 20 items, a virtualized one from 20. */
export const VIRTUALIZE_FROM = 20
export const GRID_COLUMN_WIDTH = 400
export const GRID_ROW_HEIGHT = 280
export const GRID_HEIGHT = 800
export const GRID_WIDTH = 1200

export function gridColumns(width: number): number {
  return Math.max(1, Math.floor(width / GRID_COLUMN_WIDTH))
}
