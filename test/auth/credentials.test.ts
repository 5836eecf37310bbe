import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../support/modes.ts'

describe.each(eitherMode)('credentials and auth failures ($name)', (mode) => {
  const harness = useHarness(mode)

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${harness.baseUrl}${path}`, { headers })
  const ids = async (response: Response) => ((await response.json()) as { data: { id: string }[] }).data.map((m) => m.id)
  const names = async (response: Response) =>
    ((await response.json()) as { models: { name: string }[] }).models.map((m) => m.name.replace('models/', ''))

  describe('accepted forms', () => {
    it.each([
      ['Bearer with sk-', { authorization: 'Bearer sk-limited' }],
      ['lower-case bearer', { authorization: 'bearer sk-limited' }],
      ['bare key without scheme', { authorization: 'sk-limited' }],
      ['key without the sk- prefix', { authorization: 'Bearer limited' }],
    ])('GET /v1/models takes %s', async (_name, headers) => {
      const response = await get('/v1/models', headers)
      expect(response.status).toBe(200)
      expect(await ids(response)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    })

    it.each([
      ['x-goog-api-key', '/v1beta/models', { 'x-goog-api-key': 'sk-limited' }],
      ['?key=', '/v1beta/models?key=sk-limited', {}],
      ['Bearer', '/v1beta/models', { authorization: 'Bearer sk-limited' }],
    ])('GET /v1beta/models takes %s', async (_name, path, headers) => {
      const response = await get(path, headers)
      expect(response.status).toBe(200)
      expect(await names(response)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    })

    it('prefers x-goog-api-key over ?key= over Bearer on /v1beta', async () => {
      const all = { 'x-goog-api-key': 'sk-limited', authorization: 'Bearer sk-vip' }
      expect(await names(await get('/v1beta/models?key=sk-unrestricted', all))).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
      expect(await names(await get('/v1beta/models?key=sk-limited', { authorization: 'Bearer sk-vip' }))).toEqual([
        'gpt-4o-mini',
        'gemini-2.5-flash',
      ])
    })

    it('takes x-api-key or Bearer for the Anthropic list, x-api-key first', async () => {
      const anthropic = { 'anthropic-version': '2023-06-01' }
      expect(await ids(await get('/v1/models', { ...anthropic, 'x-api-key': 'sk-limited' }))).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
      expect(await ids(await get('/v1/models', { ...anthropic, authorization: 'Bearer sk-limited' }))).toEqual([
        'gpt-4o-mini',
        'gemini-2.5-flash',
      ])
      expect(await ids(await get('/v1/models', { ...anthropic, 'x-api-key': 'sk-limited', authorization: 'Bearer sk-vip' }))).toEqual([
        'gpt-4o-mini',
        'gemini-2.5-flash',
      ])
    })

    it('takes the v1beta credential forms on /v1beta/openai/models and answers an OpenAI list', async () => {
      const response = await get('/v1beta/openai/models?key=sk-limited')
      expect(await response.json()).toMatchObject({
        success: true,
        object: 'list',
        data: [{ id: 'gpt-4o-mini' }, { id: 'gemini-2.5-flash' }],
      })
    })
  })

  describe('failures: 401 invalid_api_key in the surface envelope', () => {
    it.each([
      ['missing', {}, 'Missing API key: send it as an `Authorization: Bearer <key>` header.'],
      ['unknown', { authorization: 'Bearer sk-not-a-real-key' }, 'Invalid API key sk-n…-key: no such key.'],
      ['disabled', { authorization: 'Bearer sk-disabled' }, 'API key sk-d… ("disabled") is disabled.'],
      ['expired', { authorization: 'Bearer sk-expired' }, 'API key sk-e… ("expired") expired at 2025-01-01T00:00:00.000Z.'],
    ])('%s key on /v1/models: OpenAI envelope', async (_name, headers, message) => {
      const response = await get('/v1/models', headers)
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(await response.json()).toEqual({ error: { message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } })
    })

    it('Gemini envelope on /v1beta', async () => {
      const response = await get('/v1beta/models?key=sk-disabled')
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        error: {
          code: 401,
          message: 'API key sk-d… ("disabled") is disabled.',
          status: 'UNAUTHENTICATED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'invalid_api_key', domain: 'llm-gateway-mock' }],
        },
      })
    })

    it('Anthropic envelope when anthropic-version is sent', async () => {
      const response = await get('/v1/models', { 'anthropic-version': '2023-06-01' })
      expect(response.status).toBe(401)
      const requestId = response.headers.get('request-id')
      expect(await response.json()).toEqual({
        type: 'error',
        error: {
          type: 'authentication_error',
          message: 'Missing API key: send it as an `x-api-key` header or an `Authorization: Bearer <key>` header.',
        },
        request_id: requestId,
      })
    })

    it('refuses a Gemini-style key on /v1/models with a pointer to /v1beta/models', async () => {
      for (const [path, headers] of [
        ['/v1/models?key=sk-limited', {}],
        ['/v1/models', { 'x-goog-api-key': 'sk-limited' }],
      ] as const) {
        const response = await get(path, headers)
        expect(response.status).toBe(401)
        const body = (await response.json()) as { error: { code: string; message: string } }
        expect(body.error.code).toBe('invalid_api_key')
        expect(body.error.message).toContain(`get models from GET ${harness.baseUrl}/v1beta/models`)
      }
    })

    it('ignores ?key= where only Authorization counts', async () => {
      const response = await get('/v1/dashboard/billing/usage?key=sk-limited')
      expect(response.status).toBe(401)
    })

    it('expires a key when the gateway clock passes its expiry', async () => {
      await harness.gateway.world.tokens.update((q) => q.where({ key: 'sk-vip' }), {
        data(token) {
          token.expiresAt = new Date(harness.gateway.clock.now() + 60_000).toISOString()
        },
      })
      expect((await get('/v1/models', { authorization: 'Bearer sk-vip' })).status).toBe(200)
      harness.gateway.clock.advance(61_000)
      const response = await get('/v1/models', { authorization: 'Bearer sk-vip' })
      expect(response.status).toBe(401)
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain('expired at')
      await harness.gateway.reset()
      expect((await get('/v1/models', { authorization: 'Bearer sk-vip' })).status).toBe(200)
    })
  })

  it('puts request id headers on every response', async () => {
    for (const [path, headers] of [
      ['/v1/models', { authorization: 'Bearer sk-limited' }],
      ['/v1/models', {}],
      ['/v1/nowhere', {}],
      ['/api/status', {}],
    ] as const) {
      const response = await get(path, headers)
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(/^\d{23}6d6f636b[A-Za-z0-9]{8}$/)
      expect(response.headers.get('x-oneapi-request-id')).toBe(id)
    }
    const anthropic = await get('/v1/models', { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-limited' })
    expect(anthropic.headers.get('request-id')).toBe(anthropic.headers.get('x-request-id'))
  })
})
