import { describe, expect, it } from 'vitest'
import { namedRecordings } from '../../src/recording/named-recordings.ts'
import { isReplayDone, Replay, type ReplayRequest } from '../../src/recording/replay.ts'
import type { RequestKey } from '../../src/recording/recording-schema.ts'
import { routes } from '../../src/surfaces/routes.ts'
import { chatExchange, recording } from '../support/recordings.ts'

// The replay's matcher and ledger on their own: which recorded exchange answers a request, in
// what order identical ones are used, and what a miss reports. test/recording/replay.test.ts shows
// what the SDKs get of the same choices.

const keyOf = (said: string) =>
  ({ lastUserTurn: said, turns: 1, toolResults: [], tools: [], toolsHash: null, systemHash: null }) as unknown as RequestKey

let ids = 0
const asked = (said: string, more: Partial<ReplayRequest> = {}): ReplayRequest => ({
  requestId: `req_${++ids}`,
  method: 'POST',
  path: '/v1/chat/completions',
  route: 'openai.chat_completions',
  model: 'gpt-4o-mini',
  stream: false,
  key: keyOf(said),
  ...more,
})

const replayOf = (...exchanges: Parameters<typeof recording>[0]) =>
  new Replay(namedRecordings(recording(exchanges, 'session'), routes), routes)
const replyId = (outcome: ReturnType<Replay['take']>) =>
  outcome.found ? (outcome.exchange.response as { reply: { id: string } }).reply.id : outcome.message

describe('the replay ledger', () => {
  it('answers identical requests in the order they were recorded, each exchange once, and reset starts again', () => {
    const replay = replayOf(chatExchange(1, 'Hi', { text: 'First.' }), chatExchange(2, 'Hi', { text: 'Second.' }))
    expect(replyId(replay.take(asked('Hi')))).toBe('chatcmpl-rec1')
    expect(replyId(replay.take(asked('Hi')))).toBe('chatcmpl-rec2')
    const spent = replay.take(asked('Hi'))
    expect(spent.found).toBe(false)
    expect(spent.found === false && spent.miss.reason).toMatch(/^the 2 recordings of it were used already/)
    replay.reset()
    expect(replyId(replay.take(asked('Hi')))).toBe('chatcmpl-rec1')
  })

  it('prefers the exchange recorded with the same stream, and takes the other when there is none', () => {
    const replay = replayOf(chatExchange(1, 'Hi', { text: 'Plain.' }), chatExchange(2, 'Hi', { text: 'Streamed.' }, { stream: true }))
    expect(replyId(replay.take(asked('Hi', { stream: true })))).toBe('chatcmpl-rec2')
    expect(replyId(replay.take(asked('Hi', { stream: true })))).toBe('chatcmpl-rec1')
  })

  it('gives an exchange back when its answer fails, for the next request', () => {
    const replay = replayOf(chatExchange(1, 'Hi', { text: 'Once.' }))
    const first = replay.take(asked('Hi'))
    expect(first.found).toBe(true)
    if (first.found) first.release()
    expect(replyId(replay.take(asked('Hi')))).toBe('chatcmpl-rec1')
    expect(replay.report().unused).toEqual([])
  })

  it('a request no exchange matches is reported with the nearest recordings and what differs, nearest first', () => {
    const replay = replayOf(chatExchange(1, 'Hello', { text: 'A.' }), chatExchange(2, 'Goodbye', { text: 'B.' }, { model: 'gpt-4o' }))
    const miss = replay.take(asked('Hello', { model: 'gpt-4o' }))
    expect(miss.found).toBe(false)
    if (miss.found) return
    expect(miss.miss.reason).toBe('no recording matches it')
    expect(miss.miss.nearest.map((near) => near.id)).toEqual([1, 2])
    expect(miss.message).toContain('gpt-4o')
    const report = replay.report()
    expect(report.unmatched).toHaveLength(1)
    expect(report.unused.map((unused) => unused.id)).toEqual([1, 2])
    expect(isReplayDone(report)).toBe(false)
  })

  it('is done when every exchange was used and no request went unanswered', () => {
    const replay = replayOf(chatExchange(1, 'Hi', { text: 'Done.' }))
    expect(isReplayDone(replay.report())).toBe(false)
    replay.take(asked('Hi'))
    expect(isReplayDone(replay.report())).toBe(true)
  })

  it('a route with no recording at all says so', () => {
    const replay = replayOf(chatExchange(1, 'Hi', { text: 'Chat only.' }))
    const miss = replay.take(asked('Hi', { route: 'anthropic.messages', path: '/v1/messages' }))
    expect(miss.found === false && miss.miss.reason).toBe('no recording of anthropic.messages was loaded')
  })
})
