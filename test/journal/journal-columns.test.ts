import { getResponse, type RequestHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { createGateway, Journal, type RequestLogEntry } from '../../src/index.ts'
import { createRequestId } from '../../src/http/request-id.ts'
import { InternedStrings } from '../../src/journal/interned-strings.ts'
import { packRequestId, unpackRequestId } from '../../src/journal/packed-request-id.ts'
import { drivenTime } from '../support/driven-time.ts'

// The journal keeps its entries as columns and builds them again when read (src/journal/journal.ts):
// what a reader gets must equal what was added, key order and present-but-undefined keys included.

const start = Date.UTC(2026, 10, 27, 12, 0, 0, 0)

/** An entry as the pipeline writes it (src/pipeline/run-pipeline.ts), the n-th of a run. */
function pipelineEntry(n: number, more: Partial<RequestLogEntry> = {}): RequestLogEntry {
  const now = start + n * 7
  const failed = n % 3 === 1
  return {
    requestId: createRequestId(now),
    time: new Date(now).toISOString(),
    method: n % 2 ? 'POST' : 'GET',
    path: `/v1/path-${n % 5}`,
    surface: 'openai',
    route: n % 2 ? 'openai.chat_completions' : 'openai.models',
    model: n % 2 ? `model-${n % 4}` : undefined,
    stream: n % 2 ? n % 4 === 1 : undefined,
    key: n % 7 === 0 ? undefined : `sk-ab**********${n % 3}`,
    usage: n % 2 ? { promptTokens: n, completionTokens: n * 2 } : undefined,
    quota: n % 2 ? n * 1.5 : undefined,
    status: failed ? 429 : 200,
    ...(failed && { code: 'rate_limit_exceeded', error: 'rate_limited', ...(n % 2 === 1 && { stage: 'admit' as const }) }),
    decidedBy: n % 11 === 0 ? 'rule "slow"' : undefined,
    ...(n % 13 === 0 && { changed: `created token ${n}` }),
    durationMs: n / 3,
    ...more,
  }
}

/** The entry without `key` (not even undefined), the others in their order. */
function withoutKey(entry: RequestLogEntry, key: keyof RequestLogEntry): RequestLogEntry {
  return Object.fromEntries(Object.entries(entry).filter(([name]) => name !== key)) as unknown as RequestLogEntry
}

const keysOf = (entries: readonly RequestLogEntry[]) => entries.map((entry) => Object.keys(entry))

describe('the journal kept as columns', () => {
  // A test reads the journal after each request: each read must not build every entry again.
  it('gives the same entry objects on every read, and a reused row its new entry', () => {
    const [one, two, three, four] = [1, 2, 3, 4].map((n) => pipelineEntry(n))
    const journal = new Journal(2)
    journal.add(one!)
    const first = journal.entries
    journal.add(two!)
    expect(journal.entries[0]).toBe(first[0])
    journal.add(three!)
    expect(journal.entries).toStrictEqual([two, three])
    expect(journal.entries[1]).toBe(journal.latest(1)[0])
    journal.clear()
    journal.add(four!)
    expect(journal.entries).toStrictEqual([four])
  })

  it('gives back every entry equal to the one added, keys in the same order', () => {
    const journal = new Journal()
    const added = Array.from({ length: 200 }, (_, n) => pipelineEntry(n))
    for (const entry of added) journal.add(entry)
    expect(journal.entries).toStrictEqual(added)
    expect(keysOf(journal.entries)).toEqual(keysOf(added))
    expect(JSON.stringify(journal.entries)).toBe(JSON.stringify(added))
  })

  it('keeps the last `limit`, oldest first, as the ring wraps around several times', () => {
    const journal = new Journal(50)
    const added = Array.from({ length: 537 }, (_, n) => pipelineEntry(n))
    for (const [n, entry] of added.entries()) {
      journal.add(entry)
      if (n % 97 === 0) expect(journal.entries).toStrictEqual(added.slice(Math.max(0, n + 1 - 50), n + 1))
    }
    expect(journal.entries).toStrictEqual(added.slice(-50))
    expect(journal.latest(3)).toStrictEqual(added.slice(-3))
    expect(journal.latest(0)).toEqual([])
    expect(journal.latest(500)).toStrictEqual(added.slice(-50))
  })

  it('keeps the limits it is given, 1 and more than it starts with', () => {
    for (const limit of [1, 2, 63, 64, 65, 1000]) {
      const journal = new Journal(limit)
      const added = Array.from({ length: limit * 2 + 3 }, (_, n) => pipelineEntry(n))
      for (const entry of added) journal.add(entry)
      expect(journal.limit).toBe(limit)
      expect(journal.entries).toStrictEqual(added.slice(-limit))
    }
    expect(() => new Journal(0)).toThrow(RangeError)
  })

  it('forgets the strings of entries that dropped off, so new paths do not pile up', () => {
    const journal = new Journal(10)
    for (let n = 0; n < 5000; n++) journal.add(pipelineEntry(n, { path: `/v1/models/unique-${n}` }))
    expect(journal.entries.map((entry) => entry.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/v1/models/unique-${4990 + i}`))
    // The kept entries' strings only: 10 paths and a few methods, routes, models, keys, codes.
    expect(journal.stringsHeld).toBeLessThan(40)
  })

  it('keeps entries of another shape as they were given, beside the others', () => {
    const journal = new Journal(32)
    const odd = [
      { ...pipelineEntry(1), extra: 'field' } as RequestLogEntry,
      { ...pipelineEntry(2), requestId: 'my-own-id' },
      { ...pipelineEntry(3), time: 'not a time' },
      { ...pipelineEntry(4), usage: { promptTokens: 1, completionTokens: 2, cachedTokens: 3 } as never },
      Object.assign({ durationMs: 1 }, pipelineEntry(5)),
      { ...pipelineEntry(6), time: '2026-11-27T12:00:00Z' },
      { ...pipelineEntry(7), usage: { completionTokens: 2, promptTokens: 1 } } as RequestLogEntry,
      withoutKey(pipelineEntry(8), 'decidedBy'),
      withoutKey(pipelineEntry(9), 'model'),
      { ...pipelineEntry(10), changed: 'after durationMs' },
      { ...withoutKey(pipelineEntry(4), 'code'), code: 'after stage' } as RequestLogEntry,
    ]
    const plain = odd.map((_, n) => pipelineEntry(20 + n))
    for (const [n, entry] of odd.entries()) {
      journal.add(plain[n]!)
      journal.add(entry)
    }
    const entries = journal.entries
    expect(entries).toStrictEqual(odd.flatMap((entry, n) => [plain[n], entry]))
    for (const [n, entry] of odd.entries()) expect(entries[2 * n + 1]).toBe(entry)
  })

  it('is empty after clear, and fills again from there', () => {
    const journal = new Journal(3)
    for (let n = 0; n < 7; n++) journal.add(pipelineEntry(n))
    journal.clear()
    expect(journal.entries).toEqual([])
    expect(journal.stringsHeld).toBe(0)
    const after = [pipelineEntry(10), pipelineEntry(11)]
    for (const entry of after) journal.add(entry)
    expect(journal.entries).toStrictEqual(after)
  })

  it('holds what a gateway answered as the request log was told it', async () => {
    const seen: RequestLogEntry[] = []
    const gateway = await createGateway({ time: drivenTime(), journalLimit: 4, onRequest: (entry) => seen.push(entry) })
    const send = (path: string, init: RequestInit = {}) =>
      getResponse(gateway.handlers as RequestHandler[], new Request(`http://gateway.test${path}`, init))
    const chat = (key: string, model: string) =>
      send('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }] }),
      })
    await send('/v1/models', { headers: { authorization: 'Bearer sk-unrestricted' } })
    await chat('sk-unrestricted', 'gpt-4o-mini')
    await chat('sk-unknown', 'gpt-4o-mini')
    await chat('sk-unrestricted', 'no-such-model')
    await send('/v1/nowhere')
    expect(seen).toHaveLength(5)
    expect(seen.map((entry) => entry.status)).toEqual([200, 200, 401, expect.any(Number), 404])
    expect(gateway.journal.entries).toStrictEqual(seen.slice(-4))
  })
})

describe('the interned strings', () => {
  it('gives one id per string while it is used, and frees it with its last use', () => {
    const names = new InternedStrings()
    const a = names.acquire('a')
    expect(names.acquire('a')).toBe(a)
    expect(names.acquire(undefined)).toBe(0)
    expect(names.value(0)).toBeUndefined()
    const b = names.acquire('b')
    expect(names.value(a)).toBe('a')
    expect(names.value(b)).toBe('b')
    names.release(a)
    expect(names.value(a)).toBe('a')
    names.release(a)
    expect(names.size).toBe(1)
    expect(names.acquire('c')).toBe(a)
    expect(names.value(a)).toBe('c')
  })
})

describe('the packed request id', () => {
  it('gives back the ids the gateway makes, and refuses others', () => {
    const packed = new Float64Array(3 * 100)
    const ids = Array.from({ length: 100 }, (_, n) => createRequestId(start + n * 86_400_037))
    for (const [at, id] of ids.entries()) expect(packRequestId(id, packed, at)).toBe(true)
    expect(ids.map((_, at) => unpackRequestId(packed, at))).toEqual(ids)
    for (const other of [
      '',
      'x',
      `${ids[0]!.slice(0, 38)}-`,
      `${ids[0]!.slice(0, 22)}x${ids[0]!.slice(23)}`,
      ids[0]!.replace('6d6f636b', '6d6f636c'),
    ]) {
      expect(packRequestId(other, packed, 0)).toBe(false)
    }
    expect(unpackRequestId(packed, 0)).toBe(ids[0])
  })

  it('packs the same id again (the journal, then the details) and the next one after it', () => {
    const packed = new Float64Array(3 * 4)
    const [first, second] = [createRequestId(start), createRequestId(start + 1)]
    for (const [at, id] of [first, first, second, first].entries()) expect(packRequestId(id!, packed, at)).toBe(true)
    expect([0, 1, 2, 3].map((at) => unpackRequestId(packed, at))).toEqual([first, first, second, first])
    expect(packRequestId('', packed, 0)).toBe(false)
  })
})
