import { z } from 'zod'
import { Attachment } from './attachments.ts'
import { isStorableText } from './text.ts'

// In a module of its own, without zod: the memories page needs the limits, and must not load zod for them.
import { MEMORY_LIMITS } from './memory-limits.ts'
export { MEMORY_LIMITS }

/** The answer to an import file over MEMORY_LIMITS.importFileBytes (memories or a whole account). */
export const IMPORT_FILE_TOO_LARGE = `The import file is too large (at most ${MEMORY_LIMITS.importFileBytes / 1024 / 1024} MB).`

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' naming a day that exists (no 2026-02-30) between 1900 and 2100. */
export function isMemoryDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < MEMORY_LIMITS.minYear || year > MEMORY_LIMITS.maxYear) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

export const MemoryDate = z
  .string()
  .refine(isMemoryDate, 'Must be a real date written YYYY-MM-DD, between 1900 and 2100.')

/**
 * Tags arrive as an array or a comma-separated string; they are trimmed, blanks dropped and
 * de-duplicated case-insensitively (the first spelling wins).
 */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input
  const seen = new Set<string>()
  const tags: string[] = []
  for (const part of parts) {
    const tag = part.trim()
    const key = tag.toLowerCase()
    if (!tag || seen.has(key)) continue
    seen.add(key)
    tags.push(tag)
  }
  return tags
}

const TagsInput = z.union([z.string(), z.array(z.string())], {
  error: 'Tags must be a list of strings or a comma-separated string.',
})
const Tag = z
  .string()
  .max(MEMORY_LIMITS.tagMax, `Each tag must be at most ${MEMORY_LIMITS.tagMax} characters.`)
  .refine(isStorableText, 'Tags must not contain NUL or broken characters.')

export const MemoryTags = TagsInput.transform(normalizeTags).pipe(
  z.array(Tag).max(MEMORY_LIMITS.tagsMax, `At most ${MEMORY_LIMITS.tagsMax} tags are allowed.`),
)

export const MemoryText = z
  .string({ error: 'Text is required.' })
  .trim()
  .min(1, 'Text must not be blank.')
  .max(MEMORY_LIMITS.textMax, `Text must be at most ${MEMORY_LIMITS.textMax} characters.`)
  .refine(isStorableText, 'Text must not contain NUL or broken characters.')

/** An empty string means "no date", like null (a cleared date input sends ''). */
const OptionalMemoryDate = z.preprocess((v) => (v === '' ? null : v), MemoryDate.nullable().optional())

export const CreateMemoryBody = z.object({
  text: MemoryText,
  tags: MemoryTags.default([]),
  /** Omitted: today in the user's timezone. null: no date. */
  date: OptionalMemoryDate /** Private: never given to a model or an MCP client. */,
  private: z.boolean({ error: 'private must be true or false.' }).optional(),
})
export type CreateMemoryBody = z.input<typeof CreateMemoryBody>

export const UpdateMemoryBody = z.object({
  text: MemoryText,
  /** Omitted: unchanged. */
  tags: MemoryTags.optional(),
  /** Omitted: unchanged. null: no date. */
  date: OptionalMemoryDate,
  /** Omitted: unchanged. */
  private: z.boolean({ error: 'private must be true or false.' }).optional(),
})
export type UpdateMemoryBody = z.input<typeof UpdateMemoryBody>

export const MemoryIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })

const intParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(min, `${name} must be at least ${min}.`)
    .max(max, `${name} must be at most ${max}.`)

export const ListMemoriesQuery = z
  .object({
    page: intParam('page', 1, MEMORY_LIMITS.pageMax).default(1),
    pageSize: intParam('pageSize', 1, MEMORY_LIMITS.pageSizeMax).default(MEMORY_LIMITS.pageSizeDefault),
    searchTerm: z
      .string()
      .trim()
      .max(
        MEMORY_LIMITS.searchTermMax,
        `searchTerm must be at most ${MEMORY_LIMITS.searchTermMax} characters.`,
      )
      .refine(isStorableText, 'searchTerm must not contain NUL or broken characters.')
      .optional(),
    /** Comma-separated (or repeated): a memory must carry all of them, in any case. */
    tags: MemoryTags.optional(),
    startDate: MemoryDate.optional(),
    endDate: MemoryDate.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'The start date must not be after the end date.',
    path: ['startDate'],
  })
export type ListMemoriesQuery = z.input<typeof ListMemoriesQuery>
export type MemoryFilters = z.output<typeof ListMemoriesQuery>

/** Who changed a memory: the person (Memories page), the assistant from a chat, or an access token (by its name). */
export const MemoryChangedBy = z.enum(['user', 'assistant', 'token'])
export type MemoryChangedBy = z.infer<typeof MemoryChangedBy>

/** One change to a memory, undoable for 30 days: what it was before is kept. */
export const MemoryChange = z.object({
  id: z.uuid(),
  action: z.enum(['created', 'updated', 'deleted']),
  by: MemoryChangedBy,
  /** The token's name when a token made it. */
  name: z.string().nullable(),
  at: z.string(),
  /** The memory before the change (null for 'created'). */
  before: z
    .object({
      text: z.string(),
      tags: z.array(z.string()),
      date: z.string().nullable(),
      private: z.boolean(),
    })
    .nullable(),
})
export type MemoryChange = z.infer<typeof MemoryChange>

export const Memory = z.object({
  id: z.uuid(),
  text: z.string(),
  tags: z.array(z.string()),
  date: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Kept from every model, tool result, briefing model call and MCP client; the person still sees it. */
  private: z.boolean().optional(),
  /** The last change within 30 days (undoable), on the list and one memory. */
  lastChange: MemoryChange.nullable().optional(),
  /** Its files (photos, PDFs, documents): issue 49. */
  attachments: z.array(Attachment).optional(),
})
export type Memory = z.infer<typeof Memory>

export const MemoryList = z.object({
  items: z.array(Memory),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * A search that found no memory holding all its words: `items` are the closest matches (the
   * assistant's recall), best first, and `totalCount` how many of them there are.
   */
  closest: z.boolean().optional(),
  /**
   * A search with many matches (more than a thousand): `totalCount` is an estimate, shown as "about N",
   * and the ranking takes in the newest matches only. Absent or false: the count is exact.
   */
  totalCountIsEstimate: z.boolean().optional(),
})
export type MemoryList = z.infer<typeof MemoryList>

export const MemoryTagCount = z.object({ name: z.string(), count: z.number().int() })
export type MemoryTagCount = z.infer<typeof MemoryTagCount>
export const MemoryTagList = z.array(MemoryTagCount)

export const ExportFormat = z.enum(['json', 'markdown'], { error: "format must be 'json' or 'markdown'." })
export const ExportMemoriesQuery = z.object({ format: ExportFormat.default('json') })

export const MEMORIES_EXPORT_FORMAT = 'remi-memories'

/**
 * An ISO date-time whose instant (in UTC) falls in the years a memory's date may have. Wider years
 * are valid ISO but do not survive the database: year 0 and five-digit years are refused by
 * PostgreSQL, and years below 1000 come back as the wrong century.
 */
const Instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time.` }).refine((v) => {
    const year = new Date(v).getUTCFullYear()
    return year >= MEMORY_LIMITS.minYear && year <= MEMORY_LIMITS.maxYear
  }, `${field} must be between the years ${MEMORY_LIMITS.minYear} and ${MEMORY_LIMITS.maxYear}.`)

/** One memory in an export file; the id makes a re-import update instead of duplicate. */
export const ImportedMemory = z.object({
  // Lower-cased so two spellings of one id count as the same id (PostgreSQL compares them equal).
  id: z
    .uuid({ error: 'id must be a UUID.' })
    .transform((v) => v.toLowerCase())
    .optional(),
  text: MemoryText,
  tags: MemoryTags.default([]),
  date: MemoryDate.nullable().default(null),
  createdAt: Instant('createdAt').optional(),
  updatedAt: Instant('updatedAt').optional(),
  /** Kept private from models (an export carries it); absent in older files. */
  private: z.boolean({ error: 'private must be true or false.' }).optional(),
})

const importFormat = z.literal(MEMORIES_EXPORT_FORMAT, {
  error: `format must be '${MEMORIES_EXPORT_FORMAT}' (a Remi export file).`,
})
const importVersion = z.literal(1, { error: 'version must be 1.' })
const importListError = 'memories must be a list.'
const importTooMany = `An import holds at most ${MEMORY_LIMITS.importMax} memories.`
export const IMPORT_DUPLICATE_ID = 'This id appears twice in the file.'

export const ImportMemoriesBody = z.object({
  format: importFormat,
  version: importVersion,
  memories: z
    .array(ImportedMemory, { error: importListError })
    .max(MEMORY_LIMITS.importMax, importTooMany)
    .superRefine((items, ctx) => {
      const seen = new Set<string>()
      items.forEach((item, index) => {
        if (!item.id) return
        if (seen.has(item.id))
          ctx.addIssue({ code: 'custom', message: IMPORT_DUPLICATE_ID, path: [index, 'id'] })
        seen.add(item.id)
      })
    }),
})
/**
 * ImportMemoriesBody without looking inside the memories: the server checks those a slice at a time
 * (ImportedMemory each, IMPORT_DUPLICATE_ID across them), so a large file never holds its event loop.
 */
export const ImportMemoriesEnvelope = z.object({
  format: importFormat,
  version: importVersion,
  memories: z.array(z.unknown(), { error: importListError }).max(MEMORY_LIMITS.importMax, importTooMany),
})
export type ImportMemoriesBody = z.input<typeof ImportMemoriesBody>

/** The JSON export: what import reads back. */
export const MemoriesExport = z.object({
  format: z.literal(MEMORIES_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  memories: z.array(Memory),
  /** The changes of the last 30 days, each with what the memory was before (undo's history). */
  versions: z.array(MemoryChange.extend({ memoryId: z.uuid() })).optional(),
})
export type MemoriesExport = z.infer<typeof MemoriesExport>

export const ImportMemoriesResult = z.object({
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
})
export type ImportMemoriesResult = z.infer<typeof ImportMemoriesResult>
