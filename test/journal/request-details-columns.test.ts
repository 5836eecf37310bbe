import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createRequestId } from '../../src/http/request-id.ts'
import { rawHeaderPairs } from '../../src/http/raw-header-pairs.ts'
import { RequestDetails } from '../../src/journal/latest-request-details.ts'
import type { KeptStream, ReportedDetail, RequestDetail } from '../../src/journal/request-detail.ts'
import type { RequestLogEntry } from '../../src/journal/request-log-entry.ts'
import type { StreamPlan } from '../../src/streaming/stream-plan.ts'

// The inspector's details are kept as columns and built again when read
// (src/journal/latest-request-details.ts): what the inspector's routes read must equal what the
// pipeline reported, and keeping a detail must not keep the objects it was reported with.

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const start = Date.UTC(2026, 10, 27, 12, 0, 0, 0)

const ids = new Map<number, string>()

function entryOf(n: number, more: Partial<RequestLogEntry> = {}): RequestLogEntry {
  if (!ids.has(n)) ids.set(n, createRequestId(start + n))
  return {
    requestId: ids.get(n)!,
    time: new Date(start + n).toISOString(),
    method: 'POST',
    path: '/v1/chat/completions',
    surface: 'openai',
    route: 'openai.chat_completions',
    model: 'gpt-4o-mini',
    stream: false,
    key: 'sk-u**********cted',
    usage: { promptTokens: 3, completionTokens: n },
    quota: n * 2,
    status: 200,
    decidedBy: undefined,
    durationMs: n / 7,
    ...more,
  }
}

/** Headers as the Node adapter's view hands them over: answering from the raw lines it was made of. */
function rawHeaders(raw: string[]): Headers {
  const headers = new Headers()
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  return Object.assign(headers, { [rawHeaderPairs]: () => raw })
}

function detailOf(n: number, more: Partial<ReportedDetail> = {}): ReportedDetail {
  return {
    entry: entryOf(n),
    url: `http://127.0.0.1:4000/v1/chat/completions?n=${n}&note=${encodeURIComponent('é')}`,
    startedAt: 1234.5 + n,
    requestBody: `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi ${n} — ünïcödé 🎉"}]}`,
    headers: rawHeaders(['Host', '127.0.0.1:4000', 'Authorization', 'Bearer sk-unrestricted', 'X-Multi', 'a', 'x-multi', 'b']),
    reply: `{"id":"chatcmpl-${n}","choices":[]}`,
    meets: 'request',
    worldKey: 'sk-unrestricted',
    composed: { text: `reply ${n}` },
    ...more,
  }
}

/** What a reader sees of a detail: headers as the inspector lists them, the conversation as read. */
function shown(detail: RequestDetail | ReportedDetail | undefined) {
  if (!detail) return detail
  const { headers, conversation, reply, ...rest } = detail
  const stream = typeof reply === 'object' && 'frames' in reply ? (reply as KeptStream) : undefined
  return {
    ...rest,
    headers: headers && [...headers],
    conversation: conversation?.(),
    reply: stream ? { frames: stream.frames, timing: stream.timing, written: stream.written && [...stream.written] } : reply,
  }
}

describe('the inspector details kept as columns', () => {
  it('gives back each detail as reported: texts, header lines, lengths of omitted bodies, references', () => {
    const details = new RequestDetails(10)
    const conversation = () => ({ message: 'Hi', toolResults: [], tools: [] })
    const reported = [
      detailOf(1),
      // A body that begins with a byte order mark, and one with a lone surrogate (kept as given).
      detailOf(2, { requestBody: '\uFEFF{"a":1}', reply: '{"text":"\uD800 alone"}', conversation: conversation as never }),
      detailOf(3, { requestBody: { omittedChars: 2_000_000 }, reply: { omittedBytes: 4096 }, meets: null }),
      detailOf(4, { requestBody: undefined, headers: undefined, reply: '', meets: 'handshake', worldKey: undefined, composed: undefined }),
      detailOf(5, { headers: rawHeaders([]), requestBody: '' }),
      // The same texts again, as a key's model list is: kept as the one before.
      detailOf(6, { url: detailOf(5).url, reply: detailOf(5).reply }),
      detailOf(7, { url: detailOf(5).url, reply: detailOf(5).reply, headers: rawHeaders([]) }),
    ]
    for (const detail of reported) details.add(detail)
    for (const detail of reported) expect(shown(details.get(detail.entry.requestId))).toStrictEqual(shown(detail))
    expect(details.get(createRequestId(start + 99))).toBeUndefined()
  })

  it('keeps headers that are not a view over raw lines as they were given', () => {
    const details = new RequestDetails(2)
    const headers = new Headers({ authorization: 'Bearer sk-unrestricted' })
    details.add(detailOf(1, { headers }))
    expect(details.get(entryOf(1).requestId)!.headers).toBe(headers)
  })

  it('keeps the last `limit`, and gives each the entry reported with it', () => {
    const details = new RequestDetails(3)
    for (let n = 0; n < 70; n++) details.add(detailOf(n))
    expect(details.get(entryOf(66).requestId)).toBeUndefined()
    for (const n of [67, 68, 69]) expect(shown(details.get(entryOf(n).requestId))).toStrictEqual(shown(detailOf(n)))
    details.clear()
    expect(details.get(entryOf(69).requestId)).toBeUndefined()
    const none = new RequestDetails(0)
    none.add(detailOf(1))
    expect(none.get(entryOf(1).requestId)).toBeUndefined()
  })

  it("notes a stream's frame times as they go out after it was reported, until its row is reused", () => {
    const details = new RequestDetails(2)
    const frames = [
      { text: 'data: {"a":1}\n\n', tokens: 1 },
      { text: 'data: [DONE]\n\n', tokens: 0 },
    ]
    const timing = { firstTokenMs: 0, tokensPerSecond: null }
    const plan = (): StreamPlan => ({ frames, timing, written: [] })
    const playing = plan()
    ;(playing.written as number[]).push(10)
    details.add(detailOf(1, { reply: playing }))
    playing.written!.push(12)
    const first = details.get(entryOf(1).requestId)!.reply as KeptStream
    expect(first).toStrictEqual({ frames, timing, written: [10, 12] })
    // Without `written` (details not timed), no times.
    details.add(detailOf(2, { reply: { frames, timing } }))
    expect(details.get(entryOf(2).requestId)!.reply).toStrictEqual({ frames, timing })
    // The first stream's row is reused by the third; the first goes on playing, and notes nothing there.
    const third = plan()
    details.add(detailOf(3, { reply: third }))
    playing.written!.push(99)
    third.written!.push(20)
    expect(details.get(entryOf(3).requestId)!.reply).toStrictEqual({ frames, timing, written: [20] })
    // A stream of more frames than its row had room for.
    const long = Array.from({ length: 40 }, (_, i) => ({ text: `data: ${i}\n\n`, tokens: 1 }))
    const many: StreamPlan = { frames: long, timing, written: [] }
    details.add(detailOf(4, { reply: many }))
    for (let i = 0; i < 40; i++) many.written!.push(i)
    expect((details.get(entryOf(4).requestId)!.reply as KeptStream).written).toStrictEqual(long.map((_, i) => i))
  })

  // Kept as objects, each detail (with its entry, headers and stream plan) lived while it was among
  // the last 100, and under load outlived young-generation collections (docs/performance.md).
  it('keeps none of the objects a detail was reported with', async () => {
    const details = new RequestDetails(10)
    const refs: WeakRef<object>[] = []
    // In a function of its own, so that no variable of this one holds the last detail.
    const report = (n: number) => {
      const reply: StreamPlan = {
        frames: [{ text: 'data: [DONE]\n\n', tokens: 0 }],
        timing: { firstTokenMs: 0, tokensPerSecond: null },
        written: [],
      }
      const detail = detailOf(n, { reply })
      details.add(detail)
      refs.push(new WeakRef(detail), new WeakRef(detail.entry), new WeakRef(detail.headers!), new WeakRef(reply))
    }
    for (let n = 0; n < 3; n++) report(n)
    for (let i = 0; i < 5 && refs.some((ref) => ref.deref() !== undefined); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      gc()
    }
    expect(refs.filter((ref) => ref.deref() !== undefined)).toHaveLength(0)
    expect(shown(details.get(entryOf(2).requestId))).toMatchObject({ url: detailOf(2).url, requestBody: detailOf(2).requestBody })
  })
})
