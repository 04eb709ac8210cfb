import { describe, expect, it } from 'vitest'
import { api, ApiError, errorMessage } from './api-client'
import { http, HttpResponse, server } from '../test/render'

describe('api client smoke', () => {
  it('gets JSON', async () => {
    server.use(http.get('/api/ping', () => HttpResponse.json({ ok: true })))
    await expect(api.get('ping')).resolves.toEqual({ ok: true })
  })
  it('maps 404', async () => {
    server.use(http.get('/api/missing', () => HttpResponse.json({ message: 'x' }, { status: 404 })))
    const error = await api.get('missing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(errorMessage(error)).toBe('The requested resource was not found.')
  })
})
