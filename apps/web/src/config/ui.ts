/** Layering and timing constants of spec §9. */
export const TOAST_DEFAULT_DURATION_MS = 5000
export const TOAST_Z_INDEX = 1055
export const MODAL_BACKDROP_Z_INDEX = 1040
export const MODAL_Z_INDEX = 1050

export const pullToRefresh = {
  threshold: 70,
  maxPull: 100,
  resistance: 0.6,
  resetDelayMs: 300,
  maxIndicatorHeight: 60,
  /** Past this drag distance the browser's own scrolling is blocked. */
  blockScrollAfter: 20,
  /** The pull only starts when the page is scrolled at most this far. */
  maxStartScroll: 1,
} as const
