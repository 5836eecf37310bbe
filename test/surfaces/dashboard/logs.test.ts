import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LogBook } from '../../../src/logs/log-book.ts'
import { logType, type GatewayLog } from '../../../src/logs/gateway-log.ts'
import { eitherMode, useHarness, type Harness } from '../../support/modes.ts'

interface Page<Item> {
  page: number
  page_size: number
  total: number
  items: Item[]
}
type Item = Record<string, any>
interface Answer<Data> {
  success: boolean
  message: string
  data: Data
}

// The default world's root has no access token: the tests give it one, as a world could.
const rootToken = 'at-root-for-logs'

function client(harness: Harness) {
  const get = async <Data = any>(path: string, token: string): Promise<{ status: number; body: Answer<Data> }> => {
    const response = await fetch(`${harness.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
    return { status: response.status, body: (await response.json()) as Answer<Data> }
  }
  const del = async (path: string, token: string) => {
    const response = await fetch(`${harness.baseUrl}${path}`, { method: 'DELETE', headers: { authorization: token } })
    return { status: response.status, body: (await response.json()) as Answer<number> }
  }
  const openai = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const anthropic = (apiKey = 'sk-unrestricted') => new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
  const usedQuota = async (token: string) => (await get<{ used_quota: number }>('/api/user/self', token)).body.data.used_quota
  return { get, del, openai, anthropic, usedQuota }
}

function giveRootAToken(harness: Harness): void {
  harness.gateway.world.findUser(3)!.accessToken = rootToken
}

// gpt-4o-mini's price in the default world: ratio 0.075, completion ratio 4, group "default" 1.
const miniCost = (prompt: number, completion: number) => Math.max(1, Math.round((prompt + completion * 4) * 0.075))
// claude-sonnet-4-6: ratio 1.5, completion ratio 5.
const sonnetCost = (prompt: number, completion: number) => Math.max(1, Math.round((prompt + completion * 5) * 1.5))

describe.each(eitherMode)('logs and usage data ($name)', (mode) => {
  const harness = useHarness(mode)
  let api: ReturnType<typeof client>

  beforeAll(() => {
    api = client(harness)
  })
  beforeEach(async () => {
    await harness.gateway.reset()
    giveRootAToken(harness)
  })

  it('logs each billed chat (OpenAI and Anthropic SDKs, stream and not) with its tokens, quota, model, key and stream', async () => {
    const before = await api.usedQuota('at-alice')
    const plain = await api
      .openai()
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] })
      .withResponse()
    const stream = await api.openai('sk-vip').chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Say hello in a stream' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let streamUsage: OpenAI.CompletionUsage | undefined
    for await (const chunk of stream) streamUsage = chunk.usage ?? streamUsage
    const message = await api
      .anthropic()
      .messages.create({ model: 'claude-sonnet-4-6', max_tokens: 200, messages: [{ role: 'user', content: 'Hi' }] })
    const claudeStream = api
      .anthropic()
      .messages.stream({ model: 'claude-sonnet-4-6', max_tokens: 200, messages: [{ role: 'user', content: 'Hi there' }] })
    const streamed = await claudeStream.finalMessage()

    const { status, body } = await api.get<Page<Item>>('/api/log/self', 'at-alice')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.data.total).toBe(4)
    const [claudeStreamed, claudePlain, openaiStreamed, openaiPlain] = body.data.items
    const usage = plain.data.usage!
    expect(openaiPlain).toMatchObject({
      type: logType.consume,
      model_name: 'gpt-4o-mini',
      token_name: 'unrestricted',
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      quota: miniCost(usage.prompt_tokens, usage.completion_tokens),
      is_stream: false,
      other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, request_path: '/v1/chat/completions' },
    })
    // The user's own items leave out the ids, group, ip and request id, as new-api's userLogDTO does.
    expect(Object.keys(openaiPlain!)).toEqual([
      'id',
      'created_at',
      'type',
      'content',
      'token_name',
      'model_name',
      'channel_name',
      'quota',
      'prompt_tokens',
      'completion_tokens',
      'use_time',
      'is_stream',
      'other',
    ])
    // gpt-4o: ratio 1.25, completion ratio 4, through the vip group (ratio 1.5).
    expect(openaiStreamed).toMatchObject({
      model_name: 'gpt-4o',
      token_name: 'vip-group',
      is_stream: true,
      prompt_tokens: streamUsage!.prompt_tokens,
      completion_tokens: streamUsage!.completion_tokens,
      quota: Math.max(1, Math.round((streamUsage!.prompt_tokens + streamUsage!.completion_tokens * 4) * 1.25 * 1.5)),
      other: { model_ratio: 1.25, group_ratio: 1.5 },
    })
    expect(claudePlain).toMatchObject({
      model_name: 'claude-sonnet-4-6',
      is_stream: false,
      prompt_tokens: message.usage.input_tokens,
      completion_tokens: message.usage.output_tokens,
      quota: sonnetCost(message.usage.input_tokens, message.usage.output_tokens),
      other: { request_path: '/v1/messages' },
    })
    expect(claudeStreamed).toMatchObject({
      model_name: 'claude-sonnet-4-6',
      is_stream: true,
      prompt_tokens: streamed.usage.input_tokens,
      completion_tokens: streamed.usage.output_tokens,
    })
    // What the logs say was debited is what the user's balance lost.
    const logged = body.data.items.reduce((sum, item) => sum + (item.quota as number), 0)
    expect((await api.usedQuota('at-alice')) - before).toBe(logged)

    // The admin's view has every field, the request id the client got and `other` as a JSON string.
    const all = await api.get<Page<Item>>('/api/log/?username=alice&model_name=gpt-4o-mini&token_name=unrestricted', rootToken)
    expect(all.body.data.total).toBe(1)
    expect(all.body.data.items[0]).toMatchObject({
      user_id: 1,
      username: 'alice',
      token_id: harness.gateway.world.findToken('sk-unrestricted')!.id,
      group: 'default',
      ip: '',
      channel: 0,
      request_id: plain.response.headers.get('x-oneapi-request-id'),
    })
    expect(JSON.parse(all.body.data.items[0]!.other as string)).toMatchObject({ model_ratio: 0.075 })
  })

  it('filters and pages the user’s logs, newest first', async () => {
    for (const model of ['gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini', 'claude-sonnet-4-6', 'gpt-4o-mini']) {
      await api.openai().chat.completions.create({ model, messages: [{ role: 'user', content: `hello ${model}` }] })
    }
    await api.openai('sk-vip').chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] })
    const names = async (query: string) =>
      (await api.get<Page<Item>>(`/api/log/self${query}`, 'at-alice')).body.data.items.map(
        (item) => `${item.model_name}/${item.token_name}`,
      )

    expect(await names('?p=1&page_size=3')).toEqual(['gpt-4o/vip-group', 'gpt-4o-mini/unrestricted', 'claude-sonnet-4-6/unrestricted'])
    expect(await names('?p=2&page_size=3')).toEqual(['gpt-4o-mini/unrestricted', 'gpt-4o/unrestricted', 'gpt-4o-mini/unrestricted'])
    expect(await names('?model_name=gpt-4o-mini')).toHaveLength(3)
    // model_name is an SQL LIKE pattern, as new-api queries it.
    expect(await names('?model_name=gpt-4o%25')).toHaveLength(5)
    expect(await names('?token_name=vip-group')).toEqual(['gpt-4o/vip-group'])
    expect(await names('?group=vip')).toEqual(['gpt-4o/vip-group'])
    expect(await names('?type=1')).toEqual([])
    expect(await names('?type=2')).toHaveLength(6)

    const page = await api.get<Page<Item>>('/api/log/self?p=2&page_size=4', 'at-alice')
    expect(page.body.data).toMatchObject({ page: 2, page_size: 4, total: 6 })
    expect(page.body.data.items.map((item) => item.id)).toEqual([5, 6])

    // Times are the gateway clock's seconds: a range after the requests holds none of them.
    const now = Math.floor(Date.now() / 1000)
    expect(await names(`?start_timestamp=${now - 600}&end_timestamp=${now + 600}`)).toHaveLength(6)
    harness.gateway.clock.advance(3_600_000)
    const later = Math.floor(harness.gateway.clock.now() / 1000)
    await api.openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'later' }] })
    expect(await names(`?start_timestamp=${later - 10}`)).toEqual(['gpt-4o/unrestricted'])
    expect(await names(`?end_timestamp=${later - 10}`)).toHaveLength(6)

    // Filtering by the request id a client got (admin view shows it).
    const admin = await api.get<Page<Item>>('/api/log/?page_size=1', rootToken)
    const requestId = admin.body.data.items[0]!.request_id as string
    expect(await names(`?request_id=${requestId}`)).toEqual(['gpt-4o/unrestricted'])
  })

  it('answers the stat: quota of the range, requests and tokens of the last 60 s of the gateway clock', async () => {
    const first = await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one' }] })
    const second = await api.openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'two' }] })
    const logs = (await api.get<Page<Item>>('/api/log/self', 'at-alice')).body.data.items
    const quota = logs.reduce((sum, item) => sum + (item.quota as number), 0)
    const tokens = first.usage!.total_tokens + second.usage!.total_tokens

    const stat = await api.get('/api/log/self/stat', 'at-alice')
    expect(stat.body).toEqual({ success: true, message: '', data: { quota, rpm: 2, tpm: tokens } })
    const filtered = await api.get('/api/log/self/stat?model_name=gpt-4o', 'at-alice')
    expect(filtered.body.data).toEqual({ quota: logs[0]!.quota, rpm: 1, tpm: second.usage!.total_tokens })
    // Carol made none.
    expect((await api.get('/api/log/self/stat', 'at-carol')).body.data).toEqual({ quota: 0, rpm: 0, tpm: 0 })

    harness.gateway.clock.advance(61_000)
    expect((await api.get('/api/log/self/stat', 'at-alice')).body.data).toEqual({ quota, rpm: 0, tpm: 0 })
    expect((await api.get('/api/log/stat?username=alice', rootToken)).body.data).toEqual({ quota, rpm: 0, tpm: 0 })
    expect((await api.get('/api/log/stat?username=carol', rootToken)).body.data).toEqual({ quota: 0, rpm: 0, tpm: 0 })
  })

  it('sums the logs into hourly buckets on /api/data/self and /api/data/', async () => {
    await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one' }] })
    await api.openai('sk-vip').chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'two' }] })
    await api.openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'three' }] })
    const logs = (await api.get<Page<Item>>('/api/log/?username=alice', rootToken)).body.data.items
    const now = Math.floor(harness.gateway.clock.now() / 1000)
    const range = `start_timestamp=${now - 7200}&end_timestamp=${now + 60}`

    const { body } = await api.get<Item[]>(`/api/data/self?${range}`, 'at-alice')
    expect(body.success).toBe(true)
    for (const bucket of body.data) {
      expect(Object.keys(bucket)).toEqual(['id', 'user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'])
      expect(bucket.created_at % 3600).toBe(0)
      const inBucket = logs.filter(
        (log) => log.model_name === bucket.model_name && log.created_at - (log.created_at % 3600) === bucket.created_at,
      )
      expect(bucket).toMatchObject({
        user_id: 1,
        username: 'alice',
        count: inBucket.length,
        quota: inBucket.reduce((sum, log) => sum + log.quota, 0),
        token_used: inBucket.reduce((sum, log) => sum + log.prompt_tokens + log.completion_tokens, 0),
      })
    }
    expect(body.data.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3)
    expect((await api.get<Item[]>(`/api/data/self?${range}`, 'at-carol')).body.data).toEqual([])

    const all = await api.get<Item[]>(`/api/data/?${range}`, rootToken)
    expect(all.body.data.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3)
    expect(all.body.data.every((bucket) => bucket.user_id === 0 && bucket.username === '')).toBe(true)
    expect((await api.get<Item[]>(`/api/data/?${range}&username=carol`, rootToken)).body.data).toEqual([])

    // new-api's refusals: a time that is not a number (400), a user's range over 30 days.
    const missing = await fetch(`${harness.baseUrl}/api/data/self?end_timestamp=1`, { headers: { authorization: 'at-alice' } })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ success: false, message: 'start_timestamp 格式错误' })
    const long = await api.get(`/api/data/self?start_timestamp=0&end_timestamp=${now}`, 'at-alice')
    expect(long).toEqual({ status: 200, body: { success: false, message: '时间跨度不能超过 1 个月' } })
  })

  it('answers a key its own logs on /api/log/token', async () => {
    await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one' }] })
    await api.openai('sk-vip').chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'two' }] })
    await api.openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'three' }] })

    const mine = await api.get<Item[]>('/api/log/token', 'sk-unrestricted')
    expect(mine.status).toBe(200)
    expect(mine.body.success).toBe(true)
    expect(mine.body.data.map((item) => [item.id, item.model_name, item.token_name])).toEqual([
      [1, 'gpt-4o-mini', 'unrestricted'],
      [2, 'gpt-4o', 'unrestricted'],
    ])
    expect((await api.get<Item[]>('/api/log/token', 'sk-vip')).body.data.map((item) => item.model_name)).toEqual(['gpt-4o'])
    expect((await api.get<Item[]>('/api/log/token', 'sk-limited')).body.data).toEqual([])
    // A user's access token is no key.
    expect((await api.get('/api/log/token', 'at-alice')).status).toBe(401)
  })

  it('lets only admins read every log, and delete the old ones', async () => {
    for (const path of ['/api/log/', '/api/log/stat', '/api/data/?start_timestamp=0&end_timestamp=1']) {
      const { status, body } = await api.get(path, 'at-alice')
      expect(status).toBe(403)
      expect(body.success).toBe(false)
    }
    const refusedDelete = await api.del('/api/log/?target_timestamp=9999999999', 'at-alice')
    expect(refusedDelete.status).toBe(403)

    await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'old' }] })
    harness.gateway.clock.advance(10_000)
    const cut = Math.floor(harness.gateway.clock.now() / 1000)
    await api.openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'new' }] })

    expect(await api.del('/api/log/', rootToken)).toEqual({
      status: 200,
      body: { success: false, message: 'target timestamp is required' },
    })
    expect(await api.del(`/api/log/?target_timestamp=${cut}`, rootToken)).toEqual({
      status: 200,
      body: { success: true, message: '', data: 1 },
    })
    const left = await api.get<Page<Item>>('/api/log/', rootToken)
    expect(left.body.data.items.map((item) => item.model_name)).toEqual(['gpt-4o'])
  })

  it('writes an error log (type 5) for a refused relay request when the world logs errors', async () => {
    const tooLong = { model: 'small-context-4k', max_tokens: 100_000, messages: [{ role: 'user' as const, content: 'hi' }] }
    await expect(api.openai().chat.completions.create(tooLong)).rejects.toThrow()
    expect((await api.get<Page<Item>>('/api/log/self', 'at-alice')).body.data.total).toBe(0)

    harness.gateway.world.settings.logErrors = true
    const error = (await api
      .openai()
      .chat.completions.create(tooLong)
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>
    expect(error).toBeInstanceOf(OpenAI.APIError)
    // A key that is refused before its owner is known is not logged (new-api's auth middleware).
    await expect(api.openai('sk-nobody').chat.completions.create(tooLong)).rejects.toThrow()

    const { body } = await api.get<Page<Item>>('/api/log/self?type=5', 'at-alice')
    expect(body.data.total).toBe(1)
    expect(body.data.items[0]).toMatchObject({
      type: logType.error,
      model_name: 'small-context-4k',
      token_name: 'unrestricted',
      quota: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      other: { status_code: error.status },
    })
    expect(body.data.items[0]!.content).toMatch(new RegExp(`^status_code=${error.status}, `))
    expect(body.data.items[0]!.content).not.toContain('request id')
  })

  it('bills without a log when the world turns consume logs off', async () => {
    harness.gateway.world.settings.logConsume = false
    const before = await api.usedQuota('at-alice')
    await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
    expect(await api.usedQuota('at-alice')).toBeGreaterThan(before)
    expect((await api.get<Page<Item>>('/api/log/self', 'at-alice')).body.data.total).toBe(0)
  })

  it('writes exactly one log per request under concurrency, and their quota is what the user lost', async () => {
    const before = await api.usedQuota('at-alice')
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0
          ? api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `parallel ${index}` }] })
          : api
              .anthropic()
              .messages.create({ model: 'claude-sonnet-4-6', max_tokens: 50, messages: [{ role: 'user', content: `parallel ${index}` }] }),
      ),
    )
    const { body } = await api.get<Page<Item>>('/api/log/?page_size=100', rootToken)
    expect(body.data.total).toBe(40)
    expect(new Set(body.data.items.map((item) => item.id)).size).toBe(40)
    expect(new Set(body.data.items.map((item) => item.request_id)).size).toBe(40)
    const logged = body.data.items.reduce((sum, item) => sum + (item.quota as number), 0)
    expect((await api.usedQuota('at-alice')) - before).toBe(logged)
  })

  it('empties the logs on reset', async () => {
    await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
    expect((await api.get<Page<Item>>('/api/log/self', 'at-alice')).body.data.total).toBe(1)
    await harness.gateway.reset()
    expect((await api.get<Page<Item>>('/api/log/self', 'at-alice')).body.data.total).toBe(0)
  })
})

describe('the log table is capped with the journal', () => {
  const harness = useHarness(eitherMode[0]!, { journalLimit: 3 })

  it('keeps the last rows the journal keeps', async () => {
    giveRootAToken(harness)
    const api = client(harness)
    for (let i = 0; i < 5; i++)
      await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `${i}` }] })
    const { body } = await api.get<Page<Item>>('/api/log/', rootToken)
    expect(body.data.total).toBe(3)
    expect(body.data.items.map((item) => item.id)).toEqual([5, 4, 3])
  })
})

describe('logs under the spec profile', () => {
  const harness = useHarness(eitherMode[0]!, { profile: 'spec' })

  it('serves the same routes in the same envelope', async () => {
    const api = client(harness)
    harness.gateway.world.settings.logErrors = true
    const chat = await api.openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
    await expect(
      api.openai().chat.completions.create({ model: 'small-context-4k', max_tokens: 100_000, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow()
    const { status, body } = await api.get<Page<Item>>('/api/log/self', 'at-alice')
    expect(status).toBe(200)
    expect(body.data.items.map((item) => [item.type, item.model_name])).toEqual([
      [logType.error, 'small-context-4k'],
      [logType.consume, 'gpt-4o-mini'],
    ])
    expect(body.data.items[1]).toMatchObject({ prompt_tokens: chat.usage!.prompt_tokens, completion_tokens: chat.usage!.completion_tokens })
    expect((await api.get('/api/log/self/stat', 'at-alice')).body.data).toMatchObject({ rpm: 1, tpm: chat.usage!.total_tokens })
  })
})

describe('LogBook', () => {
  const row = (createdAt: number): Omit<GatewayLog, 'id'> => ({
    userId: 1,
    createdAt,
    type: logType.consume,
    content: '',
    username: 'alice',
    tokenName: 't',
    modelName: 'm',
    quota: 1,
    promptTokens: 1,
    completionTokens: 1,
    useTime: 0,
    isStream: false,
    tokenId: 1,
    group: 'default',
    ip: '',
    requestId: '',
    other: {},
  })

  it('keeps the last `limit` rows, and deleting counts only rows it kept', () => {
    const book = new LogBook(3)
    for (let i = 1; i <= 5; i++) book.add(row(i * 1000))
    expect(book.all().map((each) => each.id)).toEqual([3, 4, 5])
    expect(book.delete(() => true)).toBe(3)
    expect(book.all()).toEqual([])
  })
})
