import { describe, expect, it } from 'vitest'
import { createRequestId } from '../../src/http/request-id.ts'
import { logType, type GatewayLog } from '../../src/logs/gateway-log.ts'
import { LogBook } from '../../src/logs/log-book.ts'
import { recordLog } from '../../src/logs/record-log.ts'

// The log book keeps its rows as columns and builds them again when read (src/logs/log-book.ts):
// what /api/log/* reads must equal what was written, key order included.

type Row = Omit<GatewayLog, 'id'>

/** A consume log as writeConsumeLog writes it, the n-th of a run. */
function consumeRow(n: number): Row {
  return {
    userId: 1 + (n % 3),
    createdAt: 1_700_000_000_000 + n * 250,
    type: logType.consume,
    content: '',
    username: ['alice', 'bob', 'carol'][n % 3]!,
    tokenName: `token-${n % 2}`,
    modelName: n % 2 ? 'gpt-4o-mini' : 'claude-sonnet-4',
    quota: n * 3,
    promptTokens: n,
    completionTokens: 2 * n,
    useTime: n % 4,
    isStream: n % 2 === 0,
    tokenId: n % 2,
    group: 'default',
    ip: '',
    requestId: createRequestId(1_700_000_000_000 + n * 250),
    other: {
      cache_ratio: 1,
      cache_tokens: 0,
      completion_ratio: 4,
      frt: n * 1.5,
      group_ratio: 1,
      model_price: -1,
      model_ratio: 0.075,
      request_path: n % 5 ? '/v1/chat/completions' : `/v1/path-${n}`,
      user_group_ratio: -1,
    },
  }
}

/** An error log as writeErrorLog writes it. */
function errorRow(n: number): Row {
  return {
    ...consumeRow(n),
    type: logType.error,
    content: `status_code=429, too many requests ${n}`,
    quota: 0,
    other: {
      channel_id: 0,
      channel_name: '',
      channel_type: 0,
      error_code: n % 2 ? 'rate_limited' : 429,
      error_type: 'new_api_error',
      status_code: 429,
    },
  }
}

const withIds = (rows: Row[], first: number) => rows.map((row, i) => ({ ...row, id: first + i }))

describe('the log book kept as columns', () => {
  it('gives the same row objects on every read, and a reused row its new log', () => {
    const rows = [1, 2, 3].map((n) => consumeRow(n))
    const book = new LogBook(2)
    book.add(rows[0]!)
    const first = book.all()
    book.add(rows[1]!)
    expect(book.all()[0]).toBe(first[0])
    book.add(rows[2]!)
    expect(book.all()).toStrictEqual([
      { ...rows[1], id: 2 },
      { ...rows[2], id: 3 },
    ])
  })

  it('gives back every row equal to the one written, with its id, keys in the same order', () => {
    const book = new LogBook(1000)
    const rows = Array.from({ length: 300 }, (_, n) => (n % 7 === 3 ? errorRow(n) : consumeRow(n)))
    const returned = rows.map((row) => book.add(row))
    const expected = withIds(rows, 1)
    expect(returned).toEqual(expected.map((row) => row.id))
    expect(book.all()).toStrictEqual(expected)
    expect(JSON.stringify(book.all())).toBe(JSON.stringify(expected))
  })

  it('keeps the last `limit` rows, oldest first, as the ring wraps around', () => {
    for (const limit of [1, 3, 64, 65, 200]) {
      const book = new LogBook(limit)
      const rows = Array.from({ length: 3 * limit + 5 }, (_, n) => consumeRow(n))
      for (const row of rows) book.add(row)
      expect(book.all()).toStrictEqual(withIds(rows, 1).slice(-limit))
    }
  })

  it('keeps the account lines recordLog writes, and rows of another form as they were given', () => {
    const book = new LogBook(10)
    recordLog(book, { userId: 1, username: 'alice', type: logType.topup, content: 'topped up', createdAt: 5 })
    recordLog(book, {
      userId: 1,
      username: 'alice',
      type: logType.manage,
      content: 'x',
      createdAt: 6,
      requestId: 'own',
      other: { admin_info: { by: 'root' } },
    })
    const odd = { ...consumeRow(1), extra: true } as Row
    book.add(odd)
    const all = book.all()
    expect(all[0]).toStrictEqual({
      userId: 1,
      createdAt: 5,
      type: logType.topup,
      content: 'topped up',
      username: 'alice',
      tokenName: '',
      modelName: '',
      quota: 0,
      promptTokens: 0,
      completionTokens: 0,
      useTime: 0,
      isStream: false,
      tokenId: 0,
      group: '',
      ip: '',
      requestId: '',
      other: {},
      id: 1,
    })
    expect(all[1]).toMatchObject({ requestId: 'own', other: { admin_info: { by: 'root' } }, id: 2 })
    expect(all[2]).toStrictEqual({ ...odd, id: 3 })
  })

  it('deletes the rows picked, keeps the others with their ids, and goes on numbering after them', () => {
    const book = new LogBook(5)
    const rows = Array.from({ length: 8 }, (_, n) => consumeRow(n))
    for (const row of rows) book.add(row)
    expect(book.delete((row) => row.id % 2 === 0)).toBe(3)
    expect(book.all()).toStrictEqual(withIds(rows, 1).filter((row) => row.id > 3 && row.id % 2 === 1))
    book.add(rows[0]!)
    expect(book.all().map((row) => row.id)).toEqual([5, 7, 9])
    book.clear()
    expect(book.all()).toEqual([])
    expect(book.add(rows[1]!)).toBe(1)
  })
})
