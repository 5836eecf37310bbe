import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import { ApiError, GoogleGenAI } from '@google/genai'
import { setupServer } from 'msw/node'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from '../../src/node/package-entry.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

// Item 6 of the record-and-replay issue, end to end: a second `llm-gateway-mock serve --profile
// new-api` stands in for a team's real gateway, with a world and a scenario of its own. The
// official SDKs run one session through `record`; then the upstream is stopped and the same
// session runs against `serve --replay` and in process: the SDKs must see the same answers.

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])

const clientKey = 'sk-team-client-key'
const upstreamKey = 'sk-upstream-9c4e1d-DISTINCTIVE'
const houseStyle = "Our team's house style: short, plain and true."
const world = {
  extends: 'default',
  models: [
    { id: 'team-writer', ownedBy: 'team', pricing: { ratio: 1 }, reply: { type: 'text', text: houseStyle } },
    {
      id: 'team-agent',
      ownedBy: 'team',
      pricing: { ratio: 1 },
      reply: { type: 'tool-calls', calls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }], text: '' },
    },
    { id: 'team-limited', ownedBy: 'team', pricing: { ratio: 1 }, reply: { type: 'text', text: 'Within the limit.' } },
    { id: 'team-overloaded', ownedBy: 'team', pricing: { ratio: 1 }, reply: { type: 'text', text: 'Never seen.' } },
    {
      id: 'team-embed',
      kind: 'embedding',
      ownedBy: 'team',
      endpointTypes: ['embeddings', 'gemini'],
      dimensions: 8,
      pricing: { ratio: 0.1 },
    },
  ],
  groups: [{ name: 'default', models: { add: ['team-writer', 'team-agent', 'team-limited', 'team-overloaded', 'team-embed'] } }],
  tokens: [
    { key: clientKey, name: 'client', userId: 1, unlimitedQuota: true },
    { key: upstreamKey, name: 'upstream', userId: 1, unlimitedQuota: true },
  ],
}
const scenario = {
  name: 'team-limits',
  rules: [
    {
      name: 'one a window',
      when: { model: 'team-limited', after: 1 },
      then: { fail: { code: 'rate_limit_exceeded', retryAfterMs: 4000 } },
    },
    {
      name: 'overloaded',
      when: { model: 'team-overloaded' },
      then: { fail: { code: 'upstream_error', status: 529, message: 'The team upstream is overloaded.' } },
    },
  ],
}

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
}

/** What an SDK error shows a client. */
function failure(error: unknown) {
  if (error instanceof ApiError) return { status: error.status, message: error.message }
  const { status, message, code, headers } = error as { status: number; message: string; code?: string; headers?: Headers }
  return { status, message, code, retryAfter: headers?.get('retry-after') ?? null }
}
const failed = (promise: Promise<unknown>) => promise.then(() => 'succeeded' as const, failure)

/** One session of a team's client code against `baseUrl`, with every official SDK: what each call gave back. */
async function session(baseUrl: string) {
  const openai = new OpenAI({ apiKey: clientKey, baseURL: `${baseUrl}/v1`, maxRetries: 0 })
  const anthropic = new Anthropic({ apiKey: clientKey, baseURL: baseUrl, maxRetries: 0 })
  const genai = new GoogleGenAI({ apiKey: clientKey, httpOptions: { baseUrl, apiVersion: 'v1beta' } })
  const said = (content: string) => [{ role: 'user' as const, content }]

  const chat = await openai.chat.completions.create({ model: 'team-writer', messages: said('Write our motto') })
  let streamedText = ''
  let streamedUsage: unknown
  for await (const chunk of await openai.chat.completions.create({
    model: 'team-writer',
    messages: said('Stream our motto'),
    stream: true,
    stream_options: { include_usage: true },
  })) {
    streamedText += chunk.choices[0]?.delta.content ?? ''
    if (chunk.usage) streamedUsage = chunk.usage
  }
  const call = await openai.chat.completions.create({ model: 'team-agent', messages: said('Weather in Oslo?'), tools: [weatherTool] })
  const toolCall = call.choices[0]!.message.tool_calls![0]! as { id: string; function: { name: string; arguments: string } }
  const answered = await openai.chat.completions.create({
    model: 'team-writer',
    tools: [weatherTool],
    messages: [
      ...said('Weather in Oslo?'),
      { role: 'assistant', content: null, tool_calls: [call.choices[0]!.message.tool_calls![0]!] },
      { role: 'tool', tool_call_id: toolCall.id, content: '{"sky":"clear"}' },
    ],
  })
  const response = await openai.responses.create({ model: 'team-writer', input: 'Respond with our motto' })
  const embedding = await openai.embeddings.create({ model: 'team-embed', input: 'team handbook' })
  const limitedFirst = await openai.chat.completions.create({ model: 'team-limited', messages: said('Am I limited?') })
  const limitedSecond = await failed(openai.chat.completions.create({ model: 'team-limited', messages: said('Am I limited?') }))

  const message = await anthropic.messages.create({ model: 'team-writer', max_tokens: 200, messages: said('Claude, our motto') })
  const streamedMessage = await anthropic.messages
    .stream({ model: 'team-writer', max_tokens: 200, messages: said('Claude, stream it') })
    .finalMessage()
  const overloaded = await failed(anthropic.messages.create({ model: 'team-overloaded', max_tokens: 200, messages: said('Busy?') }))

  const gemini = await genai.models.generateContent({ model: 'team-writer', contents: 'Gemini, our motto' })
  let geminiStreamed = ''
  for await (const chunk of await genai.models.generateContentStream({ model: 'team-writer', contents: 'Gemini, stream it' }))
    geminiStreamed += chunk.text ?? ''
  const vectors = await genai.models.embedContent({ model: 'team-embed', contents: ['first page', 'second page'] })

  return {
    chat: { id: chat.id, text: chat.choices[0]!.message.content, usage: chat.usage },
    streamed: { text: streamedText, usage: streamedUsage },
    toolCall: {
      id: toolCall.id,
      name: toolCall.function.name,
      arguments: JSON.parse(toolCall.function.arguments),
      finish: call.choices[0]!.finish_reason,
    },
    afterTool: answered.choices[0]!.message.content,
    response: { id: response.id, text: response.output_text, usage: response.usage },
    embedding: { vector: embedding.data[0]!.embedding, usage: embedding.usage },
    limited: { first: limitedFirst.choices[0]!.message.content, second: limitedSecond },
    message: { id: message.id, content: message.content, usage: message.usage, stop: message.stop_reason },
    streamedMessage: { content: streamedMessage.content, usage: streamedMessage.usage },
    overloaded,
    gemini: { text: gemini.text, usage: gemini.usageMetadata },
    geminiStreamed,
    geminiVectors: vectors.embeddings?.map((vector) => vector.values),
  }
}

describe('recording a real gateway with the official SDKs, then replaying it offline', () => {
  let directory = ''
  let worldFile = ''
  let out = ''
  let recorderOutput = ''
  let recorded: Awaited<ReturnType<typeof session>>
  const processes: CliProcess[] = []
  const started = (cli: CliProcess) => {
    processes.push(cli)
    return cli
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-e2e-'))
    worldFile = join(directory, 'team-world.json')
    const scenarioFile = join(directory, 'team-limits.json')
    out = join(directory, 'recordings')
    writeFileSync(worldFile, JSON.stringify(world))
    writeFileSync(scenarioFile, JSON.stringify(scenario))

    const upstream = started(run('--profile', 'new-api', '--port', '0', '--world', worldFile, '--scenario', scenarioFile, '--quiet'))
    const [, upstreamUrl] = await upstream.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    const recorder = started(run('record', '--upstream', upstreamUrl!, '--port', '0', '--out', out, '--upstream-key', upstreamKey))
    const [, recorderUrl] = await recorder.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)
    recorded = await session(recorderUrl!)
    await recorder.stop('SIGTERM')
    recorderOutput = recorder.output()
    await upstream.stop('SIGTERM')
  }, 90_000)

  afterAll(async () => {
    for (const cli of processes) await cli.stop('SIGKILL')
    rmSync(directory, { recursive: true, force: true })
  })

  it('saw, through the recorder, what the upstream world and scenario answer', () => {
    expect(recorded.chat.text).toBe(houseStyle)
    expect(recorded.streamed.text).toBe(houseStyle)
    expect(recorded.toolCall).toMatchObject({ name: 'get_weather', arguments: { city: 'Oslo' }, finish: 'tool_calls' })
    expect(recorded.limited.second).toMatchObject({ status: 429, code: 'rate_limit_exceeded', retryAfter: '4' })
    expect(recorded.overloaded).toMatchObject({ status: 529, message: expect.stringContaining('The team upstream is overloaded.') })
    expect(recorded.gemini.text).toBe(houseStyle)
    expect(recorded.geminiVectors).toHaveLength(2)
    expect(recorderOutput).toMatch(/Recorded 14 exchanges into /)
  })

  it('wrote owner-only files holding neither the upstream key nor the client key, nor printed them', () => {
    const files = readdirSync(out)
    expect(files).toHaveLength(1)
    expect(statSync(out).mode & 0o777).toBe(0o700)
    for (const name of files) {
      expect(statSync(join(out, name)).mode & 0o777).toBe(0o600)
      const text = readFileSync(join(out, name), 'utf8')
      expect(text).not.toContain(upstreamKey)
      expect(text).not.toContain(clientKey)
      expect(text).not.toMatch(/authorization|x-api-key|x-goog-api-key/i)
    }
    expect(recorderOutput).not.toContain(upstreamKey)
    expect(recorderOutput).not.toContain(clientKey)
  })

  it('replays the session with serve --replay, the upstream gone: the SDKs see the same answers and errors', async () => {
    const replaying = started(
      run('--profile', 'new-api', '--port', '0', '--world', worldFile, '--replay', out, '--replay-strict', '--replay-speed', '0'),
    )
    const [, url] = await replaying.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(replaying.output()).toMatch(/Replay 14 recorded exchanges from 1 file/)
    expect(await session(url!)).toEqual(recorded)
    const report = await (await fetch(`${url}/__mock/replay`)).json()
    expect(report).toMatchObject({ unused: [], unmatched: [] })
    expect((await fetch(`${url}/__mock/replay/assert`, { method: 'POST' })).status).toBe(200)
    await replaying.stop('SIGTERM')
  }, 60_000)

  it('replays it in process too, from the directory, under setupServer', async () => {
    const gateway = await createGateway({
      world: JSON.parse(readFileSync(worldFile, 'utf8')),
      profile: 'new-api',
      replay: out,
      replayStrict: true,
      replaySpeed: 0,
    })
    const server = setupServer(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      expect(await session('http://gateway.test')).toEqual(recorded)
      gateway.replay.assertDone()
      expect(gateway.journal.entries.filter((entry) => entry.decidedBy?.startsWith('recording "')).length).toBe(14)
    } finally {
      server.close()
    }
  }, 60_000)
})
