import { excerpt } from '../../language/index.ts'
import type { ToolRecord } from './record.ts'
import { firstIssue, toolInputSchemas } from './schemas.ts'
import type { ToolError, ToolWeb } from './types.ts'

export type WebSearchOutput =
  { query: string; results: Array<{ title: string; url: string; snippet: string }> } | ToolError
export type ReadWebPageOutput =
  { url: string; title: string | null; text: string; truncated: boolean } | ToolError

const NO_WEB: ToolError = { error: 'Web search is not set up on this server.', off: true }

/** The web's failures are sentences (WebSearchError, from integrations/web-search): the tool's answer. */
const said = async <T>(call: Promise<T>): Promise<T | ToolError> => {
  try {
    return await call
  } catch (error) {
    if (error instanceof Error && error.name === 'WebSearchError') return { error: error.message }
    throw error
  }
}

/** The host and path of an address, for an activity line ("Read example.com/guide"). */
function shortAddress(url: string): string {
  try {
    const u = new URL(url)
    return excerpt(`${u.host.replace(/^www\./, '')}${u.pathname === '/' ? '' : u.pathname}`, 60)
  } catch {
    return excerpt(url, 60)
  }
}

/** web_search and read_web_page: the web, through the server's search provider and the safe fetch. */
export function webTools(record: ToolRecord) {
  const { services, run } = record
  const web = (): ToolWeb | undefined => services.web

  const webSearch = (input: unknown) => {
    const parsed = toolInputSchemas.web_search.safeParse(input ?? {})
    const query = parsed.success ? parsed.data.query : ''
    const what = `the web for '${excerpt(query, 60)}'`
    return run<Exclude<WebSearchOutput, ToolError>>(
      'web_search',
      input ?? {},
      { summary: `Searched ${what}`, failed: `Could not search ${what}` },
      async () => {
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        const service = web()
        if (!service) return NO_WEB
        return said(service.search(query).then((results) => ({ query, results })))
      },
    )
  }

  const readWebPage = (input: unknown) => {
    const parsed = toolInputSchemas.read_web_page.safeParse(input ?? {})
    const where = parsed.success ? shortAddress(parsed.data.url) : 'a page'
    return run<Exclude<ReadWebPageOutput, ToolError>>(
      'read_web_page',
      input ?? {},
      { summary: `Read ${where}`, failed: `Could not read ${where}` },
      async () => {
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        const service = web()
        if (!service) return NO_WEB
        return said(service.readPage(parsed.data.url))
      },
    )
  }

  return { webSearch, readWebPage }
}
