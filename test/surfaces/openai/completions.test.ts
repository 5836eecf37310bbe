import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type RequestLogEntry } from '../../../src/index.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'
import { answerOrder } from '../../support/answer-order.ts'
import { modes, useHarness } from '../../support/modes.ts'
import { rejection } from '../../support/rejection.ts'

const apiError = async (call: PromiseLike<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> =>
  (await rejection(call)) as InstanceType<typeof OpenAI.APIError>

const instruct = 'gpt-3.5-turbo-instruct'

describe.each(modes)('openai SDK completions ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })
  const client = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })

  it('completes a prompt: a text_completion with one choice and its usage', async () => {
    const completion = await client().completions.create({ model: instruct, prompt: 'Say hello', max_tokens: 200 })
    expect(completion).toMatchObject({ object: 'text_completion', model: instruct, id: expect.stringMatching(/^cmpl-/) })
    expect(completion.choices).toEqual([
      { text: `This is a mock reply from ${instruct}. You said: "Say hello"`, index: 0, logprobs: null, finish_reason: 'stop' },
    ])
    // A bare prompt is its own tokens: "Say hello" is two.
    expect(completion.usage).toEqual({ prompt_tokens: 2, completion_tokens: expect.any(Number), total_tokens: expect.any(Number) })
    expect(completion.usage!.total_tokens).toBe(2 + completion.usage!.completion_tokens)
  })

  it('stops at 16 tokens when max_tokens is not given, as OpenAI does', async () => {
    const completion = await client().completions.create({ model: instruct, prompt: 'Say hello' })
    expect(completion.choices[0]!.finish_reason).toBe('length')
    expect(completion.usage!.completion_tokens).toBe(16)
  })

  it('answers fill-in-the-middle: the suffix counts as prompt, as Continue sends it', async () => {
    const plain = await client().completions.create({ model: instruct, prompt: 'def add(a, b):\n    ', max_tokens: 64 })
    const fim = await client().completions.create({
      model: instruct,
      prompt: 'def add(a, b):\n    ',
      suffix: '\n\nprint(add(1, 2))',
      max_tokens: 64,
    })
    expect(fim.usage!.prompt_tokens).toBeGreaterThan(plain.usage!.prompt_tokens)
    expect(fim.choices[0]!.text).not.toBe('')
  })

  it('answers a list of prompts with one choice each, in order, billed together', async () => {
    const completion = await client().completions.create({ model: instruct, prompt: ['first', 'second'], max_tokens: 100 })
    expect(completion.choices.map((choice) => [choice.index, choice.text])).toEqual([
      [0, `This is a mock reply from ${instruct}. You said: "first"`],
      [1, `This is a mock reply from ${instruct}. You said: "second"`],
    ])
    expect(completion.usage!.prompt_tokens).toBe(2)
  })

  it('echoes the prompt and gives log probabilities when asked', async () => {
    const completion = await client().completions.create({ model: instruct, prompt: 'Echo me', echo: true, logprobs: 2, max_tokens: 5 })
    const [choice] = completion.choices
    expect(choice!.text.startsWith('Echo me')).toBe(true)
    const logprobs = choice!.logprobs!
    expect(logprobs.tokens!.join('')).toBe(choice!.text)
    expect(logprobs.token_logprobs![0]).toBeNull()
    expect(logprobs.text_offset![0]).toBe(0)
    for (const top of logprobs.top_logprobs!.slice(1)) expect(Object.keys(top!)).toHaveLength(2)
  })

  it("counts text_offset from the prompt's start without echo too, as OpenAI does", async () => {
    const completion = await client().completions.create({ model: instruct, prompt: 'Count me', logprobs: 1, max_tokens: 3 })
    const { text_offset: offsets, tokens } = completion.choices[0]!.logprobs!
    expect(offsets![0]).toBe('Count me'.length)
    expect(offsets![1]).toBe('Count me'.length + tokens![0]!.length)
  })

  it('serves chat models too, as gateways relay completions to chat and coder models', async () => {
    const completion = await client().completions.create({ model: 'gpt-4o-mini', prompt: 'Hi', max_tokens: 50 })
    expect(completion.choices[0]!.text).toBe('This is a mock reply from gpt-4o-mini. You said: "Hi"')
  })

  it('streams text_completion chunks, then usage, then [DONE]', async () => {
    const stream = await client().completions.create({
      model: instruct,
      prompt: 'Stream me',
      max_tokens: 100,
      stream: true,
      stream_options: { include_usage: true },
    })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    const text = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.text)).join('')
    expect(text).toBe(`This is a mock reply from ${instruct}. You said: "Stream me"`)
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1)
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop')
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 2 } })
  })

  it("streams each chunk as one line of compact JSON, echo and logprobs included, keys in OpenAI's order", async () => {
    const res = await fetch(`${harness.baseUrl}/v1/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: instruct, prompt: ['Say "hi"\n', 'two'], echo: true, logprobs: 1, max_tokens: 6, stream: true }),
    })
    const events = (await res.text()).split('\n\n').filter((event) => event !== '')
    expect(events.at(-1)).toBe('data: [DONE]')
    const chunks = events.slice(0, -1).map((event) => event.replace(/^data: /, ''))
    for (const chunk of chunks) expect(chunk).toBe(JSON.stringify(JSON.parse(chunk)))
    expect(Object.keys(JSON.parse(chunks[0]!))).toEqual(['id', 'object', 'created', 'model', 'system_fingerprint', 'choices'])
    expect(Object.keys(JSON.parse(chunks[0]!).choices[0])).toEqual(['text', 'index', 'logprobs', 'finish_reason'])
    expect(JSON.parse(chunks[0]!).choices[0]).toMatchObject({ text: 'Say "hi"\n', index: 0, logprobs: { tokens: expect.any(Array) } })
    expect(chunks.map((chunk) => JSON.parse(chunk).choices[0].index)).toContain(1)
  })

  it('refuses a model of another kind, naming its kind and the route', async () => {
    const error = await apiError(client().completions.create({ model: 'tts-1', prompt: 'x' }))
    expect(error).toMatchObject({ status: 400, code: 'invalid_request_error', param: 'model' })
    expect(error.message).toContain(
      "The model 'tts-1' is a speech model, and POST /v1/completions takes a completion (instruct) model or a chat model.",
    )
  })

  it('refuses an instruct model on chat completions, as OpenAI does', async () => {
    const error = await apiError(client().chat.completions.create({ model: instruct, messages: [{ role: 'user', content: 'x' }] }))
    expect(error).toMatchObject({ status: 400, param: 'model' })
    expect(error.message).toContain(
      `The model '${instruct}' is a completion (instruct) model, and POST /v1/chat/completions takes a chat model.`,
    )
  })

  it('refuses a prompt that does not fit the window with its max_tokens', async () => {
    const error = await apiError(client().completions.create({ model: instruct, prompt: 'Hello', max_tokens: 4_096 }))
    expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded', param: 'prompt' })
  })

  it('refuses n other than 1 and a missing prompt with the field named', async () => {
    const n = await apiError(client().completions.create({ model: instruct, prompt: 'x', n: 2 }))
    expect(n.message).toContain('n: the gateway generates one choice per prompt: n must be 1')
    const missing = await apiError(client().completions.create({ model: instruct } as never))
    expect(missing.message).toContain('prompt: expected a string, a list of strings, a list of token ids or a list of token-id lists')
  })

  it('counts a prompt given as token ids one token per id, as /v1/embeddings does, and the suffix after them by its text', async () => {
    const ids = [9906, 11, 1917, 0, 358, 1097, 264, 1296, 13, 100_000]
    const completion = await client().completions.create({ model: instruct, prompt: ids, max_tokens: 1 })
    expect(completion.usage!.prompt_tokens).toBe(10)
    const embedding = await client().embeddings.create({ model: 'text-embedding-3-small', input: ids })
    expect(embedding.usage.prompt_tokens).toBe(10)
    const lists = await client().completions.create({ model: instruct, prompt: [ids, [1, 2, 3]], max_tokens: 1 })
    expect(lists.usage!.prompt_tokens).toBe(13)
    // "Say hello" is two tokens.
    const fim = await client().completions.create({ model: instruct, prompt: ids, suffix: 'Say hello', max_tokens: 1 })
    expect(fim.usage!.prompt_tokens).toBe(12)
  })

  it.each([
    ['temperature', 'hot', 'temperature: Invalid input: expected number, received string'],
    ['top_p', [0.5], 'top_p: Invalid input: expected number, received array'],
    ['stop', 5, 'stop: expected a string or a list of strings'],
    ['stop', ['\n', 5], 'stop: expected a string or a list of strings'],
    ['user', 42, 'user: Invalid input: expected string, received number'],
  ])('refuses %s of the wrong type (%j) with 400 naming it', async (field, value, message) => {
    const error = await apiError(client().completions.create({ model: instruct, prompt: 'x', [field]: value } as never))
    expect(error).toMatchObject({ status: 400, param: field, type: 'invalid_request_error' })
    expect(error.message).toContain(message)
  })

  it('takes temperature, top_p, stop and user of the right types, and null', async () => {
    for (const settings of [
      { temperature: 0.2, top_p: 0.9, stop: ['\n'], user: 'u-1' },
      { temperature: null, top_p: null, stop: null },
    ]) {
      const completion = await client().completions.create({ model: instruct, prompt: 'x', max_tokens: 1, ...settings })
      expect(completion.object).toBe('text_completion')
    }
  })

  it('answers 2 048 prompts and refuses more, naming the cap', async () => {
    const most = await client().completions.create({
      model: instruct,
      prompt: Array.from({ length: 2048 }, (_, index) => `p${index}`),
      max_tokens: 1,
    })
    expect(most.choices).toHaveLength(2048)
    for (const prompt of [Array(2049).fill('x'), Array(2049).fill([1, 2])]) {
      const error = await apiError(client().completions.create({ model: instruct, prompt }))
      expect(error).toMatchObject({ status: 400, param: 'prompt' })
      expect(error.message).toContain('prompt: at most 2048 prompts per request, got 2049')
    }
  })
})

describe('many prompts', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(await createGateway(), { port: 0 })
  })
  afterAll(() => server.close())

  it('leave the server to other clients while they are answered: a request sent meanwhile is answered first', async () => {
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${server.url}/v1`, maxRetries: 0 })
    // The tokenizer is loaded on the first generation: after that, a request goes straight to its work.
    await client.completions.create({ model: instruct, prompt: 'warm up' })
    const prompt = Array.from({ length: 2048 }, (_, index) => `prompt number ${index} of a long list`)
    expect(await answerOrder(server, () => client.completions.create({ model: instruct, prompt }))).toEqual(['status', 'slow'])
  })
})
