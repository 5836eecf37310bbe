import { request as httpRequest } from 'node:http'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket as WsClient } from 'ws'
import { eitherMode, modes, useHarness, type Harness } from '../../support/modes.ts'

interface Envelope<Data = unknown> {
  success: boolean
  message: string
  data?: Data
}

interface TokenItem {
  id: number
  key: string
  name: string
  status: number
  remain_quota: number
  unlimited_quota: boolean
  expired_time: number
  model_limits_enabled: boolean
  model_limits: string
  allow_ips: string
  group: string
  created_time: number
  accessed_time: number
}

interface Page<Item> {
  page: number
  page_size: number
  total: number
  items: Item[]
}

/** What a reseller's client does: the management API with an access token, the relay with the keys it hands out. */
function client(harness: Harness, accessToken = 'at-alice') {
  const call = async <Data = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as Envelope<Data>
  }
  return {
    call,
    create: (fields: Record<string, unknown>) => call('POST', '/api/token/', { remain_quota: 500_000, expired_time: -1, ...fields }),
    /** The newest token named `name`, found by search. */
    async find(name: string): Promise<TokenItem> {
      const found = await call<Page<TokenItem>>('GET', `/api/token/search?keyword=${encodeURIComponent(name)}`)
      expect(found.data!.items).toHaveLength(1)
      return found.data!.items[0]!
    },
    keyOf: async (id: number) => (await call<{ key: string }>('POST', `/api/token/${id}/key`)).data!.key,
    update: (fields: Record<string, unknown>, query = '') => call<TokenItem>('PUT', `/api/token/${query}`, fields),
    openai: (key: string) => new OpenAI({ apiKey: `sk-${key}`, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 }),
  }
}

const chat = (openai: OpenAI, model = 'gpt-4o-mini') =>
  openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] })

describe.each(eitherMode)('a reseller manages its tokens ($name)', (mode) => {
  const harness = useHarness(mode)
  afterEach(() => harness.gateway.reset())

  it('creates a token, finds it, fetches its key, uses it, disables it and deletes it', async () => {
    const alice = client(harness)
    const created = await alice.create({ name: 'customer-42' })
    // new-api answers success and nothing else: the key is read separately.
    expect(created).toEqual({ success: true, message: '' })

    const token = await alice.find('customer-42')
    expect(token).toMatchObject({ name: 'customer-42', status: 1, remain_quota: 500_000, expired_time: -1, unlimited_quota: false })
    expect(token.key).toMatch(/^[0-9a-zA-Z]{4}\*{10}[0-9a-zA-Z]{4}$/)

    const key = await alice.keyOf(token.id)
    expect(key).toMatch(/^[0-9a-zA-Z]{48}$/)
    expect(key.slice(0, 4) + '*'.repeat(10) + key.slice(-4)).toBe(token.key)

    const openai = alice.openai(key)
    const reply = await chat(openai)
    expect(reply.choices[0]!.message.content).toBeTruthy()
    expect((await alice.find('customer-42')).remain_quota).toBeLessThan(500_000)

    const disabled = await alice.update({ id: token.id, status: 2 }, '?status_only=true')
    expect(disabled).toMatchObject({ success: true, data: { id: token.id, status: 2, name: 'customer-42' } })
    await expect(chat(openai)).rejects.toBeInstanceOf(OpenAI.AuthenticationError)

    await alice.update({ id: token.id, status: 1 }, '?status_only=true')
    await chat(openai)

    expect(await alice.call('DELETE', `/api/token/${token.id}`)).toEqual({ success: true, message: '' })
    const refused = await chat(openai).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError)
    expect((refused as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401)
    expect(await alice.call('GET', `/api/token/${token.id}`)).toEqual({ success: false, message: 'record not found' })
  })

  it('answers /api/token and /api/token/ alike', async () => {
    const alice = client(harness)
    const withSlash = await alice.call<Page<TokenItem>>('GET', '/api/token/')
    const without = await alice.call<Page<TokenItem>>('GET', '/api/token')
    expect(without).toEqual(withSlash)
    expect(withSlash.data!.total).toBe(7)
  })
})

describe('token refusals', () => {
  const harness = useHarness(eitherMode[0]!)
  afterEach(() => harness.gateway.reset())

  const tokensOf = (userId: number) => harness.gateway.world.snapshot().tokens.filter((token) => token.userId === userId)

  it.each([
    ['a name over 50 bytes', { name: 'n'.repeat(51) }, 'Token name is too long'],
    ['a name of 17 Chinese characters (51 bytes)', { name: '令'.repeat(17) }, 'Token name is too long'],
    ['an empty name', { name: '' }, 'Name cannot be empty'],
    ['no name', { name: undefined }, 'Name cannot be empty'],
    ['a negative quota', { remain_quota: -1 }, 'Quota value cannot be negative'],
    ['a quota over the maximum', { remain_quota: 500_000_000_000_001 }, 'Quota value exceeds valid range, maximum is 500000000000000'],
    ['an unknown group', { group: 'gold' }, 'No permission to access group gold'],
    ['a malformed IP', { allow_ips: '127.0.0.1\n10.0.0.300' }, 'allow_ips: "10.0.0.300" is not an IP address or CIDR range (one per line)'],
    ['a range too wide', { allow_ips: '10.0.0.0/33' }, 'allow_ips: "10.0.0.0/33" is not an IP address or CIDR range (one per line)'],
    ['words for an IP', { allow_ips: 'office' }, 'allow_ips: "office" is not an IP address or CIDR range (one per line)'],
    [
      'a model the gateway lacks',
      { model_limits_enabled: true, model_limits: 'gpt-4o-mini,gpt-9' },
      'model_limits names a model this gateway does not serve: "gpt-9"',
    ],
    ['a name of the wrong type', { name: 5 }, 'json: cannot unmarshal number 5 into Go struct field tokenRequest.name of type string'],
    [
      'a fractional quota',
      { remain_quota: 1.5 },
      'json: cannot unmarshal number 1.5 into Go struct field tokenRequest.remain_quota of type int',
    ],
  ])('refuses to create a token with %s, and creates nothing', async (_name, fields, message) => {
    const before = tokensOf(1)
    expect(await client(harness).create({ name: 'new', ...fields })).toEqual({ success: false, message })
    expect(tokensOf(1)).toEqual(before)
  })

  it('refuses a group the user may not use (carol has no vip), as the relay words it', async () => {
    const carol = client(harness, 'at-carol')
    expect(await carol.create({ name: 'vip', group: 'vip' })).toEqual({ success: false, message: 'No permission to access group vip' })
    expect(tokensOf(2)).toHaveLength(1)
    // alice may: vip is one of her extra groups.
    expect(await client(harness).create({ name: 'vip', group: 'vip' })).toEqual({ success: true, message: '' })
  })

  it("answers someone else's token as one that does not exist, and changes nothing", async () => {
    const carol = client(harness, 'at-carol')
    const before = harness.gateway.world.snapshot()
    const notFound = { success: false, message: 'record not found' }
    expect(await carol.call('GET', '/api/token/1')).toEqual(notFound)
    expect(await carol.call('POST', '/api/token/1/key')).toEqual(notFound)
    expect(await carol.call('PUT', '/api/token/', { id: 1, name: 'mine now', remain_quota: 1 })).toEqual(notFound)
    expect(await carol.call('PUT', '/api/token/?status_only=true', { id: 1, status: 2 })).toEqual(notFound)
    expect(await carol.call('DELETE', '/api/token/1')).toEqual(notFound)
    expect(await carol.call('GET', '/api/token/999')).toEqual(notFound)
    // Batches skip what is not the caller's.
    expect(await carol.call('POST', '/api/token/batch', { ids: [1, 2] })).toEqual({ success: true, message: '', data: 0 })
    expect(await carol.call('POST', '/api/token/batch/keys', { ids: [1, 8] })).toEqual({
      success: true,
      message: '',
      data: { keys: { 8: 'broke-user' } },
    })
    expect(harness.gateway.world.snapshot().tokens).toEqual(before.tokens)
  })

  it('refuses ids that are not integers in the words of the parser that reads them', async () => {
    const alice = client(harness)
    expect(await alice.call('GET', '/api/token/abc')).toEqual({ success: false, message: 'strconv.Atoi: parsing "abc": invalid syntax' })
    expect(await alice.call('POST', '/api/token/1.5/key')).toEqual({
      success: false,
      message: 'strconv.Atoi: parsing "1.5": invalid syntax',
    })
    // DeleteToken ignores the parse error and looks for token 0.
    expect(await alice.call('DELETE', '/api/token/abc')).toEqual({ success: false, message: 'id 或 userId 为空！' })
    expect(await alice.call('PUT', '/api/token/', { id: '1', name: 'x' })).toEqual({
      success: false,
      message: 'json: cannot unmarshal string into Go struct field tokenRequest.id of type int',
    })
    expect(await alice.call('POST', '/api/token/batch', { ids: [] })).toEqual({ success: false, message: 'Invalid parameters' })
    expect(await alice.call('POST', '/api/token/batch', { ids: ['1'] })).toEqual({ success: false, message: 'Invalid parameters' })
    expect(await alice.call('POST', '/api/token/batch/keys', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).toEqual({
      success: false,
      message: 'Too many items in batch request, maximum is 100',
    })
    expect(tokensOf(1)).toHaveLength(7)
  })

  it('refuses to enable an expired or exhausted token, as new-api does', async () => {
    const alice = client(harness)
    // sk-expired (id 6) expired in 2025.
    expect(await alice.update({ id: 6, status: 1 }, '?status_only=true')).toEqual({
      success: false,
      message: 'Token has expired and cannot be enabled. Please modify the expiration time or set it to never expire',
    })
    await harness.gateway.world.tokens.update((q) => q.where({ id: 7 }), {
      data: (token) => {
        token.status = 'exhausted'
        token.remainQuota = 0
      },
    })
    expect(await alice.update({ id: 7, status: 1 }, '?status_only=true')).toEqual({
      success: false,
      message: 'Token quota is exhausted and cannot be enabled. Please modify the remaining quota or set it to unlimited',
    })
    expect(harness.gateway.world.findTokenById(7)!.status).toBe('exhausted')
    // Given quota first, it may be enabled again.
    await alice.update({ id: 7, name: 'nearly-exhausted', remain_quota: 1_000_000, expired_time: -1 })
    expect(await alice.update({ id: 7, status: 1 }, '?status_only=true')).toMatchObject({ success: true, data: { status: 1 } })
  })

  it.each([
    ['%%', '搜索模式中不允许包含连续的 % 通配符'],
    ['a%b%c%', '搜索模式中最多允许包含 2 个 % 通配符'],
    ['%a', '使用模糊搜索时，关键词长度至少为 2 个字符'],
  ])('refuses the search pattern %s', async (keyword, message) => {
    expect(await client(harness).call('GET', `/api/token/search?keyword=${encodeURIComponent(keyword)}`)).toEqual({
      success: false,
      message,
    })
  })
})

describe('refusals under the new-api profile', () => {
  const harness = useHarness(eitherMode[0]!, { profile: 'new-api' })
  afterEach(() => harness.gateway.reset())

  it('words them in Chinese when the client asks', async () => {
    const zh = { 'accept-language': 'zh-CN' }
    const alice = client(harness)
    const create = (fields: Record<string, unknown>) => alice.call('POST', '/api/token/', { name: 'x', ...fields }, zh)
    expect(await create({ group: 'gold' })).toEqual({ success: false, message: '无权访问 gold 分组' })
    expect(await create({ name: 'n'.repeat(51) })).toEqual({ success: false, message: '令牌名称过长' })
    expect(await create({ remain_quota: -5 })).toEqual({ success: false, message: '额度值不能为负数' })
    expect(await alice.call('PUT', '/api/token/?status_only=true', { id: 6, status: 1 }, zh)).toEqual({
      success: false,
      message: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    })
  })
})

describe('listing, searching and masking', () => {
  const harness = useHarness(eitherMode[0]!)
  afterEach(() => harness.gateway.reset())

  it('pages the caller’s tokens newest first', async () => {
    const alice = client(harness)
    const first = await alice.call<Page<TokenItem>>('GET', '/api/token/?p=1&page_size=3')
    expect(first.data).toMatchObject({ page: 1, page_size: 3, total: 7 })
    expect(first.data!.items.map((token) => token.id)).toEqual([7, 6, 5])
    const last = await alice.call<Page<TokenItem>>('GET', '/api/token/?p=3&page_size=3')
    expect(last.data!.items.map((token) => token.id)).toEqual([1])
    // carol sees her own alone.
    const carol = await client(harness, 'at-carol').call<Page<TokenItem>>('GET', '/api/token/')
    expect(carol.data).toMatchObject({ page: 1, page_size: 10, total: 1 })
  })

  it('masks keys as new-api does: four, ten asterisks, four; shorter keys keep less', async () => {
    const { data } = await client(harness).call<Page<TokenItem>>('GET', '/api/token/')
    expect(Object.fromEntries(data!.items.map((token) => [token.name, token.key]))).toEqual({
      unrestricted: 'unre**********cted',
      'model-limited': 'li****ed',
      'vip-group': '***',
      'auto-group': '****',
      disabled: 'di****ed',
      expired: 'ex****ed',
      'nearly-exhausted': 'low-**********uota',
    })
  })

  it('shows a token in new-api’s fields', async () => {
    const loaded = Math.floor(harness.gateway.world.loadedAt / 1000)
    expect(await client(harness).call('GET', '/api/token/2')).toEqual({
      success: true,
      message: '',
      data: {
        id: 2,
        user_id: 1,
        key: 'li****ed',
        status: 1,
        name: 'model-limited',
        created_time: loaded,
        accessed_time: loaded,
        expired_time: -1,
        remain_quota: 5_000_000,
        unlimited_quota: false,
        model_limits_enabled: true,
        model_limits: 'gpt-4o-mini,gemini-2.5-flash',
        allow_ips: '',
        used_quota: 0,
        group: '',
        cross_group_retry: false,
        DeletedAt: null,
        auto_groups: null,
      },
    })
  })

  it('searches names and keys as SQL LIKE does: whole and exact, or with % wildcards', async () => {
    const alice = client(harness)
    const names = async (query: string) =>
      (await alice.call<Page<TokenItem>>('GET', `/api/token/search?${query}`)).data!.items.map((token) => token.name)
    expect(await names('keyword=disabled')).toEqual(['disabled'])
    expect(await names('keyword=disab')).toEqual([])
    expect(await names('keyword=DISAB%25')).toEqual(['disabled'])
    expect(await names('keyword=%25-group')).toEqual(['auto-group', 'vip-group'])
    expect(await names('token=sk-unrestricted')).toEqual(['unrestricted'])
    expect(await names('token=unrestricted')).toEqual(['unrestricted'])
    expect(await names('keyword=%25i%25d&token=%25ed')).toEqual(['expired', 'disabled', 'model-limited', 'unrestricted'])
    // "_" is a plain underscore, not LIKE's any-character.
    expect(await names('keyword=vip_group')).toEqual([])
    expect(await names('')).toHaveLength(7)
  })

  it('shows when a key was last used, on the gateway clock', async () => {
    const alice = client(harness)
    harness.gateway.clock.advance(3_600_000)
    // The gateway clock runs on real time: the request's second lies between these two readings.
    const before = Math.floor(harness.gateway.clock.now() / 1000)
    await chat(new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 }))
    const after = Math.floor(harness.gateway.clock.now() / 1000)
    const { data } = await alice.call<TokenItem>('GET', '/api/token/1')
    expect(data!.accessed_time).toBeGreaterThanOrEqual(before)
    expect(data!.accessed_time).toBeLessThanOrEqual(after)
    expect(data!.accessed_time - data!.created_time).toBeGreaterThanOrEqual(3600)
  })
})

describe('changes take effect on the next relay request', () => {
  const harness = useHarness(eitherMode[0]!)
  afterEach(() => harness.gateway.reset())

  async function newKey(fields: Record<string, unknown> = {}) {
    const alice = client(harness)
    expect(await alice.create({ name: 'effect', ...fields })).toMatchObject({ success: true })
    const token = await alice.find('effect')
    return { alice, token, openai: alice.openai(await alice.keyOf(token.id)) }
  }

  it('limits the models a key may use, and lifts the limit', async () => {
    const { alice, token, openai } = await newKey({ model_limits_enabled: true, model_limits: 'gemini-2.5-flash' })
    await expect(chat(openai)).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    await chat(openai, 'gemini-2.5-flash')
    await alice.update({ id: token.id, name: 'effect', remain_quota: 500_000, expired_time: -1, model_limits_enabled: false })
    await chat(openai)
  })

  it('enforces the quota, unlimited quota and the expiry', async () => {
    const { alice, token, openai } = await newKey()
    await alice.update({ id: token.id, name: 'effect', remain_quota: 0, expired_time: -1 })
    await expect(chat(openai)).rejects.toMatchObject({ status: 403, code: 'insufficient_quota' })
    await alice.update({ id: token.id, name: 'effect', remain_quota: 0, unlimited_quota: true, expired_time: -1 })
    await chat(openai)
    const soon = Math.floor(harness.gateway.clock.now() / 1000) + 60
    const updated = await alice.update({ id: token.id, name: 'effect', unlimited_quota: true, expired_time: soon })
    expect(updated.data).toMatchObject({ expired_time: soon })
    await chat(openai)
    harness.gateway.clock.advance(61_000)
    await expect(chat(openai)).rejects.toBeInstanceOf(OpenAI.AuthenticationError)
  })

  it('pins a key to a group, and back to its owner’s', async () => {
    const { alice, token, openai } = await newKey({ group: 'vip' })
    await chat(openai, 'claude-opus-4-1')
    await expect(chat(openai, 'gpt-4o-mini')).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    await alice.update({ id: token.id, name: 'effect', remain_quota: 500_000, expired_time: -1, group: '' })
    await chat(openai, 'gpt-4o-mini')
    await expect(chat(openai, 'claude-opus-4-1')).rejects.toBeInstanceOf(OpenAI.NotFoundError)
  })

  it('gives 50 tokens created at once 50 ids and 50 keys that work', async () => {
    const alice = client(harness)
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => alice.create({ name: `bulk-${i}` })))
    expect(created.every((answer) => answer.success)).toBe(true)
    const { data } = await alice.call<Page<TokenItem>>('GET', '/api/token/search?keyword=bulk-%25&page_size=100')
    const ids = data!.items.map((token) => token.id)
    expect(new Set(ids).size).toBe(50)
    const { data: batch } = await alice.call<{ keys: Record<string, string> }>('POST', '/api/token/batch/keys', { ids })
    const keys = Object.values(batch!.keys)
    expect(new Set(keys).size).toBe(50)
    for (const key of keys) expect((await alice.openai(key).models.list()).data.length).toBeGreaterThan(0)
    expect(await alice.call('POST', '/api/token/batch', { ids })).toEqual({ success: true, message: '', data: 50 })
    expect((await alice.call<Page<TokenItem>>('GET', '/api/token/')).data!.total).toBe(7)
  })
})

describe('allow_ips over the HTTP server', () => {
  const harness = useHarness(modes[0]!)
  afterEach(() => harness.gateway.reset())

  it('lets a key work from the listed addresses alone', async () => {
    const alice = client(harness)
    await alice.create({ name: 'office', allow_ips: '127.0.0.1' })
    const token = await alice.find('office')
    expect(token.allow_ips).toBe('127.0.0.1')
    const openai = alice.openai(await alice.keyOf(token.id))
    await chat(openai)

    const updated = await alice.update({ id: token.id, name: 'office', remain_quota: 500_000, expired_time: -1, allow_ips: '10.0.0.0/8' })
    expect(updated.data).toMatchObject({ allow_ips: '10.0.0.0/8' })
    const refused = await chat(openai).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError)
    expect(refused).toMatchObject({ status: 403, code: 'access_denied' })

    // new-api's spelling of a list: one a line, spaces and commas dropped.
    await alice.update({ id: token.id, name: 'office', remain_quota: 500_000, expired_time: -1, allow_ips: '10.0.0.0/8,\n 127.0.0.0/24 ' })
    expect(harness.gateway.world.findTokenById(token.id)!.allowIps).toEqual(['10.0.0.0/8', '127.0.0.0/24'])
    await chat(openai)
  })

  // Linux routes all of 127.0.0.0/8 to loopback: a client bound to 127.0.0.2 is another address on this machine.
  const chatFrom = (localAddress: string, key: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(harness.baseUrl)
      const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
      const request = httpRequest({ host: hostname, port, localAddress, method: 'POST', path: '/v1/chat/completions' }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode!))
      })
      request.setHeader('authorization', `Bearer ${key}`)
      request.setHeader('content-type', 'application/json')
      request.on('error', reject)
      request.end(body)
    })

  it('matches the address the client connects from', async () => {
    harness.gateway.world.findToken('sk-unrestricted')!.allowIps = ['127.0.0.2']
    expect(await chatFrom('127.0.0.2', 'sk-unrestricted')).toBe(200)
    expect(await chatFrom('127.0.0.1', 'sk-unrestricted')).toBe(403)
    expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ status: 403, error: 'key_ip_not_allowed' })
  })

  it('checks the address on a WebSocket handshake too', async () => {
    const token = harness.gateway.world.findToken('sk-unrestricted')!
    const url = `${harness.baseUrl.replace(/^http/, 'ws')}/v1/realtime?model=gpt-realtime`
    const open = (allowIps: string[], localAddress: string) => {
      token.allowIps = allowIps
      const socket = new WsClient(url, ['realtime', 'openai-insecure-api-key.sk-unrestricted'], { localAddress })
      return new Promise<string>((resolve) => {
        socket.on('open', () => {
          socket.close()
          resolve('open')
        })
        socket.on('error', () => resolve('refused'))
      })
    }
    expect(await open(['127.0.0.2'], '127.0.0.1')).toBe('refused')
    expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ path: '/v1/realtime', status: 403, error: 'key_ip_not_allowed' })
    expect(await open(['127.0.0.2'], '127.0.0.2')).toBe('open')
  })
})
