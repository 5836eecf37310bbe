import { ApiError, FinishReason, FunctionCallingConfigMode, GoogleGenAI, Type, type Content, type FunctionDeclaration } from '@google/genai'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../../src/index.ts'
import { modes, useHarness } from '../../support/modes.ts'

const flash = 'gemini-2.5-flash'
const hello: Content[] = [{ role: 'user', parts: [{ text: 'Hello, Gemini' }] }]
const helloReply = `This is a mock reply from ${flash}. You said: "Hello, Gemini"`

const getWeather: FunctionDeclaration = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: {
    type: Type.OBJECT,
    properties: {
      city: { type: Type.STRING },
      unit: { type: Type.STRING, enum: ['celsius', 'fahrenheit'] },
      days: { type: Type.INTEGER, minimum: 1 },
    },
    required: ['city', 'unit'],
  },
}

// genai 3.x calls /v1 by default; 2.x (and anyone pinning the version) calls /v1beta.
const apiVersions = [
  { name: 'default (/v1)', apiVersion: undefined, prefix: '/v1/' },
  { name: 'v1beta', apiVersion: 'v1beta', prefix: '/v1beta/' },
]

/** The parsed Google error envelope genai puts in `ApiError.message`. */
function envelopeOf(error: unknown): { error: { code: number; message: string; status: string; details: { reason?: string }[] } } {
  expect(error).toBeInstanceOf(ApiError)
  return JSON.parse((error as ApiError).message)
}

describe.each(modes)('@google/genai generation ($name)', (mode) => {
  const log: RequestLogEntry[] = []
  const harness = useHarness(mode, { onRequest: (entry) => log.push(entry) })

  describe.each(apiVersions)('API version $name', ({ apiVersion, prefix }) => {
    const client = (apiKey = 'sk-unrestricted') =>
      new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.baseUrl, ...(apiVersion ? { apiVersion } : {}) } })

    /** The path of the last request the gateway answered. */
    const lastPath = () => log.at(-1)?.path

    it('generateContent: text, STOP, usage that agrees with countTokens, modelVersion and responseId', async () => {
      const ai = client()
      const response = await ai.models.generateContent({ model: flash, contents: hello })
      expect(lastPath()).toBe(`${prefix}models/${flash}:generateContent`)
      const { totalTokens } = await ai.models.countTokens({ model: flash, contents: hello })
      expect(lastPath()).toBe(`${prefix}models/${flash}:countTokens`)

      expect(response.text).toBe(helloReply)
      expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP)
      expect(response.modelVersion).toBe(flash)
      expect(response.responseId).toMatch(/^[0-9a-f]+$/)
      expect(totalTokens).toBeGreaterThan(0)
      const usage = response.usageMetadata!
      expect(usage.promptTokenCount).toBe(totalTokens)
      expect(usage.candidatesTokenCount).toBeGreaterThan(0)
      expect(usage.totalTokenCount).toBe(totalTokens! + usage.candidatesTokenCount!)
      expect(usage.promptTokensDetails).toEqual([{ modality: 'TEXT', tokenCount: totalTokens }])
    })

    it('generateContent is deterministic: the same request gives the same reply and id', async () => {
      const ai = client()
      const first = await ai.models.generateContent({ model: flash, contents: 'Say it twice' })
      const second = await ai.models.generateContent({ model: flash, contents: 'Say it twice' })
      expect(second.text).toBe(first.text)
      expect(second.responseId).toBe(first.responseId)
    })

    it('honours systemInstruction in the prompt count', async () => {
      const ai = client()
      const plain = await ai.models.generateContent({ model: flash, contents: hello })
      const withSystem = await ai.models.generateContent({
        model: flash,
        contents: hello,
        config: { systemInstruction: 'Answer like a pirate.' },
      })
      expect(withSystem.text).toBe(helloReply)
      expect(withSystem.usageMetadata!.promptTokenCount).toBeGreaterThan(plain.usageMetadata!.promptTokenCount!)
    })

    it('generateContentStream: the chunks add up to the non-stream reply; the last carries finishReason and usage', async () => {
      const ai = client()
      const whole = await ai.models.generateContent({ model: flash, contents: hello })
      const chunks = []
      for await (const chunk of await ai.models.generateContentStream({ model: flash, contents: hello })) chunks.push(chunk)
      expect(lastPath()).toBe(`${prefix}models/${flash}:streamGenerateContent`)

      expect(chunks.length).toBeGreaterThan(1)
      expect(chunks.map((c) => c.text ?? '').join('')).toBe(whole.text)
      const last = chunks.at(-1)!
      expect(last.candidates?.[0]?.finishReason).toBe(FinishReason.STOP)
      expect(last.usageMetadata).toEqual(whole.usageMetadata)
      expect(chunks.slice(0, -1).every((c) => c.candidates?.[0]?.finishReason === undefined)).toBe(true)
      expect(chunks.every((c) => c.responseId === whole.responseId && c.modelVersion === flash)).toBe(true)
    })

    it('function calling: a declared function is called with arguments that fit its schema', async () => {
      const response = await client().models.generateContent({
        model: flash,
        contents: 'What is the weather in Paris?',
        config: { tools: [{ functionDeclarations: [getWeather] }] },
      })
      expect(response.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'mock city', unit: 'celsius', days: 1 } }])
      // A reply of calls alone carries no text part at all.
      expect(response.candidates?.[0]?.content?.parts?.some((part) => part.text !== undefined)).toBe(false)
      expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP)
    })

    it('function calling: ANY with one allowed name calls that function', async () => {
      const other: FunctionDeclaration = {
        name: 'get_time',
        parametersJsonSchema: { type: 'object', properties: { zone: { type: 'string' } } },
      }
      const response = await client().models.generateContent({
        model: flash,
        contents: 'What time is it?',
        config: {
          tools: [{ functionDeclarations: [getWeather, other] }],
          toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['get_time'] } },
        },
      })
      expect(response.functionCalls).toEqual([{ name: 'get_time', args: { zone: 'mock zone' } }])
    })

    it('function calling: NONE answers in text', async () => {
      const response = await client().models.generateContent({
        model: flash,
        contents: hello,
        config: {
          tools: [{ functionDeclarations: [getWeather] }],
          toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } },
        },
      })
      expect(response.functionCalls).toBeUndefined()
      expect(response.text).toBe(helloReply)
    })

    it('function calling: a functionResponse follow-up gets a text answer about the result', async () => {
      const ai = client()
      const config = { tools: [{ functionDeclarations: [getWeather] }] }
      const question: Content = { role: 'user', parts: [{ text: 'Weather in Paris?' }] }
      const first = await ai.models.generateContent({ model: flash, contents: [question], config })
      const call = first.functionCalls![0]!
      const second = await ai.models.generateContent({
        model: flash,
        contents: [
          question,
          first.candidates![0]!.content!,
          { role: 'user', parts: [{ functionResponse: { name: call.name!, response: { temperature: 21 } } }] },
        ],
        config,
      })
      expect(second.functionCalls).toBeUndefined()
      expect(second.text).toBe(`This is a mock reply from ${flash}. The tool get_weather returned: {"temperature":21}`)
    })

    it('function calling in a stream: the call arrives whole, with finishReason STOP', async () => {
      const chunks = []
      const stream = await client().models.generateContentStream({
        model: flash,
        contents: 'Weather in Paris?',
        config: { tools: [{ functionDeclarations: [getWeather] }] },
      })
      for await (const chunk of stream) chunks.push(chunk)
      expect(chunks.flatMap((c) => c.functionCalls ?? [])).toEqual([
        { name: 'get_weather', args: { city: 'mock city', unit: 'celsius', days: 1 } },
      ])
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe(FinishReason.STOP)
    })

    it('maxOutputTokens truncates with MAX_TOKENS, in a response and in a stream', async () => {
      const ai = client()
      const response = await ai.models.generateContent({ model: flash, contents: hello, config: { maxOutputTokens: 3 } })
      expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.MAX_TOKENS)
      expect(response.usageMetadata?.candidatesTokenCount).toBe(3)
      expect(helloReply.startsWith(response.text!)).toBe(true)
      expect(response.text!.length).toBeLessThan(helloReply.length)

      const chunks = []
      for await (const chunk of await ai.models.generateContentStream({ model: flash, contents: hello, config: { maxOutputTokens: 3 } }))
        chunks.push(chunk)
      expect(chunks).toHaveLength(3)
      expect(chunks.map((c) => c.text).join('')).toBe(response.text)
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe(FinishReason.MAX_TOKENS)
    })

    it('401 UNAUTHENTICATED for an unknown key', async () => {
      const error = await client('sk-no-such-key')
        .models.generateContent({ model: flash, contents: hello })
        .catch((e: unknown) => e)
      expect((error as ApiError).status).toBe(401)
      expect(envelopeOf(error).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', details: [{ reason: 'invalid_api_key' }] })
    })

    it('404 NOT_FOUND for an unknown model and for a model outside the key group', async () => {
      for (const model of ['gemini-9-ultra', 'gemini-2.5-pro']) {
        const error = await client()
          .models.generateContent({ model, contents: hello })
          .catch((e: unknown) => e)
        expect((error as ApiError).status).toBe(404)
        expect(envelopeOf(error).error).toMatchObject({ code: 404, status: 'NOT_FOUND', details: [{ reason: 'model_not_found' }] })
        expect(envelopeOf(error).error.message).toContain(model)
      }
      const counted = await client()
        .models.countTokens({ model: 'gemini-2.5-pro', contents: hello })
        .catch((e: unknown) => e)
      expect((counted as ApiError).status).toBe(404)
    })

    it('403 PERMISSION_DENIED when the key owner has no quota, streamed or not', async () => {
      const ai = client('sk-broke-user')
      const error = await ai.models.generateContent({ model: flash, contents: hello }).catch((e: unknown) => e)
      expect((error as ApiError).status).toBe(403)
      expect(envelopeOf(error).error).toMatchObject({ status: 'PERMISSION_DENIED', details: [{ reason: 'insufficient_quota' }] })

      const streamed = await ai.models.generateContentStream({ model: flash, contents: hello }).catch((e: unknown) => e)
      expect((streamed as ApiError).status).toBe(403)
    })

    it('400 INVALID_ARGUMENT when the prompt does not fit the context window, with both numbers', async () => {
      const ai = client()
      const contents = 'word '.repeat(5_000)
      const { totalTokens } = await ai.models.countTokens({ model: 'small-context-4k', contents })
      expect(totalTokens).toBeGreaterThan(4_096)
      const error = await ai.models.generateContent({ model: 'small-context-4k', contents }).catch((e: unknown) => e)
      expect((error as ApiError).status).toBe(400)
      const { message, status, details } = envelopeOf(error).error
      expect(status).toBe('INVALID_ARGUMENT')
      expect(details[0]?.reason).toBe('context_length_exceeded')
      expect(message).toContain('4096')
      expect(message).toContain(String(totalTokens))
    })
  })
})

describe.each(modes)('Gemini generation over raw HTTP ($name)', (mode) => {
  const harness = useHarness(mode)
  const body = { contents: hello }

  const post = (path: string, payload: unknown, headers: Record<string, string> = { 'x-goog-api-key': 'sk-unrestricted' }) =>
    fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    })

  it('takes the key from ?key=', async () => {
    const response = await post(`/v1beta/models/${flash}:generateContent?key=sk-unrestricted`, body, {})
    expect(response.status).toBe(200)
    const json = await response.json()
    expect(json.candidates[0].content).toEqual({ role: 'model', parts: [{ text: helloReply }] })
  })

  it('x-goog-api-key wins over ?key=', async () => {
    const response = await post(`/v1/models/${flash}:generateContent?key=sk-no-such-key`, body)
    expect(response.status).toBe(200)
  })

  it.each(['/v1beta', '/v1'])('%s :streamGenerateContent without alt=sse still answers SSE with data-only events', async (prefix) => {
    const response = await post(`${prefix}/models/${flash}:streamGenerateContent`, body)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const text = await response.text()
    expect(text).not.toMatch(/^event:/m)
    expect(text).not.toContain('[DONE]')
    expect(text.endsWith('\n\n')).toBe(true)
    const events = text.trimEnd().split('\n\n')
    expect(events.every((event) => event.startsWith('data: {'))).toBe(true)
    const chunks = events.map((event) => JSON.parse(event.slice('data: '.length)))
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe(helloReply)
    expect(chunks.at(-1).candidates[0].finishReason).toBe('STOP')
    expect(chunks.at(-1).usageMetadata.candidatesTokenCount).toBeGreaterThan(0)
  })

  it('countTokens takes a whole generateContentRequest and counts it as generateContent does', async () => {
    const request = {
      contents: hello,
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: [{ functionDeclarations: [{ name: 'noop', description: 'Does nothing' }] }, { googleSearch: {} }],
      toolConfig: { functionCallingConfig: { mode: 'NONE' } },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
    }
    const generated = await (await post(`/v1beta/models/${flash}:generateContent`, request)).json()
    const counted = await (
      await post(`/v1beta/models/${flash}:countTokens`, { generateContentRequest: { model: `models/${flash}`, ...request } })
    ).json()
    const bare = await (await post(`/v1beta/models/${flash}:countTokens`, body)).json()
    expect(counted).toEqual({
      totalTokens: generated.usageMetadata.promptTokenCount,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: counted.totalTokens }],
    })
    expect(counted.totalTokens).toBeGreaterThan(bare.totalTokens)
  })

  it('accepts system_instruction (snake case) and a models/ prefix in the path', async () => {
    const response = await post(`/v1beta/models/models%2F${flash}:generateContent`, {
      ...body,
      system_instruction: { parts: [{ text: 'Be brief.' }] },
    })
    expect(response.status).toBe(200)
    expect((await response.json()).modelVersion).toBe(flash)
  })

  it.each([
    ['no contents', {}, 'contents: Field required'],
    ['empty contents', { contents: [] }, 'contents:'],
    ['contents not an array', { contents: 'hi' }, 'contents:'],
    ['parts missing', { contents: [{ role: 'user' }] }, 'contents[0].parts: Field required'],
    ['unknown role', { contents: [{ role: 'system', parts: [{ text: 'hi' }] }] }, 'contents[0].role:'],
    ['maxOutputTokens not positive', { ...body, generationConfig: { maxOutputTokens: 0 } }, 'generationConfig.maxOutputTokens:'],
    ['two candidates', { ...body, generationConfig: { candidateCount: 2 } }, 'candidateCount must be 1'],
    [
      'bad function calling mode',
      { ...body, toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } } },
      'toolConfig.functionCallingConfig.mode:',
    ],
  ])("400 INVALID_ARGUMENT in Google's envelope for %s", async (_case, payload, message) => {
    const response = await post(`/v1beta/models/${flash}:generateContent`, payload)
    expect(response.status).toBe(400)
    const json = await response.json()
    expect(json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
    expect(json.error.message).toContain(message)
  })

  it('400 for countTokens without contents or generateContentRequest, and for a body that is not JSON', async () => {
    const counted = await post(`/v1/models/${flash}:countTokens`, {})
    expect(counted.status).toBe(400)
    expect((await counted.json()).error.message).toContain('contents')

    const broken = await fetch(`${harness.baseUrl}/v1beta/models/${flash}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-unrestricted', 'content-type': 'application/json' },
      body: '{"contents": [',
    })
    expect(broken.status).toBe(400)
    expect((await broken.json()).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
  })

  it('400 when the path names no model', async () => {
    const response = await post('/v1beta/models/:generateContent', body)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringContaining('model') })
  })

  it.each([
    ['/v1beta', ':asyncBatchEmbedContent'],
    ['/v1', ':predict'],
    ['/v1beta', ''],
  ])("%s/models/{model}%s: 404 Invalid URL in Google's envelope, whatever the key", async (prefix, action) => {
    const path = `${prefix}/models/${flash}${action}`
    const keys: Record<string, string>[] = [{ 'x-goog-api-key': 'sk-unrestricted' }, {}]
    for (const headers of keys) {
      const response = await post(path, body, headers)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error: { code: 404, message: `Invalid URL (POST ${path})`, status: 'NOT_FOUND' } })
    }
  })

  it('POST /v1/models/{id} without an action stays the OpenAI-envelope 404, and GET /v1/models/{id} still works', async () => {
    const posted = await post('/v1/models/gpt-4o', body, { authorization: 'Bearer sk-unrestricted' })
    expect(posted.status).toBe(404)
    expect(await posted.json()).toEqual({
      error: { message: 'Invalid URL (POST /v1/models/gpt-4o)', type: 'invalid_request_error', param: null, code: 'invalid_url' },
    })

    const got = await fetch(`${harness.baseUrl}/v1/models/gpt-4o`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    expect(got.status).toBe(200)
    expect(await got.json()).toMatchObject({ id: 'gpt-4o', object: 'model' })
  })
})
