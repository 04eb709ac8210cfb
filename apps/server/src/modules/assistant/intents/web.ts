import { isToolError } from '../tools/index.ts'
import { intent, said, type Deps } from './types.ts'

/** What to search for, from "search the web for …", "look up … on the web", "google …". */
const ASKED = [
  /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:search|look|check)\s+(?:on\s+)?(?:the\s+)?(?:web|internet|online)\s+(?:for|about)\s+(.+)$/i,
  /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:search\s+(?:for\s+)?|look\s+up\s+|find\s+)(.+?)\s+(?:on(?:\s+the)?\s+(?:web|internet)|online)$/i,
  /^(?:web\s+search|google)(?:\s+for)?[\s:]+(?!calendar\b|account\b|sign)(.+)$/i,
]

export function webQuery(text: string): string | null {
  const line = text.trim().replace(/[?!.\s]+$/, '')
  for (const pattern of ASKED) {
    const query = pattern.exec(line)?.[1]?.trim()
    if (query) return query
  }
  return null
}

export const NO_WEB_SEARCH =
  'I can’t search the web here: this server has no web search set up (whoever runs it can turn it on with WEB_SEARCH_PROVIDER).'

/** A link whose text and address cannot break the Markdown around them. */
const link = (title: string, url: string) =>
  `[${title.replace(/([[\]\\])/g, '\\$1')}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`

/** The results as a numbered list of links with their snippets; null with no web search on this server. */
async function searched(query: string, { tools, services }: Pick<Deps, 'tools' | 'services'>) {
  if (!services.web || !tools.webSearch) return null
  const found = await tools.webSearch({ query })
  if (isToolError(found)) return `I couldn't search the web: ${found.error}`
  if (found.results.length === 0) return `The web search found nothing for “${query}”.`
  return [
    `**The web on “${query}”:**`,
    '',
    ...found.results.map(
      (r, i) => `${i + 1}. ${link(r.title, r.url)}${r.snippet ? ` — ${r.snippet.replace(/\s+/g, ' ')}` : ''}`,
    ),
  ].join('\n')
}

/** "Search the web for ferry times to Porto": the results as links (issue 50), when a provider is set. */
export const webSearch = intent({
  name: 'web-search',
  help: false,
  examples: [
    'Search the web for the best time to visit the Douro valley',
    'look up ferry times from Lisbon to Porto on the web',
    'google Douro river cruises',
  ],
  match: webQuery,
  answer: async (query, deps) => said((await searched(query, deps)) ?? NO_WEB_SEARCH),
  fact: (query, deps) => searched(query, deps),
})
