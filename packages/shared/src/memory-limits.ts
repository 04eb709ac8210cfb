export const MEMORY_LIMITS = {
  textMax: 10_000,
  tagsMax: 20,
  tagMax: 50,
  searchTermMax: 200,
  pageSizeDefault: 12,
  pageSizeMax: 100,
  pageMax: 1_000_000,
  minYear: 1900,
  maxYear: 2100,
  importMax: 100_000,
  /**
   * The largest import file a request may carry (memories or a whole account): 100 000 memories of a
   * few hundred characters each fit.
   */
  importFileBytes: 64 * 1024 * 1024,
} as const
