import { describe, expect, it } from 'vitest'
import { createGateway } from '../../src/index.ts'
import { startServer } from '../../src/node/index.ts'
import { modes, useHarness } from '../support/modes.ts'

// Bodies are built as text: JSON.stringify itself overflows the stack a few thousand levels down.

/** A JSON Schema that spans exactly `levels` levels of objects (itself the first). */
function schemaText(levels: number): string {
  const pairs = Math.floor((levels - 1) / 2)
  const innermost = levels % 2 === 0 ? '{"type":"object","properties":{}}' : '{"type":"string"}'
  return '{"type":"object","properties":{"a":'.repeat(pairs) + innermost + '}}'.repeat(pairs)
}

/** An object that spans exactly `levels` levels: `{"a":{"a":…{"a":1}}}`. */
const objectText = (levels: number) => '{"a":'.repeat(levels - 1) + '{"a":1}' + '}'.repeat(levels - 1)

interface Surface {
  name: string
  path: string
  headers: Record<string, string>
  /** A valid body whose deepest part spans the whole `depth`, and the path where it first goes past 100 levels. */
  cases: { name: string; body: (depth: number) => string; deepPath: string }[]
  messageOf(body: unknown): string
  envelope: object
}

const surfaces: Surface[] = [
  {
    name: 'chat completions',
    path: '/v1/chat/completions',
    headers: { authorization: 'Bearer sk-unrestricted' },
    cases: [
      {
        name: 'tool parameters',
        body: (depth) =>
          `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi"}],` +
          `"tools":[{"type":"function","function":{"name":"deep","parameters":${schemaText(depth - 4)}}}]}`,
        deepPath: 'tools[0].function.parameters.properties.a.properties.a',
      },
    ],
    messageOf: (body) => (body as { error: { message: string } }).error.message,
    envelope: {
      error: { type: 'invalid_request_error', code: 'invalid_request_error', param: expect.any(String), message: expect.any(String) },
    },
  },
  {
    name: 'messages',
    path: '/v1/messages',
    headers: { 'x-api-key': 'sk-unrestricted', 'anthropic-version': '2023-06-01' },
    cases: [
      {
        name: 'input_schema',
        body: (depth) =>
          `{"model":"claude-sonnet-4-6","max_tokens":50,"messages":[{"role":"user","content":"Hi"}],` +
          `"tools":[{"name":"deep","input_schema":${schemaText(depth - 3)}}]}`,
        deepPath: 'tools[0].input_schema.properties.a.properties.a.properties',
      },
      {
        name: 'tool_use.input',
        body: (depth) =>
          `{"model":"claude-sonnet-4-6","max_tokens":50,"messages":[` +
          `{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"deep","input":${objectText(depth - 5)}}]},` +
          `{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"done"}]}]}`,
        deepPath: 'messages[0].content[0].input.a.a.a',
      },
    ],
    messageOf: (body) => (body as { error: { message: string } }).error.message,
    envelope: { type: 'error', error: { type: 'invalid_request_error', message: expect.any(String) } },
  },
  {
    name: 'Gemini generateContent',
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    headers: { 'x-goog-api-key': 'sk-unrestricted' },
    cases: [
      {
        name: 'functionDeclarations[].parameters',
        body: (depth) =>
          `{"contents":[{"role":"user","parts":[{"text":"Hi"}]}],` +
          `"tools":[{"functionDeclarations":[{"name":"deep","parameters":${schemaText(depth - 5)}}]}]}`,
        deepPath: 'tools[0].functionDeclarations[0].parameters.properties.a.properties',
      },
      {
        name: 'functionCall.args',
        body: (depth) =>
          `{"contents":[{"role":"user","parts":[{"text":"Hi"}]},` +
          `{"role":"model","parts":[{"functionCall":{"name":"deep","args":${objectText(depth - 6)}}}]},` +
          `{"role":"user","parts":[{"functionResponse":{"name":"deep","response":{"ok":true}}}]}]}`,
        deepPath: 'contents[1].parts[0].functionCall.args.a.a',
      },
      {
        name: 'functionResponse.response',
        body: (depth) =>
          `{"contents":[{"role":"user","parts":[{"text":"Hi"}]},` +
          `{"role":"model","parts":[{"functionCall":{"name":"deep","args":{}}}]},` +
          `{"role":"user","parts":[{"functionResponse":{"name":"deep","response":${objectText(depth - 6)}}}]}]}`,
        deepPath: 'contents[2].parts[0].functionResponse.response.a.a',
      },
    ],
    messageOf: (body) => (body as { error: { message: string } }).error.message,
    envelope: { error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.any(String) } },
  },
]

describe.each(modes)('body nesting depth ($name)', (mode) => {
  const harness = useHarness(mode)

  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${harness.baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body })

  describe.each(surfaces)('$name', (surface) => {
    it.each(surface.cases)('refuses 5000 levels in $name with 400 in its envelope, naming where', async ({ body, deepPath }) => {
      const response = await post(surface.path, surface.headers, body(5000))
      expect(response.status).toBe(400)
      const json: unknown = await response.json()
      expect(json).toMatchObject(surface.envelope)
      const message = surface.messageOf(json)
      expect(message).toContain(deepPath)
      expect(message).toContain('100 levels')
      // The middle of the path is left out, so the message stays readable.
      expect(message).toContain('…')
      expect(message.length).toBeLessThan(400)
    })

    it.each(surface.cases)('accepts exactly 100 levels in $name, and refuses 101', async ({ body }) => {
      expect((await post(surface.path, surface.headers, body(100))).status).toBe(200)
      expect((await post(surface.path, surface.headers, body(101))).status).toBe(400)
    })
  })

  it('counts arrays as levels too, in fields the gateway does not read', async () => {
    const response = await post(
      '/v1/chat/completions',
      { authorization: 'Bearer sk-unrestricted' },
      `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi"}],"metadata":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    )
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { message: string; param: string } }
    expect(error.message).toContain('at metadata[0][0][0][0][0][0][0]…[0][0][0][0]: ')
    expect(error.param).toBe('metadata[0][0][0][0][0][0][0]…[0][0][0][0]')
  })

  it('takes tool-call arguments that are JSON nested thousands deep as plain text', async () => {
    const deepArguments = '['.repeat(5000) + ']'.repeat(5000)
    const response = await post(
      '/v1/chat/completions',
      { authorization: 'Bearer sk-unrestricted' },
      JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: deepArguments } }],
          },
          { role: 'tool', tool_call_id: 'call_1', content: 'done' },
        ],
      }),
    )
    expect(response.status).toBe(200)
  })

  it('refuses a deep body on the admin routes in their envelope', async () => {
    for (const [path, body] of [
      ['/__mock/scenario', `{"name":"deep","rules":[${objectText(5000)}]}`],
      ['/__mock/clock', `{"advanceMs":${objectText(5000)}}`],
    ] as const) {
      const response = await post(path, {}, body)
      expect(response.status).toBe(400)
      const { error } = (await response.json()) as { error: { code: string; message: string } }
      expect(error.code).toBe('invalid_request_error')
      expect(error.message).toContain('100 levels')
    }
  })
})

// The ceiling is what the gateway can walk, freeze and serialize; in-process the call stack
// already holds msw's interception, so both modes must take it.
describe.each(modes)('bodies as deep as the highest limit ($name)', (mode) => {
  const harness = useHarness(mode, { maxBodyDepth: 1000 })

  it.each(surfaces.flatMap((surface) => surface.cases.map((c) => ({ ...c, surface }))))(
    'answers 1000 levels in $name',
    async ({ body, surface }) => {
      const at = (depth: number) =>
        fetch(`${harness.baseUrl}${surface.path}`, {
          method: 'POST',
          headers: { ...surface.headers, 'content-type': 'application/json' },
          body: body(depth),
        })
      expect((await at(1000)).status).toBe(200)
      expect((await at(1001)).status).toBe(400)
    },
  )
})

describe('createGateway({ maxBodyDepth })', () => {
  const chatBody = (depth: number) => surfaces[0]!.cases[0]!.body(depth)
  const chat = (url: string, body: string) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body,
    })

  it('moves the limit, and each gateway in a process keeps its own', async () => {
    const shallow = await startServer(await createGateway({ maxBodyDepth: 10 }), { port: 0 })
    const deep = await startServer(await createGateway({ maxBodyDepth: 300 }), { port: 0 })
    const standard = await startServer(await createGateway(), { port: 0 })
    try {
      const refused = await chat(shallow.url, chatBody(11))
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('10 levels')
      expect((await chat(shallow.url, chatBody(10))).status).toBe(200)

      // The same text, accepted by one gateway, is still checked against the other's limit.
      expect((await chat(deep.url, chatBody(250))).status).toBe(200)
      expect((await chat(standard.url, chatBody(250))).status).toBe(400)
    } finally {
      await Promise.all([shallow.close(), deep.close(), standard.close()])
    }
  })

  it.each([0, -1, 1.5, Number.NaN, 1001, '100'])('refuses %s', async (value) => {
    await expect(createGateway({ maxBodyDepth: value as number })).rejects.toThrow(/maxBodyDepth: must be an integer from 1 to 1000/)
  })
})
