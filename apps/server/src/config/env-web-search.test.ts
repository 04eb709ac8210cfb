import { describe, expect, it } from 'vitest'
import { configProblems as problems, envWith } from './env.test-support.ts'

const webSearch = (env: Record<string, string>) => envWith(env).webSearch

describe('web search (issue 50)', () => {
  it('is off by default', () => {
    expect(webSearch({})).toBeNull()
    expect(webSearch({ WEB_SEARCH_PROVIDER: 'none' })).toBeNull()
  })

  it('takes a SearXNG instance, Brave Search or Tavily with its own setting', () => {
    expect(webSearch({ WEB_SEARCH_PROVIDER: 'searxng', WEB_SEARCH_URL: 'http://searxng:8080/' })).toEqual({
      provider: 'searxng',
      url: 'http://searxng:8080',
    })
    expect(webSearch({ WEB_SEARCH_PROVIDER: 'brave', BRAVE_SEARCH_API_KEY: 'bk' })).toEqual({
      provider: 'brave',
      apiKey: 'bk',
    })
    expect(webSearch({ WEB_SEARCH_PROVIDER: 'tavily', TAVILY_API_KEY: 'tvly-1' })).toEqual({
      provider: 'tavily',
      apiKey: 'tvly-1',
    })
  })

  it('refuses to start without the setting the provider needs', () => {
    expect(problems({ WEB_SEARCH_PROVIDER: 'searxng' })).toEqual([
      'WEB_SEARCH_URL is required when WEB_SEARCH_PROVIDER is searxng',
    ])
    expect(problems({ WEB_SEARCH_PROVIDER: 'brave' })).toEqual([
      'BRAVE_SEARCH_API_KEY is required when WEB_SEARCH_PROVIDER is brave',
    ])
    expect(problems({ WEB_SEARCH_PROVIDER: 'tavily', TAVILY_API_KEY: '' })).toEqual([
      'TAVILY_API_KEY is required when WEB_SEARCH_PROVIDER is tavily',
    ])
  })

  it('refuses a setting of another provider, or one without a provider', () => {
    expect(problems({ BRAVE_SEARCH_API_KEY: 'bk' })).toEqual([
      'BRAVE_SEARCH_API_KEY is set but WEB_SEARCH_PROVIDER is not; set WEB_SEARCH_PROVIDER=brave to search the web with it',
    ])
    expect(
      problems({ WEB_SEARCH_PROVIDER: 'tavily', TAVILY_API_KEY: 't', WEB_SEARCH_URL: 'http://s' }),
    ).toEqual(['WEB_SEARCH_URL is for WEB_SEARCH_PROVIDER=searxng, not tavily'])
  })

  it('says what is wrong with an unknown provider or a bad address', () => {
    expect(problems({ WEB_SEARCH_PROVIDER: 'google' })).toEqual([
      'WEB_SEARCH_PROVIDER: must be none, searxng, brave or tavily',
    ])
    expect(problems({ WEB_SEARCH_PROVIDER: 'searxng', WEB_SEARCH_URL: 'searxng:8080' })).toEqual([
      'WEB_SEARCH_URL: must be an http(s) URL',
    ])
  })
})
