import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { eitherMode, type Harness, type Mode } from '../support/modes.ts'
import { chatExchange, recording } from '../support/recordings.ts'
import { rejection } from '../support/rejection.ts'

// Issue 24 item 3: a replay whose world refuses a request that a recording would answer (the key
// the client sent unknown, the recorded model missing: the default world against a recorded team
// session) says so in the error and in the journal the inspector shows, instead of leaving the
// user to guess that the recordings are there.
const session = recording(
  [
    chatExchange(1, 'Our motto?', { text: 'Recorded: short, plain and true.' }, { model: 'team-writer' }),
    chatExchange(2, 'Hello', { text: 'Recorded hello.' }),
  ],
  'team.json',
)
const ask = (model: string, content: string) => ({ model, messages: [{ role: 'user' as const, content }] })

describe.each(eitherMode)('a replay whose world refuses what a recording answers ($name)', (mode: Mode) => {
  let harness: Harness | undefined
  afterEach(async () => {
    await harness?.close()
    harness = undefined
  })
  const openai = (h: Harness, apiKey: string) => new OpenAI({ apiKey, baseURL: `${h.baseUrl}/v1`, maxRetries: 0 })

  it.each(['spec', 'new-api'] as const)('names the recording when the key is unknown (%s profile)', async (profile) => {
    const h = (harness = await mode.start({ replay: session, profile }))
    const refused = await rejection(openai(h, 'sk-team-client-key').chat.completions.create(ask('gpt-4o-mini', 'Hello')))
    expect(refused).toMatchObject({ status: 401 })
    expect((refused as Error).message).toContain(
      '(llm-gateway-mock: recording "team.json" #2 answers this request, but the world refused it first: it does not know the key. Replay with a world that knows the key and the model "gpt-4o-mini": --world FILE, or createGateway\'s world; llm-gateway-mock import makes one from the upstream.)',
    )
    const [entry] = h.gateway.journal.entries
    expect(entry).toMatchObject({
      status: 401,
      decidedBy: 'recording "team.json" #2 would answer it, but the world refused it first: it does not know the key',
    })
    // The inspector's detail of that request says it too, and its answer as the client got it.
    const detail = await (await fetch(`${h.baseUrl}/__mock/journal/${entry!.requestId}`)).json()
    expect(JSON.stringify(detail)).toContain('recording \\"team.json\\" #2 would answer it, but the world refused it first')
    // The recording stays unused: a world that knows the key gets it next.
    expect(h.gateway.replay.unused().map((unused) => unused.id)).toEqual([1, 2])
  })

  it('names the recording when the world has no such model', async () => {
    const h = (harness = await mode.start({ replay: session }))
    const refused = await rejection(openai(h, 'sk-unrestricted').chat.completions.create(ask('team-writer', 'Our motto?')))
    expect(refused).toMatchObject({ status: 404 })
    expect((refused as Error).message).toContain(
      'recording "team.json" #1 answers this request, but the world refused it first: it has no model "team-writer" for this key. Replay with a world that knows the key and the model "team-writer"',
    )
    expect(h.gateway.journal.entries[0]?.decidedBy).toBe(
      'recording "team.json" #1 would answer it, but the world refused it first: it has no model "team-writer" for this key',
    )
  })

  it('says nothing more when no recording answers the request, or the world refused it on purpose', async () => {
    const h = (harness = await mode.start({ replay: session }))
    const unknown = await rejection(openai(h, 'sk-team-client-key').chat.completions.create(ask('gpt-4o-mini', 'Something else')))
    expect((unknown as Error).message).not.toContain('llm-gateway-mock:')
    const disabled = await rejection(openai(h, 'sk-disabled').chat.completions.create(ask('gpt-4o-mini', 'Hello')))
    expect(disabled).toMatchObject({ status: 401 })
    expect((disabled as Error).message).not.toContain('llm-gateway-mock:')
  })
})
