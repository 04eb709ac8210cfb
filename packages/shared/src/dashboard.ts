import { z } from 'zod'

export const DashboardStats = z.object({
  totalMemories: z.number().int().min(0),
  /** Dated (or, undated, created) from 30 days before today through today, in the user's zone. */
  recentMemories: z.number().int().min(0),
  /** Conversations with a message in the last 24 hours. */
  activeChats: z.number().int().min(0),
})
export type DashboardStats = z.infer<typeof DashboardStats>

/** A briefing section: its source answered, is not enabled, or failed (with a short reason). */
export const BriefingSectionStatus = z.union([
  z.literal('ok'),
  z.literal('off'),
  z.object({ failed: z.string() }),
])
export type BriefingSectionStatus = z.infer<typeof BriefingSectionStatus>

export const BriefingSource = z.enum(['ai', 'offline'])
export type BriefingSource = z.infer<typeof BriefingSource>

export const Briefing = z.object({
  /** Markdown. */
  content: z.string(),
  /** The user's local day, 'YYYY-MM-DD'. */
  date: z.string(),
  source: BriefingSource,
  /** ISO time. */
  generatedAt: z.string(),
  sections: z.object({
    weather: BriefingSectionStatus,
    calendar: BriefingSectionStatus,
    memories: BriefingSectionStatus,
  }),
})
export type Briefing = z.infer<typeof Briefing>
