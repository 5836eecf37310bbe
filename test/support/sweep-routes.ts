import type { SurfaceName } from './error-envelopes.ts'

/** One route of src/surfaces/routes.ts as the sweep calls it: a valid request, and whose envelope its errors use. */
export interface SweptRoute {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  surface: SurfaceName
  headers: Record<string, string>
  /** A valid body for the routes that read one (JSON; for an upload route, what the JSON sweeps break). */
  body?: Record<string, unknown>
  /** A valid multipart body, for the routes that take an upload: the valid request sends it instead of `body`. */
  upload?: { contentType: string; body: Buffer }
  /** Served by the admin gateway, whose state the sweep may change. */
  admin?: boolean
}

const bearer = { authorization: 'Bearer sk-unrestricted' }
const anthropic = { 'x-api-key': 'sk-unrestricted', 'anthropic-version': '2023-06-01' }
const google = { 'x-goog-api-key': 'sk-unrestricted' }

const weatherSchema = { type: 'object', properties: { city: { type: 'string', enum: ['Paris'] } }, required: ['city'] }

export const chatBody = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '21 C' },
  ],
  tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather in a city', parameters: weatherSchema } }],
  tool_choice: 'auto',
  max_tokens: 50,
  stream: false,
  stream_options: { include_usage: true },
  n: 1,
}

/** What Codex CLI compacts or counts: the Responses fields those routes read, kept short (the sweeps try every field). */
export const compactBody = {
  model: 'gpt-4o-mini',
  instructions: 'Be brief.',
  input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] }],
}

export const responsesBody = {
  model: 'gpt-4o-mini',
  instructions: 'Be brief.',
  input: [
    { role: 'developer', content: 'Answer in English.' },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] },
    { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { type: 'function_call_output', call_id: 'call_1', output: '21 C' },
    { role: 'assistant', content: [{ type: 'output_text', text: 'It is 21 C.', annotations: [] }] },
    { type: 'reasoning', id: 'rs_1', summary: [] },
    { role: 'user', content: 'Thanks' },
  ],
  tools: [{ type: 'function', name: 'get_weather', description: 'Weather in a city', parameters: weatherSchema, strict: false }],
  tool_choice: { type: 'function', name: 'get_weather' },
  parallel_tool_calls: true,
  max_output_tokens: 50,
  text: { format: { type: 'json_schema', name: 'weather', schema: weatherSchema, strict: true }, verbosity: 'low' },
  stream: false,
  store: false,
  temperature: 0.5,
  top_p: 1,
  metadata: { run: 'sweep' },
  truncation: 'disabled',
  reasoning: { effort: null, summary: null },
  user: 'sweeper',
}

const anthropicMessages = [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    ],
  },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21 C', is_error: false }] },
]

const countTokensBody = {
  model: 'claude-sonnet-4-6',
  system: [{ type: 'text', text: 'Be brief.' }],
  messages: anthropicMessages,
  tools: [{ name: 'get_weather', description: 'Weather in a city', input_schema: weatherSchema }],
  tool_choice: { type: 'auto' },
}

const messagesBody = { ...countTokensBody, max_tokens: 50, stream: false }

const geminiContents = [
  { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
  { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
  { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
]

const generateBody = {
  contents: geminiContents,
  systemInstruction: { parts: [{ text: 'Be brief.' }] },
  generationConfig: { maxOutputTokens: 50, temperature: 0.5, candidateCount: 1 },
  safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
  tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather in a city', parameters: weatherSchema }] }],
  toolConfig: { functionCallingConfig: { mode: 'AUTO', allowedFunctionNames: ['get_weather'] } },
}

const embeddingsBody = {
  model: 'text-embedding-3-small',
  input: ['Weather in Paris?', 'Bread'],
  dimensions: 64,
  encoding_format: 'float',
  user: 'u1',
}

const embedRequest = {
  model: 'models/gemini-embedding-001',
  content: { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
  taskType: 'RETRIEVAL_QUERY',
  outputDimensionality: 64,
}

const scenarioBody = {
  name: 'sweep',
  description: 'what the robustness sweep sends',
  seed: 7,
  world: { tokens: [{ key: 'sk-sweep', name: 'sweep', userId: 1, unlimitedQuota: true }] },
  rules: [
    {
      name: 'second call limited',
      when: { route: 'POST /v1/chat/completions', model: 'gpt-4o', call: 2, probability: 0.5 },
      then: { fail: { code: 'rate_limit_exceeded', status: 429, retryAfterMs: 1000, headers: { 'x-sweep': 'yes' } }, delayMs: 0 },
    },
  ],
  steps: [
    { when: { surface: 'openai' }, then: { reply: { text: 'hi', finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 } } } },
  ],
  strict: false,
}

const geminiRoutes = (['/v1beta', '/v1'] as const).flatMap((prefix) =>
  (['generateContent', 'streamGenerateContent', 'countTokens'] as const).map((action): SweptRoute => ({
    method: 'POST',
    path: `${prefix}/models/gemini-2.5-flash:${action}`,
    surface: 'gemini',
    headers: google,
    body: action === 'countTokens' ? { contents: geminiContents } : generateBody,
  })),
)

const geminiEmbedRoutes = (['/v1beta', '/v1'] as const).flatMap((prefix): SweptRoute[] => [
  {
    method: 'POST',
    path: `${prefix}/models/gemini-embedding-001:embedContent`,
    surface: 'gemini',
    headers: google,
    body: embedRequest,
  },
  {
    method: 'POST',
    path: `${prefix}/models/gemini-embedding-001:batchEmbedContents`,
    surface: 'gemini',
    headers: google,
    body: { requests: [embedRequest, { ...embedRequest, title: 'Bread', taskType: 'RETRIEVAL_DOCUMENT' }] },
  },
])

/** A WAV file of `dataBytes` of silence (a tenth of a second unless told): 24 kHz, 16-bit, mono. */
export function tinyWav(dataBytes = 4800): Buffer {
  const data = Buffer.alloc(dataBytes)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(24_000, 24)
  header.writeUInt32LE(48_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** A multipart body as the openai SDK sends an upload: text fields, then the file. */
export function multipartBody(fields: Record<string, string>, file: Buffer, filename = 'audio.wav'): { contentType: string; body: Buffer } {
  const boundary = '----sweep-boundary'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }
}

const transcription = { model: 'whisper-1', response_format: 'verbose_json', language: 'en' }

/** Every route the gateway serves (src/surfaces/routes.ts), each with a request it answers. */
export const sweptRoutes: SweptRoute[] = [
  { method: 'GET', path: '/v1/models', surface: 'openai', headers: bearer },
  { method: 'GET', path: '/v1/models', surface: 'anthropic', headers: anthropic },
  { method: 'GET', path: '/v1/models/gpt-4o-mini', surface: 'openai', headers: bearer },
  { method: 'GET', path: '/v1/models/claude-sonnet-4-6', surface: 'anthropic', headers: anthropic },
  { method: 'GET', path: '/v1beta/models', surface: 'gemini', headers: google },
  { method: 'GET', path: '/v1beta/models/gemini-2.5-flash', surface: 'gemini', headers: google },
  ...geminiRoutes,
  ...geminiEmbedRoutes,
  { method: 'GET', path: '/v1beta/openai/models', surface: 'openai', headers: bearer },
  { method: 'POST', path: '/v1/chat/completions', surface: 'openai', headers: bearer, body: chatBody },
  { method: 'POST', path: '/v1/embeddings', surface: 'openai', headers: bearer, body: embeddingsBody },
  {
    method: 'POST',
    path: '/v1/completions',
    surface: 'openai',
    headers: bearer,
    body: {
      model: 'gpt-3.5-turbo-instruct',
      prompt: ['def f():', 'x = '],
      suffix: '\n',
      max_tokens: 20,
      echo: false,
      logprobs: 1,
      stream: false,
    },
  },
  {
    method: 'POST',
    path: '/v1/moderations',
    surface: 'openai',
    headers: bearer,
    body: {
      model: 'omni-moderation-latest',
      input: [
        { type: 'text', text: 'hello' },
        { type: 'image_url', image_url: { url: 'https://x.test/a.png' } },
      ],
    },
  },
  {
    method: 'POST',
    path: '/v1/rerank',
    surface: 'openai',
    headers: bearer,
    body: { model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a', { text: 'b' }], top_n: null, return_documents: true },
  },
  {
    method: 'POST',
    path: '/rerank',
    surface: 'openai',
    headers: bearer,
    body: { model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a'], top_n: 1 },
  },
  {
    method: 'POST',
    path: '/v1/images/generations',
    surface: 'openai',
    headers: bearer,
    body: {
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 1,
      size: '256x256',
      quality: 'standard',
      response_format: 'b64_json',
      output_format: 'png',
    },
  },
  {
    method: 'POST',
    path: '/v1/audio/speech',
    surface: 'openai',
    headers: bearer,
    body: { model: 'tts-1', input: 'Hello there', voice: 'alloy', response_format: 'wav', speed: 1.5, instructions: 'calm' },
  },
  {
    method: 'POST',
    path: '/v1/audio/transcriptions',
    surface: 'openai',
    headers: bearer,
    body: transcription,
    upload: multipartBody(transcription, tinyWav()),
  },
  {
    method: 'POST',
    path: '/v1/audio/translations',
    surface: 'openai',
    headers: bearer,
    body: { model: 'whisper-1' },
    upload: multipartBody({ model: 'whisper-1' }, tinyWav()),
  },
  { method: 'POST', path: '/v1/responses', surface: 'openai', headers: bearer, body: responsesBody },
  { method: 'POST', path: '/v1/responses/compact', surface: 'openai', headers: bearer, body: compactBody },
  { method: 'POST', path: '/v1/responses/input_tokens', surface: 'openai', headers: bearer, body: compactBody },
  { method: 'POST', path: '/v1/messages', surface: 'anthropic', headers: anthropic, body: messagesBody },
  { method: 'POST', path: '/v1/messages/count_tokens', surface: 'anthropic', headers: anthropic, body: countTokensBody },
  { method: 'GET', path: '/v1/dashboard/billing/subscription', surface: 'openai', headers: bearer },
  { method: 'GET', path: '/v1/dashboard/billing/usage', surface: 'openai', headers: bearer },
  { method: 'GET', path: '/dashboard/billing/subscription', surface: 'openai', headers: bearer },
  { method: 'GET', path: '/dashboard/billing/usage', surface: 'openai', headers: bearer },
  { method: 'GET', path: '/api/status', surface: 'dashboard', headers: {} },
  // Carol's: the sweeps try every other method too, and DELETE /api/user/self deletes the user and their keys.
  { method: 'GET', path: '/api/user/self', surface: 'dashboard', headers: { authorization: 'Bearer at-carol' } },
  { method: 'GET', path: '/api/user/billing/summary', surface: 'dashboard', headers: { authorization: 'Bearer at-alice' } },
  { method: 'GET', path: '/api/log/self', surface: 'dashboard', headers: { authorization: 'Bearer at-alice' } },
  { method: 'GET', path: '/api/log/self/stat', surface: 'dashboard', headers: { authorization: 'Bearer at-alice' } },
  { method: 'GET', path: '/api/log/token', surface: 'dashboard', headers: bearer },
  { method: 'GET', path: '/__mock/journal', surface: 'admin', headers: {}, admin: true },
  { method: 'DELETE', path: '/__mock/journal', surface: 'admin', headers: {}, admin: true },
  { method: 'GET', path: '/__mock/scenario', surface: 'admin', headers: {}, admin: true },
  { method: 'POST', path: '/__mock/scenario', surface: 'admin', headers: {}, body: scenarioBody, admin: true },
  { method: 'GET', path: '/__mock/scenario/pending', surface: 'admin', headers: {}, admin: true },
  // Admin POSTs are JSON, body or none: a form on another page cannot send that.
  { method: 'POST', path: '/__mock/scenario/assert', surface: 'admin', headers: { 'content-type': 'application/json' }, admin: true },
  { method: 'GET', path: '/__mock/clock', surface: 'admin', headers: {}, admin: true },
  { method: 'POST', path: '/__mock/clock', surface: 'admin', headers: {}, body: { advanceMs: 1000 }, admin: true },
  { method: 'GET', path: '/__mock/world', surface: 'admin', headers: {}, admin: true },
  { method: 'POST', path: '/__mock/reset', surface: 'admin', headers: { 'content-type': 'application/json' }, admin: true },
  // The inspector's page, a file of it, its state; its event stream never ends, and a request's
  // detail needs a request id (test/surfaces/admin/inspector/routes.test.ts has both).
  { method: 'GET', path: '/__mock/', surface: 'admin', headers: {}, admin: true },
  { method: 'GET', path: '/__mock/inspector/inspector.js', surface: 'admin', headers: {}, admin: true },
  { method: 'GET', path: '/__mock/state', surface: 'admin', headers: {}, admin: true },
]

/**
 * The surface whose envelope a request's errors are in, read from the
 * path the way a URL parser normalizes it. `/v1/models*` speak Anthropic to clients that send
 * `anthropic-version`; a GET of `/v1/models/{id}` is the model lookup even when the id holds a
 * colon, as fine-tuned model ids do.
 */
export function surfaceOfTarget(target: string, method = 'GET', headers: Record<string, unknown> = {}): SurfaceName {
  let pathname: string
  try {
    pathname = new URL(`http://gateway.test${target}`).pathname
  } catch {
    return 'openai'
  }
  if (/^\/__mock(\/|$)/.test(pathname)) return 'admin'
  if (/^\/api(\/|$)/.test(pathname)) return 'dashboard'
  if (/^\/v1\/messages(\/|$)/.test(pathname)) return 'anthropic'
  if (pathname.startsWith('/v1beta/openai/')) return 'openai'
  if (/^\/v1beta(\/|$)/.test(pathname)) return 'gemini'
  const modelsPath = /^\/v1\/models(\/[^/]*)?\/?$/.test(pathname)
  if (method !== 'GET' && /^\/v1\/models\/[^/]+:[^/]+$/.test(pathname)) return 'gemini'
  if (modelsPath && 'anthropic-version' in headers) return 'anthropic'
  return 'openai'
}
