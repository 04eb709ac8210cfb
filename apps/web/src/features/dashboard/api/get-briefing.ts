import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Briefing, BriefingSectionStatus } from '@remi/shared'
import { api } from '../../../lib/api-client'

/** What the card shows: the markdown, and what the server said about how it was made when it said it. */
export interface BriefingView {
  content: string
  source: Briefing['source'] | null
  generatedAt: string | null
  sections: Partial<Record<keyof Briefing['sections'], BriefingSectionStatus>>
}

/** Spec §3: the briefing comes as a plain string or in a content field. */
export function toBriefingView(body: unknown): BriefingView {
  if (typeof body === 'string') return { content: body, source: null, generatedAt: null, sections: {} }
  const record = (body ?? {}) as Partial<Briefing>
  return {
    content: typeof record.content === 'string' ? record.content : '',
    source: record.source === 'ai' || record.source === 'offline' ? record.source : null,
    generatedAt: typeof record.generatedAt === 'string' ? record.generatedAt : null,
    sections: record.sections && typeof record.sections === 'object' ? record.sections : {},
  }
}

export async function getBriefing(): Promise<BriefingView> {
  return toBriefingView(await api.get<unknown>('dashboard/briefing'))
}

export const briefingQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'briefing'] as const,
    queryFn: getBriefing,
    staleTime: 30 * 60_000,
    refetchOnWindowFocus: false,
  })

export function useBriefing() {
  return useQuery(briefingQueryOptions())
}
