import { describe, expect, it, vi } from 'vitest'
import { api, ApiError, errorMessage, resetCsrfToken, screensLanguage } from './api-client'
import { i18n } from './i18n'
import { http, HttpResponse, server } from '../test/render'

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

function countCsrfFetches() {
  const calls = { count: 0 }
  let n = 0
  server.use(
    http.get('/api/auth/csrf-token', () => {
      calls.count++
      n++
      return HttpResponse.json({ csrfToken: `token-${n}` })
    }),
  )
  return calls
}

describe('api client: error catalogue (spec §8)', () => {
  const rows: [number, string][] = [
    [401, 'Your session has expired. Please log in again.'],
    [403, 'You do not have permission to perform this action.'],
    [404, 'The requested resource was not found.'],
    [429, 'Too many requests. Please try again later.'],
    [500, 'Server error. Please try again later.'],
  ]
  it.each(rows)('HTTP %i answers %s', async (status, message) => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ message: 'server text' }, { status })))
    const error = await failure(api.get('thing'))
    expect(error.status).toBe(status)
    expect(error.message).toBe(message)
    expect(errorMessage(error)).toBe(message)
  })

  it("other status: the server's message", async () => {
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json({ message: 'tags: at most 20', code: 'VALIDATION_FAILED' }, { status: 422 }),
      ),
    )
    const error = await failure(api.get('thing'))
    expect(error.message).toBe('tags: at most 20')
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.body).toEqual({ message: 'tags: at most 20', code: 'VALIDATION_FAILED' })
  })

  it("other status without a message: 'Server error ({status})'", async () => {
    server.use(http.get('/api/thing', () => new HttpResponse(null, { status: 502 })))
    expect((await failure(api.get('thing'))).message).toBe('Server error (502)')
  })

  it('HTTP 400 shows the server message and resets the CSRF token', async () => {
    const csrf = countCsrfFetches()
    let writes = 0
    server.use(
      http.post('/api/thing', () => {
        writes++
        return writes === 1
          ? HttpResponse.json({ message: 'text is required' }, { status: 400 })
          : HttpResponse.json({ ok: true })
      }),
    )
    expect((await failure(api.post('thing', {}))).message).toBe('text is required')
    await api.post('thing', {})
    expect(csrf.count).toBe(2)
  })

  it('HTTP 401 resets the CSRF token', async () => {
    const csrf = countCsrfFetches()
    let first = true
    server.use(
      http.put('/api/thing', () => {
        if (!first) return HttpResponse.json({})
        first = false
        return HttpResponse.json({}, { status: 401 })
      }),
    )
    await failure(api.put('thing', {}))
    await api.put('thing', {})
    expect(csrf.count).toBe(2)
  })

  it('network failure', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()))
    const error = await failure(api.get('thing'))
    expect(error.message).toBe('Network error. Please check your connection and try again.')
    expect(error.isNetworkError).toBe(true)
  })

  it('default: anything that is not an answer of the API', async () => {
    expect(errorMessage(new TypeError('boom'))).toBe('An unexpected error occurred')
    server.use(
      http.get(
        '/api/thing',
        () => new HttpResponse('{not json', { headers: { 'Content-Type': 'application/json' } }),
      ),
    )
    expect((await failure(api.get('thing'))).message).toBe('An unexpected error occurred')
  })
})

describe('api client: requests', () => {
  it('fetches a CSRF token once before writes and sends it as X-CSRF-TOKEN with cookies included', async () => {
    const csrf = countCsrfFetches()
    // Node's fetch does not carry `credentials` into the Request MSW sees; read it where it is given.
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const seen: { token: string | null; body: unknown; method: string }[] = []
    const record = async ({ request }: { request: Request }) => {
      seen.push({
        token: request.headers.get('X-CSRF-TOKEN'),
        body: request.method === 'DELETE' ? null : await request.json(),
        method: request.method,
      })
      return HttpResponse.json({ ok: true })
    }
    server.use(
      http.post('/api/thing', record),
      http.patch('/api/thing', record),
      http.delete('/api/thing', record),
    )
    await api.post('thing', { a: 1 })
    await api.patch('thing', { b: 2 })
    await api.delete('thing')
    expect(csrf.count).toBe(1)
    expect(seen).toEqual([
      { token: 'token-1', body: { a: 1 }, method: 'POST' },
      { token: 'token-1', body: { b: 2 }, method: 'PATCH' },
      { token: 'token-1', body: null, method: 'DELETE' },
    ])
    expect(fetchSpy).toHaveBeenCalledTimes(4)
    for (const [, init] of fetchSpy.mock.calls) expect(init?.credentials).toBe('include')
    fetchSpy.mockRestore()
  })

  it('does not fetch a CSRF token for reads', async () => {
    const csrf = countCsrfFetches()
    server.use(
      http.get('/api/thing', ({ request }) =>
        HttpResponse.json({ token: request.headers.get('X-CSRF-TOKEN') }),
      ),
    )
    await expect(api.get('thing')).resolves.toEqual({ token: null })
    expect(csrf.count).toBe(0)
  })

  it('retries a write once with a fresh token when the server refused the CSRF token', async () => {
    const csrf = countCsrfFetches()
    server.use(
      http.post('/api/thing', ({ request }) =>
        request.headers.get('X-CSRF-TOKEN') === 'token-1'
          ? HttpResponse.json({ message: 'Invalid CSRF token', code: 'INVALID_CSRF_TOKEN' }, { status: 400 })
          : HttpResponse.json({ saved: true }, { status: 201 }),
      ),
    )
    await expect(api.post('thing', {})).resolves.toEqual({ saved: true })
    expect(csrf.count).toBe(2)
  })

  it('drops empty query values and keeps the rest', async () => {
    server.use(http.get('/api/memories', ({ request }) => HttpResponse.json(new URL(request.url).search)))
    const search = await api.get('memories', {
      page: 1,
      searchTerm: '',
      tags: null,
      startDate: undefined,
      flag: false,
      q: 'a b',
    })
    expect(search).toBe('?page=1&flag=false&q=a+b')
  })

  it('resolves 204 to undefined', async () => {
    server.use(http.delete('/api/memories/1', () => new HttpResponse(null, { status: 204 })))
    await expect(api.delete('memories/1')).resolves.toBeUndefined()
  })

  it('a failed CSRF fetch is not remembered', async () => {
    let n = 0
    server.use(
      http.get('/api/auth/csrf-token', () => {
        n++
        return n === 1 ? HttpResponse.error() : HttpResponse.json({ csrfToken: 'ok' })
      }),
      http.post('/api/thing', () => HttpResponse.json({ ok: true })),
    )
    resetCsrfToken()
    expect((await failure(api.post('thing'))).isNetworkError).toBe(true)
    await expect(api.post('thing')).resolves.toEqual({ ok: true })
  })
})

describe('api client: the language the server answers in', () => {
  function acceptLanguages() {
    const seen: Array<string | null> = []
    server.use(
      http.get('/api/thing', ({ request }) => {
        seen.push(request.headers.get('accept-language'))
        return HttpResponse.json({ ok: true })
      }),
    )
    return seen
  }

  it("sends the screens' language as Accept-Language on every request", async () => {
    const seen = acceptLanguages()
    await api.get('thing')
    await i18n.changeLanguage('de')
    try {
      await api.get('thing')
    } finally {
      await i18n.changeLanguage('en')
    }
    expect(seen).toEqual(['en', 'de'])
  })

  it("sends the browser's language before i18next has started (the sign-in page)", async () => {
    const seen = acceptLanguages()
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR', 'en'])
    const started = i18n.isInitialized
    i18n.isInitialized = false
    try {
      expect(screensLanguage()).toBe('pt-PT')
      await api.get('thing')
    } finally {
      i18n.isInitialized = started
      languages.mockRestore()
    }
    expect(seen).toEqual(['pt-PT'])
  })
})
